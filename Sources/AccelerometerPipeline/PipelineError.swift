/// A pipeline setting out of range: names the setting, the value and what is allowed.
public struct PipelineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence, e.g. "sine frequency 40 Hz must be above 0 and below Nyquist (30 Hz)".
    public var description: String
    /// Creates an error with its message.
    public init(_ description: String) { self.description = description }
}

/// Shortest text that reads back as the same Double, whole numbers without ".0".
func formatted(_ x: Double) -> String {
    if x.isNaN { return "NaN" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}
