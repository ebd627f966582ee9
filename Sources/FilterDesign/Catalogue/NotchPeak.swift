import ComplexModule
import RealModule

/// scipy's `iirnotch` and `iirpeak` (Orfanidis, *Introduction to Signal
/// Processing*, 11.3): the bilinear image of a second-order analog notch or
/// resonator whose -3 dB bandwidth is f / Q. With w0 = 2 pi alpha,
/// beta = tan(w0 / (2 Q)) and g = 1 / (1 + beta):
///
///     notch: b = g [1, -2 cos w0, 1]
///     peak:  b = (1 - g) [1, 0, -1]
///     both:  a = [1, -2 g cos w0, 2 g - 1]
///
/// The poles are inside the unit circle while beta > 0, that is while the
/// bandwidth f / Q is below Nyquist (`CatalogueFilter` checks it).
public enum NotchPeak {
    /// The denominator's poles for `alpha` and `quality`, and g.
    static func poles(alpha: Double, quality: Double) -> ([Complex<Double>], g: Double) {
        let w0 = 2 * Double.pi * alpha
        let beta = Double.tan(w0 / (2 * quality))
        let g = 1 / (1 + beta)
        return (quadraticRoots(-2 * g * Double.cos(w0), 2 * g - 1), g)
    }

    /// `iirnotch`: zeros exp(+-j 2 pi alpha), gain g.
    public static func notch(alpha: Double, quality: Double) -> ZeroPoleGain {
        let (poles, g) = poles(alpha: alpha, quality: quality)
        let w0 = 2 * Double.pi * alpha
        let zero = Complex(Double.cos(w0), Double.sin(w0))
        return ZeroPoleGain(zeros: [zero, zero.conjugate], poles: poles, gain: g)
    }

    /// `iirpeak`: zeros at z = 1 and z = -1, gain 1 - g.
    public static func peak(alpha: Double, quality: Double) -> ZeroPoleGain {
        let (poles, g) = poles(alpha: alpha, quality: quality)
        return ZeroPoleGain(zeros: [Complex(1, 0), Complex(-1, 0)], poles: poles, gain: 1 - g)
    }
}
