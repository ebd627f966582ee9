import ComplexModule
import RealModule

/// Two-pole resonators placed directly in the z-plane (Fisher's `-Re`).
///
/// Band-pass: zeros at +1 and -1, poles at r exp(+-j theta'), r = exp(-theta / (2Q)),
/// theta = 2 pi alpha. theta' starts at theta and is refined by bisection on
/// [0, pi] (at most 50 steps) until the phase of H(exp(j theta)), measured as
/// im/re, is within 1e-10 of zero: the peak is then exactly at alpha. With
/// Q = Inf the poles are exp(+-j theta), no search.
///
/// Band-stop (notch): the band-pass poles, zeros moved onto the unit circle at
/// exp(+-j theta) (the unrefined angle). All-pass: the band-pass poles, zeros
/// at the poles reflected through the unit circle, z / |z|^2.
public enum Resonator {
    /// The z-plane poles and zeros, and whether the phase search converged.
    public static func zPlane(band: FilterBand, alpha: Double, quality: QualityFactor) -> (ZeroPoleGain, converged: Bool) {
        typealias F = FisherArithmetic
        let (bandPass, converged) = bandPassPoles(alpha: alpha, quality: quality)
        switch band {
        case .bandStop:
            let zz = F.expj(2.0 * Double.pi * alpha)
            return (ZeroPoleGain(zeros: [zz, F.conjugate(zz)], poles: bandPass.poles, gain: 1), converged)
        case .allPass:
            return (ZeroPoleGain(zeros: bandPass.poles.map(reflect), poles: bandPass.poles, gain: 1), converged)
        default:
            return (bandPass, converged)
        }
    }

    /// z / |z|^2: the point reflected through the unit circle.
    public static func reflect(_ z: Complex<Double>) -> Complex<Double> {
        let r = FisherArithmetic.magnitude(z)
        return FisherArithmetic.divide(z, by: r * r)
    }

    private static func bandPassPoles(alpha: Double, quality: QualityFactor) -> (ZeroPoleGain, Bool) {
        typealias F = FisherArithmetic
        let zeros = [F.complex(1.0), F.complex(-1.0)]
        let theta = 2.0 * Double.pi * alpha
        switch quality {
        case .infinite:
            let zp = F.expj(theta)
            return (ZeroPoleGain(zeros: zeros, poles: [zp, F.conjugate(zp)], gain: 1), true)
        case .finite(let q):
            // The zeros are real and in a pair: expansion cannot fail.
            let top = try! PolynomialExpansion.expand(zeros)
            let r = Double.exp(-theta / (2.0 * q))
            var thm = theta, th1 = 0.0, th2 = Double.pi
            var converged = false
            var poles = zeros
            var i = 0
            while i < 50 && !converged {
                let zp = F.scale(r, F.expj(thm))
                poles = [zp, F.conjugate(zp)]
                let bottom = try! PolynomialExpansion.expand(poles)
                let g = PolynomialExpansion.evaluate(top: top, bottom: bottom, at: F.expj(theta))
                let phi = g.imaginary / g.real  // Fisher's approximation to atan2
                if phi > 0.0 { th2 = thm } else { th1 = thm }
                if abs(phi) < F.epsilon { converged = true }
                thm = 0.5 * (th1 + th2)
                i += 1
            }
            return (ZeroPoleGain(zeros: zeros, poles: poles, gain: 1), converged)
        }
    }
}
