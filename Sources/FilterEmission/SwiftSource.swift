import FilterJSON

/// Making user text safe inside generated Swift.
public enum SwiftSource {
    /// A string literal that reads back as exactly `text`: `\`, `"`, and every
    /// control character escaped (so `"""`, `\(`, `#` and newlines are inert);
    /// other Unicode kept as it is.
    public static func stringLiteral(_ text: String) -> String {
        "\"" + literalEscaper(text) + "\""
    }

    /// `stringLiteral`'s escapes: `\u{...}` for control characters (C0, DEL,
    /// C1) and the line and paragraph separators.
    static let literalEscaper = ScalarEscaper(
        named: ["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"],
        escapes: { $0 < 0x20 || $0 == 0x7F || (0x80...0x9F).contains($0) || $0 == 0x2028 || $0 == 0x2029 },
        escape: { "\\u{\(String($0, radix: 16))}" })

    /// Text for a `///` comment: on one line, control characters shown as spaces.
    public static func commentText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x2028 || $0.value == 0x2029 ? " " : $0
        }))
    }

    /// A Double literal that reads back as exactly `x` (Swift's shortest
    /// round-trip digits); `x` must be finite.
    public static func doubleLiteral(_ x: Double) -> String {
        precondition(x.isFinite, "only finite numbers are emitted")
        return "\(x)"
    }

    /// Swift's reserved words, which cannot be used as plain identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "async", "some", "any", "consume", "copy", "discard", "each",
        "borrowing", "consuming", "_", "Type", "Protocol", "all",
    ]

    /// The words of `name` that identifiers are made from, shared by the Swift
    /// and C emitters: runs of ASCII letters and digits; every other ASCII
    /// character a word break; each non-ASCII character a word of its own,
    /// `U` and its hex code. Empty when `name` has no letters or digits.
    static func identifierWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() { if !current.isEmpty { words.append(current); current = "" } }
        for scalar in name.unicodeScalars {
            if scalar.isASCII, let c = Character(scalar).asciiValue,
               (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) {
                current.unicodeScalars.append(scalar)
            } else if scalar.isASCII {
                flush()
            } else {
                flush()
                words.append("U" + String(scalar.value, radix: 16, uppercase: true))
            }
        }
        flush()
        return words
    }

    /// A lowerCamelCase identifier made from `name`: ASCII letters and digits
    /// kept, every other character a word break (non-ASCII characters become
    /// `U` and their hex code), a leading digit prefixed with `filter`,
    /// reserved words suffixed with `_`. The same name always gives the same identifier.
    public static func identifier(_ name: String) -> String {
        let words = identifierWords(name)
        guard !words.isEmpty else { return "" }
        var result = ""
        for (i, word) in words.enumerated() {
            if i == 0 {
                result += word.prefix(1).lowercased() + word.dropFirst()
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if let first = result.unicodeScalars.first, first.properties.numericType != nil || ("0"..."9").contains(Character(first)) {
            result = "filter" + result.prefix(1).uppercased() + result.dropFirst()
        }
        if keywords.contains(result) { result += "_" }
        return result
    }

    /// An UpperCamelCase type name (for the namespace enum).
    public static func typeName(_ name: String) -> String {
        let id = identifier(name)
        guard let first = id.first else { return "" }
        let upper = first.uppercased() + id.dropFirst()
        return keywords.contains(upper) ? upper + "_" : upper
    }

    /// The modules generated Swift names its types through (`Swift.Double`,
    /// `FilterRuntime.DigitalFilterTemplate`, and `Accelerate` for vDSP): an
    /// enum with one of these names would hide the module from the code in it
    /// (and from the rest of the target), so no namespace may become one.
    public static let moduleNames: Set<String> = ["Swift", "FilterRuntime", "Accelerate"]

    /// Why `namespace` cannot name the enum of generated Swift, or nil when it can.
    ///
    /// Any other type name is safe inside the generated file, `Double` and
    /// `DigitalFilterTemplate` too, because the file names every type it uses
    /// with its module.
    public static func namespaceProblem(_ namespace: String) -> String? {
        let name = typeName(namespace)
        if name.isEmpty {
            return "namespace \(stringLiteral(namespace)) has no letters or digits to make a Swift type name from"
        }
        if moduleNames.contains(name) {
            return "namespace \(stringLiteral(namespace)) would be the enum `\(name)`, which hides the module \(name) "
                + "that generated Swift names its types through (`Swift.Double`, `FilterRuntime.DigitalFilterTemplate`); "
                + "choose another namespace"
        }
        return nil
    }

    /// The namespace generated Swift gets when none is given: the name of the
    /// file it is written to without its extension (`LowPass.swift` -> `LowPass`),
    /// else the filter's name as a type name (`low pass 5 Hz` -> `LowPass5Hz`),
    /// `Filters` appended when that would hide a module (`Swift` -> `SwiftFilters`),
    /// `Filters` when neither has a letter or digit.
    public static func defaultNamespace(filterName: String, outputFile: String?) -> String {
        if let outputFile {
            var base = Substring(outputFile.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
            if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
            let name = typeName(String(base))
            if !name.isEmpty && namespaceProblem(name) == nil { return name }
        }
        let name = typeName(filterName)
        if name.isEmpty { return "Filters" }
        return moduleNames.contains(name) ? name + "Filters" : name
    }
}
