import EmissionTemplates
import FilterDesign
import FilterRuntime

/// Turns designs into `DigitalFilterTemplate`s with full-precision coefficients
/// (not the 10 digits of Fisher's listing) and their provenance.
public enum TemplateBuilder {
    /// The template for `design`.
    ///
    /// - Parameters:
    ///   - sampleRate: Hz; defaults to the recipe's, else 1 (frequencies are
    ///     then in cycles per sample).
    /// - Throws: `EmissionError` when G is not finite (a Q = Inf band-pass resonator).
    public static func template(for design: Design, name: String, description: String, tag: Int,
                                sampleRate: Double? = nil) throws(EmissionError) -> DigitalFilterTemplate {
        let recipe = design.recipe
        guard case .finite(let g) = design.passbandGain else {
            throw EmissionError("filter \(name): the passband gain G is infinite (\(design.infiniteGainCause)); it cannot be normalised")
        }
        let fs = sampleRate ?? recipe.corners.sampleRate ?? 1.0
        // Frequencies in Hz exactly as the recipe was given them (so that a
        // redesign at another rate starts from the same numbers), else alpha * fs.
        let corners = recipe.corners.sampleRate == fs ? recipe.corners.hertz : nil
        let corner1 = corners?.0 ?? recipe.alpha1 * fs
        let corner2 = corners.map { $0.1 ?? 0 } ?? recipe.corners.alpha2.map { $0 * fs } ?? 0
        let extraZero = recipe.corners.sampleRate == fs ? recipe.extraZeroFrequency ?? recipe.extraZeroAlpha.map { $0 * fs }
            : recipe.extraZeroAlpha.map { $0 * fs }
        let y = design.recurrence.yCoefficients
        return DigitalFilterTemplate(
            tag: tag, name: name, description: description,
            filterClass: FilterClass(family: recipe.family, band: recipe.band),
            designSampleRate: fs, cornerFrequency1: corner1, cornerFrequency2: corner2,
            frequency3: extraZero ?? 0,
            // A catalogue filter's order is its number of poles (a comb's N, a weighting's 5 or 7).
            // A catalogue filter's G = 1 / k keeps its sign (a cookbook all-pass with alpha > 1 has k < 0).
            order: recipe.order ?? (recipe.family.name.isCatalogue ? design.zPlane.poles.count : 2),
            gain: recipe.family.name.isCatalogue ? g.real : FisherArithmetic.magnitude(g),
            xCoefficients: design.recurrence.xCoefficients,
            yCoefficients: Array(y.dropLast()),
            sections: recipe.realization == .sections ? design.secondOrderSections() ?? [] : [],
            provenance: TemplateProvenance.provenance(of: recipe, extraZero: extraZero))
    }

    /// Shake!'s pass-through entry: y = x.
    public static func passThrough(name: String, description: String, tag: Int, sampleRate: Double) -> DigitalFilterTemplate {
        DigitalFilterTemplate(
            tag: tag, name: name, description: description, filterClass: .passThrough,
            designSampleRate: sampleRate, cornerFrequency1: 0, order: 0, gain: 1,
            xCoefficients: [1], yCoefficients: [],
            provenance: FilterProvenance(family: "none", transform: "none", mkfilterCommandLine: ""))
    }

    /// The first `count` samples of the template's impulse response, run in Double.
    public static func impulseResponse(_ template: DigitalFilterTemplate, count: Int = 32) -> [Double] {
        var filter = DigitalFilter<Double>(template)
        return (0..<count).map { filter.process($0 == 0 ? 1.0 : 0.0) }
    }
}
