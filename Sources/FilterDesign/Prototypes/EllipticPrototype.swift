import ComplexModule
import RealModule

/// The elliptic (Cauer) low-pass prototype, by the method of scipy's
/// `ellipap` (Orfanidis, "Lecture notes on elliptic filter design"): passband
/// ripple R dB up to 1 rad/s, stopband at least A dB down from 1 / sqrt(m) on.
///
/// With eps^2 = 10^(R/10) - 1, m1 = eps^2 / (10^(A/10) - 1) and the selectivity
/// m from the degree equation (`EllipticDegree`, which also gives 1 - m
/// without cancellation, where scipy loses it), K = K(m):
///
///     zeros  +-j / (sqrt(m) sn(u_j K / N | m)),  u_j = j for j = 1 - (N mod 2), ..., N-1 step 2
///            (j = 0 is the zero at infinity of an odd order),
///     v0     = K arcsc(1 / eps; complement m1) / (N K(m1))    (`InverseJacobi`),
///     poles  -(c d sv cv + j s dv) / (1 - (d sv)^2),
///            s, c, d = sn, cn, dn(u_j K / N | m), sv, cv, dv = sn, cn, dn(v0 | 1 - m),
///            with their conjugates (the real pole of an odd order once),
///     k = Re(prod(-p) / prod(-z)), divided by sqrt(1 + eps^2) for an even order
///         (its passband maximum is 1; dc is a ripple trough).
///
/// Order 1 is the first-order low-pass with |H(1)|^2 = 1 / (1 + eps^2):
/// a pole at -1/eps, k = 1/eps.
public enum EllipticPrototype {
    /// The prototype of order `order` with passband ripple `rippleDecibels`
    /// and stopband attenuation `attenuationDecibels` (0 < R < A).
    public static func zpk(rippleDecibels r: Double, attenuationDecibels a: Double, order n: Int) -> ZeroPoleGain {
        let epsSquared = Double.expMinusOne(Double.log(10) * 0.1 * r)
        let eps = epsSquared.squareRoot()
        if n == 1 {
            return ZeroPoleGain(zeros: [], poles: [Complex(-1 / eps, 0)], gain: 1 / eps)
        }
        let m1 = epsSquared / Double.expMinusOne(Double.log(10) * 0.1 * a)
        let (m, mPrime) = EllipticDegree.solve(order: n, discrimination: m1)
        let capK = CompleteEllipticIntegral.complementary(mPrime)  // K(m), from 1 - m kept exact
        let indices = stride(from: 1 - n % 2, to: n, by: 2).map(Double.init)
        // u_j = (j / N) K: evaluated in quarter periods, so j / N stays exact.
        let functions = indices.map { JacobiElliptic(quarterPeriods: $0 / Double(n), parameter: m, complement: mPrime) }

        var zeros: [Complex<Double>] = []
        for f in functions where abs(f.sn) > 2e-16 {
            zeros.append(Complex(0, 1 / (m.squareRoot() * f.sn)))
        }
        zeros += zeros.map(\.conjugate)

        let r1 = InverseJacobi.arcSC(1 / eps, complementaryParameter: m1)
        // v0 = K r1 / (N K(m1)), in quarter periods of the complementary parameter.
        let v0 = capK * r1 / (Double(n) * CompleteEllipticIntegral.k(m1))
        let v = JacobiElliptic(quarterPeriods: v0 / CompleteEllipticIntegral.complementary(m), parameter: mPrime, complement: m)
        var poles = functions.map { f -> Complex<Double> in
            let denominator = 1 - (f.dn * v.sn) * (f.dn * v.sn)
            return Complex(-(f.cn * f.dn * v.sn * v.cn) / denominator, -(f.sn * v.dn) / denominator)
        }
        if n % 2 == 1 {
            let scale = poles.reduce(0.0) { $0 + $1.lengthSquared }.squareRoot()
            poles += poles.filter { abs($0.imaginary) > 2e-16 * scale }.map(\.conjugate)
        } else {
            poles += poles.map(\.conjugate)
        }
        var numerator = Complex<Double>(1, 0), denominator = Complex<Double>(1, 0)
        for p in poles { numerator *= -p }
        for z in zeros { denominator *= -z }
        var k = (numerator / denominator).real
        if n % 2 == 0 { k /= (1 + epsSquared).squareRoot() }
        return ZeroPoleGain(zeros: zeros, poles: poles, gain: k)
    }
}
