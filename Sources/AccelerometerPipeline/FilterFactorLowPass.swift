import FilterRuntime

/// The accelerometer articles' low-pass, `#define FILTERFACTOR 0.1`:
///
///     value = x * f + previous * (1 - f)
///
/// an exponential moving average: H(z) = f / (1 - (1 - f) z^-1), unity gain at
/// dc, its corner fixed in samples (so in Hz it moves with the sample rate:
/// docs/recordings-and-pipeline.md measures it at 60 and 100 Hz). It starts in the steady state of
/// its first sample (previous = x[0]) unless told to start at 0.
public struct FilterFactorLowPass: Sendable, Equatable {
    /// The articles' FILTERFACTOR.
    public static let articleFactor = 0.1

    /// f, the weight of the new sample: 0 < f <= 1.
    public let factor: Double
    /// The last output (the articles' `previous`).
    public private(set) var previous = 0.0

    /// - Throws: `PipelineError` unless 0 < factor <= 1 (outside, the filter
    ///   does not smooth, or is unstable).
    public init(factor: Double = articleFactor) throws(PipelineError) {
        try Self.check(factor, "FILTERFACTOR")
        self.factor = factor
    }

    static func check(_ factor: Double, _ name: String) throws(PipelineError) {
        guard factor > 0, factor <= 1 else {
            throw PipelineError("\(name) \(formatted(factor)) must be above 0 and at most 1 (the weight of the new sample; the articles use 0.1)")
        }
    }

    /// value = x f + previous (1 - f).
    public mutating func process(_ x: Double) -> Double {
        previous = x * factor + previous * (1 - factor)
        return previous
    }

    /// The steady state of a constant `x`: previous = x.
    public mutating func reset(toSteadyStateFor x: Double) { previous = x }

    /// previous = 0.
    public mutating func reset() { previous = 0 }

    /// The filter as one section, coefficients as they run: b0 = f, a1 = -(1 - f).
    public var section: Biquad { Biquad(b0: factor, b1: 0, b2: 0, a1: -(1 - factor), a2: 0) }
}
