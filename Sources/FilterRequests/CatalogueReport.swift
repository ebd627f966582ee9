import ComplexModule
import FilterDesign
import FilterRuntime
import RealModule

/// The report of a catalogue design (`CatalogueFilter`): what it is and
/// where its anchor defines it, its zeros, poles and gain k, its
/// second-order sections as they run, and its response at the frequencies
/// that name it, computed from the sections in Double (the filter as run).
/// A weighting's response is given beside IEC 61672-1's analytic curve,
/// with the largest difference from 10 Hz to 0.45 fs.
public enum CatalogueReport {
    /// The report, starting with "Command line: " and the command line.
    public static func text(_ design: Design, commandLine: String) -> String {
        guard case .catalogue(let filter) = design.recipe.family, let zpk = design.normalized else {
            return "Command line: \(commandLine)\n"
        }
        let sections = design.secondOrderSections() ?? []
        var out = "Command line: \(commandLine)\n"
        out += "Design: " + summary(filter, design.recipe) + "\n"
        out += "Gain k        = \(zpk.gain)\n\n"
        out += "Z-plane zeros:\n" + roots(zpk.zeros) + "Z-plane poles:\n" + roots(zpk.poles)
        out += "Sections (transposed direct form II, the gain in the first; b0 b1 b2 a1 a2):\n"
        for (k, s) in sections.enumerated() { out += "\t\(k + 1): \(s.b0) \(s.b1) \(s.b2) \(s.a1) \(s.a2)\n" }
        out += "\n" + responseTable(filter, design.recipe, sections)
        if case .weighting(let curve) = filter, let fs = design.recipe.corners.sampleRate {
            out += weightingError(curve, sampleRate: fs, sections)
        }
        return out
    }

    /// One line: the anchor and the parameters.
    static func summary(_ filter: CatalogueFilter, _ recipe: FilterRecipe) -> String {
        let f = frequency(recipe.alpha1, recipe)
        switch filter {
        case .notch(let q): return "scipy's iirnotch: notch at \(f), Q \(q), -3 dB bandwidth \(frequency(recipe.alpha1 / q, recipe))"
        case .peak(let q): return "scipy's iirpeak: peak at \(f), Q \(q), -3 dB bandwidth \(frequency(recipe.alpha1 / q, recipe))"
        case let .comb(q, response, passZero):
            // Zeros at z^N = 1 (dc and the harmonics) or, with pass_zero, at z^N = -1; |H| = 1 at the others.
            let (zeros, unit) = passZero ? ("the odd multiples of half of it", "dc and its harmonics")
                : ("dc and its harmonics", "the odd multiples of half of it")
            return "scipy's iircomb (\(response.rawValue)\(passZero ? ", pass_zero" : "")): N = \(Comb.teeth(alpha: recipe.alpha1) ?? 0) teeth "
                + "of \(f), Q \(q): zeros at \(zeros), 1 at \(unit)"
        case .gammatone:
            let hz = recipe.alpha1 * (recipe.corners.sampleRate ?? 1)
            return "scipy's gammatone (IIR, Slaney): centre \(f), bandwidth 1.019 ERB = \(formatC("%.6g", 1.019 * Gammatone.equivalentRectangularBandwidth(hz))) Hz"
        case let .cookbook(response, q, gain):
            return "Audio EQ Cookbook \(response.rawValue) at \(f)" + (response.takesQuality ? ", Q \(q)" : ", slope S = 1")
                + (response.takesGain ? ", gain \(gain) dB" : "")
        case .weighting(let curve):
            return "IEC 61672-1 \(curve.rawValue) weighting at \(formatC("%g", recipe.corners.sampleRate ?? 0)) Hz, 0 dB at 1 kHz"
        }
    }

    /// `alpha` in Hz when the recipe has a sample rate, else as alpha.
    static func frequency(_ alpha: Double, _ recipe: FilterRecipe) -> String {
        guard let fs = recipe.corners.sampleRate else { return formatC("alpha %.10g", alpha) }
        return formatC("%.10g Hz", alpha * fs)
    }

    static func roots(_ roots: [Complex<Double>]) -> String {
        roots.map { formatC("\t%18.15f + j %18.15f\n", $0.real, $0.imaginary) }.joined() + "\n"
    }

    /// H(exp(j 2 pi alpha)) of the sections.
    static func response(_ sections: [Biquad], alpha: Double) -> Complex<Double> {
        sections.reduce(Complex(1, 0)) { $0 * $1.response(atPhase: 2 * Double.pi * alpha) }
    }

    /// The frequencies that name the filter, with their names.
    static func namedFrequencies(_ filter: CatalogueFilter, _ alpha: Double, sampleRate: Double?) -> [(String, Double)] {
        var points: [(String, Double)] = [("dc", 0)]
        switch filter {
        case .notch(let q), .peak(let q):
            let half = alpha / q / 2
            points += [("f - f/2Q", alpha - half), ("the frequency", alpha), ("f + f/2Q", alpha + half)]
        case .comb:
            points += [("half the frequency", alpha / 2), ("the frequency", alpha), ("one and a half", 1.5 * alpha)]
        case .gammatone:
            let erb = Gammatone.equivalentRectangularBandwidth(alpha * (sampleRate ?? 1)) / (sampleRate ?? 1)
            points += [("centre - 1 ERB", alpha - erb), ("the centre", alpha), ("centre + 1 ERB", alpha + erb)]
        case .cookbook:
            points += [("half the frequency", alpha / 2), ("the frequency", alpha), ("twice the frequency", 2 * alpha)]
        case .weighting:
            let fs = sampleRate ?? 1
            points = [10.0, 31.5, 63, 125, 250, 500, 1000, 2000, 4000, 8000, 12500, 16000, 20000]
                .filter { $0 < 0.45 * fs }.map { ("", $0 / fs) }
            return points
        }
        return points.filter { $0.1 > 0 && $0.1 < 0.5 || $0.0 == "dc" } + [("Nyquist", 0.5)]
    }

    static func responseTable(_ filter: CatalogueFilter, _ recipe: FilterRecipe, _ sections: [Biquad]) -> String {
        let weighting: WeightingCurve? = { if case .weighting(let c) = filter { return c } else { return nil } }()
        var out = "Response as run (the sections in Double):\n"
        out += weighting == nil ? "\tfrequency                                       |H|              dB   phase (rad)\n"
            : "\tfrequency                                       |H|              dB   IEC 61672-1 dB   difference dB\n"
        for (name, alpha) in namedFrequencies(filter, recipe.alpha1, sampleRate: recipe.corners.sampleRate) {
            let h = response(sections, alpha: alpha)
            if h.length == 0 {
                // A zero on the unit circle, hit exactly: no dB, no phase.
                let text = frequency(alpha, recipe) + (name.isEmpty ? "" : " (" + name + ")")
                out += "\t" + text + String(repeating: " ", count: max(0, 46 - text.count)) + " 0 (a zero of H)\n"
                continue
            }
            // Within half a unit of the last digit shown, 0 dB is 0 (not -0.000000).
            let decibels = 20 * Double.log10(h.length)
            let db = formatC("%14.6f", abs(decibels) < 5e-7 ? 0 : decibels)
            let text = frequency(alpha, recipe) + (name.isEmpty ? "" : " (" + name + ")")
            let label = text + String(repeating: " ", count: max(0, 46 - text.count))
            if let weighting, let fs = recipe.corners.sampleRate {
                let curve = FrequencyWeighting.analyticDecibels(curve: weighting, frequency: alpha * fs)
                out += "\t\(label) " + formatC("%.10f  ", h.length) + db + formatC("   %14.6f   %13.6f\n", curve, 20 * Double.log10(h.length) - curve)
            } else {
                out += "\t\(label) " + formatC("%.10f  ", h.length) + db + formatC("   %11.8f\n", h.phase)
            }
        }
        return out
    }

    /// The largest |difference| in dB from IEC 61672-1's curve, 10 Hz to
    /// 0.45 fs, on 2,000 log-spaced points.
    static func weightingError(_ curve: WeightingCurve, sampleRate fs: Double, _ sections: [Biquad]) -> String {
        let top = 0.45 * fs
        var worst = (error: 0.0, at: 10.0)
        for k in 0...2000 {
            let f = 10 * Double.pow(top / 10, Double(k) / 2000)
            let e = abs(20 * Double.log10(response(sections, alpha: f / fs).length) - FrequencyWeighting.analyticDecibels(curve: curve, frequency: f))
            if e > worst.error { worst = (e, f) }
        }
        return formatC("\nLargest difference from IEC 61672-1, 10 Hz to 0.45 fs (%g Hz): %.4f dB at %.6g Hz\n", top, worst.error, worst.at)
    }
}
