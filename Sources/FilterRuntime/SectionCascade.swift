/// A cascade of second-order sections (`Biquad`s) as the runtime runs it, in
/// the form that is most accurate for the sample type:
///
/// - **Double: transposed direct form II.** Per section
///
///       y = b0 x + s1,   s1 <- b1 x - a1 y + s2,   s2 <- b2 x - a2 y
///
///   one multiply and one add on the sample-to-sample dependency chain.
///
/// - **Float: direct form I with the coefficients about the nearest integers
///   (`OffsetBiquad`), and error feedback.** With the section written as
///   integers m, k, t and small remainders c1, s, d1, u:
///
///       F = b0 (x + k1 x1 + k2 x2) + d1 (x1 - tn x2) + u x2
///       S = ((F - s y2) - c1 (y1 - t y2)) + (m2 r2 + m1 r1) + e
///       y = (m1 y1 + m2 y2) + S,   r = the rounding error of that last sum
///
///   where e is the rounding error of m1 y1 + m2 y2 itself.
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
/// One sample at a time, the sections run in sequence; a block runs up to
/// four sections at a time, sample by sample with their states in registers,
/// so the processor overlaps their dependency chains. Both give the same
/// results, bit for bit: the arithmetic is the same, in the same order.
@frozen
public struct SectionCascade<Sample: BinaryFloatingPoint & SIMDScalar & Sendable>: Sendable {
    /// Coefficients per section in `stride` slots: TDF-II b0 b1 b2 a1 a2; the
    /// offset form b0 k1 k2 d1 d2 c1 c2 m1 m2.
    @usableFromInline let coefficients: [Sample]
    /// The number of sections.
    @usableFromInline let count: Int
    /// Whether the offset direct form I runs (Float), else TDF-II (Double).
    @usableFromInline let isOffsetForm: Bool
    /// TDF-II: s1, s2 per section. Offset form: per node (the input, then each
    /// section's output) its last two values and their rounding errors: v1 v2 r1 r2.
    @usableFromInline var state: [Sample]

    @usableFromInline static var stride: Int { 12 }

    /// Prepares a cascade of `sections`, at rest. Float and smaller types run
    /// the offset direct form I with error feedback, Double the transposed
    /// direct form II.
    public init(_ sections: [Biquad]) {
        self.init(sections, offsetForm: MemoryLayout<Sample>.size < MemoryLayout<Double>.size)
    }

    /// Prepares a cascade in the form asked for (for tests and measurements).
    public init(_ sections: [Biquad], offsetForm: Bool) {
        isOffsetForm = offsetForm
        count = sections.count
        var c = [Sample](repeating: 0, count: Self.stride * sections.count)
        for (k, s) in sections.enumerated() {
            let base = Self.stride * k
            if offsetForm {
                for (i, x) in OffsetBiquad(s).numbers.enumerated() { c[base + i] = Sample(x) }
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

    /// The sections as they run: each coefficient as stored in `Sample`, in
    /// Double (for the offset form, b = b0 k + d and a = c - m, exactly).
    public var sectionsAsRun: [Biquad] {
        (0..<count).map { k in
            let c = { (i: Int) in Double(coefficients[Self.stride * k + i]) }
            if isOffsetForm {
                let d2 = c(4) - c(5) * c(3), c2 = c(7) - c(8) * c(6)
                return Biquad(b0: c(0), b1: c(0) * c(1) + c(3), b2: c(0) * c(2) + d2, a1: c(6) - c(9), a2: c2 - c(10))
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
        for (k, s) in sectionsAsRun.enumerated() {
            let q = Self.stride * k
            let denominator = 1 + s.a1 + s.a2
            guard denominator != 0, denominator.isFinite else { reset(); return false }
            let output = (s.b0 + s.b1 + s.b2) / denominator * input
            if !isOffsetForm {
                let s2 = s.b2 * input - s.a2 * output
                state[2 * k] = Sample(s.b1 * input - s.a1 * output + s2)
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
        let n = count
        return coefficients.withUnsafeBufferPointer { cb in
            state.withUnsafeMutableBufferPointer { sb in
                let c = cb.baseAddress!, s = sb.baseAddress!
                var v = x
                if isOffsetForm {
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
                } else {
                    for k in 0..<n {
                        let q = c + Self.stride * k
                        let y = q[0] * v + s[2 * k]
                        s[2 * k] = (q[1] * v - q[3] * y) + s[2 * k + 1]
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
        let offset = isOffsetForm
        coefficients.withUnsafeBufferPointer { cb in
            state.withUnsafeMutableBufferPointer { sb in
                let c = cb.baseAddress!, s = sb.baseAddress!
                var from = source
                // Offset form: a node's history is both the last outputs of the
                // section before it and the last inputs of the one after. Run
                // group by group over the block, the next group must start from
                // the history as it was before the block.
                var history = offset ? (s[0], s[1]) : (0, 0)
                var k = 0
                while k < n {
                    let group = n - k >= 4 ? 4 : 1
                    let q = c + Self.stride * k
                    let next = offset ? (s[4 * (k + group)], s[4 * (k + group) + 1]) : (0, 0)
                    switch (offset, group) {
                    case (false, 4): transposedFour(q, s + 2 * k, from, destination, m)
                    case (false, _): transposedOne(q, s + 2 * k, from, destination, m)
                    case (true, 4): offsetFour(q, s + 4 * k, history, from, destination, m)
                    case (true, _): offsetOne(q, s + 4 * k, history, from, destination, m)
                    }
                    history = next
                    k += group
                    from = UnsafePointer(destination)
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

    /// The eleven numbers at `q`: b0 k1 k2 d1 u tn c1 s t m1 m2.
    @inlinable @inline(__always)
    init(_ q: UnsafePointer<Sample>) {
        (b0, k1, k2, d1, u, tn) = (q[0], q[1], q[2], q[3], q[4], q[5])
        (c1, s, t, m1, m2) = (q[6], q[7], q[8], q[9], q[10])
    }

    /// The output for input x (x1, x2 before it) and the section's last
    /// outputs y1, y2 with their rounding errors r1, r2; and this output's
    /// rounding error (see `SectionCascade`).
    @inlinable @inline(__always)
    func step(_ x: Sample, _ x1: Sample, _ x2: Sample, _ y1: Sample, _ y2: Sample, _ r1: Sample, _ r2: Sample) -> (Sample, Sample) {
        let forward = b0 * ((x + k1 * x1) + k2 * x2) + (d1 * (x1 - tn * x2) + u * x2)
        // The large part, m1 y1 + m2 y2 (integer multiples, exact), summed with
        // its rounding error e kept (TwoSum).
        let p1 = m1 * y1, p2 = m2 * y2
        let large = p1 + p2
        let e = (p1 - (large - (large - p1))) + (p2 - (large - p1))
        let small = (((forward - s * y2) - c1 * (y1 - t * y2)) + (m2 * r2 + m1 * r1)) + e
        let y = large + small
        // TwoSum: y + r == large + small exactly.
        let back = y - large
        let r = (large - (y - back)) + (small - back)
        return (y, r)
    }
}

/// One TDF-II section over a block; `s` holds its s1, s2.
@inlinable @inline(never)
func transposedOne<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                                _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b0 = q[0], b1 = q[1], b2 = q[2], a1 = q[3], a2 = q[4]
    var s1 = s[0], s2 = s[1]
    for i in 0..<m {
        let v = x[i]
        let out = b0 * v + s1
        s1 = (b1 * v - a1 * out) + s2
        s2 = b2 * v - a2 * out
        y[i] = out
    }
    s[0] = s1
    s[1] = s2
}

/// Four TDF-II sections over a block, sample by sample, states in registers.
@inlinable @inline(never)
func transposedFour<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                                 _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let b00 = q[0], b01 = q[1], b02 = q[2], a01 = q[3], a02 = q[4]
    let b10 = q[12], b11 = q[13], b12 = q[14], a11 = q[15], a12 = q[16]
    let b20 = q[24], b21 = q[25], b22 = q[26], a21 = q[27], a22 = q[28]
    let b30 = q[36], b31 = q[37], b32 = q[38], a31 = q[39], a32 = q[40]
    var s01 = s[0], s02 = s[1], s11 = s[2], s12 = s[3], s21 = s[4], s22 = s[5], s31 = s[6], s32 = s[7]
    for i in 0..<m {
        let v0 = x[i]
        let v1 = b00 * v0 + s01
        s01 = (b01 * v0 - a01 * v1) + s02
        s02 = b02 * v0 - a02 * v1
        let v2 = b10 * v1 + s11
        s11 = (b11 * v1 - a11 * v2) + s12
        s12 = b12 * v1 - a12 * v2
        let v3 = b20 * v2 + s21
        s21 = (b21 * v2 - a21 * v3) + s22
        s22 = b22 * v2 - a22 * v3
        let v4 = b30 * v3 + s31
        s31 = (b31 * v3 - a31 * v4) + s32
        s32 = b32 * v3 - a32 * v4
        y[i] = v4
    }
    s[0] = s01; s[1] = s02; s[2] = s11; s[3] = s12; s[4] = s21; s[5] = s22; s[6] = s31; s[7] = s32
}

/// One offset-form section over a block; `s` holds its input node's and its
/// output node's v1 v2 r1 r2, `history` the input node's v1 v2 before the block.
@inlinable @inline(never)
func offsetOne<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>, _ history: (Sample, Sample),
                                            _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let section = OffsetSection(q)
    var (x1, x2) = history
    var y1 = s[4], y2 = s[5], r1 = s[6], r2 = s[7]
    for i in 0..<m {
        let v = x[i]
        let (out, r) = section.step(v, x1, x2, y1, y2, r1, r2)
        x2 = x1; x1 = v
        y2 = y1; y1 = out
        r2 = r1; r1 = r
        y[i] = out
    }
    s[0] = x1; s[1] = x2; s[4] = y1; s[5] = y2; s[6] = r1; s[7] = r2
}

/// Four offset-form sections over a block, sample by sample, histories in
/// registers; `history` is the input node's v1 v2 before the block.
@inlinable @inline(never)
func offsetFour<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>, _ history: (Sample, Sample),
                                             _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    // Node k (0 = the input) holds v1, v2 at 4k, 4k+1 and r1, r2 at 4k+2, 4k+3.
    var (v01, v02) = history
    var v11 = s[4], v12 = s[5], r11 = s[6], r12 = s[7]
    var v21 = s[8], v22 = s[9], r21 = s[10], r22 = s[11]
    var v31 = s[12], v32 = s[13], r31 = s[14], r32 = s[15]
    var v41 = s[16], v42 = s[17], r41 = s[18], r42 = s[19]
    let q0 = OffsetSection(q), q1 = OffsetSection(q + 12), q2 = OffsetSection(q + 24), q3 = OffsetSection(q + 36)
    for i in 0..<m {
        let v0 = x[i]
        let (v1, e1) = q0.step(v0, v01, v02, v11, v12, r11, r12)
        let (v2, e2) = q1.step(v1, v11, v12, v21, v22, r21, r22)
        let (v3, e3) = q2.step(v2, v21, v22, v31, v32, r31, r32)
        let (v4, e4) = q3.step(v3, v31, v32, v41, v42, r41, r42)
        v02 = v01; v01 = v0
        v12 = v11; v11 = v1; r12 = r11; r11 = e1
        v22 = v21; v21 = v2; r22 = r21; r21 = e2
        v32 = v31; v31 = v3; r32 = r31; r31 = e3
        v42 = v41; v41 = v4; r42 = r41; r41 = e4
        y[i] = v4
    }
    s[0] = v01; s[1] = v02
    s[4] = v11; s[5] = v12; s[6] = r11; s[7] = r12
    s[8] = v21; s[9] = v22; s[10] = r21; s[11] = r22
    s[12] = v31; s[13] = v32; s[14] = r31; s[15] = r32
    s[16] = v41; s[17] = v42; s[18] = r41; s[19] = r42
}
