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

    /// A filter from its parts.
    public init(template: DigitalFilterTemplate, zpk: ZeroPoleGain?) {
        self.template = template
        self.zpk = zpk
    }

    /// The template of `design`, with its zeros, poles and gain.
    public init(_ design: Design, name: String, description: String, tag: Int, sampleRate: Double? = nil) throws(EmissionError) {
        template = try TemplateBuilder.template(for: design, name: name, description: description, tag: tag, sampleRate: sampleRate)
        zpk = design.normalized
    }
}
