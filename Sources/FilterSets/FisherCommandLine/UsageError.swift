/// A command-line mistake, reported as `program: message` with exit status 1.
public struct UsageError: Error, CustomStringConvertible {
    /// One line each.
    public var messages: [String]
    /// Whether the program's usage text should follow (unknown options, stray words).
    public var showsUsage = false
    public init(_ message: String, showsUsage: Bool = false) {
        messages = [message]
        self.showsUsage = showsUsage
    }
    public init(messages: [String]) { self.messages = messages }
    /// The messages, one per line.
    public var description: String { messages.joined(separator: "\n") }
}
