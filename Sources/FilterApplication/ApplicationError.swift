/// Why a request could not be carried out: one message per line, and the
/// recipe field at fault when there is one (a web page shows it beside that
/// field; the command line prints the messages).
public struct ApplicationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line each.
    public var messages: [String]
    /// The field at fault (`order`, `corners`, ...), in the filter set file's names.
    public var field: String?

    /// One message, about `field` when given.
    public init(_ message: String, field: String? = nil) {
        messages = [message]
        self.field = field
    }

    /// Several messages.
    public init(messages: [String], field: String? = nil) {
        self.messages = messages
        self.field = field
    }

    /// The messages, one per line.
    public var description: String { messages.joined(separator: "\n") }
}
