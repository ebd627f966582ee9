import ComplexModule
import RealModule

/// The matched z-transform z = exp(s) (sample period 1): each pole and finite
/// zero mapped by the exponential; zeros at infinity are not placed.
public enum MatchedZ {
    /// Maps zeros and poles. The gain is carried over as it is: the transform
    /// defines none, and the design is normalised at its reference frequency
    /// afterwards.
    public static func map(_ s: ZeroPoleGain) -> ZeroPoleGain {
        ZeroPoleGain(zeros: s.zeros.map(FisherArithmetic.exp), poles: s.poles.map(FisherArithmetic.exp), gain: s.gain)
    }
}
