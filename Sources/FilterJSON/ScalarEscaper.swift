/// Escapes text scalar by scalar, for a quoted literal (JSON, Swift,
/// JavaScript) or markup (SVG): a scalar with a named replacement gets it,
/// another one that `escapes` selects is written by `escape` (empty: dropped),
/// the rest stay as they are. Each writer states only its own table.
public struct ScalarEscaper: Sendable {
    /// Replacements by scalar (`"` -> `\"`, `&` -> `&amp;`, ...).
    public let named: [Unicode.Scalar: String]
    /// Whether a scalar without a named replacement is escaped.
    public let escapes: @Sendable (UInt32) -> Bool
    /// The text for such a scalar.
    public let escape: @Sendable (UInt32) -> String

    /// An escaper; see the properties.
    public init(named: [Unicode.Scalar: String], escapes: @escaping @Sendable (UInt32) -> Bool,
                escape: @escaping @Sendable (UInt32) -> String) {
        self.named = named
        self.escapes = escapes
        self.escape = escape
    }

    /// `text` escaped.
    public func callAsFunction(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = named[scalar] {
                out += replacement
            } else if escapes(scalar.value) {
                out += escape(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `\u` and `value` in hexadecimal, at least four digits (JSON's and
    /// JavaScript's escape).
    public static func fourDigitEscape(_ value: UInt32, uppercase: Bool) -> String {
        let hex = String(value, radix: 16, uppercase: uppercase)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
