/// Why a FIR design failed: the design function's words, which name the
/// input at fault and what is allowed.
public struct FIRDesignError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message.
    public var description: String
    /// An error with `description`.
    public init(_ description: String) { self.description = description }
}
