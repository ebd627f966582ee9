import FilterDesign

/// Strict readers for option values. Fisher's programs used `atof`/`atoi`,
/// which read "0.1x" as 0.1 and "abc" as 0; these reject anything that is not
/// entirely a number (see COMPATIBILITY.md).
public enum FisherArguments {
    /// A finite decimal number.
    public static func number(_ text: String?, for option: String, meaning: String) throws(FisherCommandLineError) -> Double {
        guard let text else { throw FisherCommandLineError("\(option) needs a value (\(meaning))") }
        guard let value = parseCDouble(text) else {
            throw FisherCommandLineError("\(option) \(quoted(text)) is not a number (\(meaning))")
        }
        guard value.isFinite else {
            throw FisherCommandLineError("\(option) \(quoted(text)) is not a finite number (\(meaning))")
        }
        return value
    }

    /// A decimal integer in `allowed`.
    ///
    /// Each option passes its documented limits; an option whose range a later
    /// check gives in Fisher's words (`-o`: "order must be in range 1 .. 128")
    /// passes none, and only a number beyond `Int` is refused here.
    ///
    /// - Throws: `FisherCommandLineError` naming the option, the value and
    ///   the range when the text is not a whole number or is outside `allowed`.
    public static func integer(_ text: String?, for option: String, meaning: String,
                               in allowed: ClosedRange<Int> = Int.min...Int.max) throws(FisherCommandLineError) -> Int {
        guard let text else { throw FisherCommandLineError("\(option) needs a value (\(meaning))") }
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw FisherCommandLineError("\(option) \(quoted(text)) is not a whole number (\(meaning))")
        }
        guard let value = Int(text), allowed.contains(value) else {
            let range = allowed == Int.min...Int.max ? "" : "; it must be in \(allowed.lowerBound) ... \(allowed.upperBound)"
            // Digits past the message limit: cut, with their count.
            let shown = text.count > quotedForMessageLimit ? quoted(text) : text
            throw FisherCommandLineError("\(option) \(shown) is out of range\(range) (\(meaning))")
        }
        return value
    }

    /// The text in single quotes, with control characters made visible.
    public static func quoted(_ text: String) -> String { quotedForMessage(text) }
}
