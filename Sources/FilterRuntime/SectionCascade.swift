/// A cascade of second-order sections (`Biquad`s) as the runtime runs it, in
/// the form that is most accurate for the sample type:
///
/// - **Double: transposed direct form II.** Per section
///
///       y = b0 x + s1,   s1 <- b1 x - a1 y + s2,   s2 <- b2 x - a2 y
///
///   one multiply and one add on the sample-to-sample dependency chain.
///
/// - **Float: direct form I with the feedback written about the nearest
///   integers.** With m1 = -round(a1), m2 = -round(a2) and the small remainders
///   c1 = a1 + m1, c2 = a2 + m2 (computed in Double, then rounded to Float):
///
///       y = ((b0 x + b1 x1 + b2 x2 - c2 y2) + m2 y2 - c1 y1) + m1 y1
///
///   For poles near z = 1, a1 ~ -2 and a2 ~ 1, so m1 y1 + m2 y2 = 2 y1 - y2 is
///   exact in any precision, and c1, c2 (~1e-2 at alpha = 0.001) keep Float's
///   full relative precision: the pole positions are those designed to about
///   1e-7 of their distance from z = 1. Rounded as plain a1, a2, they would
///   be off by 2e-3 of it there, and a Butterworth low-pass at alpha = 0.001
///   would run 7e-4 (2nd order) to 4e-3 (10th order) of its peak away from its
///   design; written this way, 3e-5 and 1e-4 (`SectionCascadeTests`, the
///   README's table). The same holds about z = -1.
///
/// One sample at a time, the sections run in sequence; a block runs up to
/// four sections at a time, sample by sample with their states in registers,
/// so the processor overlaps their dependency chains. Both give the same
/// results, bit for bit: the arithmetic is the same, in the same order.
@frozen
public struct SectionCascade<Sample: BinaryFloatingPoint & SIMDScalar & Sendable>: Sendable {
    /// Coefficients per section in `stride` slots: TDF-II b0 b1 b2 a1 a2; the
    /// offset form b0 b1 b2 c1 c2 m1 m2.
    @usableFromInline let coefficients: [Sample]
    /// The number of sections.
    @usableFromInline let count: Int
    /// Whether the offset direct form I runs (Float), else TDF-II (Double).
    @usableFromInline let isOffsetForm: Bool
    /// TDF-II: s1, s2 per section. Offset form: the last two values of each
    /// node (the input, then each section's output): x1, x2 per node.
    @usableFromInline var state: [Sample]

    @usableFromInline static var stride: Int { 8 }

    /// Prepares a cascade of `sections`, at rest. Float and smaller types run
    /// the offset direct form I, Double the transposed direct form II.
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
            c[base] = Sample(s.b0)
            c[base + 1] = Sample(s.b1)
            c[base + 2] = Sample(s.b2)
            if offsetForm {
                let m1 = -s.a1.rounded(), m2 = -s.a2.rounded()
                c[base + 3] = Sample(s.a1 + m1)
                c[base + 4] = Sample(s.a2 + m2)
                c[base + 5] = Sample(m1)
                c[base + 6] = Sample(m2)
            } else {
                c[base + 3] = Sample(s.a1)
                c[base + 4] = Sample(s.a2)
            }
        }
        coefficients = c
        state = [Sample](repeating: 0, count: offsetForm ? 2 * (sections.count + 1) : 2 * sections.count)
    }

    /// The sections as they run: each coefficient as stored in `Sample`, in
    /// Double (for the offset form, a = c - m, exactly).
    public var sectionsAsRun: [Biquad] {
        (0..<count).map { k in
            let c = { (i: Int) in Double(coefficients[Self.stride * k + i]) }
            if isOffsetForm {
                return Biquad(b0: c(0), b1: c(1), b2: c(2), a1: c(3) - c(5), a2: c(4) - c(6))
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
        var input = Double(x)
        var values: [Double] = [input]
        for (k, s) in sectionsAsRun.enumerated() {
            let denominator = isOffsetForm
                ? (1 - Double(coefficients[Self.stride * k + 5]) - Double(coefficients[Self.stride * k + 6]))
                    + Double(coefficients[Self.stride * k + 3]) + Double(coefficients[Self.stride * k + 4])
                : 1 + s.a1 + s.a2
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
                state[2 * node] = Sample(v)
                state[2 * node + 1] = Sample(v)
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
                        let x1 = s[2 * k], x2 = s[2 * k + 1], y1 = s[2 * k + 2], y2 = s[2 * k + 3]
                        let y = section.step(v, x1, x2, y1, y2)
                        s[2 * k + 1] = x1
                        s[2 * k] = v
                        v = y
                    }
                    s[2 * n + 1] = s[2 * n]
                    s[2 * n] = v
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
                var k = 0
                while k < n {
                    let group = min(4, n - k)
                    let q = c + Self.stride * k
                    switch (offset, group) {
                    case (false, 4): transposedFour(q, s + 2 * k, from, destination, m)
                    case (false, _): transposedOne(q, s + 2 * k, from, destination, m)
                    case (true, 4): offsetFour(q, s + 2 * k, from, destination, m)
                    case (true, _): offsetOne(q, s + 2 * k, from, destination, m)
                    }
                    k += group == 4 ? 4 : 1
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

/// One section's coefficients in the offset direct form I, loaded once.
@usableFromInline @frozen
struct OffsetSection<Sample: BinaryFloatingPoint> {
    @usableFromInline let b0: Sample, b1: Sample, b2: Sample, c1: Sample, c2: Sample, m1: Sample, m2: Sample

    /// The seven coefficients at `q`: b0 b1 b2 c1 c2 m1 m2.
    @inlinable @inline(__always)
    init(_ q: UnsafePointer<Sample>) {
        (b0, b1, b2, c1, c2, m1, m2) = (q[0], q[1], q[2], q[3], q[4], q[5], q[6])
    }

    /// y = ((b0 x + b1 x1 + b2 x2 - c2 y2) + m2 y2 - c1 y1) + m1 y1: the small
    /// terms first, then the large exact ones (see `SectionCascade`).
    @inlinable @inline(__always)
    func step(_ x: Sample, _ x1: Sample, _ x2: Sample, _ y1: Sample, _ y2: Sample) -> Sample {
        let forward = (b0 * x + b1 * x1) + b2 * x2
        return (((forward - c2 * y2) + m2 * y2) - c1 * y1) + m1 * y1
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
    let b10 = q[8], b11 = q[9], b12 = q[10], a11 = q[11], a12 = q[12]
    let b20 = q[16], b21 = q[17], b22 = q[18], a21 = q[19], a22 = q[20]
    let b30 = q[24], b31 = q[25], b32 = q[26], a31 = q[27], a32 = q[28]
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

/// One offset-form section over a block; `s` holds the histories of its input
/// node and its output node (x1 x2 y1 y2).
@inlinable @inline(never)
func offsetOne<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                            _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    let section = OffsetSection(q)
    var x1 = s[0], x2 = s[1], y1 = s[2], y2 = s[3]
    for i in 0..<m {
        let v = x[i]
        let out = section.step(v, x1, x2, y1, y2)
        x2 = x1; x1 = v
        y2 = y1; y1 = out
        y[i] = out
    }
    s[0] = x1; s[1] = x2; s[2] = y1; s[3] = y2
}

/// Four offset-form sections over a block, sample by sample, histories in registers.
@inlinable @inline(never)
func offsetFour<Sample: BinaryFloatingPoint>(_ q: UnsafePointer<Sample>, _ s: UnsafeMutablePointer<Sample>,
                                             _ x: UnsafePointer<Sample>, _ y: UnsafeMutablePointer<Sample>, _ m: Int) {
    var n01 = s[0], n02 = s[1], n11 = s[2], n12 = s[3], n21 = s[4], n22 = s[5]
    var n31 = s[6], n32 = s[7], n41 = s[8], n42 = s[9]
    let q0 = OffsetSection(q), q1 = OffsetSection(q + 8), q2 = OffsetSection(q + 16), q3 = OffsetSection(q + 24)
    for i in 0..<m {
        let v0 = x[i]
        let v1 = q0.step(v0, n01, n02, n11, n12)
        let v2 = q1.step(v1, n11, n12, n21, n22)
        let v3 = q2.step(v2, n21, n22, n31, n32)
        let v4 = q3.step(v3, n31, n32, n41, n42)
        n02 = n01; n01 = v0
        n12 = n11; n11 = v1
        n22 = n21; n21 = v2
        n32 = n31; n31 = v3
        n42 = n41; n41 = v4
        y[i] = v4
    }
    s[0] = n01; s[1] = n02; s[2] = n11; s[3] = n12; s[4] = n21; s[5] = n22
    s[6] = n31; s[7] = n32; s[8] = n41; s[9] = n42
}
