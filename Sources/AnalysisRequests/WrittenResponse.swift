import FilterAnalysis
import FilterDesign

/// How far a template's filter *as written* (its printed gain and
/// coefficients) is from the redesigned filter, judged by frequency response.
///
/// On a grid of 4,097 frequencies plus the band edges, with H_w the written
/// filter's response and H_d the redesign's (both B / (g A), evaluated in
/// double-double arithmetic):
///
///     passband deviation = max over the passband of |20 log10 |H_w / H_d||   (dB)
///     overall deviation  = max over 0 ... Nyquist of |H_w - H_d| / max |H_d|
///
/// The passband is where the recipe passes: 0 ... a1 (low-pass), a1 ... 0.5
/// (high-pass), a1 ... a2 (band-pass), both sides of a1 ... a2 (band-stop),
/// or the specification's passband for Chebyshev II and elliptic filters.
///
/// A template printed with few digits cannot do better than the redesign
/// rounded to those digits, so the limits are the larger of a fixed threshold
/// and ten times what that rounding costs (the *baseline*):
///
///     passband limit = max(0.01 dB, 10 x baseline passband deviation)
///     overall limit  = max(1e-3,    10 x baseline overall deviation)
///
/// On Shake!'s eleven hand-copied templates the filters that only differ by
/// rounding deviate by at most 1.0e-4 dB in the passband; the two defects by
/// 3.4 dB (tag 14, two missing x coefficients) and 45 dB (tag 10, a sign).
struct WrittenResponse {
    /// The fixed passband limit, dB.
    static let passbandDecibels = 0.01
    /// The fixed overall limit, as a fraction of the redesign's peak.
    static let overallFraction = 1e-3

    let passbandDeviation: Double
    let overallDeviation: Double
    let passbandLimit: Double
    let overallLimit: Double

    var passed: Bool { passbandDeviation <= passbandLimit && overallDeviation <= overallLimit }

    /// Compares `written` with `designed`, `rounded` being the redesign
    /// rounded to the digits the template was printed with.
    init(written: TransferFunction, designed: TransferFunction, rounded: TransferFunction, recipe: FilterRecipe) {
        let passband = Self.passband(of: recipe)
        var alphas = (0...4096).map { Double($0) / 8192 }
        alphas += passband.flatMap { [$0.lowerBound, $0.upperBound] }
        alphas = alphas.map { min(max($0, 1e-9), 0.5 - 1e-9) }
        let d = alphas.map { FrequencyResponse.evaluateExactly(designed, atAlpha: $0) }
        let peak = d.map(\.length).filter(\.isFinite).max() ?? 0
        func deviations(_ t: TransferFunction) -> (Double, Double) {
            var inBand = 0.0, overall = 0.0
            for (i, alpha) in alphas.enumerated() {
                let h = FrequencyResponse.evaluateExactly(t, atAlpha: alpha)
                let difference = (h - d[i]).length / peak
                overall = difference.isNaN ? .infinity : max(overall, difference)
                if passband.contains(where: { $0.contains(alpha) }) {
                    let ratio = h.length / d[i].length
                    let decibels = abs(20 * Double.log10(ratio))
                    inBand = decibels.isNaN ? .infinity : max(inBand, decibels)
                }
            }
            return (inBand, overall)
        }
        (passbandDeviation, overallDeviation) = deviations(written)
        let baseline = deviations(rounded)
        passbandLimit = max(Self.passbandDecibels, 10 * baseline.0)
        overallLimit = max(Self.overallFraction, 10 * baseline.1)
    }

    /// The alphas where `recipe` passes.
    static func passband(of recipe: FilterRecipe) -> [ClosedRange<Double>] {
        if let requirements = recipe.bandRequirements { return requirements.passband }
        let (a1, a2) = (recipe.alpha1, recipe.alpha2)
        switch recipe.band {
        case .lowPass: return [0...a1]
        case .highPass: return [a1...0.5]
        case .bandPass: return [a1...a2]
        case .bandStop: return [0...a1, a2...0.5]
        case .allPass, nil: return [0...0.5]
        }
    }

    /// One line of evidence.
    var detail: String {
        "the filter as written is " + Verification.format(passbandDeviation) + " dB from the redesign in its passband (allowed "
            + Verification.format(passbandLimit) + " dB) and " + Verification.format(overallDeviation)
            + " of its peak anywhere (allowed " + Verification.format(overallLimit) + ")"
    }
}
