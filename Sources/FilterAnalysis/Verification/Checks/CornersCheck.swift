import FilterDesign
import RealModule

extension VerificationRun {
    /// **corners** (Butterworth and Bessel by the pre-warped bilinear
    /// transform): |H| = 1/sqrt(2) of the peak at each corner, within the gain
    /// tolerance. -3 dB is relative to the peak: a band-pass is normalised at
    /// the arithmetic centre of its corners, which is not where it peaks.
    mutating func checkCorners(_ spec: FilterRecipe, _ measure: ResponseMeasurements, peak: Double) {
        let corners = spec.cornerAlphas
        let ratios = corners.map { measure.magnitude(atAlpha: $0) / peak }
        let worst = ratios.map { abs($0 * 2.0.squareRoot() - 1) }.max() ?? 0
        var detail = ""
        for (corner, ratio) in zip(corners, ratios) {
            if !detail.isEmpty { detail += ", " }
            detail += "|H| at " + format(corner) + hz(corner) + " = " + format(20 * Double.log10(ratio), "%.9f") + " dB"
        }
        detail += " of the peak (-3.010299957 dB expected; worst off by " + format(worst)
            + " relative, allowed " + format(gainTolerance) + ")"
        record(VerificationCheck(name: "corners", passed: worst <= gainTolerance, detail: detail))
    }
}
