import ComplexModule
import RealModule

/// The matched z-transform z = exp(s) (sample period 1): each pole and finite
/// zero mapped by the exponential; zeros at infinity are not placed.
public enum MatchedZ {
    /// Maps poles and zeros.
    public static func map(_ s: PoleZeroSet) -> PoleZeroSet {
        PoleZeroSet(poles: s.poles.map(FisherArithmetic.exp), zeros: s.zeros.map(FisherArithmetic.exp))
    }
}
