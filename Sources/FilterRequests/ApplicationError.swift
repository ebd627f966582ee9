/// Why a request could not be carried out: one message per line, and the
/// recipe field at fault when there is one (a web page shows it beside that
/// field; the command line prints the messages).
public struct ApplicationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line each.
    public var messages: [String]
    /// The field at fault (`order`, `corners`, ...), in the filter set file's names.
    public var field: String?
    /// The error of a lower layer that this one reports (an emitter's
    /// `EmissionError`, ...), kept as it was thrown for a front end that
    /// tells kinds apart; nil when the request itself found the fault. Not
    /// part of equality: two errors with the same messages and field are
    /// the same report.
    public var underlying: (any Error)?

    /// One message, about `field` when given; `underlying` is the lower
    /// layer's error it says, when it says one in words of its own.
    public init(_ message: String, field: String? = nil, underlying: (any Error)? = nil) {
        messages = [message]
        self.field = field
        self.underlying = underlying
    }

    /// Several messages.
    public init(messages: [String], field: String? = nil) {
        self.messages = messages
        self.field = field
    }

    /// A lower layer's `error`, its description the message, kept typed in
    /// `underlying`.
    public init(wrapping error: any Error, field: String? = nil) {
        messages = ["\(error)"]
        self.field = field
        underlying = error
    }

    /// The same messages about the same field.
    public static func == (lhs: ApplicationError, rhs: ApplicationError) -> Bool {
        lhs.messages == rhs.messages && lhs.field == rhs.field
    }

    /// The messages, one per line.
    public var description: String { messages.joined(separator: "\n") }
}
