import ComplexModule
import RealModule

/// The Chebyshev type I low-pass prototype, derived from the Butterworth one
/// (DeFatta, Lucas & Hodgkiss p. 136, as in Fisher's mkfilter).
///
/// With ripple r dB: eps = sqrt(10^(r/10) - 1), y = asinh(1/eps) / N; each
/// Butterworth pole's real part is scaled by sinh(y) and its imaginary part
/// by cosh(y). The passband edge (where the ripple band ends) is at 1 rad/s.
public enum ChebyshevPrototype {
    /// The ripples in dB the prototype can be designed for: the limits of its
    /// arithmetic in double, to three digits and inside them. Below about
    /// 4.8216e-16 dB, 10^(r/10) rounds to 1, so eps = 0 and y is infinite;
    /// above about 319.09 dB, 1/eps is so small that Fisher's asinh rounds
    /// to 0, so y = 0 (`FilterRecipe` refuses both).
    public static let rippleDecibelsRange: ClosedRange<Double> = 4.83e-16 ... 319

    /// The parameter y = asinh(1/eps) / N, with Fisher's `asinh`.
    /// It is positive and finite exactly when the ripple is usable.
    public static func y(rippleDecibels: Double, order: Int) -> Double {
        let rip = Double.pow(10.0, rippleDecibels / 10.0)
        let eps = (rip - 1.0).squareRoot()
        return FisherArithmetic.asinh(1.0 / eps) / Double(order)
    }

    /// The N left-half-plane poles, in Fisher's (Butterworth) order.
    public static func poles(rippleDecibels: Double, order: Int) -> [Complex<Double>] {
        let y = y(rippleDecibels: rippleDecibels, order: order)
        let (sh, ch) = (Double.sinh(y), Double.cosh(y))
        return ButterworthPrototype.poles(order: order).map { Complex($0.real * sh, $0.imaginary * ch) }
    }
}
