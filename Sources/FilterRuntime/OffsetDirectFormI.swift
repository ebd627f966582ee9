/// A second-order section in direct form I with its coefficients about the
/// nearest integers (`OffsetBiquad`), and error feedback: accurate in Float
/// near z = +-1, for single-precision targets. With the section written as
/// integers m, k, t and small remainders c1, s, d1, u:
///
///     F = b0 (x + k1 x1 + k2 x2),   D = (d1 (x1 - tn x2) + u x2) + (d1' (x1 - tn x2) + u' x2) + b0 g
///     L = (m1 y1 + m2 y2) + F
///     S = (D + (-s y2 - c1 (y1 - t y2))) - (s' y2 + c1' (y1 - t y2)) + (m2 r2 + m1 r1) + (e + f)
///     y = L + S,   r = the rounding error of that last sum
///
/// where e is the rounding error of m1 y1 + m2 y2 and f that of L (F and
/// m1 y1 + m2 y2 can cancel, so both are kept and join the small terms), g
/// the rounding error of the two sums in x + k1 x1 + k2 x2 (for zeros near
/// z = 1 that is x - 2 x1 + x2, far smaller than x for a slow signal, so
/// its rounding would reach the output through 1/A(1)), and d1', u', c1',
/// s' the low parts of the remainders (`OffsetBiquad.numbers(as:)`): with
/// them the poles and zeros as run are the design's to about 1e-14.
///
/// For poles near z = 1, a1 ~ -2 and a2 ~ 1, so m1 y1 + m2 y2 = 2 y1 - y2:
/// integer multiples, exact but for their sum's rounding, kept in e. The
/// remainders keep Float's full relative precision, so the poles are where
/// they were designed to about 1e-7 of their distance from z = 1. The
/// rounding of each output, r (exact, `twoSum`), is fed back through the same
/// integers, so the large integer part of the recursion runs as if on exact
/// values: otherwise a 1-ulp rounding near z = 1 is amplified by 1/|A(1)|.
/// The same holds about z = -1. Every rounding error is found with Knuth's
/// TwoSum. b0 is a signed power of two when the cascade factors the
/// significands out onto its output (`OffsetBiquad.factoringOutputGain`),
/// so F is exact but for the sums' rounding kept in g.
///
/// The emitted float C (`CEmitter`, `Templates/c/filters.h.mustache`)
/// runs the same operations in the same order, bit for bit.
@frozen
public struct OffsetDirectFormI<Lanes: SectionLanes>: SectionForm {
    /// b0 and the numerator's integers, remainders and point (`OffsetBiquad`).
    public let b0: Lanes.Scalar, k1: Lanes.Scalar, k2: Lanes.Scalar, d1: Lanes.Scalar, u: Lanes.Scalar, tn: Lanes.Scalar
    /// The denominator's remainders, point and integers.
    public let c1: Lanes.Scalar, s: Lanes.Scalar, t: Lanes.Scalar, m1: Lanes.Scalar, m2: Lanes.Scalar
    /// The low parts of d1, u, c1 and s (`OffsetBiquad.numbers(as:)`).
    public let d1Low: Lanes.Scalar, uLow: Lanes.Scalar, c1Low: Lanes.Scalar, sLow: Lanes.Scalar
    /// The memory: the last two inputs, the last two outputs, and those
    /// outputs' rounding errors.
    public var x1: Lanes, x2: Lanes, y1: Lanes, y2: Lanes, r1: Lanes, r2: Lanes

    /// Three: 10 sections run as 3 + 3 + 2 + 2 at 6.5 ns a section and
    /// sample, against 6.9 as 4 + 3 + 3 and 7.9 as 5 + 5
    /// (`filter-benchmarks --forms-only`, x86-64 baseline).
    @inlinable
    public static var groupLimit: Int { 3 }

    /// The section written about the nearest integers, its fifteen numbers
    /// as `Lanes.Scalar` stores them (`OffsetBiquad.numbers(as:)`), at rest.
    @inlinable
    public init(_ section: Biquad) {
        let q = OffsetBiquad(section).numbers(as: Lanes.Scalar.self).map { Lanes.Scalar($0) }
        (b0, k1, k2, d1, u, tn) = (q[0], q[1], q[2], q[3], q[4], q[5])
        (c1, s, t, m1, m2) = (q[6], q[7], q[8], q[9], q[10])
        (d1Low, uLow, c1Low, sLow) = (q[11], q[12], q[13], q[14])
        (x1, x2, y1, y2, r1, r2) = (.zero, .zero, .zero, .zero, .zero, .zero)
    }

    /// The coefficients of `coefficients` with the memory of `memory`.
    @inlinable @inline(__always)
    init(coefficients c: Self, memory m: Self) {
        (b0, k1, k2, d1, u, tn) = (c.b0, c.k1, c.k2, c.d1, c.u, c.tn)
        (self.c1, s, t, m1, m2) = (c.c1, c.s, c.t, c.m1, c.m2)
        (d1Low, uLow, c1Low, sLow) = (c.d1Low, c.uLow, c.c1Low, c.sLow)
        (x1, x2, y1, y2, r1, r2) = (m.x1, m.x2, m.y1, m.y2, m.r1, m.r2)
    }

    /// These coefficients with `other`'s memory (`SectionForm.withMemory(of:)`).
    @inlinable @inline(__always)
    public func withMemory(of other: Self) -> Self { Self(coefficients: self, memory: other) }

    /// y = L + S (see the type), then the memory moved on: the output's
    /// rounding error r kept for the next two samples.
    @inlinable @inline(__always)
    public mutating func step(_ x: Lanes) -> Lanes {
        let wx = x1 - tn * x2, wy = y1 - t * y2
        // The integer combination x + k1 x1 + k2 x2, its two sums' rounding
        // errors kept (they are of the size of x, the combination may be far
        // smaller), times b0; the remainders' part beside it.
        let (first, firstError) = twoSum(x, k1 * x1)
        let (combination, combinationError) = twoSum(first, k2 * x2)
        let forward = b0 * combination
        let forwardRemainder = ((d1 * wx + u * x2) + (d1Low * wx + uLow * x2)) + b0 * (firstError + combinationError)
        // m1 y1 + m2 y2 with its rounding error e, then the feed-forward part,
        // which may cancel it, with its rounding error f.
        let (sum, e) = twoSum(m1 * y1, m2 * y2)
        let (large, f) = twoSum(sum, forward)
        let remainder = -(s * y2) - c1 * wy
        let lowTerms = sLow * y2 + c1Low * wy
        let small = (((forwardRemainder + remainder) - lowTerms) + (m2 * r2 + m1 * r1)) + (e + f)
        let (y, r) = twoSum(large, small)
        (x2, x1) = (x1, x)
        (y2, y1) = (y1, y)
        (r2, r1) = (r1, r)
        return y
    }


    /// All memory 0.
    @inlinable
    public mutating func reset() {
        (x1, x2, y1, y2, r1, r2) = (.zero, .zero, .zero, .zero, .zero, .zero)
    }

    /// Both inputs the constant in, both outputs the constant out (rounded
    /// to `Lanes.Scalar`), no rounding errors carried.
    @inlinable
    public mutating func settle(input: (Int) -> Double, output: (Int) -> Double) {
        x1 = Lanes(lanes: input)
        x2 = x1
        y1 = Lanes(lanes: output)
        y2 = y1
        (r1, r2) = (.zero, .zero)
    }

    /// The section as it runs, in Double: each remainder its high and low
    /// parts summed, b = b0 k + d and a = c - m.
    @inlinable
    public var section: Biquad {
        let v = { (x: Lanes.Scalar) in Double(x) }
        return OffsetBiquad(b0: v(b0), k1: v(k1), k2: v(k2), d1: v(d1) + v(d1Low), u: v(u) + v(uLow), tn: v(tn),
                            c1: v(c1) + v(c1Low), s: v(s) + v(sLow), t: v(t), m1: v(m1), m2: v(m2)).section
    }
}

extension OffsetDirectFormI: Sendable where Lanes: Sendable, Lanes.Scalar: Sendable {}
