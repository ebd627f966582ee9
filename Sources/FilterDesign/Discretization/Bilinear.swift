import ComplexModule
import RealModule

/// The bilinear transform z = (2 + s) / (2 - s) (sample period 1).
public enum Bilinear {
    /// Maps one s-plane point.
    public static func map(_ s: Complex<Double>) -> Complex<Double> {
        typealias F = FisherArithmetic
        return F.quotient(F.sum(F.complex(2.0), s), F.difference(F.complex(2.0), s))
    }

    /// Maps poles and zeros; the zeros at s = infinity (one for each pole
    /// beyond the number of zeros) land at z = -1.
    public static func map(_ s: PoleZeroSet) -> PoleZeroSet {
        var zeros = s.zeros.map(map)
        while zeros.count < s.poles.count { zeros.append(FisherArithmetic.complex(-1.0)) }
        return PoleZeroSet(poles: s.poles.map(map), zeros: zeros)
    }
}
