import EmissionTemplates
import FilterJSON
import FilterRuntime

/// JavaScript for the browser and node (Templates/js/filters.mustache): per
/// filter its second-order sections as [b0, b1, b2, a1, a2] in scipy's signs,
/// every number in Swift's shortest round-trip digits (JavaScript reads them
/// back as the same double), and `create()`, a running instance with a
/// `step(x)` function and its state, in transposed direct form II as
/// `FilterRuntime` runs sections in `Double`.
///
/// The file is the same for the same filters, and safe for any name or
/// description: they appear in `//` comments without line terminators and in
/// string literals escaped (`JSEmitter.stringLiteral`), `<` and `>` too, so
/// the code can sit inside an HTML `<script>`.
public enum JSEmitter {
    /// Global names the generated code uses or that cannot be redeclared at
    /// the top of a script: no namespace may become one.
    public static let reservedNamespaces: Set<String> = [
        "Array", "Float64Array", "Object", "Math", "Number", "String", "Symbol", "Function", "Error", "JSON",
        "NaN", "Infinity", "Reflect", "Proxy", "Promise", "Map", "Set", "Date", "RegExp", "Boolean", "BigInt",
    ]

    /// The source declaring `const namespace` with `filters`, in order:
    /// their sections, or when they are FIR filters their taps
    /// (`FIREmitter.js`).
    ///
    /// - Throws: `EmissionError` for a namespace without letters or digits or
    ///   among `reservedNamespaces`, a filter without a name, realized
    ///   otherwise than as sections or taps, or with a number that is not
    ///   finite, two filters whose names give the same identifier, or IIR
    ///   and FIR filters in one file.
    public static func source(_ filters: [EmittedFilter], namespace: String,
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        if let fir = try filters.firTemplates(for: "JavaScript") { return try FIREmitter.js(fir, namespace: namespace, renderer: renderer) }
        let typeName = try namespaceName(namespace)
        var seen: [String: String] = [:]
        var views: [[String: Any]] = []
        for t in filters {
            let id = SwiftSource.identifier(t.name)
            guard !id.isEmpty else { throw EmissionError("\(t.quotedName) has no letters or digits to make a JavaScript identifier from") }
            if let other = seen[id] { throw EmissionError("filters \(SwiftSource.stringLiteral(other)) and \(SwiftSource.stringLiteral(t.name)) both become the JavaScript identifier `\(id)`; rename one") }
            seen[id] = t.name
            guard let sections = t.sections else {
                throw EmissionError("\(t.quotedName) has no second-order sections (it is realised as \(t.structureName)); --emit js needs sections")
            }
            guard ([t.designSampleRate] + t.numbers).allSatisfy(\.isFinite) else {
                throw EmissionError("\(t.quotedName) has a number that is not finite")
            }
            views.append([
                "identifier": id,
                "commentName": commentText(t.name),
                "commentDescription": t.description.contains { !$0.isWhitespace } ? ": " + commentText(t.description) : "",
                "commentCommandLine": commentText(t.commandLine),
                "nameLiteral": stringLiteral(t.name),
                "descriptionLiteral": stringLiteral(t.description),
                "tag": "\(t.tag)",
                "sampleRate": SwiftSource.doubleLiteral(t.designSampleRate),
                "sectionLines": sections.map { $0.coefficients.map(SwiftSource.doubleLiteral).joined(separator: ", ") },
            ])
        }
        return try renderer.render("js/filters.mustache", [
            "namespace": typeName,
            "namespaceComment": "\(filters.count) filter\(filters.count == 1 ? "" : "s") designed by mkfilter.",
            "filters": views,
        ])
    }

    /// The constant `namespace` becomes.
    ///
    /// - Throws: `EmissionError` for a namespace without letters or digits
    ///   or among `reservedNamespaces`.
    static func namespaceName(_ namespace: String) throws(EmissionError) -> String {
        let typeName = SwiftSource.typeName(namespace)
        guard !typeName.isEmpty else {
            throw EmissionError("namespace \(SwiftSource.stringLiteral(namespace)) has no letters or digits to make a JavaScript name from")
        }
        guard !reservedNamespaces.contains(typeName) else {
            throw EmissionError("namespace \(SwiftSource.stringLiteral(namespace)) would be the constant `\(typeName)`, a JavaScript global the code needs; choose another namespace")
        }
        return typeName
    }

    /// `text` as a JavaScript string literal in double quotes: `"` and `\`
    /// escaped, control characters, U+2028, U+2029, `<` and `>` as `\uXXXX`
    /// (so neither a line ends nor `</script>` appears), the rest as it is.
    public static func stringLiteral(_ text: String) -> String {
        "\"" + literalEscaper(text) + "\""
    }

    /// `stringLiteral`'s escapes: `\uXXXX` (uppercase hex) for control
    /// characters, DEL, `<`, `>`, U+2028 and U+2029.
    static let literalEscaper = ScalarEscaper(
        named: ["\"": "\\\"", "\\": "\\\\"],
        escapes: { $0 < 0x20 || $0 == 0x7F || $0 == 0x3C || $0 == 0x3E || $0 == 0x2028 || $0 == 0x2029 },
        escape: { ScalarEscaper.fourDigitEscape($0, uppercase: true) })

    /// `text` for a `//` comment: line terminators and control characters
    /// as spaces (`SwiftSource.commentText`), and a space after every `<` that
    /// a space does not follow, so that no tag (`</script>`, `<script>`) nor
    /// `<!--` appears.
    public static func commentText(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar? = nil
        for scalar in SwiftSource.commentText(text).unicodeScalars {
            if previous == "<" && scalar != " " { out.append(" ") }
            out.append(scalar)
            previous = scalar
        }
        return String(out)
    }
}

