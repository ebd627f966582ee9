import ComplexModule
import RealModule

/// The Audio EQ Cookbook (Robert Bristow-Johnson), as Web Audio's
/// `BiquadFilterNode` computes it. With w0 = 2 pi alpha,
/// alpha_Q = sin(w0) / (2 Q), A = 10^(gain / 40) and, for the shelves
/// (slope S = 1), alpha_S = sin(w0) / 2 sqrt(2):
///
/// | response | b0, b1, b2 | a0, a1, a2 |
/// |---|---|---|
/// | lowpass | (1 - c)/2, 1 - c, (1 - c)/2 | 1 + alpha, -2c, 1 - alpha |
/// | highpass | (1 + c)/2, -(1 + c), (1 + c)/2 | 1 + alpha, -2c, 1 - alpha |
/// | bandpass (0 dB peak) | alpha, 0, -alpha | 1 + alpha, -2c, 1 - alpha |
/// | notch | 1, -2c, 1 | 1 + alpha, -2c, 1 - alpha |
/// | allpass | 1 - alpha, -2c, 1 + alpha | 1 + alpha, -2c, 1 - alpha |
/// | peaking | 1 + alpha A, -2c, 1 - alpha A | 1 + alpha/A, -2c, 1 - alpha/A |
/// | lowshelf | A((A+1) - (A-1)c + 2 sqrt(A) alpha), 2A((A-1) - (A+1)c), A((A+1) - (A-1)c - 2 sqrt(A) alpha) | (A+1) + (A-1)c + 2 sqrt(A) alpha, -2((A-1) + (A+1)c), (A+1) + (A-1)c - 2 sqrt(A) alpha |
/// | highshelf | A((A+1) + (A-1)c + 2 sqrt(A) alpha), -2A((A-1) + (A+1)c), A((A+1) + (A-1)c - 2 sqrt(A) alpha) | (A+1) - (A-1)c + 2 sqrt(A) alpha, 2((A-1) - (A+1)c), (A+1) - (A-1)c - 2 sqrt(A) alpha |
///
/// where c = cos(w0). Q is linear here; Web Audio's lowpass and highpass
/// take it in dB (Q_linear = 10^(Q_dB / 20)).
public enum CookbookBiquad {
    /// The coefficients (b0, b1, b2) and (a0, a1, a2) of `response`.
    public static func coefficients(_ response: CookbookResponse, alpha f: Double, quality q: Double,
                                    gainDecibels: Double) -> (b: (Double, Double, Double), a: (Double, Double, Double)) {
        let w0 = 2 * Double.pi * f
        let c = Double.cos(w0), s = Double.sin(w0)
        let a = Double.pow(10, gainDecibels / 40)
        let alpha = response.takesQuality ? s / (2 * q) : s / 2 * 2.0.squareRoot()
        let sa = 2 * a.squareRoot() * alpha
        let pole = (1 + alpha, -2 * c, 1 - alpha)
        switch response {
        case .lowpass: return (((1 - c) / 2, 1 - c, (1 - c) / 2), pole)
        case .highpass: return (((1 + c) / 2, -(1 + c), (1 + c) / 2), pole)
        case .bandpass: return ((alpha, 0, -alpha), pole)
        case .notch: return ((1, -2 * c, 1), pole)
        case .allpass: return ((1 - alpha, -2 * c, 1 + alpha), pole)
        case .peaking: return ((1 + alpha * a, -2 * c, 1 - alpha * a), (1 + alpha / a, -2 * c, 1 - alpha / a))
        case .lowshelf:
            return ((a * ((a + 1) - (a - 1) * c + sa), 2 * a * ((a - 1) - (a + 1) * c), a * ((a + 1) - (a - 1) * c - sa)),
                    ((a + 1) + (a - 1) * c + sa, -2 * ((a - 1) + (a + 1) * c), (a + 1) + (a - 1) * c - sa))
        case .highshelf:
            return ((a * ((a + 1) + (a - 1) * c + sa), -2 * a * ((a - 1) + (a + 1) * c), a * ((a + 1) + (a - 1) * c - sa)),
                    ((a + 1) - (a - 1) * c + sa, 2 * ((a - 1) - (a + 1) * c), (a + 1) - (a - 1) * c - sa))
        }
    }

    /// The biquad's zeros, poles and gain.
    public static func zPlane(_ response: CookbookResponse, alpha: Double, quality: Double, gainDecibels: Double) -> ZeroPoleGain {
        let (b, a) = coefficients(response, alpha: alpha, quality: quality, gainDecibels: gainDecibels)
        return biquadZeroPoleGain(b: b, a: a)
    }
}
