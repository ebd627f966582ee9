extension JSONValue {
    /// The value as JSON text: objects' keys sorted, nested objects and arrays
    /// of objects one member to a line, indented by two spaces from `indent`;
    /// arrays of scalars on one line. The same value always gives the same text.
    ///
    /// Numbers are written in Swift's shortest round-trip form, so every Double
    /// reads back exactly (Foundation's JSONSerialization on Linux prints 15-16
    /// digits); a number that is not finite has no JSON form and is written as
    /// `null`, so callers check finiteness first.
    public func text(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .string(let s): return Self.quoted(s)
        case .number(let x): return x.isFinite ? "\(x)" : "null"
        case .integer(let i): return "\(i)"
        case .bool(let b): return b ? "true" : "false"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .object = $0 { return false } else { return true } }) {
                return "[" + items.map { $0.text(indent: inner) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let sorted = members.sorted { $0.key < $1.key }
            return "{\n" + sorted.map { inner + Self.quoted($0.key) + ": " + $0.value.text(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// A JSON string literal: `"`, `\` and control characters escaped, and
    /// U+2028 and U+2029 too (JavaScript before ES2019 ends a line at them).
    public static func quoted(_ s: String) -> String {
        "\"" + stringEscaper(s) + "\""
    }

    /// `quoted`'s escapes: `\uXXXX` (lowercase hex) for control characters
    /// and U+2028, U+2029.
    static let stringEscaper = ScalarEscaper(
        named: ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"],
        escapes: { $0 < 0x20 || $0 == 0x7F || $0 == 0x2028 || $0 == 0x2029 },
        escape: { ScalarEscaper.fourDigitEscape($0, uppercase: false) })

    /// The value with every `.integer` (a writer's case) as the `.number` a
    /// reader would give, so written values can be read as read ones are.
    public var readingIntegersAsNumbers: JSONValue {
        switch self {
        case .integer(let i): return .number(Double(i))
        case .array(let items): return .array(items.map(\.readingIntegersAsNumbers))
        case .object(let members): return .object(members.map { ($0.key, $0.value.readingIntegersAsNumbers) })
        default: return self
        }
    }

    /// The member `key` of an object; `nil` for other values or a missing key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
