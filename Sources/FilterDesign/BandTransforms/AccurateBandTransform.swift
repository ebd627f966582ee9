import ComplexModule
import RealModule

/// The band transforms of `BandTransform`, computed so that a root's small
/// distance from the j-axis keeps its relative precision: the transform of
/// choice for Chebyshev II and elliptic prototypes, whose poles crowd the
/// j-axis (an order-23 elliptic prototype has poles 1e-11 from it), and whose
/// reports need not reproduce Fisher's arithmetic.
///
/// Band-pass: each root x gives the roots of s^2 - b s + w0^2 with b = x bw
/// (band-stop: b = bw / x). Taking s1 = b/2 + sqrt(b^2/4 - w0^2) with the
/// sign that makes |s1| the larger, and s2 = w0^2 / s1 (their product is
/// w0^2), nothing cancels; the complex square root is Kahan's, which gives
/// the small real part of sqrt(a + jc), a < 0, as |c| / (2 t). Quotients are
/// taken as w conj(x) / |x|^2, so a small real part stays a product.
public enum AccurateBandTransform {
    /// The s-plane zeros, poles and gain of the band filter; the gain as `BandTransform`.
    public static func apply(_ prototype: ZeroPoleGain, band: FilterBand, warped alpha1: Double, _ alpha2: Double) -> ZeroPoleGain {
        let w1 = 2.0 * Double.pi * alpha1, w2 = 2.0 * Double.pi * alpha2
        let d = prototype.relativeDegree
        switch band {
        case .lowPass:
            return ZeroPoleGain(zeros: prototype.zeros.map { $0 * Complex(w1, 0) }, poles: prototype.poles.map { $0 * Complex(w1, 0) },
                                gain: prototype.gain * Double.pow(w1, d))
        case .highPass:
            return ZeroPoleGain(zeros: prototype.zeros.map { quotient(w1, $0) } + Array(repeating: Complex<Double>.zero, count: d),
                                poles: prototype.poles.map { quotient(w1, $0) },
                                gain: prototype.gain * BandTransform.reciprocalGainFactor(prototype))
        case .bandPass:
            let w0Squared = w1 * w2, bw = w2 - w1
            return ZeroPoleGain(zeros: pairs(prototype.zeros.map { $0 * Complex(bw, 0) }, w0Squared) + Array(repeating: Complex<Double>.zero, count: d),
                                poles: pairs(prototype.poles.map { $0 * Complex(bw, 0) }, w0Squared),
                                gain: prototype.gain * Double.pow(bw, d))
        case .bandStop:
            let w0Squared = w1 * w2, bw = w2 - w1, w0 = w0Squared.squareRoot()
            return ZeroPoleGain(zeros: pairs(prototype.zeros.map { quotient(bw, $0) }, w0Squared)
                                    + Array(repeating: Complex(0, w0), count: d) + Array(repeating: Complex(0, -w0), count: d),
                                poles: pairs(prototype.poles.map { quotient(bw, $0) }, w0Squared),
                                gain: prototype.gain * BandTransform.reciprocalGainFactor(prototype))
        case .allPass:
            preconditionFailure("all-pass is for resonators only; FilterRecipe rejects it")
        }
    }

    /// w / x as w conj(x) / |x|^2.
    static func quotient(_ w: Double, _ x: Complex<Double>) -> Complex<Double> {
        let scale = w / x.lengthSquared
        return Complex(x.real * scale, -x.imaginary * scale)
    }

    /// The two roots of s^2 - b s + w0^2 for each b: all the larger ones,
    /// then all the smaller ones (as `BandTransform.pairs` orders them).
    static func pairs(_ bs: [Complex<Double>], _ w0Squared: Double) -> [Complex<Double>] {
        var first: [Complex<Double>] = [], second: [Complex<Double>] = []
        for b in bs {
            let half = b / 2
            var root = squareRoot(half * half - Complex(w0Squared, 0))
            // The sign that adds, not cancels: Re(conj(half) root) >= 0.
            if half.real * root.real + half.imaginary * root.imaginary < 0 { root = -root }
            let s1 = half + root
            let scale = w0Squared / s1.lengthSquared
            first.append(s1)
            second.append(Complex(s1.real * scale, -s1.imaginary * scale))
        }
        return first + second
    }

    /// Kahan's complex square root (principal branch): for z = a + jc,
    /// t = sqrt((|a| + |z|) / 2); a >= 0: (t, c / (2t)); a < 0: (|c| / (2t), sign(c) t).
    static func squareRoot(_ z: Complex<Double>) -> Complex<Double> {
        let (a, c) = (z.real, z.imaginary)
        if a == 0 && c == 0 { return .zero }
        let t = ((abs(a) + z.length) / 2).squareRoot()
        if a >= 0 { return Complex(t, c / (2 * t)) }
        return Complex(abs(c) / (2 * t), c < 0 ? -t : t)
    }
}
