import ComplexModule
import RealModule

/// A rational function in factored form, as scipy's `*_zpk` functions carry it:
///
///     H(x) = k prod_i (x - zero_i) / prod_j (x - pole_j)
///
/// with x = s in the s-plane and x = z in the z-plane. Zeros and poles keep
/// the order in which they were computed (Fisher's reports print them so).
public struct ZeroPoleGain: Sendable, Hashable {
    /// The zeros.
    public var zeros: [Complex<Double>]
    /// The poles.
    public var poles: [Complex<Double>]
    /// The gain k.
    public var gain: Double

    /// Creates a factored function from its zeros, poles and gain.
    public init(zeros: [Complex<Double>], poles: [Complex<Double>], gain: Double) {
        self.zeros = zeros
        self.poles = poles
        self.gain = gain
    }

    /// H(x) by the product of the factors (no polynomial is expanded, so no
    /// cancellation between coefficients limits its accuracy).
    public func evaluate(at x: Complex<Double>) -> Complex<Double> {
        var numerator = Complex<Double>(gain, 0)
        for zero in zeros { numerator *= x - zero }
        var denominator = Complex<Double>(1, 0)
        for pole in poles { denominator *= x - pole }
        return numerator / denominator
    }

    /// |H(x)| as a product of distances, |k| prod |x - zero_i| / prod |x - pole_j|,
    /// a zero's factor and a pole's taken in turn so that the partial products
    /// stay near 1 (no overflow for the 48 factors of a 24th-order band-pass).
    public func magnitude(at x: Complex<Double>) -> Double {
        var result = abs(gain)
        for i in 0..<max(zeros.count, poles.count) {
            if i < zeros.count { result *= (x - zeros[i]).length }
            if i < poles.count { result /= (x - poles[i]).length }
        }
        return result
    }

    /// The excess of poles over zeros, the order of the zero at infinity
    /// (s-plane) that the bilinear transform moves to z = -1.
    public var relativeDegree: Int { poles.count - zeros.count }
}
