/// A mistake on one of Fisher's command lines (mkfilter, mkshape, mkaverage,
/// gencode): one message per line, in his order where he had one.
public struct FisherCommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line each.
    public var messages: [String]
    /// Whether the program's usage text should follow (unknown options, stray words).
    public var showsUsage: Bool

    /// One message.
    public init(_ message: String, showsUsage: Bool = false) {
        messages = [message]
        self.showsUsage = showsUsage
    }

    /// Several messages (Fisher's `checkoptions` reports every one it finds).
    public init(messages: [String]) {
        self.messages = messages
        showsUsage = false
    }

    /// The messages, one per line.
    public var description: String { messages.joined(separator: "\n") }
}
