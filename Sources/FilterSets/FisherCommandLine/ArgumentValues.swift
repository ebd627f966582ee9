import FilterDesign
import FilterEmission

/// Strict readers for option values. Fisher's programs used `atof`/`atoi`,
/// which read "0.1x" as 0.1 and "abc" as 0; these reject anything that is not
/// entirely a number (see COMPATIBILITY.md).
package enum ArgumentValues {
    /// A finite decimal number.
    package static func number(_ text: String?, for option: String, meaning: String) throws(UsageError) -> Double {
        guard let text else { throw UsageError("\(option) needs a value (\(meaning))") }
        guard let value = parseCDouble(text) else {
            throw UsageError("\(option) \(quoted(text)) is not a number (\(meaning))")
        }
        guard value.isFinite else {
            throw UsageError("\(option) \(quoted(text)) is not a finite number (\(meaning))")
        }
        return value
    }

    /// A decimal integer.
    package static func integer(_ text: String?, for option: String, meaning: String) throws(UsageError) -> Int {
        guard let text else { throw UsageError("\(option) needs a value (\(meaning))") }
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw UsageError("\(option) \(quoted(text)) is not a whole number (\(meaning))")
        }
        guard let value = Int(text), abs(value) <= 1_000_000 else {
            throw UsageError("\(option) \(text) is out of range (\(meaning))")
        }
        return value
    }

    /// The text in single quotes, with control characters made visible.
    package static func quoted(_ text: String) -> String { quotedForMessage(text) }
}
