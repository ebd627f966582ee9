import ComplexModule
import RealModule

/// Turns the low-pass prototype (corner 1 rad/s) into the requested band, in
/// the s-plane, with w1 = 2 pi alpha1' and w2 = 2 pi alpha2' (warped corners).
///
/// - low-pass:  p -> p w1; no zeros.
/// - high-pass: p -> w1 / p; N zeros at s = 0.
/// - band-pass: with w0 = sqrt(w1 w2), bw = w2 - w1 and h = p bw / 2, each
///   pole becomes the pair h (1 +- sqrt(1 - (w0/h)^2)); N zeros at s = 0.
/// - band-stop: the same with h = (bw / p) / 2; 2N zeros at +-j w0.
///
/// (scipy's `lp2lp_zpk`, `lp2hp_zpk`, `lp2bp_zpk`, `lp2bs_zpk`, with Fisher's
/// ordering and arithmetic.)
public enum BandTransform {
    /// The s-plane poles and zeros of the band filter.
    public static func apply(prototype poles: [Complex<Double>], band: FilterBand, warped alpha1: Double, _ alpha2: Double) -> PoleZeroSet {
        typealias F = FisherArithmetic
        let w1 = 2.0 * Double.pi * alpha1
        let w2 = 2.0 * Double.pi * alpha2
        let n = poles.count
        switch band {
        case .lowPass:
            return PoleZeroSet(poles: poles.map { F.product($0, F.complex(w1)) }, zeros: [])
        case .highPass:
            return PoleZeroSet(poles: poles.map { F.quotient(F.complex(w1), $0) },
                               zeros: Array(repeating: F.complex(0.0), count: n))
        case .bandPass, .bandStop:
            let w0 = sqrt(w1 * w2), bw = w2 - w1
            var upper: [Complex<Double>] = [], lower: [Complex<Double>] = []
            for p in poles {
                let hba = band == .bandPass
                    ? F.scale(0.5, F.product(p, F.complex(bw)))
                    : F.scale(0.5, F.quotient(F.complex(bw), p))
                let temp = F.squareRoot(F.difference(F.complex(1.0), F.square(F.quotient(F.complex(w0), hba))))
                upper.append(F.product(hba, F.sum(F.complex(1.0), temp)))
                lower.append(F.product(hba, F.difference(F.complex(1.0), temp)))
            }
            let zeros = band == .bandPass
                ? Array(repeating: F.complex(0.0), count: n)
                : Array(repeating: F.complex(0.0, w0), count: n) + Array(repeating: F.complex(0.0, -w0), count: n)
            return PoleZeroSet(poles: upper + lower, zeros: zeros)
        case .allPass:
            preconditionFailure("all-pass is for resonators only; FilterSpecification rejects it")
        }
    }
}
