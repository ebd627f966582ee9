import FilterAnalysis
import FilterDesign
import FilterRequests

/// A multistage decimator as it runs: each stage's taps as stored in Double,
/// Float, or CMSIS's q15/q31 (`--emit cmsis-q15|q31`, scaled per stage by
/// `FixedPointTaps`), taken back to the design's scale (stored taps over
/// the output scale) to be judged.
public struct DecimatorAsRun: Sendable {
    /// The design.
    public let decimator: MultistageDecimator
    /// Each stage's taps as they act, in the design's scale.
    public let acting: [[Double]]
    /// In fixed point, each stage's realisation.
    public let fixed: [FixedPointTaps]
    /// The arithmetic's name: Double, Float, q15, q31.
    public let name: String
    /// Float arithmetic (the time responses' sums in Float).
    public let inFloat: Bool

    /// `decimator` in `precision` (double or float) or in `fixedPoint`.
    ///
    /// - Throws: `ApplicationError` for another precision, or a stage CMSIS
    ///   cannot hold.
    public init(_ decimator: MultistageDecimator, precision: RunningPrecision, fixedPoint: FixedPointArithmetic?) throws(ApplicationError) {
        guard fixedPoint != nil || precision == .double || precision == .float else {
            throw ApplicationError("--precision \(precision.rawValue): a decimator runs in double, float, q15 or q31")
        }
        self.decimator = decimator
        var fixed: [FixedPointTaps] = []
        if let fixedPoint {
            for (i, s) in decimator.stages.enumerated() {
                do { fixed.append(try FixedPointTaps(s.taps, arithmetic: fixedPoint, structure: .decimator(s.factor))) } catch {
                    throw ApplicationError("stage \(i + 1): \(error.description)")
                }
            }
            acting = zip(fixed, decimator.stages).map { f, s in f.storedTaps.prefix(s.taps.count).map { $0 / f.outputScale } }
        } else {
            acting = decimator.stages.map { s in precision == .float ? s.taps.map { Double(Float($0)) } : s.taps }
        }
        self.fixed = fixed
        name = fixedPoint?.name ?? (precision == .float ? "Float" : "Double")
        inFloat = fixedPoint == nil && precision == .float
    }

    /// The cascade's passband ripple as stored, dB peak to peak over 0 ... p
    /// (`VerificationRequest.passbandRipple`: 4,001 points).
    public var passbandRipple: Double {
        VerificationRequest.passbandRipple(acting, factors: decimator.stages.map(\.factor), edge: decimator.specification.passbandEdge)
    }

    /// Each stage's least attenuation, dB, over the bands that fold onto the
    /// passband at its output, as stored (`VerificationRequest.aliasingAttenuation`).
    public var aliasingAttenuations: [Double] {
        var divisor = 1
        return zip(decimator.stages, acting).map { s, taps in
            defer { divisor *= s.factor }
            return VerificationRequest.aliasingAttenuation(taps, factor: s.factor, edge: decimator.specification.passbandEdge * Double(divisor))
        }
    }

    /// What this arithmetic loses of the specification: a line naming each
    /// stage whose aliasing is less than A dB down and a passband ripple
    /// above R; empty when it carries the design.
    public var shortfalls: [String] {
        let spec = decimator.specification
        var out: [String] = []
        for (i, a) in aliasingAttenuations.enumerated() where !(a >= spec.stopbandAttenuation) {
            out.append("stage \(i + 1)'s aliasing is \(formatC("%.1f", a)) dB down in \(name), less than the \(messageNumber(spec.stopbandAttenuation)) dB asked for")
        }
        let ripple = passbandRipple
        if !(ripple <= spec.passbandLoss) {
            out.append("the passband ripple is \(formatC("%.3g", ripple)) dB in \(name), more than the \(messageNumber(spec.passbandLoss)) dB asked for")
        }
        return out
    }

    /// The single filter at the input rate the cascade equals before its
    /// last downsampling: h_1 * (h_2 upsampled by m_1) * (h_3 upsampled by
    /// m_1 m_2) * ..., the stages' acting taps (the noble identity), whose
    /// response is prod_i H_i(f P_i).
    public var equivalentTaps: [Double] {
        var total: [Double] = [1], divisor = 1
        for (taps, s) in zip(acting, decimator.stages) {
            var out = [Double](repeating: 0, count: total.count + (taps.count - 1) * divisor)
            for (k, h) in taps.enumerated() where h != 0 {
                for (j, t) in total.enumerated() { out[j + k * divisor] += h * t }
            }
            total = out
            divisor *= s.factor
        }
        return total
    }

    /// The cascade's outputs for `input` (one every M inputs, the first
    /// input's included): each stage's sums in increasing k, in Float or
    /// Double as stored (Double: `DecimatingCascade`'s, bit for bit).
    public func outputs(_ input: [Double]) -> [Double] {
        var signal = input
        for (taps, s) in zip(acting, decimator.stages) {
            if inFloat {
                let h = taps.map { Float($0) }, x = signal.map { Float($0) }
                signal = stride(from: 0, to: x.count, by: s.factor).map { n in
                    var sum: Float = 0
                    for k in 0..<min(h.count, n + 1) { sum += h[k] * x[n - k] }
                    return Double(sum)
                }
            } else {
                let x = signal
                signal = stride(from: 0, to: x.count, by: s.factor).map { n in
                    var sum = 0.0
                    for k in 0..<min(taps.count, n + 1) { sum += taps[k] * x[n - k] }
                    return sum
                }
            }
        }
        return signal
    }
}
