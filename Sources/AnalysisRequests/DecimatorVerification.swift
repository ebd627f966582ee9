import ComplexModule
import FilterAnalysis
import FilterDesign
import FilterRequests
import RealModule

/// `mkfilter verify decimator ...`: a multistage decimator judged as it runs,
/// each stage's taps as stored (Double, Float, or CMSIS's q15/q31 from
/// `--emit cmsis-q15|q31`, divided by their output scale), against its
/// specification, as `scripts/decimator_check.py` judges the design:
///
/// - **passband**: the stages' gains, each at its own rate, multiply over
///   0 ... p (4,001 points) to within R dB peak to peak:
///   |H(f)| = prod_i |H_i(f P_i)|, P_i the factors before stage i;
/// - **aliasing**: in each stage every band [k/m - p', k/m + p'] (p' = p P_i,
///   the edge at the stage's input rate, clipped to 0.5) that folds onto the
///   passband is at least A dB down: on a grid of at least 32 points a tap
///   (one real FFT) and at each band's edges;
/// - in fixed point, **no overflow** (each stage's sum |c_k| <= 2^F - 1, the
///   proof `FixedPointTaps` scales for) and the **accuracy** of a faded-in
///   0.9 full-scale sine at p/2 through the stages chained bit for bit as
///   ARM's `arm_fir_decimate_q15|q31` compute them, against the exact
///   cascade times the stages' output scales: at least 40 dB.
extension VerificationRequest {
    /// The item for `decimator` run in `precision` (double or float) or in
    /// `fixedPoint`, labelled `commandLine`.
    ///
    /// - Throws: `ApplicationError` for a precision a decimator does not run
    ///   in, or a stage CMSIS cannot hold.
    static func verify(_ decimator: MultistageDecimator, commandLine: String, precision: RunningPrecision,
                       fixedPoint: FixedPointArithmetic?) throws(ApplicationError) -> VerificationItem {
        var checks: [VerificationCheck] = [], figures: [VerificationFigure] = []
        let run = try DecimatorAsRun(decimator, precision: precision, fixedPoint: fixedPoint)
        let fixed = run.fixed, name = run.name
        let spec = decimator.specification
        let ripple = run.passbandRipple
        figures.append(VerificationFigure(name: "passband ripple", value: ripple, unit: "dB peak to peak (allowed \(Verification.format(spec.passbandLoss)))"))
        checks.append(VerificationCheck(name: "passband", passed: ripple <= spec.passbandLoss,
                                        detail: "0 ... \(Verification.format(spec.passbandEdge)) within \(Verification.format(ripple)) dB peak to peak "
                                            + "in \(name), at most \(Verification.format(spec.passbandLoss))"))
        var worst = Double.infinity, failing: [String] = []
        for (i, attenuation) in run.aliasingAttenuations.enumerated() {
            if attenuation.isFinite { figures.append(VerificationFigure(name: "stage \(i + 1) aliasing attenuation", value: attenuation, unit: "dB")) }
            if !(attenuation >= spec.stopbandAttenuation) { failing.append("stage \(i + 1): \(Verification.format(attenuation)) dB") }
            worst = min(worst, attenuation)
        }
        checks.append(VerificationCheck(
            name: "aliasing", passed: failing.isEmpty,
            detail: failing.isEmpty
                ? "every band that folds onto the passband at least \(Verification.format(worst)) dB down in \(name), at least \(Verification.format(spec.stopbandAttenuation))"
                : "less than \(Verification.format(spec.stopbandAttenuation)) dB down in \(name): " + failing.joined(separator: ", ")
                    + (fixedPoint?.format == .q15 ? "; use q31 or Float" : fixedPoint != nil ? "; use Float" : "")))
        if let fixedPoint { fixedPointCascadeChecks(fixed, decimator, fixedPoint, into: &checks, &figures) }
        return VerificationItem(label: commandLine, checks: checks, figures: figures)
    }

    /// |sum_k h[k] e^{-2 pi i alpha k}| (`FIRFilter.magnitude(of:atAlpha:)`).
    static func magnitude(_ taps: [Double], atAlpha alpha: Double) -> Double { FIRFilter.magnitude(of: taps, atAlpha: alpha) }

    /// The cascade's passband ripple, dB peak to peak over 0 ... `edge` (4,001 points).
    static func passbandRipple(_ stages: [[Double]], factors: [Int], edge: Double) -> Double {
        var highest = -Double.infinity, lowest = Double.infinity
        for j in 0...4000 {
            let f = edge * Double(j) / 4000
            var divisor = 1.0, decibels = 0.0
            for (taps, m) in zip(stages, factors) {
                decibels += 20 * Double.log10(magnitude(taps, atAlpha: f * divisor))
                divisor *= Double(m)
            }
            highest = max(highest, decibels)
            lowest = min(lowest, decibels)
        }
        return highest - lowest
    }

    /// The least attenuation, dB, of `taps` over the bands that fold onto
    /// 0 ... `edge` when every `factor`-th output is kept: on the FFT grid
    /// j / L (L at least 32 points a tap, 2^14 at least) and at the edges.
    static func aliasingAttenuation(_ taps: [Double], factor m: Int, edge: Double) -> Double {
        guard m > 1 else { return .infinity }
        var length = 1 << 14
        while length < 32 * taps.count { length *= 2 }
        let spectrum = RealFFT(length: length).transform(taps)
        var largest = 0.0, k = 1
        while Double(k) / Double(m) - edge < 0.5 {
            let lower = max(Double(k) / Double(m) - edge, 0), upper = min(Double(k) / Double(m) + edge, 0.5)
            largest = max(largest, magnitude(taps, atAlpha: lower), magnitude(taps, atAlpha: upper))
            let first = Int((lower * Double(length)).rounded(.up)), last = Int((upper * Double(length)).rounded(.down))
            if first <= last {
                for j in first...last { largest = max(largest, spectrum[j].length) }
            }
            k += 1
        }
        return largest > 0 ? -20 * Double.log10(largest) : .infinity
    }

    /// In fixed point: every stage's proof against overflow, and the
    /// accuracy of a 0.9 full-scale sine at p/2 through the stages chained
    /// bit for bit (each output n the exact sum c_k x[n m - k] shifted right
    /// by F, q15 saturated) against the exact cascade scaled as stored.
    static func fixedPointCascadeChecks(_ fixed: [FixedPointTaps], _ decimator: MultistageDecimator, _ a: FixedPointArithmetic,
                                        into checks: inout [VerificationCheck], _ figures: inout [VerificationFigure]) {
        let norms = fixed.map(\.l1Norm)
        checks.append(VerificationCheck(
            name: "no overflow", passed: norms.allSatisfy { $0 <= a.largestInteger },
            detail: "each stage's sum |c| (\(norms.map(String.init).joined(separator: ", "))) <= \(a.largestInteger): for any input within "
                + "full scale the accumulator shifted by \(a.fractionBits) fits \(a.cType)"))
        let scale = fixed.reduce(1) { $0 * $1.outputScale }
        figures.append(VerificationFigure(name: "output scale", value: scale, unit: "(the stages' L1 scalings multiplied)"))
        let factor = decimator.specification.factor, measured = 1024
        let fade = max(decimator.stages[0].taps.count, 64)
        let count = (measured + 4) * factor + fade + decimator.stages.reduce(0) { $0 + $1.taps.count * factor }
        var x = FixedPointRun.sinusoid(a, alpha: decimator.specification.passbandEdge / 2, amplitude: 0.9, count: count, fadeIn: fade)
        var exact = x.map { Double($0) * a.quantum }
        for (f, s) in zip(fixed, decimator.stages) {
            let c = f.coefficients, shift = Int64(a.fractionBits), m = s.factor
            x = stride(from: 0, to: x.count, by: m).map { n in
                var acc: Int64 = 0
                for k in 0..<min(c.count, n + 1) { acc = acc &+ c[k] &* x[n - k] }
                let low = Int64(Int32(truncatingIfNeeded: acc >> shift))
                return a.format == .q15 ? min(max(low, -32_768), 32_767) : low
            }
            exact = stride(from: 0, to: exact.count, by: m).map { n in
                var sum = 0.0
                for k in 0..<min(s.taps.count, n + 1) { sum += s.taps[k] * exact[n - k] }
                return sum * f.outputScale
            }
        }
        var signal = 0.0, noise = 0.0
        for n in (x.count - measured)..<x.count {
            let error = Double(x[n]) * a.quantum - exact[n]
            signal += exact[n] * exact[n]
            noise += error * error
        }
        let snr = noise > 0 ? 10 * Double.log10(signal / noise) : .infinity
        if snr.isFinite { figures.append(VerificationFigure(name: "measured SNR", value: snr, unit: "dB (a 0.9 full-scale sine at p/2)")) }
        checks.append(VerificationCheck(
            name: "accuracy", passed: snr >= FixedPointSections.usefulSNR,
            detail: "\(formatC("%.1f", snr)) dB of signal to error over the last \(measured) outputs, at least "
                + "\(formatC("%.0f", FixedPointSections.usefulSNR))" + (snr >= FixedPointSections.usefulSNR ? "" : "; use q31 or Float")))
    }
}
