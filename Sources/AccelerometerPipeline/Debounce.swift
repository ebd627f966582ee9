/// The articles' `minTimeDelta`: an event is acted on only if more than the
/// minimum interval has passed since the last event acted on,
///
///     report(t)  <=>  no event reported yet, or t - t_last > minimumInterval
///
/// (strictly more, as the articles compare; t_last moves only when an event is
/// reported, so a burst of events keeps the first and then one per interval).
public struct Debounce: Sendable, Equatable {
    /// The minimum interval, in the unit of the times given (seconds).
    public let minimumInterval: Double
    /// The time of the last event reported.
    public private(set) var lastReported: Double?

    /// - Throws: `PipelineError` unless the interval is finite and 0 or more.
    public init(minimumInterval: Double) throws(PipelineError) {
        guard minimumInterval.isFinite, minimumInterval >= 0 else {
            throw PipelineError("minimum interval \(formatted(minimumInterval)) s must be a finite number, 0 or more")
        }
        self.minimumInterval = minimumInterval
    }

    /// Whether an event at `time` is reported (and if so, it becomes the last).
    public mutating func admit(at time: Double) -> Bool {
        if let lastReported, !(time - lastReported > minimumInterval) { return false }
        lastReported = time
        return true
    }

    /// No event reported yet.
    public mutating func reset() { lastReported = nil }
}
