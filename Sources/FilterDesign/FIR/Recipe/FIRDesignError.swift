/// Why a FIR design failed: the design function's words, which name the
/// input at fault and what is allowed; or, when its budget stopped it
/// (`DesignBudget`), why, in `stop`.
public struct FIRDesignError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message.
    public var description: String
    /// Set when the design did not fail but was stopped: its time ran out,
    /// or it was cancelled.
    public var stop: DesignStop?
    /// An error with `description`.
    public init(_ description: String) { self.description = description }
    /// The design was stopped by its budget; the message is the stop's.
    public init(stop: DesignStop) {
        self.description = stop.description
        self.stop = stop
    }
}
