/// A cascade of second-order sections (`Biquad`s) as the runtime runs it, in
/// the form that is most accurate for the sample type:
///
/// - **Double: transposed direct form II.** Per section
///
///       y = b0 x + s1,   s1 <- (b1 x + s2) - a1 y,   s2 <- b2 x - a2 y
///
///   an add, a multiply and a subtraction on the sample-to-sample dependency chain.
///
/// - **Float: direct form I with the coefficients about the nearest integers
///   (`OffsetBiquad`), and error feedback.** With the section written as
///   integers m, k, t and small remainders c1, s, d1, u:
///
///       F = b0 (x + k1 x1 + k2 x2),   D = (d1 (x1 - tn x2) + u x2) + (d1' (x1 - tn x2) + u' x2) + b0 g
///       L = (m1 y1 + m2 y2) + F
///       S = (D + (-s y2 - c1 (y1 - t y2))) - (s' y2 + c1' (y1 - t y2)) + (m2 r2 + m1 r1) + (e + f)
///       y = L + S,   r = the rounding error of that last sum
///
///   where e is the rounding error of m1 y1 + m2 y2 itself and f that of L
///   (F and m1 y1 + m2 y2 can cancel: summed with the small terms first, an
///   impulse into a section with zeros and poles near z = 1 came out 9e-4 off
///   in its second sample, 4e-3 of the peak in a narrow band-pass; D, the
///   remainders' small part, joins the small terms, not F), g is the rounding
///   error of the two sums in x + k1 x1 + k2 x2 (for zeros near z = 1 that is
///   x - 2 x1 + x2, far smaller than x for a slow signal, so its rounding,
///   of the size of x, would reach the output through 1/A(1): 1.5e-3 of the
///   peak of a Chebyshev II low-pass's impulse response at alpha 0.0011, 5e-6
///   with g kept), and d1', u', c1',
///   s' are the low parts of the remainders (`OffsetBiquad.numbers(as:)`):
///   with them the poles and zeros as run are the design's to about 1e-14,
///   where Float's rounding alone would move a narrow band-pass's poles by up
///   to 1e-4 of their distance from the unit circle.
///
///   For poles near z = 1, a1 ~ -2 and a2 ~ 1, so m1 y1 + m2 y2 = 2 y1 - y2:
///   integer multiples, and their sum's rounding is kept in e. The remainders
///   (c1 ~ 1e-2 at alpha = 0.001, and s = A(1), smaller still) keep Float's
///   full relative precision, so the poles are where they were designed to
///   about 1e-7 of their distance from z = 1, and the dc gain to 1e-7; rounded
///   as plain a1, a2 they would be 2e-3 of it off. The same goes for zeros near
///   z = 1 (a band-stop's notch near dc), through k, d1 and u. And the rounding of each output,
///   r (found exactly, Knuth's TwoSum), is fed back through the same integers,
///   so the large integer part of the recursion runs as if on exact values:
///   without it, a 1-ulp rounding near z = 1 is amplified by 1/|A(1)| (2.5e4
///   at alpha = 0.001). Measured on a 20th-order Butterworth low-pass at
///   alpha = 0.001 (`SectionCascadeTests`, README): step response 2e-5 of its
///   peak from the design's, against 4e-3 without the error feedback and 1
///   (all zero) for scipy's sections run in float32. The same holds about z = -1.
///
/// In the offset form every section's b0 is a signed power of two, so that
/// F is exact but for the sums' rounding kept in g: the significands are
/// taken out of the b0s and multiply the last output instead
/// (`OffsetBiquad.factoringOutputGain`); rounded there, they change the
/// output's last bit, where in the last section's b0 they were carried by its
/// poles (a Chebyshev I band-stop near Nyquist: step response 1.1e-3 of its
/// peak off, 4.9e-5 with the gain on the output).
///
/// One sample at a time, the sections run in sequence; a block runs up to
/// four sections at a time, sample by sample with their states in registers,
/// so the processor overlaps their dependency chains. Both give the same
/// results, bit for bit: the arithmetic is the same, in the same order.
@frozen
public struct SectionCascade<Sample: BinaryFloatingPoint & SIMDScalar & Sendable>: Sendable {
    /// Coefficients per section in `stride` slots: TDF-II b0 b1 b2 a1 a2; the
    /// offset form b0 k1 k2 d1 u tn c1 s t m1 m2 and the low parts of d1 u c1 s.
    @usableFromInline let coefficients: [Sample]
    /// The number of sections.
    @usableFromInline let count: Int
    /// Whether the offset direct form I runs (Float), else TDF-II (Double).
    @usableFromInline let isOffsetForm: Bool
    /// TDF-II: s1, s2 per section. Offset form: per node (the input, then each
    /// section's output) its last two values and their rounding errors: v1 v2 r1 r2.
    @usableFromInline var state: [Sample]
    /// The offset form's output gain: the product of the significands of the
    /// sections' b0 (`OffsetBiquad.factoringOutputGain`), which multiplies
    /// the last section's output; 1 for TDF-II.
    @usableFromInline let outputGain: Sample

    @usableFromInline static var stride: Int { 16 }

    /// How the sections run.
    public enum Form: Sendable, Hashable {
        /// Transposed direct form II: the fewest operations.
        case transposed
        /// Direct form I about the nearest integers with error feedback: about
        /// three times the operations, and accurate near z = +-1 in Float.
        case offset
    }

    /// Prepares a cascade of `sections`, at rest. Float and smaller types run
    /// the offset form, Double the transposed direct form II.
    public init(_ sections: [Biquad]) {
        self.init(sections, form: MemoryLayout<Sample>.size < MemoryLayout<Double>.size ? .offset : .transposed)
    }

    /// Prepares a cascade in the form asked for: `.transposed` runs Float
    /// about three times faster, and as far from the design near z = +-1 as
    /// CMSIS-DSP and vDSP run it (up to 5 % of the peak at alpha = 0.001).
    public init(_ sections: [Biquad], form: Form) {
        let offsetForm = form == .offset
        isOffsetForm = offsetForm
        count = sections.count
        var c = [Sample](repeating: 0, count: Self.stride * sections.count)
        let factored = OffsetBiquad.factoringOutputGain(sections)
        outputGain = offsetForm ? Sample(factored.outputGain) : 1
        for (k, s) in (offsetForm ? factored.sections : sections).enumerated() {
            let base = Self.stride * k
            if offsetForm {
                for (i, x) in OffsetBiquad(s).numbers(as: Sample.self).enumerated() { c[base + i] = Sample(x) }
            } else {
                c[base] = Sample(s.b0)
                c[base + 1] = Sample(s.b1)
                c[base + 2] = Sample(s.b2)
                c[base + 3] = Sample(s.a1)
                c[base + 4] = Sample(s.a2)
            }
        }
        coefficients = c
        state = [Sample](repeating: 0, count: offsetForm ? 4 * (sections.count + 1) : 2 * sections.count)
    }

    /// A cascade from coefficients laid out as this type keeps them, at rest.
    @usableFromInline
    init(coefficients: [Sample], count: Int, isOffsetForm: Bool, outputGain: Sample) {
        self.coefficients = coefficients
        self.count = count
        self.isOffsetForm = isOffsetForm
        self.outputGain = outputGain
        state = [Sample](repeating: 0, count: isOffsetForm ? 4 * (count + 1) : 2 * count)
    }

    /// The form the sections run in.
    public var form: Form { isOffsetForm ? .offset : .transposed }

    /// The sections as they run: each coefficient as stored in `Sample`, in
    /// Double (for the offset form, each remainder its high and low parts
    /// summed, b = b0 k + d and a = c - m, to Double's precision, and the
    /// output gain folded into the last section's numerator).
    public var sectionsAsRun: [Biquad] {
        var sections = storedSections
        if isOffsetForm, var last = sections.last {
            let g = Double(outputGain)
            (last.b0, last.b1, last.b2) = (last.b0 * g, last.b1 * g, last.b2 * g)
            sections[sections.count - 1] = last
        }
        return sections
    }

    /// The sections as stored, in Double: for the offset form, without the
    /// output gain.
    var storedSections: [Biquad] {
        (0..<count).map { k in
            let c = { (i: Int) in Double(coefficients[Self.stride * k + i]) }
            if isOffsetForm {
                let q = OffsetBiquad(b0: c(0), k1: c(1), k2: c(2), d1: c(3) + c(11), u: c(4) + c(12), tn: c(5),
                                     c1: c(6) + c(13), s: c(7) + c(14), t: c(8), m1: c(9), m2: c(10))
                return q.section
            }
            return Biquad(b0: c(0), b1: c(1), b2: c(2), a1: c(3), a2: c(4))
        }
    }

    /// Forgets all history, as if no sample had been seen.
    public mutating func reset() {
        for i in state.indices { state[i] = 0 }
    }

    /// Sets the state that a constant input `x` would have settled in, so a
    /// signal that starts at `x` (gravity on an accelerometer axis) causes no
    /// start-up transient: scipy's `sosfilt_zi` times `x`. Each section's
    /// output is its dc gain (b0 + b1 + b2) / (1 + a1 + a2) times its input,
    /// from the coefficients as they run, in Double.
    ///
    /// - Returns: false, and the filter at rest, when a section has a pole at
    ///   z = 1 (an integrator has no steady state for a constant).
    @discardableResult
    public mutating func reset(toSteadyStateFor x: Sample) -> Bool {
        reset()
        var input = Double(x)
        var values: [Double] = [input]
        for (k, s) in storedSections.enumerated() {
            let denominator = 1 + s.a1 + s.a2
            guard denominator != 0, denominator.isFinite else { reset(); return false }
            let output = (s.b0 + s.b1 + s.b2) / denominator * input
            if !isOffsetForm {
                let s2 = s.b2 * input - s.a2 * output
                state[2 * k] = Sample((s.b1 * input + s2) - s.a1 * output)
                state[2 * k + 1] = Sample(s2)
            }
            input = output
            values.append(output)
        }
        if isOffsetForm {
            for (node, v) in values.enumerated() {
                state[4 * node] = Sample(v)
                state[4 * node + 1] = Sample(v)
            }
        }
        return true
    }

    /// Filters one sample through every section in turn.
    @inlinable
    public mutating func process(_ x: Sample) -> Sample {
        let n = count, offset = isOffsetForm, gain = outputGain
        return coefficients.withUnsafeBufferPointer { cb in
            state.withUnsafeMutableBufferPointer { sb in
                let c = cb.baseAddress!, s = sb.baseAddress!
                var v = x
                if offset {
                    for k in 0..<n {
                        let section = OffsetSection(c + Self.stride * k)
                        let input = s + 4 * k, output = s + 4 * (k + 1)
                        let (y, r) = section.step(v, input[0], input[1], output[0], output[1], output[2], output[3])
                        input[1] = input[0]
                        input[0] = v
                        output[3] = output[2]
                        output[2] = r
                        v = y
                    }
                    s[4 * n + 1] = s[4 * n]
                    s[4 * n] = v
                    return v * gain
                } else {
                    for k in 0..<n {
                        let q = c + Self.stride * k
                        let y = q[0] * v + s[2 * k]
                        s[2 * k] = (q[1] * v + s[2 * k + 1]) - q[3] * y
                        s[2 * k + 1] = q[2] * v - q[4] * y
                        v = y
                    }
                }
                return v
            }
        }
    }

    /// Filters `input` into `output` (at least as long); they may be the same buffer.
    @inlinable
    public mutating func process(_ input: UnsafeBufferPointer<Sample>, into output: UnsafeMutableBufferPointer<Sample>) {
        precondition(output.count >= input.count, "output is shorter than input")
        guard let source = input.baseAddress, let destination = output.baseAddress, input.count > 0 else { return }
        let n = count, m = input.count
        if n == 0 {
            if source != UnsafePointer(destination) { destination.update(from: source, count: m) }
            return
        }
        let offset = isOffsetForm, gain = outputGain
        coefficients.withUnsafeBufferPointer { cb in
            state.withUnsafeMutableBufferPointer { sb in
                let c = cb.baseAddress!, s = sb.baseAddress!
                var from = source
                // Offset form: a node's history is both the last outputs of the
                // section before it and the last inputs of the one after. Run
                // group by group over the block, the next group must start from
                // the history as it was before the block.
                var history = offset ? (s[0], s[1]) : (0, 0)
                // Groups of at most eight TDF-II or four offset-form sections (the
                // registers they fill), as even as possible (10 = 5 + 5 or
                // 4 + 3 + 3): a group's chains overlap, a lone section's cannot.
                let groups = offset ? (n + 3) / 4 : (n + 7) / 8
                var k = 0
                for g in 0..<groups {
                    let group = (n - k) / (groups - g) + ((n - k) % (groups - g) > 0 ? 1 : 0)
                    let q = c + Self.stride * k
                    let next = offset ? (s[4 * (k + group)], s[4 * (k + group) + 1]) : (0, 0)
                    switch (offset, group) {
                    case (false, 8): transposed8(q, s + 2 * k, from, destination, m)
                    case (false, 7): transposed7(q, s + 2 * k, from, destination, m)
                    case (false, 6): transposed6(q, s + 2 * k, from, destination, m)
                    case (false, 5): transposed5(q, s + 2 * k, from, destination, m)
                    case (false, 4): transposed4(q, s + 2 * k, from, destination, m)
                    case (false, 3): transposed3(q, s + 2 * k, from, destination, m)
                    case (false, 2): transposed2(q, s + 2 * k, from, destination, m)
                    case (false, _): transposed1(q, s + 2 * k, from, destination, m)
                    case (true, 4): offset4(q, s + 4 * k, history, from, destination, m)
                    case (true, 3): offset3(q, s + 4 * k, history, from, destination, m)
                    case (true, 2): offset2(q, s + 4 * k, history, from, destination, m)
                    case (true, _): offset1(q, s + 4 * k, history, from, destination, m)
                    }
                    history = next
                    k += group
                    from = UnsafePointer(destination)
                }
                if offset && gain != 1 {
                    for i in 0..<m { destination[i] *= gain }
                }
            }
        }
    }

    /// Filters an array, returning the filtered samples.
    @inlinable
    public mutating func process(_ input: [Sample]) -> [Sample] {
        var output = [Sample](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { i in
            output.withUnsafeMutableBufferPointer { o in process(i, into: o) }
        }
        return output
    }
}

/// One section's coefficients in the offset direct form I (`OffsetBiquad`), loaded once.
@usableFromInline @frozen
struct OffsetSection<Sample: BinaryFloatingPoint> {
    @usableFromInline let b0: Sample, k1: Sample, k2: Sample, d1: Sample, u: Sample, tn: Sample
    @usableFromInline let c1: Sample, s: Sample, t: Sample, m1: Sample, m2: Sample
    /// The low parts of d1, u, c1 and s (`OffsetBiquad.numbers(as:)`).
    @usableFromInline let d1Low: Sample, uLow: Sample, c1Low: Sample, sLow: Sample

    /// The fifteen numbers at `q`: b0 k1 k2 d1 u tn c1 s t m1 m2, then the low
    /// parts of d1 u c1 s.
    @inlinable @inline(__always)
    init(_ q: UnsafePointer<Sample>) {
        (b0, k1, k2, d1, u, tn) = (q[0], q[1], q[2], q[3], q[4], q[5])
        (c1, s, t, m1, m2) = (q[6], q[7], q[8], q[9], q[10])
        (d1Low, uLow, c1Low, sLow) = (q[11], q[12], q[13], q[14])
    }

    /// The output for input x (x1, x2 before it) and the section's last
    /// outputs y1, y2 with their rounding errors r1, r2; and this output's
    /// rounding error (see `SectionCascade`).
    @inlinable @inline(__always)
    func step(_ x: Sample, _ x1: Sample, _ x2: Sample, _ y1: Sample, _ y2: Sample, _ r1: Sample, _ r2: Sample) -> (Sample, Sample) {
        let wx = x1 - tn * x2, wy = y1 - t * y2
        // The feed-forward part in two: b0 times the integer combination, and
        // the remainders' part, small where the first is not. The integer
        // combination's two sums cancel for zeros near z = +-1 (x - 2 x1 + x2
        // of a slow signal is far smaller than x), so their rounding errors,
        // which are of the size of x, are kept (TwoSum) and join the small
        // terms: rounded, they would reach the output through the section's
        // poles, 1/|A(1)| (1.7e4 in a Chebyshev II low-pass at alpha 0.0011).
        let q1 = k1 * x1, q2 = k2 * x2
        let first = x + q1
        let firstBack = first - x
        let firstError = (x - (first - firstBack)) + (q1 - firstBack)
        let combination = first + q2
        let combinationBack = combination - first
        let combinationError = (first - (combination - combinationBack)) + (q2 - combinationBack)
        let forward = b0 * combination
        let forwardRemainder = ((d1 * wx + u * x2) + (d1Low * wx + uLow * x2)) + b0 * (firstError + combinationError)
        // The large part, m1 y1 + m2 y2 (integer multiples, exact), summed with
        // its rounding error e kept (TwoSum); then the feed-forward part, which
        // may cancel it (an impulse into a section with zeros and poles near
        // z = 1), with its rounding error f kept too.
        let p1 = m1 * y1, p2 = m2 * y2
        let sum = p1 + p2
        let e = (p1 - (sum - (sum - p1))) + (p2 - (sum - p1))
        let large = sum + forward
        let part = large - sum
        let f = (sum - (large - part)) + (forward - part)
        let remainder = -(s * y2) - c1 * wy
        let lowTerms = sLow * y2 + c1Low * wy
        let small = (((forwardRemainder + remainder) - lowTerms) + (m2 * r2 + m1 * r1)) + (e + f)
        let y = large + small
        // TwoSum: y + r == large + small exactly.
        let back = y - large
        let r = (large - (y - back)) + (small - back)
        return (y, r)
    }
}

// The block kernels below are written out for groups of 1 to 4 sections
// (scripts could generate them; they are short enough to read), so that
// every state is a local variable the compiler keeps in a register.

/// 1 TDF-II section over a block, sample by sample, states in registers; `s` holds their s1, s2.
@inlinable @inline(never)
func transposed1<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                               _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b00 = q[0], b01 = q[1], b02 = q[2], a01 = q[3], a02 = q[4]
    var s01 = s[0], s02 = s[1]
    for i in 0..<m {
        let v0 = x[i]
        let v1 = b00 * v0 + s01
        s01 = (b01 * v0 + s02) - a01 * v1
        s02 = b02 * v0 - a02 * v1
        y[i] = v1
    }
    s[0] = s01; s[1] = s02
}

/// 2 TDF-II sections over a block, sample by sample, states in registers; `s` holds their s1, s2.
@inlinable @inline(never)
func transposed2<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                               _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b00 = q[0], b01 = q[1], b02 = q[2], a01 = q[3], a02 = q[4]
    let b10 = q[16], b11 = q[17], b12 = q[18], a11 = q[19], a12 = q[20]
    var s01 = s[0], s02 = s[1], s11 = s[2], s12 = s[3]
    for i in 0..<m {
        let v0 = x[i]
        let v1 = b00 * v0 + s01
        s01 = (b01 * v0 + s02) - a01 * v1
        s02 = b02 * v0 - a02 * v1
        let v2 = b10 * v1 + s11
        s11 = (b11 * v1 + s12) - a11 * v2
        s12 = b12 * v1 - a12 * v2
        y[i] = v2
    }
    s[0] = s01; s[1] = s02; s[2] = s11; s[3] = s12
}

/// 3 TDF-II sections over a block, sample by sample, states in registers; `s` holds their s1, s2.
@inlinable @inline(never)
func transposed3<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                               _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b00 = q[0], b01 = q[1], b02 = q[2], a01 = q[3], a02 = q[4]
    let b10 = q[16], b11 = q[17], b12 = q[18], a11 = q[19], a12 = q[20]
    let b20 = q[32], b21 = q[33], b22 = q[34], a21 = q[35], a22 = q[36]
    var s01 = s[0], s02 = s[1], s11 = s[2], s12 = s[3], s21 = s[4], s22 = s[5]
    for i in 0..<m {
        let v0 = x[i]
        let v1 = b00 * v0 + s01
        s01 = (b01 * v0 + s02) - a01 * v1
        s02 = b02 * v0 - a02 * v1
        let v2 = b10 * v1 + s11
        s11 = (b11 * v1 + s12) - a11 * v2
        s12 = b12 * v1 - a12 * v2
        let v3 = b20 * v2 + s21
        s21 = (b21 * v2 + s22) - a21 * v3
        s22 = b22 * v2 - a22 * v3
        y[i] = v3
    }
    s[0] = s01; s[1] = s02; s[2] = s11; s[3] = s12; s[4] = s21; s[5] = s22
}

/// 4 TDF-II sections over a block, sample by sample, states in registers; `s` holds their s1, s2.
@inlinable @inline(never)
func transposed4<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                               _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b00 = q[0], b01 = q[1], b02 = q[2], a01 = q[3], a02 = q[4]
    let b10 = q[16], b11 = q[17], b12 = q[18], a11 = q[19], a12 = q[20]
    let b20 = q[32], b21 = q[33], b22 = q[34], a21 = q[35], a22 = q[36]
    let b30 = q[48], b31 = q[49], b32 = q[50], a31 = q[51], a32 = q[52]
    var s01 = s[0], s02 = s[1], s11 = s[2], s12 = s[3], s21 = s[4], s22 = s[5], s31 = s[6], s32 = s[7]
    for i in 0..<m {
        let v0 = x[i]
        let v1 = b00 * v0 + s01
        s01 = (b01 * v0 + s02) - a01 * v1
        s02 = b02 * v0 - a02 * v1
        let v2 = b10 * v1 + s11
        s11 = (b11 * v1 + s12) - a11 * v2
        s12 = b12 * v1 - a12 * v2
        let v3 = b20 * v2 + s21
        s21 = (b21 * v2 + s22) - a21 * v3
        s22 = b22 * v2 - a22 * v3
        let v4 = b30 * v3 + s31
        s31 = (b31 * v3 + s32) - a31 * v4
        s32 = b32 * v3 - a32 * v4
        y[i] = v4
    }
    s[0] = s01; s[1] = s02; s[2] = s11; s[3] = s12; s[4] = s21; s[5] = s22; s[6] = s31; s[7] = s32
}

/// 5 TDF-II sections over a block, sample by sample, states in registers; `s` holds their s1, s2.
@inlinable @inline(never)
func transposed5<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                               _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b00 = q[0], b01 = q[1], b02 = q[2], a01 = q[3], a02 = q[4]
    let b10 = q[16], b11 = q[17], b12 = q[18], a11 = q[19], a12 = q[20]
    let b20 = q[32], b21 = q[33], b22 = q[34], a21 = q[35], a22 = q[36]
    let b30 = q[48], b31 = q[49], b32 = q[50], a31 = q[51], a32 = q[52]
    let b40 = q[64], b41 = q[65], b42 = q[66], a41 = q[67], a42 = q[68]
    var s01 = s[0], s02 = s[1], s11 = s[2], s12 = s[3], s21 = s[4], s22 = s[5], s31 = s[6], s32 = s[7], s41 = s[8], s42 = s[9]
    for i in 0..<m {
        let v0 = x[i]
        let v1 = b00 * v0 + s01
        s01 = (b01 * v0 + s02) - a01 * v1
        s02 = b02 * v0 - a02 * v1
        let v2 = b10 * v1 + s11
        s11 = (b11 * v1 + s12) - a11 * v2
        s12 = b12 * v1 - a12 * v2
        let v3 = b20 * v2 + s21
        s21 = (b21 * v2 + s22) - a21 * v3
        s22 = b22 * v2 - a22 * v3
        let v4 = b30 * v3 + s31
        s31 = (b31 * v3 + s32) - a31 * v4
        s32 = b32 * v3 - a32 * v4
        let v5 = b40 * v4 + s41
        s41 = (b41 * v4 + s42) - a41 * v5
        s42 = b42 * v4 - a42 * v5
        y[i] = v5
    }
    s[0] = s01; s[1] = s02; s[2] = s11; s[3] = s12; s[4] = s21; s[5] = s22; s[6] = s31; s[7] = s32; s[8] = s41; s[9] = s42
}

/// 6 TDF-II sections over a block, sample by sample, states in registers; `s` holds their s1, s2.
@inlinable @inline(never)
func transposed6<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                               _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b00 = q[0], b01 = q[1], b02 = q[2], a01 = q[3], a02 = q[4]
    let b10 = q[16], b11 = q[17], b12 = q[18], a11 = q[19], a12 = q[20]
    let b20 = q[32], b21 = q[33], b22 = q[34], a21 = q[35], a22 = q[36]
    let b30 = q[48], b31 = q[49], b32 = q[50], a31 = q[51], a32 = q[52]
    let b40 = q[64], b41 = q[65], b42 = q[66], a41 = q[67], a42 = q[68]
    let b50 = q[80], b51 = q[81], b52 = q[82], a51 = q[83], a52 = q[84]
    var s01 = s[0], s02 = s[1], s11 = s[2], s12 = s[3], s21 = s[4], s22 = s[5], s31 = s[6], s32 = s[7], s41 = s[8], s42 = s[9], s51 = s[10], s52 = s[11]
    for i in 0..<m {
        let v0 = x[i]
        let v1 = b00 * v0 + s01
        s01 = (b01 * v0 + s02) - a01 * v1
        s02 = b02 * v0 - a02 * v1
        let v2 = b10 * v1 + s11
        s11 = (b11 * v1 + s12) - a11 * v2
        s12 = b12 * v1 - a12 * v2
        let v3 = b20 * v2 + s21
        s21 = (b21 * v2 + s22) - a21 * v3
        s22 = b22 * v2 - a22 * v3
        let v4 = b30 * v3 + s31
        s31 = (b31 * v3 + s32) - a31 * v4
        s32 = b32 * v3 - a32 * v4
        let v5 = b40 * v4 + s41
        s41 = (b41 * v4 + s42) - a41 * v5
        s42 = b42 * v4 - a42 * v5
        let v6 = b50 * v5 + s51
        s51 = (b51 * v5 + s52) - a51 * v6
        s52 = b52 * v5 - a52 * v6
        y[i] = v6
    }
    s[0] = s01; s[1] = s02; s[2] = s11; s[3] = s12; s[4] = s21; s[5] = s22; s[6] = s31; s[7] = s32; s[8] = s41; s[9] = s42; s[10] = s51; s[11] = s52
}

/// 7 TDF-II sections over a block, sample by sample, states in registers; `s` holds their s1, s2.
@inlinable @inline(never)
func transposed7<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                               _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b00 = q[0], b01 = q[1], b02 = q[2], a01 = q[3], a02 = q[4]
    let b10 = q[16], b11 = q[17], b12 = q[18], a11 = q[19], a12 = q[20]
    let b20 = q[32], b21 = q[33], b22 = q[34], a21 = q[35], a22 = q[36]
    let b30 = q[48], b31 = q[49], b32 = q[50], a31 = q[51], a32 = q[52]
    let b40 = q[64], b41 = q[65], b42 = q[66], a41 = q[67], a42 = q[68]
    let b50 = q[80], b51 = q[81], b52 = q[82], a51 = q[83], a52 = q[84]
    let b60 = q[96], b61 = q[97], b62 = q[98], a61 = q[99], a62 = q[100]
    var s01 = s[0], s02 = s[1], s11 = s[2], s12 = s[3], s21 = s[4], s22 = s[5], s31 = s[6], s32 = s[7], s41 = s[8], s42 = s[9], s51 = s[10], s52 = s[11], s61 = s[12], s62 = s[13]
    for i in 0..<m {
        let v0 = x[i]
        let v1 = b00 * v0 + s01
        s01 = (b01 * v0 + s02) - a01 * v1
        s02 = b02 * v0 - a02 * v1
        let v2 = b10 * v1 + s11
        s11 = (b11 * v1 + s12) - a11 * v2
        s12 = b12 * v1 - a12 * v2
        let v3 = b20 * v2 + s21
        s21 = (b21 * v2 + s22) - a21 * v3
        s22 = b22 * v2 - a22 * v3
        let v4 = b30 * v3 + s31
        s31 = (b31 * v3 + s32) - a31 * v4
        s32 = b32 * v3 - a32 * v4
        let v5 = b40 * v4 + s41
        s41 = (b41 * v4 + s42) - a41 * v5
        s42 = b42 * v4 - a42 * v5
        let v6 = b50 * v5 + s51
        s51 = (b51 * v5 + s52) - a51 * v6
        s52 = b52 * v5 - a52 * v6
        let v7 = b60 * v6 + s61
        s61 = (b61 * v6 + s62) - a61 * v7
        s62 = b62 * v6 - a62 * v7
        y[i] = v7
    }
    s[0] = s01; s[1] = s02; s[2] = s11; s[3] = s12; s[4] = s21; s[5] = s22; s[6] = s31; s[7] = s32; s[8] = s41; s[9] = s42; s[10] = s51; s[11] = s52; s[12] = s61; s[13] = s62
}

/// 8 TDF-II sections over a block, sample by sample, states in registers; `s` holds their s1, s2.
@inlinable @inline(never)
func transposed8<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                               _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b00 = q[0], b01 = q[1], b02 = q[2], a01 = q[3], a02 = q[4]
    let b10 = q[16], b11 = q[17], b12 = q[18], a11 = q[19], a12 = q[20]
    let b20 = q[32], b21 = q[33], b22 = q[34], a21 = q[35], a22 = q[36]
    let b30 = q[48], b31 = q[49], b32 = q[50], a31 = q[51], a32 = q[52]
    let b40 = q[64], b41 = q[65], b42 = q[66], a41 = q[67], a42 = q[68]
    let b50 = q[80], b51 = q[81], b52 = q[82], a51 = q[83], a52 = q[84]
    let b60 = q[96], b61 = q[97], b62 = q[98], a61 = q[99], a62 = q[100]
    let b70 = q[112], b71 = q[113], b72 = q[114], a71 = q[115], a72 = q[116]
    var s01 = s[0], s02 = s[1], s11 = s[2], s12 = s[3], s21 = s[4], s22 = s[5], s31 = s[6], s32 = s[7], s41 = s[8], s42 = s[9], s51 = s[10], s52 = s[11], s61 = s[12], s62 = s[13], s71 = s[14], s72 = s[15]
    for i in 0..<m {
        let v0 = x[i]
        let v1 = b00 * v0 + s01
        s01 = (b01 * v0 + s02) - a01 * v1
        s02 = b02 * v0 - a02 * v1
        let v2 = b10 * v1 + s11
        s11 = (b11 * v1 + s12) - a11 * v2
        s12 = b12 * v1 - a12 * v2
        let v3 = b20 * v2 + s21
        s21 = (b21 * v2 + s22) - a21 * v3
        s22 = b22 * v2 - a22 * v3
        let v4 = b30 * v3 + s31
        s31 = (b31 * v3 + s32) - a31 * v4
        s32 = b32 * v3 - a32 * v4
        let v5 = b40 * v4 + s41
        s41 = (b41 * v4 + s42) - a41 * v5
        s42 = b42 * v4 - a42 * v5
        let v6 = b50 * v5 + s51
        s51 = (b51 * v5 + s52) - a51 * v6
        s52 = b52 * v5 - a52 * v6
        let v7 = b60 * v6 + s61
        s61 = (b61 * v6 + s62) - a61 * v7
        s62 = b62 * v6 - a62 * v7
        let v8 = b70 * v7 + s71
        s71 = (b71 * v7 + s72) - a71 * v8
        s72 = b72 * v7 - a72 * v8
        y[i] = v8
    }
    s[0] = s01; s[1] = s02; s[2] = s11; s[3] = s12; s[4] = s21; s[5] = s22; s[6] = s31; s[7] = s32; s[8] = s41; s[9] = s42; s[10] = s51; s[11] = s52; s[12] = s61; s[13] = s62; s[14] = s71; s[15] = s72
}

/// 1 offset-form section over a block, sample by sample, histories in registers; `s`
/// holds the nodes' v1 v2 r1 r2 from the group's input node on, `history` the
/// input node's v1 v2 before the block.
@inlinable @inline(never)
func offset1<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>, _ history: (Sample, Sample),
                                           _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    var (n01, n02) = history
    var n11 = s[4], n12 = s[5], r11 = s[6], r12 = s[7]
    let q0 = OffsetSection(q + 0)
    for i in 0..<m {
        let v0 = x[i]
        let (v1, e1) = q0.step(v0, n01, n02, n11, n12, r11, r12)
        n02 = n01; n01 = v0
        n12 = n11; n11 = v1; r12 = r11; r11 = e1
        y[i] = v1
    }
    s[0] = n01; s[1] = n02
    s[4] = n11; s[5] = n12; s[6] = r11; s[7] = r12
}

/// 2 offset-form sections over a block, sample by sample, histories in registers; `s`
/// holds the nodes' v1 v2 r1 r2 from the group's input node on, `history` the
/// input node's v1 v2 before the block.
@inlinable @inline(never)
func offset2<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>, _ history: (Sample, Sample),
                                           _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    var (n01, n02) = history
    var n11 = s[4], n12 = s[5], r11 = s[6], r12 = s[7]
    var n21 = s[8], n22 = s[9], r21 = s[10], r22 = s[11]
    let q0 = OffsetSection(q + 0), q1 = OffsetSection(q + 16)
    for i in 0..<m {
        let v0 = x[i]
        let (v1, e1) = q0.step(v0, n01, n02, n11, n12, r11, r12)
        let (v2, e2) = q1.step(v1, n11, n12, n21, n22, r21, r22)
        n02 = n01; n01 = v0
        n12 = n11; n11 = v1; r12 = r11; r11 = e1
        n22 = n21; n21 = v2; r22 = r21; r21 = e2
        y[i] = v2
    }
    s[0] = n01; s[1] = n02
    s[4] = n11; s[5] = n12; s[6] = r11; s[7] = r12
    s[8] = n21; s[9] = n22; s[10] = r21; s[11] = r22
}

/// 3 offset-form sections over a block, sample by sample, histories in registers; `s`
/// holds the nodes' v1 v2 r1 r2 from the group's input node on, `history` the
/// input node's v1 v2 before the block.
@inlinable @inline(never)
func offset3<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>, _ history: (Sample, Sample),
                                           _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    var (n01, n02) = history
    var n11 = s[4], n12 = s[5], r11 = s[6], r12 = s[7]
    var n21 = s[8], n22 = s[9], r21 = s[10], r22 = s[11]
    var n31 = s[12], n32 = s[13], r31 = s[14], r32 = s[15]
    let q0 = OffsetSection(q + 0), q1 = OffsetSection(q + 16), q2 = OffsetSection(q + 32)
    for i in 0..<m {
        let v0 = x[i]
        let (v1, e1) = q0.step(v0, n01, n02, n11, n12, r11, r12)
        let (v2, e2) = q1.step(v1, n11, n12, n21, n22, r21, r22)
        let (v3, e3) = q2.step(v2, n21, n22, n31, n32, r31, r32)
        n02 = n01; n01 = v0
        n12 = n11; n11 = v1; r12 = r11; r11 = e1
        n22 = n21; n21 = v2; r22 = r21; r21 = e2
        n32 = n31; n31 = v3; r32 = r31; r31 = e3
        y[i] = v3
    }
    s[0] = n01; s[1] = n02
    s[4] = n11; s[5] = n12; s[6] = r11; s[7] = r12
    s[8] = n21; s[9] = n22; s[10] = r21; s[11] = r22
    s[12] = n31; s[13] = n32; s[14] = r31; s[15] = r32
}

/// 4 offset-form sections over a block, sample by sample, histories in registers; `s`
/// holds the nodes' v1 v2 r1 r2 from the group's input node on, `history` the
/// input node's v1 v2 before the block.
@inlinable @inline(never)
func offset4<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>, _ history: (Sample, Sample),
                                           _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    var (n01, n02) = history
    var n11 = s[4], n12 = s[5], r11 = s[6], r12 = s[7]
    var n21 = s[8], n22 = s[9], r21 = s[10], r22 = s[11]
    var n31 = s[12], n32 = s[13], r31 = s[14], r32 = s[15]
    var n41 = s[16], n42 = s[17], r41 = s[18], r42 = s[19]
    let q0 = OffsetSection(q + 0), q1 = OffsetSection(q + 16), q2 = OffsetSection(q + 32), q3 = OffsetSection(q + 48)
    for i in 0..<m {
        let v0 = x[i]
        let (v1, e1) = q0.step(v0, n01, n02, n11, n12, r11, r12)
        let (v2, e2) = q1.step(v1, n11, n12, n21, n22, r21, r22)
        let (v3, e3) = q2.step(v2, n21, n22, n31, n32, r31, r32)
        let (v4, e4) = q3.step(v3, n31, n32, n41, n42, r41, r42)
        n02 = n01; n01 = v0
        n12 = n11; n11 = v1; r12 = r11; r11 = e1
        n22 = n21; n21 = v2; r22 = r21; r21 = e2
        n32 = n31; n31 = v3; r32 = r31; r31 = e3
        n42 = n41; n41 = v4; r42 = r41; r41 = e4
        y[i] = v4
    }
    s[0] = n01; s[1] = n02
    s[4] = n11; s[5] = n12; s[6] = r11; s[7] = r12
    s[8] = n21; s[9] = n22; s[10] = r21; s[11] = r22
    s[12] = n31; s[13] = n32; s[14] = r31; s[15] = r32
    s[16] = n41; s[17] = n42; s[18] = r41; s[19] = r42
}
