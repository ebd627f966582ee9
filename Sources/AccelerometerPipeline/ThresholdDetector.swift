/// Shake!'s trigger: fires when the level exceeds a threshold for M contiguous samples.
///
/// "Exceeds" is strictly greater: a level equal to the threshold does not
/// count, and it breaks a run. The output is `true` from the M-th contiguous
/// sample above the threshold until the first sample that is not above it
/// (M - 1 samples above never trigger). A new run must then reach M again.
public struct ThresholdDetector: Sendable {
    /// The level to exceed (strictly).
    public let threshold: Double
    /// M, the number of contiguous samples above the threshold that trigger.
    public let count: Int
    /// How many samples in a row have been above the threshold.
    public private(set) var run = 0

    /// - Throws: `PipelineError` unless the threshold is finite and count >= 1.
    public init(threshold: Double, count: Int) throws(PipelineError) {
        guard threshold.isFinite else { throw PipelineError("threshold \(formatted(threshold)) must be a finite number") }
        guard count >= 1 else { throw PipelineError("trigger count \(count) must be at least 1 sample") }
        self.threshold = threshold
        self.count = count
    }

    /// Whether the trigger is on after `level`.
    public mutating func process(_ level: Double) -> Bool {
        if level > threshold {
            if run < count { run += 1 }
        } else {
            run = 0
        }
        return run >= count
    }

    /// Whether the trigger is on now.
    public var isTriggered: Bool { run >= count }

    /// Back to no run.
    public mutating func reset() { run = 0 }
}
