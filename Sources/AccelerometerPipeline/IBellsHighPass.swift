import FilterRuntime

/// iBells' high-pass: the input minus its FILTERFACTOR low-pass,
///
///     low = x * f + low * (1 - f);   value = x - low
///
/// H(z) = 1 - f / (1 - c z^-1) = c (1 - z^-1) / (1 - c z^-1) with c = 1 - f: a
/// zero at dc, gain 2c / (2 - f) at Nyquist (0.947 for f = 0.1, not 1). It
/// starts in the steady state of its first sample (low = x[0], so the first
/// output is 0) unless told to start at 0.
public struct IBellsHighPass: Sendable, Equatable {
    /// The low-pass whose output is subtracted.
    public private(set) var lowPass: FilterFactorLowPass

    /// - Throws: `PipelineError` unless 0 < factor <= 1.
    public init(factor: Double = FilterFactorLowPass.articleFactor) throws(PipelineError) {
        lowPass = try FilterFactorLowPass(factor: factor)
    }

    /// f.
    public var factor: Double { lowPass.factor }

    /// value = x - lowpass(x).
    public mutating func process(_ x: Double) -> Double { x - lowPass.process(x) }

    /// The steady state of a constant `x`: low = x.
    public mutating func reset(toSteadyStateFor x: Double) { lowPass.reset(toSteadyStateFor: x) }

    /// low = 0.
    public mutating func reset() { lowPass.reset() }

    /// The filter as one section: b0 = 1 - f, b1 = -(1 - f), a1 = -(1 - f).
    public var section: Biquad {
        let c = 1 - factor
        return Biquad(b0: c, b1: -c, b2: 0, a1: -c, a2: 0)
    }
}
