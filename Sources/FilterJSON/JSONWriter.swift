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
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

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
