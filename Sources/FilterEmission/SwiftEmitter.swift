import EmissionTemplates
import FilterRuntime

/// Writes `DigitalFilterTemplate` constants as Swift source (Templates/swift/filters.mustache).
public enum SwiftEmitter {
    /// How many impulse-response samples accompany each filter.
    public static let impulseCount = 32

    /// Swift source declaring `templates` in `enum namespace`, in the given order.
    ///
    /// The file names every type it uses with its module (`Swift.Double`,
    /// `FilterRuntime.DigitalFilterTemplate`), so a namespace or a filter named
    /// like one of them (`Double`, `Biquad`) still compiles.
    ///
    /// - Throws: `EmissionError` for an empty name or namespace, a namespace
    ///   that would hide a module (`Swift`, `FilterRuntime`; see
    ///   `SwiftSource.namespaceProblem`), two filters whose names give the same
    ///   identifier (both named), or a number that is not finite.
    public static func source(_ templates: [DigitalFilterTemplate], namespace: String,
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        try source(namespaces: [(templates, namespace)], renderer: renderer)
    }

    /// Swift source declaring several enums in one file (for example one filter
    /// set at several sample rates), each holding its templates in order.
    ///
    /// - Throws: `EmissionError` as `source(_:namespace:renderer:)` does, and
    ///   for two namespaces that give the same type name.
    public static func source(namespaces: [(templates: [DigitalFilterTemplate], namespace: String)],
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        try source(namespaces: namespaces.map { ($0.templates, [], $0.namespace) }, renderer: renderer)
    }

    /// Swift source declaring several enums in one file, each holding its
    /// IIR templates (`all`) and then its FIR filters as
    /// `FilterRuntime.FIRTemplate` constants (`allFIR`, declared only when
    /// there are some), each list in order: a filter set file's Swift.
    ///
    /// - Throws: `EmissionError` as `source(_:namespace:renderer:)` does,
    ///   for two namespaces that give the same type name, and for a filter
    ///   whose identifier is `allFIR`.
    public static func source(namespaces: [(templates: [DigitalFilterTemplate], fir: [FIRTemplate], namespace: String)],
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        var views: [[String: Any]] = []
        var typeNames: [String: String] = [:]
        for group in namespaces {
            let name = typeName(group.namespace)
            if let other = typeNames[name] {
                throw EmissionError("namespaces \(SwiftSource.stringLiteral(other)) and \(SwiftSource.stringLiteral(group.namespace)) both become the Swift type `\(name)`; rename one")
            }
            typeNames[name] = group.namespace
            views.append(try namespaceView(group.templates, fir: group.fir, namespace: group.namespace))
        }
        // One namespace's keys also at the top, for --template files written
        // before templates had a `namespaces` section.
        var view: [String: Any] = views.count == 1 ? views[0] : [:]
        view["namespaces"] = views
        return try renderer.render("swift/filters.mustache", view)
    }

    /// The Swift type name a namespace becomes (letters and digits, starting with a capital).
    public static func typeName(_ namespace: String) -> String { SwiftSource.typeName(namespace) }

    static func namespaceView(_ templates: [DigitalFilterTemplate], fir: [FIRTemplate] = [],
                              namespace: String) throws(EmissionError) -> [String: Any] {
        if let problem = SwiftSource.namespaceProblem(namespace) { throw EmissionError(problem) }
        let typeName = SwiftSource.typeName(namespace)
        // Every static member the enum declares, with the filter it is for
        // (`all` cannot be one: `identifier` makes the name "all" `all_`;
        // `allFIR`, declared with FIR filters, is refused).
        for name in templates.map(\.name) + fir.map(\.name) where !fir.isEmpty && SwiftSource.identifier(name) == "allFIR" {
            throw EmissionError("filter \(SwiftSource.stringLiteral(name)) becomes the Swift identifier `allFIR`, which this file declares for its list of FIR filters; rename it")
        }
        var names = EmittedNames()
        var filters: [[String: Any]] = []
        for t in templates { filters.append(try filterView(t, names: &names)) }
        var firFilters: [[String: Any]] = []
        for t in fir {
            // The FIR emitter's own view, its identifier claimed among the IIR ones.
            firFilters.append(try FIREmitter.swiftView(t, names: &names, memberSuffixes: [])
                .merging(FIREmitter.templateLiterals(t)) { _, new in new })
        }
        let count = templates.count + fir.count
        return [
            "namespace": typeName,
            "namespaceComment": "\(count) filter\(count == 1 ? "" : "s") designed by mkfilter"
                + (fir.isEmpty ? "." : " (\(fir.count) FIR, run with `FilterRuntime.FIRDirectForm`)."),
            "filters": filters,
            "hasFIR": !fir.isEmpty,
            "firFilters": firFilters,
        ]
    }
}

extension SwiftEmitter {
    /// Every number a template's Swift writes (its rates, corners, gain,
    /// coefficients, sections and provenance's numbers), to be checked finite.
    private static func numbers(of t: DigitalFilterTemplate) -> [Double] {
        [t.designSampleRate, t.cornerFrequency1, t.cornerFrequency2, t.frequency3, t.gain]
            + t.xCoefficients + t.yCoefficients + t.sections.flatMap(\.coefficients)
            + [t.provenance.rippleDecibels ?? 0, t.provenance.extraZeroFrequency ?? 0, t.provenance.attenuationDecibels ?? 0,
               t.provenance.passbandLoss ?? 0, t.provenance.stopbandAttenuation ?? 0]
            + (t.provenance.passbandEdges ?? []) + (t.provenance.stopbandEdges ?? [])
    }

    /// An optional Double as a Swift literal: nil, ±.infinity, or the exact double.
    private static func optionalLiteral(_ x: Double?) -> String {
        guard let x else { return "nil" }
        return x.isInfinite ? (x > 0 ? ".infinity" : "-.infinity") : SwiftSource.doubleLiteral(x)
    }

    /// One IIR template's mustache fields, its identifier claimed in `names`.
    static func filterView(_ t: DigitalFilterTemplate, names: inout EmittedNames) throws(EmissionError) -> [String: Any] {
        guard !t.name.isEmpty else { throw EmissionError("a filter has an empty name; every filter needs one (it becomes its Swift identifier)") }
        let id = try names.claimSwift(t.name, memberSuffixes: ["ImpulseResponse"])
        guard numbers(of: t).allSatisfy(\.isFinite) else {
            throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)) has a number that is not finite")
        }
        let impulse = TemplateBuilder.impulseResponse(t, count: impulseCount)
        guard impulse.allSatisfy(\.isFinite) else {
            throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)): its impulse response overflows; the filter is unstable")
        }
        let lines = stride(from: 0, to: impulse.count, by: 4).map { start in
            impulse[start..<min(start + 4, impulse.count)].map { SwiftSource.doubleLiteral($0) + "," }.joined(separator: " ")
        }
        return [
            "identifier": id,
            "commentName": SwiftSource.commentText(t.name),
            "commentDescription": SwiftSource.commentText(t.description),
            "hasDescription": t.description.contains { !$0.isWhitespace },
            "commentCommandLine": SwiftSource.commentText(t.provenance.mkfilterCommandLine.isEmpty ? "(\(t.name): pass-through)" : t.provenance.mkfilterCommandLine),
            "tag": "\(t.tag)",
            "nameLiteral": SwiftSource.stringLiteral(t.name),
            "descriptionLiteral": SwiftSource.stringLiteral(t.description),
            "filterClass": t.filterClass.rawValue,
            "sampleRate": SwiftSource.doubleLiteral(t.designSampleRate),
            "corner1": SwiftSource.doubleLiteral(t.cornerFrequency1),
            "corner2": SwiftSource.doubleLiteral(t.cornerFrequency2),
            "frequency3": SwiftSource.doubleLiteral(t.frequency3),
            "order": "\(t.order)",
            "gain": SwiftSource.doubleLiteral(t.gain),
            "xCoefficients": t.xCoefficients.map(SwiftSource.doubleLiteral).joined(separator: ", "),
            "yCoefficients": t.yCoefficients.map(SwiftSource.doubleLiteral).joined(separator: ", "),
            "hasSections": !t.sections.isEmpty,
            "sections": t.sections.map { s -> [String: String] in
                ["b0": SwiftSource.doubleLiteral(s.b0), "b1": SwiftSource.doubleLiteral(s.b1), "b2": SwiftSource.doubleLiteral(s.b2),
                 "a1": SwiftSource.doubleLiteral(s.a1), "a2": SwiftSource.doubleLiteral(s.a2)]
            },
            "familyLiteral": SwiftSource.stringLiteral(t.provenance.family),
            "ripple": optionalLiteral(t.provenance.rippleDecibels),
            "qualityFactor": optionalLiteral(t.provenance.qualityFactor),
            "transformLiteral": SwiftSource.stringLiteral(t.provenance.transform),
            "poleSubset": t.provenance.poleSubset.map { "[" + $0.map(String.init).joined(separator: ", ") + "]" } ?? "nil",
            "extraZero": optionalLiteral(t.provenance.extraZeroFrequency),
            "besselPoles": t.provenance.besselPoles.map { [SwiftSource.stringLiteral($0)] } ?? [],
            "commandLineLiteral": SwiftSource.stringLiteral(t.provenance.mkfilterCommandLine),
            "attenuation": t.provenance.attenuationDecibels.map { [SwiftSource.doubleLiteral($0)] } ?? [],
            "specification": specificationFields(t.provenance),
            "impulseCount": "\(impulseCount)",
            "impulseLines": lines,
        ]
    }

    /// The mustache fields of a provenance's magnitude specification (none
    /// without one).
    static func specificationFields(_ p: FilterProvenance) -> [[String: String]] {
        guard let pass = p.passbandEdges, let stop = p.stopbandEdges, let loss = p.passbandLoss,
              let attenuation = p.stopbandAttenuation else { return [] }
        return [["passband": pass.map(SwiftSource.doubleLiteral).joined(separator: ", "),
                 "stopband": stop.map(SwiftSource.doubleLiteral).joined(separator: ", "),
                 "loss": SwiftSource.doubleLiteral(loss), "attenuation": SwiftSource.doubleLiteral(attenuation)]]
    }
}
