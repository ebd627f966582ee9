import EmissionTemplates
import FilterDesign
import FilterRuntime

/// Swift for Accelerate's `vDSP.Biquad` (Templates/swift/vdsp.mustache): per
/// filter, its sections as [b0, b1, b2, a1, a2] each, vDSP's signs
/// (y = b0 x + b1 x1 + b2 x2 - a1 y1 - a2 y2), and a function that makes the
/// one-channel `vDSP.Biquad`, all inside `#if canImport(Accelerate)`.
public enum VDSPEmitter {
    /// The source for `filters` in `enum namespace`: their sections, or when
    /// they are FIR filters their taps for `vDSP_conv` (`FIREmitter.vdsp`).
    ///
    /// - Throws: `EmissionError` for a filter realized otherwise than as
    ///   sections or taps, clashing identifiers, a namespace that would hide
    ///   a module (`Swift`, `Accelerate`), a number that is not finite, or
    ///   IIR and FIR filters in one file.
    public static func source(_ filters: [EmittedFilter], namespace: String,
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        if let fir = try filters.firTemplates(for: "vDSP") { return try FIREmitter.vdsp(fir, namespace: namespace, renderer: renderer) }
        if let problem = SwiftSource.namespaceProblem(namespace) { throw EmissionError(problem) }
        let typeName = SwiftSource.typeName(namespace)
        // Every static member the enum declares (a function and its
        // coefficients per filter), with the filter it is for.
        var names = EmittedNames()
        var views: [[String: Any]] = []
        for t in filters {
            // The function named after the filter would hide Accelerate's `vDSP` in the enum.
            let id = try names.claimSwift(t.name, memberSuffixes: ["Coefficients"]) { id in
                id == "vDSP" ? "filter \(SwiftSource.stringLiteral(t.name)) becomes the function `vDSP`, which would hide Accelerate's vDSP in this file; rename it" : nil
            }
            guard let sections = t.sections else {
                throw EmissionError("\(t.quotedName) has no second-order sections (it is realised as \(t.structureName)); vDSP.Biquad needs sections")
            }
            guard t.numbers.allSatisfy(\.isFinite) else { throw EmissionError("\(t.quotedName) has a number that is not finite") }
            views.append([
                "identifier": id,
                "commentName": SwiftSource.commentText(t.name),
                "commentDescription": t.description.contains { !$0.isWhitespace } ? ": " + SwiftSource.commentText(t.description) : "",
                "commentCommandLine": SwiftSource.commentText(t.commandLine),
                "sectionCount": "\(sections.count)",
                "plural": sections.count == 1 ? "" : "s",
                "sectionLines": sections.map { $0.coefficients.map { SwiftSource.doubleLiteral($0) + "," }.joined(separator: " ") },
            ])
        }
        return try renderer.render("swift/vdsp.mustache", [
            "namespace": typeName,
            "namespaceComment": "\(filters.count) filter\(filters.count == 1 ? "" : "s") designed by mkfilter, for vDSP.Biquad.",
            "filters": views,
        ])
    }

}
