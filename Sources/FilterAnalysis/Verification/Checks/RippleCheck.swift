import FilterDesign
import RealModule

extension VerificationRun {
    /// **ripple** (Chebyshev by the pre-warped bilinear transform): the
    /// passband ripple at most `rippleDecibels`, and -`rippleDecibels` dB
    /// (from the passband peak) at the corners, within the ripple tolerance.
    /// Records the ripple as a figure.
    mutating func checkRipple(_ spec: FilterRecipe, _ measure: ResponseMeasurements, rippleDecibels: Double) {
        let band: [(Double, Double)]
        switch spec.band! {
        case .lowPass: band = [(0, spec.alpha1)]
        case .highPass: band = [(spec.alpha1, 0.5)]
        case .bandPass: band = [(spec.alpha1, spec.alpha2)]
        default: band = [(0, spec.alpha1), (spec.alpha2, 0.5)]
        }
        var lo = Double.infinity, hi = -Double.infinity
        for (a, b) in band {
            let range = measure.decibelRange(from: a, to: b)
            lo = min(lo, range.minimum); hi = max(hi, range.maximum)
        }
        let ripple = hi - lo
        let edge = spec.cornerAlphas.map { 20 * Double.log10(measure.magnitude(atAlpha: $0)) - hi }
        let edgeError = edge.map { abs($0 + rippleDecibels) }.max() ?? 0
        figure("passband ripple", ripple, "dB")
        record(VerificationCheck(
            name: "ripple", passed: ripple <= rippleDecibels + rippleTolerance
                && edgeError <= rippleTolerance,
            detail: "passband ripple " + format(ripple) + " dB (spec " + format(rippleDecibels)
                + " dB), corners at " + edge.map { format($0) }.joined(separator: ", ") + " dB below the passband peak"))
    }
}
