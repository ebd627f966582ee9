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
    /// The header for `filters`, identifiers prefixed by `prefix`: their
    /// sections, or when they are FIR filters their taps for `arm_fir_f32`
    /// (`FIREmitter.cmsis`), or for a resampler CMSIS's decimator or
    /// interpolator (`ResamplerEmitter.cmsis`, one per header).
    ///
    /// - Throws: `EmissionError` for a filter realized otherwise (a
    ///   recurrence, fixed point), a name that makes no identifier, a number
    ///   that is not finite, or IIR and FIR filters in one header.
    public static func header(_ filters: [EmittedFilter], prefix: String,
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        if let fir = try filters.firTemplates(for: "CMSIS-DSP") { return try FIREmitter.cmsis(fir, prefix: prefix, renderer: renderer) }
        if filters.count == 1, let resampler = filters[0].resampler {
            return try ResamplerEmitter.cmsis(resampler.resampler, fixed: nil, prefix: prefix, renderer: renderer)
        }
        if filters.count > 1, filters.contains(where: { $0.resampler != nil }) {
            throw EmissionError("a resampler is written one to a CMSIS-DSP header; emit it alone")
        }
        let base = try CEmitter.prefixIdentifier(prefix)
        var names = EmittedNames()
        var views: [[String: Any]] = []
        var ids: [String] = []
        for t in filters {
            let id = try CEmitter.identifier(t.name, prefix: prefix)
            ids.append(id)
            try names.claimCMacros(id, for: t.name)
            guard let sections = t.sections else {
                throw EmissionError("\(t.quotedName) has no second-order sections (it is realised as \(t.structureName)); CMSIS-DSP's biquads need sections")
            }
            guard t.numbers.allSatisfy(\.isFinite) else { throw EmissionError("\(t.quotedName) has a number that is not finite") }
            views.append(CEmitter.commentView(t, id: id).merging([
                "id_upper": id.uppercased(),
                "stages": "\(sections.count)",
                "stageLines": sections.map { s in
                    [s.b0, s.b1, s.b2, -s.a1, -s.a2].map { CEmitter.literal($0, .float) + "," }.joined(separator: " ")
                },
            ]) { _, view in view })
        }
        return try renderer.render("c/cmsis.h.mustache", ["guard": CEmitter.includeGuard(ids, base: base, suffix: "_CMSIS_H"), "filters": views])
    }

}
