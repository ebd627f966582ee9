import ComplexModule
import FilterDesign
import RealModule

/// A transfer function factored into its poles and zeros,
///
///     H(z) = K z^-s prod_i (1 - z_i z^-1) / prod_j (1 - p_j z^-1),
///
/// found from the coefficients as stored (`PolynomialRoots.accurate`), so that
/// these are the poles and zeros the filter really has, rounding included.
public struct PoleZeroForm: Sendable {
    /// The zeros z_i (roots of the numerator), in no particular order.
    public let zeros: [Complex<Double>]
    /// The poles p_j (roots of the denominator), in no particular order.
    public let poles: [Complex<Double>]
    /// K = b_s / (g a_0), with b_s the first non-zero feed-forward coefficient.
    public let scale: Double
    /// s, the number of leading zero feed-forward coefficients (a pure delay).
    public let delay: Int

    /// A factored form from its parts.
    public init(zeros: [Complex<Double>], poles: [Complex<Double>], scale: Double, delay: Int) {
        self.zeros = zeros
        self.poles = poles
        self.scale = scale
        self.delay = delay
    }

    /// Factors `transfer`.
    public init(_ transfer: TransferFunction) {
        let b = transfer.trimmedNumerator, a = transfer.trimmedDenominator
        let s = b.firstIndex(where: { $0 != 0 })
        delay = s ?? 0
        if let s {
            scale = b[s] / (transfer.gain * a[0])
            let shifted = Array(b[s...])
            zeros = shifted.count > 1 ? PolynomialRoots.accurate(shifted.reversed()) : []
        } else {
            scale = 0
            zeros = []
        }
        poles = a.count > 1 ? PolynomialRoots.accurate(a.reversed()) : []
    }

    /// The largest pole radius max |p_j| (0 for an FIR filter): the filter is
    /// stable when this is below 1.
    public var largestPoleRadius: Double { poles.map(\.length).max() ?? 0 }

    /// H(e^{j 2 pi alpha}) as the product of the factors.
    public func response(atAlpha alpha: Double) -> Complex<Double> {
        let u = Complex(length: 1, phase: -2 * Double.pi * alpha)  // z^-1
        var h = Complex<Double>(scale, 0)
        if delay > 0 { h *= Complex(length: 1, phase: -2 * Double.pi * alpha * Double(delay)) }
        for z in zeros { h *= 1 - z * u }
        var denominator = Complex<Double>(1, 0)
        for p in poles { denominator *= 1 - p * u }
        return h / denominator
    }

    /// The group delay -d(phase)/dw in samples at w = 2 pi alpha:
    ///
    ///     tau = s + sum_j Re(v_j / (1 - v_j)) - sum_i Re(v_i / (1 - v_i)),  v = c e^{-jw},
    ///
    /// where Re(v / (1 - v)) = (Re v - |v|^2) / |1 - v|^2. On the unit circle
    /// (|c| = 1, within 1e-12) that term is exactly -1/2 at every w: a zero on
    /// the circle adds half a sample, and evaluating it that way avoids the 0/0
    /// the formula meets at the zero's own frequency.
    public func groupDelay(atAlpha alpha: Double) -> Double {
        let u = Complex(length: 1, phase: -2 * Double.pi * alpha)
        func term(_ c: Complex<Double>) -> Double {
            if abs(c.length - 1) <= 1e-12 { return -0.5 }
            let v = c * u
            let d = (1 - v).lengthSquared
            return d == 0 ? -0.5 : (v.real - v.lengthSquared) / d
        }
        var tau = Double(delay)
        for p in poles { tau += term(p) }
        for z in zeros { tau -= term(z) }
        return tau
    }
}
