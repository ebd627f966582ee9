import FilterRuntime

/// The accelerometer article's "high-pass", exactly as written:
///
///     value = x - x * f + previous * (1 - f)
///
/// Despite its name this is not a high-pass: with c = 1 - f it is
/// H(z) = c / (1 - c z^-1), a low-pass with the same pole as the FILTERFACTOR
/// low-pass and a dc gain of c / f (9 for f = 0.1, +19 dB), falling to
/// c / (2 - f) at Nyquist. (The article presumably meant x - lowpass(x), which
/// is iBells' `IBellsHighPass`.) Kept as written so that users can see what it
/// does; docs/recordings-and-pipeline.md measures it. It starts in the steady state of its first
/// sample (previous = x[0] c / f) unless told to start at 0.
public struct FilterFactorHighPass: Sendable, Equatable {
    /// f: 0 < f <= 1.
    public let factor: Double
    /// The last output.
    public private(set) var previous = 0.0

    /// - Throws: `PipelineError` unless 0 < factor <= 1.
    public init(factor: Double = FilterFactorLowPass.articleFactor) throws(PipelineError) {
        try FilterFactorLowPass.check(factor, "FILTERFACTOR")
        self.factor = factor
    }

    /// value = x - x f + previous (1 - f).
    public mutating func process(_ x: Double) -> Double {
        previous = x - x * factor + previous * (1 - factor)
        return previous
    }

    /// The steady state of a constant `x`: previous = x (1 - f) / f, the
    /// fixed point of the recurrence.
    public mutating func reset(toSteadyStateFor x: Double) { previous = x * (1 - factor) / factor }

    /// previous = 0.
    public mutating func reset() { previous = 0 }

    /// The filter as one section: b0 = 1 - f, a1 = -(1 - f) (x - x f is
    /// (1 - f) x up to one rounding).
    public var section: Biquad { Biquad(b0: 1 - factor, b1: 0, b2: 0, a1: -(1 - factor), a2: 0) }
}
