import ComplexModule
import RealModule

/// The Chebyshev type II (inverse Chebyshev) low-pass prototype, as scipy's
/// `cheb2ap`: equiripple stopband at least A dB down from 1 rad/s on, a
/// monotonic passband with |H(0)| = 1.
///
/// With eps = 1 / sqrt(10^(A/10) - 1) and mu = asinh(1 / eps) / N:
///
///     zeros  j / sin(m pi / (2N)),  m = -N+1, -N+3, ..., N-1, m != 0
///            (an odd order has one zero at infinity),
///     poles  -1 / sinh(mu + j theta_m),  theta_m = m pi / (2N),  m = -N+1, ..., N-1,
///     k = Re(prod(-p) / prod(-z)).
public enum Chebyshev2Prototype {
    /// The prototype of order `order` with stopband attenuation `attenuationDecibels` > 0.
    public static func zpk(attenuationDecibels a: Double, order n: Int) -> ZeroPoleGain {
        let eps = 1 / (Double.expMinusOne(Double.log(10) * 0.1 * a)).squareRoot()
        let mu = Double.asinh(1 / eps) / Double(n)
        let indices = stride(from: -n + 1, through: n - 1, by: 2).map(Double.init)
        let zeros = indices.filter { $0 != 0 }.map { m in
            Complex<Double>(0, 1 / Double.sin(m * Double.pi / Double(2 * n)))
        }
        let poles = indices.map { m -> Complex<Double> in
            let theta = m * Double.pi / Double(2 * n)
            // sinh(mu + j theta) = sinh mu cos theta + j cosh mu sin theta
            let s = Complex(Double.sinh(mu) * Double.cos(theta), Double.cosh(mu) * Double.sin(theta))
            return -1 / s
        }
        var numerator = Complex<Double>(1, 0), denominator = Complex<Double>(1, 0)
        for p in poles { numerator *= -p }
        for z in zeros { denominator *= -z }
        return ZeroPoleGain(zeros: zeros, poles: poles, gain: (numerator / denominator).real)
    }
}
