import ComplexModule
import RealModule

/// Turns the low-pass prototype (corner 1 rad/s) into the requested band, in
/// the s-plane, with w1 = 2 pi alpha1' and w2 = 2 pi alpha2' (warped corners),
/// mapping zeros, poles and gain as scipy's `lp2lp_zpk`, `lp2hp_zpk`,
/// `lp2bp_zpk` and `lp2bs_zpk` do. With d = #poles - #zeros (the order of the
/// prototype's zero at infinity):
///
/// - low-pass:  s -> s / w1: x -> x w1; k w1^d.
/// - high-pass: s -> w1 / s: x -> w1 / x, d zeros at s = 0; k Re(prod(-z) / prod(-p)).
/// - band-pass: s -> (s^2 + w0^2) / (s bw), w0 = sqrt(w1 w2), bw = w2 - w1:
///   with h = x bw / 2, each x becomes the pair h (1 +- sqrt(1 - (w0/h)^2));
///   d zeros at s = 0; k bw^d.
/// - band-stop: s -> s bw / (s^2 + w0^2): the same pairs with h = (bw / x) / 2;
///   d zeros at +j w0 and d at -j w0; k Re(prod(-z) / prod(-p)).
///
/// Poles and zeros are computed with Fisher's arithmetic and in his order
/// (every upper root of a pair, then every lower one), so that his reports
/// come out to the last digit; the gain, which he did not compute, in ordinary
/// complex arithmetic.
public enum BandTransform {
    /// The s-plane zeros, poles and gain of the band filter.
    public static func apply(_ prototype: ZeroPoleGain, band: FilterBand, warped alpha1: Double, _ alpha2: Double) -> ZeroPoleGain {
        let w1 = 2.0 * Double.pi * alpha1
        let w2 = 2.0 * Double.pi * alpha2
        switch band {
        case .lowPass: return lowPass(prototype, w1)
        case .highPass: return highPass(prototype, w1)
        case .bandPass: return bandPass(prototype, w1, w2)
        case .bandStop: return bandStop(prototype, w1, w2)
        case .allPass:
            preconditionFailure("all-pass is for resonators only; FilterRecipe rejects it")
        }
    }

    /// scipy's `lp2lp_zpk`: x -> x w.
    static func lowPass(_ p: ZeroPoleGain, _ w: Double) -> ZeroPoleGain {
        typealias F = FisherArithmetic
        return ZeroPoleGain(zeros: p.zeros.map { F.product($0, F.complex(w)) },
                            poles: p.poles.map { F.product($0, F.complex(w)) },
                            gain: p.gain * Double.pow(w, p.relativeDegree))
    }

    /// scipy's `lp2hp_zpk`: x -> w / x, and d zeros at the origin.
    static func highPass(_ p: ZeroPoleGain, _ w: Double) -> ZeroPoleGain {
        typealias F = FisherArithmetic
        return ZeroPoleGain(zeros: p.zeros.map { F.quotient(F.complex(w), $0) }
                                + Array(repeating: F.complex(0.0), count: p.relativeDegree),
                            poles: p.poles.map { F.quotient(F.complex(w), $0) },
                            gain: p.gain * reciprocalGainFactor(p))
    }

    /// scipy's `lp2bp_zpk`: each root becomes a pair, and d zeros at the origin.
    static func bandPass(_ p: ZeroPoleGain, _ w1: Double, _ w2: Double) -> ZeroPoleGain {
        typealias F = FisherArithmetic
        let w0 = (w1 * w2).squareRoot(), bw = w2 - w1
        let split = { (x: Complex<Double>) in F.scale(0.5, F.product(x, F.complex(bw))) }
        return ZeroPoleGain(zeros: pairs(p.zeros, w0: w0, half: split) + Array(repeating: F.complex(0.0), count: p.relativeDegree),
                            poles: pairs(p.poles, w0: w0, half: split),
                            gain: p.gain * Double.pow(bw, p.relativeDegree))
    }

    /// scipy's `lp2bs_zpk`: each root becomes a pair, and d zeros at each of +-j w0.
    static func bandStop(_ p: ZeroPoleGain, _ w1: Double, _ w2: Double) -> ZeroPoleGain {
        typealias F = FisherArithmetic
        let w0 = (w1 * w2).squareRoot(), bw = w2 - w1
        let split = { (x: Complex<Double>) in F.scale(0.5, F.quotient(F.complex(bw), x)) }
        let d = p.relativeDegree
        return ZeroPoleGain(zeros: pairs(p.zeros, w0: w0, half: split)
                                + Array(repeating: F.complex(0.0, w0), count: d) + Array(repeating: F.complex(0.0, -w0), count: d),
                            poles: pairs(p.poles, w0: w0, half: split),
                            gain: p.gain * reciprocalGainFactor(p))
    }

    /// The roots h (1 + sqrt(1 - (w0/h)^2)) of every x, then the roots
    /// h (1 - sqrt(1 - (w0/h)^2)), with h = `half(x)`: Fisher's band transform.
    static func pairs(_ roots: [Complex<Double>], w0: Double, half: (Complex<Double>) -> Complex<Double>) -> [Complex<Double>] {
        typealias F = FisherArithmetic
        var upper: [Complex<Double>] = [], lower: [Complex<Double>] = []
        for x in roots {
            let h = half(x)
            let temp = F.squareRoot(F.difference(F.complex(1.0), F.square(F.quotient(F.complex(w0), h))))
            upper.append(F.product(h, F.sum(F.complex(1.0), temp)))
            lower.append(F.product(h, F.difference(F.complex(1.0), temp)))
        }
        return upper + lower
    }

    /// Re(prod(-z) / prod(-p)): the gain factor of the substitutions x -> w / x
    /// (high-pass) and s -> s bw / (s^2 + w0^2) (band-stop).
    static func reciprocalGainFactor(_ p: ZeroPoleGain) -> Double {
        var numerator = Complex<Double>(1, 0), denominator = Complex<Double>(1, 0)
        for z in p.zeros { numerator *= -z }
        for q in p.poles { denominator *= -q }
        return (numerator / denominator).real
    }
}
