import ComplexModule
import RealModule

/// scipy's `iircomb` (Orfanidis 11.5): with N = fs / f teeth,
/// beta = tan(N w_delta / 4) where w_delta = 2 pi f / (fs Q), that is
/// beta = tan(pi / (2 Q)), and
///
///     notch: G0 = 1, G = 0;  peak: G0 = 0, G = 1
///     a_x = (1 - beta) / (1 + beta), b_x = (G0 + G beta) / (1 + beta),
///     c_x = (G0 - G beta) / (1 + beta)
///     H(z) = (b_x + s c_x z^-N) / (1 + s a_x z^-N)
///
/// with s = -1 for a peaking comb that passes dc (`passZero`) or a notching
/// comb that does not, else +1. The zeros are the N-th roots of -s c_x / b_x
/// (on the unit circle), the poles those of -s a_x, each computed as a
/// radius and an angle so that pairs are exactly conjugate.
///
/// beta > 0 needs Q > 1: at Q <= 1 the bandwidth of a tooth is the spacing
/// of the teeth, beta is infinite or negative and scipy's filter has poles
/// outside the unit circle (`CatalogueFilter` refuses it).
public enum Comb {
    /// The most teeth N = fs / f: a comb of 1024 poles designs in about 5 s
    /// and 300 MB in a debug build (the sections' grid grows as N^2): mains
    /// hum at 44.1 or 48 kHz (N = 882, 960) designs, scipy's
    /// `test_nearest_divisor` among them.
    public static let teethRange: ClosedRange<Int> = 3...1024

    /// N = 1 / alpha when it is an integer (scipy's test: |alpha - 1/N| <= 1e-14), else nil.
    public static func teeth(alpha: Double) -> Int? {
        guard alpha.isFinite, alpha > 0 else { return nil }
        let n = (1 / alpha).rounded()
        guard n.isFinite, n >= 1, n <= 1e9, abs(alpha - 1 / n) <= 1e-14 else { return nil }
        return Int(n)
    }

    /// The comb's zeros, poles and gain.
    public static func zPlane(teeth n: Int, quality: Double, response: CombResponse, passZero: Bool) -> ZeroPoleGain {
        let beta = Double.tan(Double.pi / (2 * quality))
        let (g0, g): (Double, Double) = response == .notch ? (1, 0) : (0, 1)
        let ax = (1 - beta) / (1 + beta), bx = (g0 + g * beta) / (1 + beta), cx = (g0 - g * beta) / (1 + beta)
        let s: Double = (response == .peak && passZero) || (response == .notch && !passZero) ? -1 : 1
        return ZeroPoleGain(zeros: roots(n, of: -s * cx / bx), poles: roots(n, of: -s * ax), gain: bx)
    }

    /// The n roots of z^n = c (c real), conjugate pairs exact, real roots real.
    static func roots(_ n: Int, of c: Double) -> [Complex<Double>] {
        let radius = Double.pow(abs(c), 1 / Double(n))
        // z = radius exp(j pi (2k + o) / n), o = 0 for c > 0, 1 for c < 0.
        let o = c < 0 ? 1 : 0
        var roots: [Complex<Double>] = []
        for k in 0..<n {
            let m = 2 * k + o  // angle pi m / n, 0 <= m < 2n
            if 2 * m > 2 * n { break }  // the lower half comes as conjugates
            if m == 0 { roots.append(Complex(radius, 0)); continue }
            if m == n { roots.append(Complex(-radius, 0)); continue }
            let theta = Double.pi * Double(m) / Double(n)
            let z = Complex(radius * Double.cos(theta), radius * Double.sin(theta))
            roots += [z, z.conjugate]
        }
        return roots
    }
}
