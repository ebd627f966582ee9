import EmissionTemplates
import FilterDesign
import FilterRuntime

/// FIR filters (`FIRTemplate`s: taps and what they are) as code: C in float
/// or double (Templates/c/fir.h.mustache: a step and a block function, bit
/// for bit `FIRDirectForm`), CMSIS-DSP's `arm_fir_f32` coefficients
/// (c/cmsis-fir.h.mustache, the taps time-reversed), Swift
/// `FIRTemplate` constants (swift/fir.mustache) and JavaScript
/// (js/fir.mustache, bit for bit `FIRDirectForm<Double>`).
///
/// Names and descriptions are made safe as for the IIR emitters (C
/// comments through `CComment`, identifiers from their words, string
/// literals escaped); every tap is written so that it reads back exactly.
public enum FIREmitter {
    /// A C header of `filters` in `precision`, identifiers under `prefix`.
    ///
    /// - Throws: `EmissionError` for a name or prefix without letters or
    ///   digits, two names giving one identifier, or a tap that is not
    ///   finite (in `precision`).
    public static func c(_ filters: [FIRTemplate], prefix: String, precision: CEmitter.Precision,
                         renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        let base = try CEmitter.prefixIdentifier(prefix)
        let views = try cViews(filters, prefix: prefix) { x throws(EmissionError) in
            let value = precision == .float ? Double(Float(x)) : x
            guard value.isFinite else { throw EmissionError("a tap (\(x)) is not finite in \(precision.rawValue)") }
            return CEmitter.literal(x, precision)
        }
        let guardName = CEmitter.includeGuard(views.ids, base: base, suffix: "_FIR_H")
        return try renderer.render("c/fir.h.mustache", ["guard": guardName, "real": precision.rawValue, "filters": views.views])
    }

    /// A C header of `arm_fir_f32` coefficients (the taps time-reversed).
    ///
    /// - Throws: as `c(_:prefix:precision:renderer:)`.
    public static func cmsis(_ filters: [FIRTemplate], prefix: String,
                             renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        let base = try CEmitter.prefixIdentifier(prefix)
        let views = try cViews(filters, prefix: prefix) { x throws(EmissionError) in
            guard Float(x).isFinite else { throw EmissionError("a tap (\(x)) is not finite in float32_t") }
            return CEmitter.literal(x, .float)
        }
        let guardName = CEmitter.includeGuard(views.ids, base: base, suffix: "_CMSIS_FIR_H")
        return try renderer.render("c/cmsis-fir.h.mustache", ["guard": guardName, "filters": views.views])
    }

    /// A C header of `arm_fir_q15` or `arm_fir_q31` coefficients, each
    /// filter's taps realized as `fixed` (the same arithmetic for all).
    ///
    /// - Throws: as `c(_:prefix:precision:renderer:)`, and for filters of
    ///   two arithmetics in one header.
    public static func cmsisFixed(_ filters: [(template: FIRTemplate, fixed: FixedPointTaps)], prefix: String,
                                  renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        guard let arithmetic = filters.first?.fixed.arithmetic else { throw EmissionError("no filter to emit") }
        guard filters.allSatisfy({ $0.fixed.arithmetic == arithmetic }) else {
            throw EmissionError("one CMSIS header holds filters of one format (q15 or q31)")
        }
        let base = try CEmitter.prefixIdentifier(prefix)
        let made = try cViews(filters.map(\.template), prefix: prefix) { _ throws(EmissionError) in "" }
        var views = made.views
        for (i, (_, fixed)) in filters.enumerated() {
            views[i]["count"] = "\(fixed.coefficients.count)"
            views[i]["tapLines"] = lines(fixed.coefficients.reversed().map { CMSISFixedPointEmitter.literal($0, arithmetic) })
            views[i]["outputScale"] = CEmitter.literal(fixed.outputScale, .double)
            views[i]["outputScaleText"] = formatC("%.6g", fixed.outputScale)
            views[i]["l1"] = "\(fixed.l1Norm)"
            views[i]["limit"] = "\(arithmetic.largestInteger)"
            views[i]["padded"] = fixed.padding > 0
            views[i]["padding"] = "\(fixed.padding)"
        }
        let guardName = CEmitter.includeGuard(made.ids, base: base, suffix: "_CMSIS_FIR_" + arithmetic.format.rawValue.uppercased() + "_H")
        return try renderer.render("c/cmsis-fir-fixed.h.mustache", [
            "guard": guardName, "filters": views, "function": "arm_fir_" + arithmetic.format.rawValue,
            "ctype": arithmetic.cType, "format": arithmetic.format.rawValue, "fractionBits": "\(arithmetic.fractionBits)",
            "q15": arithmetic.format == .q15,
        ])
    }

    /// Swift declaring `filters` as `FilterRuntime.FIRTemplate` constants in
    /// `enum namespace`.
    ///
    /// - Throws: `EmissionError` for a namespace that makes no type (or hides
    ///   a module), a name without letters or digits, two names giving one
    ///   identifier, or a tap that is not finite.
    public static func swift(_ filters: [FIRTemplate], namespace: String,
                             renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        try swiftSource(filters, namespace: namespace, template: "swift/fir.mustache", renderer: renderer) { t, view in
            view.merge(templateLiterals(t)) { _, new in new }
        }
    }

    /// The literals of `t`'s `FilterRuntime.FIRTemplate(...)` initializer
    /// (name, description, sample rate, taps four to a line, command line),
    /// shared by swift/fir.mustache and a filter set's swift/filters.mustache.
    static func templateLiterals(_ t: FIRTemplate) -> [String: Any] {
        [
            "nameLiteral": SwiftSource.stringLiteral(t.name),
            "descriptionLiteral": SwiftSource.stringLiteral(t.description),
            "commandLineLiteral": SwiftSource.stringLiteral(t.mkfilterCommandLine),
            "sampleRate": SwiftSource.doubleLiteral(t.designSampleRate),
            "tapLines": lines(t.taps.map(SwiftSource.doubleLiteral)),
        ]
    }

    /// Swift for Accelerate's `vDSP_conv` (Apple platforms; empty
    /// elsewhere): each filter's taps time-reversed and a Float and a Double
    /// type that filter a block at a time (swift/vdsp-fir.mustache).
    ///
    /// - Throws: as `swift(_:namespace:renderer:)`.
    public static func vdsp(_ filters: [FIRTemplate], namespace: String,
                            renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        try swiftSource(filters, namespace: namespace, template: "swift/vdsp-fir.mustache", purpose: ", for vDSP",
                        memberSuffixes: ["ReversedTaps"], renderer: renderer) { t, view throws(EmissionError) in
            guard t.taps.allSatisfy({ Float($0).isFinite }) else {
                throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)) has a tap that is not finite in Float")
            }
            view["typeName"] = SwiftSource.typeName(t.name)
            view["historyCount"] = "\(t.taps.count - 1)"
            view["tapLines"] = lines(t.taps.reversed().map(SwiftSource.doubleLiteral))
        }
    }

    /// JavaScript declaring `const namespace` with `filters`, each with
    /// `create()`, a running instance bit for bit `FIRDirectForm<Double>`.
    ///
    /// - Throws: as `JSEmitter.source` does for its namespace and names, and
    ///   for a tap that is not finite.
    public static func js(_ filters: [FIRTemplate], namespace: String,
                          renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        let typeName = try JSEmitter.namespaceName(namespace)
        var seen: [String: String] = [:]
        var views: [[String: Any]] = []
        for t in filters {
            let id = SwiftSource.identifier(t.name)
            guard !id.isEmpty else { throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)) has no letters or digits to make a JavaScript identifier from") }
            if let other = seen[id] { throw EmissionError("filters \(SwiftSource.stringLiteral(other)) and \(SwiftSource.stringLiteral(t.name)) both become the JavaScript identifier `\(id)`; rename one") }
            seen[id] = t.name
            try checkFinite(t)
            views.append([
                "identifier": id,
                "commentName": JSEmitter.commentText(t.name),
                "commentDescription": t.description.contains { !$0.isWhitespace } ? ": " + JSEmitter.commentText(t.description) : "",
                "commentCommandLine": JSEmitter.commentText(t.mkfilterCommandLine),
                "nameLiteral": JSEmitter.stringLiteral(t.name),
                "descriptionLiteral": JSEmitter.stringLiteral(t.description),
                "sampleRate": SwiftSource.doubleLiteral(t.designSampleRate),
                "tapLines": lines(t.taps.map(SwiftSource.doubleLiteral)),
            ])
        }
        return try renderer.render("js/fir.mustache", [
            "namespace": typeName,
            "namespaceComment": "\(filters.count) FIR filter\(filters.count == 1 ? "" : "s") designed by mkfilter.",
            "filters": views,
        ])
    }

    /// Swift source of `filters` from `template`: each filter's view (its
    /// identifier and comments) completed by `complete`, under `enum
    /// namespace`, "N FIR filters designed by mkfilter`purpose`.".
    static func swiftSource(_ filters: [FIRTemplate], namespace: String, template: String, purpose: String = "",
                            memberSuffixes: [String] = [], renderer: TemplateRenderer,
                            complete: (FIRTemplate, inout [String: Any]) throws(EmissionError) -> Void) throws(EmissionError) -> String {
        let views = try swiftViews(filters, namespace: namespace, memberSuffixes: memberSuffixes, complete: complete)
        return try renderer.render(template, [
            "namespace": SwiftSource.typeName(namespace),
            "namespaceComment": "\(filters.count) FIR filter\(filters.count == 1 ? "" : "s") designed by mkfilter\(purpose).",
            "filters": views,
        ])
    }

    /// The Swift views of `filters` (identifier, comments, summary) that both
    /// Swift formats share, each completed by `complete`, after the checks:
    /// a namespace that makes a type, a name for each filter, one identifier
    /// (with `memberSuffixes`) per name, finite taps.
    static func swiftViews(_ filters: [FIRTemplate], namespace: String, memberSuffixes: [String],
                           complete: (FIRTemplate, inout [String: Any]) throws(EmissionError) -> Void) throws(EmissionError) -> [[String: Any]] {
        if let problem = SwiftSource.namespaceProblem(namespace) { throw EmissionError(problem) }
        var names = EmittedNames()
        var views: [[String: Any]] = []
        for t in filters {
            var view = try swiftView(t, names: &names, memberSuffixes: memberSuffixes)
            try complete(t, &view)
            views.append(view)
        }
        return views
    }

    /// One filter's Swift view (identifier, comments, summary), its
    /// identifier claimed in `names` (with `memberSuffixes`), after the
    /// checks: a name, a free identifier, finite taps.
    static func swiftView(_ t: FIRTemplate, names: inout EmittedNames, memberSuffixes: [String]) throws(EmissionError) -> [String: Any] {
        guard !t.name.isEmpty else { throw EmissionError("a filter has an empty name; every filter needs one (it becomes its Swift identifier)") }
        let id = try names.claimSwift(t.name, memberSuffixes: memberSuffixes)
        try checkFinite(t)
        return [
            "identifier": id,
            "commentName": SwiftSource.commentText(t.name),
            "commentDescription": SwiftSource.commentText(t.description),
            "hasDescription": t.description.contains { !$0.isWhitespace },
            "commentCommandLine": SwiftSource.commentText(t.mkfilterCommandLine),
            "summary": summary(t.taps),
        ]
    }

    /// "31 taps, linear phase (symmetric): delay 15 samples" and the like.
    public static func summary(_ taps: [Double]) -> String {
        let n = taps.count
        let count = "\(n) tap\(n == 1 ? "" : "s")"
        let delay = n % 2 == 1 ? "\((n - 1) / 2)" : "\(n - 1)/2"
        if (0..<n / 2).allSatisfy({ taps[$0] == taps[n - 1 - $0] }) {
            return count + ", linear phase (symmetric): delay \(delay) samples"
        }
        if (0..<(n + 1) / 2).allSatisfy({ taps[$0] == -taps[n - 1 - $0] }) {
            return count + ", linear phase (antisymmetric): delay \(delay) samples"
        }
        return count
    }

    /// The C views of `filters` (identifiers, comments, the time-reversed
    /// taps written by `literal`, four to a line) and their identifiers.
    static func cViews(_ filters: [FIRTemplate], prefix: String,
                       literal: (Double) throws(EmissionError) -> String) throws(EmissionError) -> (views: [[String: Any]], ids: [String]) {
        var seen: [String: String] = [:]
        var macros = EmittedNames()
        var views: [[String: Any]] = []
        var ids: [String] = []
        for t in filters {
            let id = try CEmitter.identifier(t.name, prefix: prefix)
            if let other = seen[id] { throw EmissionError("filters \(SwiftSource.stringLiteral(other)) and \(SwiftSource.stringLiteral(t.name)) both become the C identifier \(id)") }
            seen[id] = t.name
            try macros.claimCMacros(id, for: t.name)
            try checkFinite(t)
            ids.append(id)
            var written: [String] = []
            for tap in t.taps.reversed() {
                do throws(EmissionError) { written.append(try literal(tap)) } catch {
                    throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)): \(error.description)")
                }
            }
            views.append([
                "id": id,
                "id_upper": id.uppercased(),
                "comment": CComment.text(t.name),
                "description": CComment.text(t.description),
                "hasDescription": t.description.contains { !$0.isWhitespace },
                "commandLine": CComment.text(t.mkfilterCommandLine),
                "summary": summary(t.taps),
                "count": "\(t.taps.count)",
                "tapLines": lines(written),
            ])
        }
        return (views, ids)
    }

    /// Four values to a line, each followed by a comma.
    static func lines(_ values: [String]) -> [String] {
        stride(from: 0, to: values.count, by: 4).map { start in
            values[start..<min(start + 4, values.count)].map { $0 + "," }.joined(separator: " ")
        }
    }

    static func checkFinite(_ t: FIRTemplate) throws(EmissionError) {
        guard (t.taps + [t.designSampleRate]).allSatisfy(\.isFinite) else {
            throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)) has a number that is not finite")
        }
        guard !t.taps.isEmpty else { throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)) has no taps") }
    }
}
