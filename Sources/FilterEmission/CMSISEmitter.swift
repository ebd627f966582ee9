import EmissionTemplates
import FilterDesign
import FilterRuntime

/// A C header for CMSIS-DSP's biquad cascades (`arm_biquad_cascade_df1_f32`,
/// `arm_biquad_cascade_df2T_f32`; Templates/c/cmsis.h.mustache): the stage
/// count, the state sizes, and one `float32_t` array of five numbers per stage,
/// {b0, b1, b2, -a1, -a2}, because CMSIS adds the feedback terms
/// (y = b0 x + b1 x1 + b2 x2 + a1 y1 + a2 y2). Floats printed with 9 significant
/// digits read back exactly.
///
/// CMSIS runs the plain coefficients, so near z = 1 its float filter is as far
/// from the design as float rounding of a1 and a2 puts it (7e-4 of the peak for
/// a 2nd-order low-pass at alpha = 0.001); `FilterRuntime` and `--emit c`
/// avoid that (`SectionCascade`).
public enum CMSISEmitter {
    /// The header for `templates`, identifiers prefixed by `prefix`.
    ///
    /// - Throws: `EmissionError` for a template without sections (direct
    ///   form only), a name that makes no identifier, or a number that is not finite.
    public static func header(_ templates: [DigitalFilterTemplate], prefix: String,
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        let base = try CEmitter.prefixIdentifier(prefix)
        var names = EmittedNames()
        var filters: [[String: Any]] = []
        var ids: [String] = []
        for t in templates {
            let id = try CEmitter.identifier(t.name, prefix: prefix)
            ids.append(id)
            try names.claimCMacros(id, for: t.name)
            guard !t.sections.isEmpty else {
                throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)) has no second-order sections (it is realised in direct form); CMSIS-DSP's biquads need sections")
            }
            guard t.sections.flatMap(\.coefficients).allSatisfy(\.isFinite) else {
                throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)) has a number that is not finite")
            }
            filters.append(CEmitter.commentView(t, id: id).merging([
                "id_upper": id.uppercased(),
                "stages": "\(t.sections.count)",
                "stageLines": t.sections.map { s in
                    [s.b0, s.b1, s.b2, -s.a1, -s.a2].map { CEmitter.literal($0, .float) + "," }.joined(separator: " ")
                },
            ]) { _, view in view })
        }
        return try renderer.render("c/cmsis.h.mustache", ["guard": CEmitter.includeGuard(ids, base: base, suffix: "_CMSIS_H"), "filters": filters])
    }
}
