/// One cascade of second-order sections run on three signals at once (an
/// accelerometer's x, y and z), one SIMD lane each: the same arithmetic as
/// `SectionCascade` in the same order, so each axis comes out bit for bit as a
/// `SectionCascade` of its own would give it, for about the cost of one.
@frozen
public struct ThreeAxisSections<Sample: BinaryFloatingPoint & SIMDScalar & Sendable>: Sendable where Sample.SIMD4Storage: Sendable {
    /// The sections' coefficients as `SectionCascade` keeps them.
    @usableFromInline let coefficients: [Sample]
    @usableFromInline let count: Int
    @usableFromInline let isOffsetForm: Bool
    /// The offset form's output gain (`SectionCascade`), 1 for TDF-II.
    @usableFromInline let outputGain: Sample
    /// TDF-II: s1, s2 per section. Offset form: v1 v2 r1 r2 per node. One lane per axis (the fourth unused).
    @usableFromInline var state: [SIMD4<Sample>]

    /// Three cascades of `sections`, at rest, in the form `SectionCascade<Sample>` uses.
    public init(_ sections: [Biquad]) {
        let single = SectionCascade<Sample>(sections)
        coefficients = single.coefficients
        count = single.count
        isOffsetForm = single.isOffsetForm
        outputGain = single.outputGain
        state = [SIMD4<Sample>](repeating: .zero, count: single.state.count)
    }

    /// Forgets all history.
    public mutating func reset() {
        for i in state.indices { state[i] = .zero }
    }

    /// Each axis in the state a constant input would have settled in (see
    /// `SectionCascade.reset(toSteadyStateFor:)`).
    ///
    /// - Returns: false, and the filter at rest, when a section has a pole at z = 1.
    @discardableResult
    public mutating func reset(toSteadyStateFor x: SIMD4<Sample>) -> Bool {
        var axes = [SectionCascade<Sample>]()
        for lane in 0..<3 {
            var single = SectionCascade<Sample>(coefficients: coefficients, count: count, isOffsetForm: isOffsetForm, outputGain: outputGain)
            guard single.reset(toSteadyStateFor: x[lane]) else { reset(); return false }
            axes.append(single)
        }
        for i in state.indices { state[i] = SIMD4(axes[0].state[i], axes[1].state[i], axes[2].state[i], 0) }
        return true
    }

    /// Filters one sample of each axis (lanes 0, 1, 2; lane 3 is ignored).
    @inlinable
    public mutating func process(_ x: SIMD4<Sample>) -> SIMD4<Sample> {
        let n = count, stride = SectionCascade<Sample>.stride, offset = isOffsetForm
        let gain = SIMD4(repeating: outputGain)
        return coefficients.withUnsafeBufferPointer { cb in
            state.withUnsafeMutableBufferPointer { sb in
                let c = cb.baseAddress!, s = sb.baseAddress!
                var v = x
                if offset {
                    for k in 0..<n {
                        let q = c + stride * k
                        let input = s + 4 * k, output = s + 4 * (k + 1)
                        let (y, r) = offsetStep(q, v, input[0], input[1], output[0], output[1], output[2], output[3])
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
                        let q = c + stride * k
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
}

/// `OffsetSection.step` on SIMD lanes: the same operations in the same order.
@inlinable @inline(__always)
func offsetStep<Sample: BinaryFloatingPoint & SIMDScalar>(
    _ q: UnsafePointer<Sample>, _ x: SIMD4<Sample>, _ x1: SIMD4<Sample>, _ x2: SIMD4<Sample>,
    _ y1: SIMD4<Sample>, _ y2: SIMD4<Sample>, _ r1: SIMD4<Sample>, _ r2: SIMD4<Sample>
) -> (SIMD4<Sample>, SIMD4<Sample>) {
    let (b0, k1, k2, d1, u, tn) = (q[0], q[1], q[2], q[3], q[4], q[5])
    let (c1, s, t, m1, m2) = (q[6], q[7], q[8], q[9], q[10])
    let (d1Low, uLow, c1Low, sLow) = (q[11], q[12], q[13], q[14])
    let wx = x1 - tn * x2, wy = y1 - t * y2
    let q1 = k1 * x1, q2 = k2 * x2
    let first = x + q1
    let firstBack = first - x
    let firstError = (x - (first - firstBack)) + (q1 - firstBack)
    let combination = first + q2
    let combinationBack = combination - first
    let combinationError = (first - (combination - combinationBack)) + (q2 - combinationBack)
    let forward = b0 * combination
    let forwardRemainder = ((d1 * wx + u * x2) + (d1Low * wx + uLow * x2)) + b0 * (firstError + combinationError)
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
    let back = y - large
    let r = (large - (y - back)) + (small - back)
    return (y, r)
}
