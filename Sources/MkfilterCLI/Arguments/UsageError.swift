import FilterRequests
import FilterSets
import FisherCompatibility

/// A command-line mistake, reported as `program: message` with exit status 1.
public struct UsageError: Error, CustomStringConvertible {
    /// One line each.
    public var messages: [String]
    /// Whether the program's usage text should follow (unknown options, stray words).
    public var showsUsage = false

    /// One message.
    public init(_ message: String, showsUsage: Bool = false) {
        messages = [message]
        self.showsUsage = showsUsage
    }

    /// Several messages.
    public init(messages: [String]) { self.messages = messages }

    /// A mistake on one of Fisher's command lines.
    public init(_ error: FisherCommandLineError) {
        messages = error.messages
        showsUsage = error.showsUsage
    }

    /// A request the application layer refused; the usage follows when the
    /// words' own error says it helps (an unknown option).
    public init(_ error: ApplicationError) {
        messages = error.messages
        showsUsage = (error.underlying as? FisherCommandLineError)?.showsUsage
            ?? (error.underlying as? FIRFields.Mistake)?.showsUsage ?? false
    }

    /// The messages, one per line.
    public var description: String { messages.joined(separator: "\n") }
}

/// Strict readers for option values, as Fisher's grammars use them
/// (`FisherArguments`), reporting `UsageError`s.
enum ArgumentValues {
    /// A finite decimal number.
    static func number(_ text: String?, for option: String, meaning: String) throws(UsageError) -> Double {
        do { return try FisherArguments.number(text, for: option, meaning: meaning) } catch { throw UsageError(error) }
    }

    /// A decimal integer in `allowed` (the option's documented range).
    static func integer(_ text: String?, for option: String, meaning: String, in allowed: ClosedRange<Int>) throws(UsageError) -> Int {
        do { return try FisherArguments.integer(text, for: option, meaning: meaning, in: allowed) } catch { throw UsageError(error) }
    }

    /// The text in single quotes, with control characters made visible.
    static func quoted(_ text: String) -> String { FisherArguments.quoted(text) }
}
