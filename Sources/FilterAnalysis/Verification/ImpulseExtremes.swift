/// The largest magnitude of an impulse response and of its last tenth, and
/// whether every value was finite: what the **decays** check needs.
public struct ImpulseExtremes: Sendable, Hashable {
    /// max |h[n]| over the finite values.
    public var peak: Double
    /// max |h[n]| over the last `tailLength` values.
    public var tail: Double
    /// max(1, n / 10) for n values.
    public var tailLength: Int
    /// Whether every value was finite.
    public var finite: Bool

    /// The extremes of `values`.
    public init<C: Collection>(_ values: C) where C.Element == Double {
        var accumulator = Accumulator(count: values.count)
        accumulator.add(values)
        self = accumulator.result
    }

    /// Extremes from their parts.
    public init(peak: Double, tail: Double, tailLength: Int, finite: Bool) {
        (self.peak, self.tail, self.tailLength, self.finite) = (peak, tail, tailLength, finite)
    }

    /// Gathers the extremes of `count` values given chunk by chunk.
    public struct Accumulator: Sendable {
        let count: Int, tailStart: Int
        var seen = 0, peak = 0.0, tail = 0.0, finite = true

        /// For `count` values in all.
        public init(count: Int) {
            self.count = count
            tailStart = count - max(1, count / 10)
        }

        /// The next values.
        public mutating func add<C: Collection>(_ values: C) where C.Element == Double {
            for v in values {
                let m = abs(v)
                if m.isFinite { peak = max(peak, m) } else { finite = false }
                if seen >= tailStart { tail = max(tail, m) }
                seen += 1
            }
        }

        /// The extremes so far.
        public var result: ImpulseExtremes {
            ImpulseExtremes(peak: peak, tail: tail, tailLength: max(1, count / 10), finite: finite)
        }
    }
}
