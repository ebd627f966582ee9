/// The accelerometer articles' shake detector, `L0AccelerationIsShaking` with
/// hysteresis, on consecutive raw samples of the three axes.
///
/// `isShaking(last, current, threshold)`: at least two axes each changed by
/// more than `threshold` g between the two samples,
///
///     (dx > t && dy > t) || (dx > t && dz > t) || (dy > t && dz > t),   d = |last - current|
///
/// Hysteresis: when not excited and shaking at `onThreshold` (0.7 g), it
/// becomes excited and a shake is reported; when excited and not shaking at
/// `offThreshold` (0.2 g), it is no longer excited (re-armed). The first
/// sample has no previous one: nothing is reported for it.
public struct ShakeDetector: Sendable, Equatable {
    /// The articles' thresholds, g.
    public static let articleOnThreshold = 0.7, articleOffThreshold = 0.2

    /// Changes above this on two axes report a shake, g.
    public let onThreshold: Double
    /// It re-arms when no two axes change by more than this, g.
    public let offThreshold: Double
    /// Whether a shake has been reported and not yet re-armed.
    public private(set) var isExcited = false
    /// The previous sample.
    public private(set) var last: Acceleration?

    /// - Throws: `PipelineError` unless 0 <= off <= on, both finite.
    public init(onThreshold: Double = articleOnThreshold, offThreshold: Double = articleOffThreshold) throws(PipelineError) {
        guard onThreshold.isFinite, onThreshold >= 0 else {
            throw PipelineError("shake threshold \(formatted(onThreshold)) g must be a finite number, 0 or more (the articles use 0.7)")
        }
        guard offThreshold.isFinite, offThreshold >= 0, offThreshold <= onThreshold else {
            throw PipelineError("shake re-arm threshold \(formatted(offThreshold)) g must be in 0 ... \(formatted(onThreshold)) (the shake threshold; the articles use 0.2)")
        }
        self.onThreshold = onThreshold
        self.offThreshold = offThreshold
    }

    /// `L0AccelerationIsShaking`: two axes each changed by more than `threshold`.
    public static func isShaking(last: Acceleration, current: Acceleration, threshold: Double) -> Bool {
        let dx = abs(last.x - current.x), dy = abs(last.y - current.y), dz = abs(last.z - current.z)
        return (dx > threshold && dy > threshold) || (dx > threshold && dz > threshold) || (dy > threshold && dz > threshold)
    }

    /// Takes the next sample; true when a shake is reported at it.
    public mutating func process(_ current: Acceleration) -> Bool {
        defer { last = current }
        guard let last else { return false }
        if !isExcited && Self.isShaking(last: last, current: current, threshold: onThreshold) {
            isExcited = true
            return true
        }
        if isExcited && !Self.isShaking(last: last, current: current, threshold: offThreshold) {
            isExcited = false
        }
        return false
    }

    /// Not excited, no previous sample.
    public mutating func reset() {
        isExcited = false
        last = nil
    }
}
