/// One second-order section of a cascade, with scipy's and vDSP's signs:
///
///     y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2]
///
/// that is H(z) = (b0 + b1 z^-1 + b2 z^-2) / (1 + a1 z^-1 + a2 z^-2). A
/// first-order section has b2 = a2 = 0. (CMSIS-DSP stores -a1 and -a2.)
public struct Biquad: Sendable, Hashable {
    /// Feed-forward coefficients.
    public var b0: Double, b1: Double, b2: Double
    /// Feedback coefficients (the denominator's, a0 = 1).
    public var a1: Double, a2: Double

    /// A section from its five coefficients.
    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    /// The five coefficients in scipy's sos row order without its a0:
    /// [b0, b1, b2, a1, a2].
    public var coefficients: [Double] { [b0, b1, b2, a1, a2] }
}
