import EmissionTemplates
import FilterDesign
import FilterRuntime

/// A filter ready to emit: its template and, when it was designed from poles
/// and zeros, its normalised zeros, poles and gain (which `--emit json` writes
/// beside the template).
public struct DesignedFilter: Sendable {
    /// The template (direct form, sections, provenance).
    public var template: DigitalFilterTemplate
    /// The z-plane zeros, poles and gain k with the passband maximum at
    /// |H| = 1 (scipy's convention, `Design.normalized`); `nil` for a
    /// pass-through.
    public var zpk: ZeroPoleGain?
    /// The sample rate its frequencies are in, Hz; nil when they are alphas
    /// (fractions of the sample rate). The template's `designSampleRate`,
    /// Shake!'s field, is 1 then.
    public var sampleRate: Double?

    /// A filter from its parts.
    public init(template: DigitalFilterTemplate, zpk: ZeroPoleGain?, sampleRate: Double?) {
        self.template = template
        self.zpk = zpk
        self.sampleRate = sampleRate
    }

    /// The template of `design` at `sampleRate` (default: the recipe's),
    /// with its zeros, poles and gain.
    public init(_ design: Design, name: String, description: String, tag: Int, sampleRate: Double? = nil) throws(EmissionError) {
        template = try TemplateBuilder.template(for: design, name: name, description: description, tag: tag, sampleRate: sampleRate)
        zpk = design.normalized
        self.sampleRate = sampleRate ?? design.recipe.corners.sampleRate
    }
}
