import ComplexModule
import RealModule

/// The bilinear transform z = (2 + s) / (2 - s) (sample period 1), mapping
/// zeros, poles and gain as scipy's `bilinear_zpk` does with fs = 1.
public enum Bilinear {
    /// Maps one s-plane point, with Fisher's complex quotient.
    public static func map(_ s: Complex<Double>) -> Complex<Double> {
        typealias F = FisherArithmetic
        return F.quotient(F.sum(F.complex(2.0), s), F.difference(F.complex(2.0), s))
    }

    /// Maps zeros, poles and gain:
    ///
    ///     z_i = (2 + s_i) / (2 - s_i),  the d zeros at s = infinity (d = #poles - #zeros) at z = -1,
    ///     k_z = k Re(prod(2 - zero_i) / prod(2 - pole_j)).
    public static func map(_ s: ZeroPoleGain) -> ZeroPoleGain {
        var numerator = Complex<Double>(1, 0), denominator = Complex<Double>(1, 0)
        for z in s.zeros { numerator *= 2 - z }
        for p in s.poles { denominator *= 2 - p }
        return ZeroPoleGain(
            zeros: s.zeros.map(map) + Array(repeating: FisherArithmetic.complex(-1.0), count: max(s.relativeDegree, 0)),
            poles: s.poles.map(map),
            gain: s.gain * (numerator / denominator).real)
    }
}
