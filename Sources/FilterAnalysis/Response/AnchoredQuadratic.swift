import ComplexModule
import FilterDesign

/// A section's numerator or denominator c0 + c1 u + c2 u^2 (u = e^{-jw})
/// written about an anchor t near its root, in q = u - t:
///
///     c0 + c1 u + c2 u^2 = G0 + G1 q + c2 q^2,   G0 = c0 + c1 t + c2 t^2,   G1 = c1 + 2 c2 t,
///
/// G0 and G1 formed in double-double (they are small differences of large
/// coefficients when t is near a root) and rounded once.
///
/// The anchor is the root (in u) that the upper half of the unit circle
/// passes nearest, projected onto the circle: for complex roots the one
/// with Im <= 0 (w in [0, pi] gives Im u <= 0), for real ones the one
/// nearest the circle, taken to 1 or -1. At a point near that root, q is
/// small and found without cancellation (`value(reHi:reLo:imHi:imLo:)`), and
/// each term is about as large as the value itself, so the sum is good to a
/// few ulps of it: near a pole a distance d from the circle the section keeps
/// its digits however small d is, where the sum of c0, c1 u and c2 u^2 as
/// they stand loses ulp / d.
struct AnchoredQuadratic {
    /// t (real and imaginary part), a double.
    let tr: Double, ti: Double
    /// G0 = P(t), G1 = P'(t), rounded; c2.
    let g0r: Double, g0i: Double, g1r: Double, g1i: Double, c2: Double

    init(_ c0: Double, _ c1: Double, _ c2: Double) {
        (tr, ti) = Self.anchor(c0, c1, c2)
        self.c2 = c2
        // t^2 = (tr^2 - ti^2) + j 2 tr ti, exactly enough in double-double.
        let (r, i) = (DoubleDouble(tr), DoubleDouble(ti))
        let t2r = r * r - i * i, t2i = DoubleDouble.product(r * i, 2)
        let g0r = DoubleDouble(c0) + DoubleDouble.product(r, c1) + DoubleDouble.product(t2r, c2)
        let g0i = DoubleDouble.product(i, c1) + DoubleDouble.product(t2i, c2)
        let g1r = DoubleDouble(c1) + DoubleDouble.product(r, 2 * c2)
        let g1i = DoubleDouble.product(i, 2 * c2)
        (self.g0r, self.g0i, self.g1r, self.g1i) = (g0r.value, g0i.value, g1r.value, g1i.value)
    }

    /// The anchor for c0 + c1 u + c2 u^2 (0 for a constant).
    static func anchor(_ c0: Double, _ c1: Double, _ c2: Double) -> (Double, Double) {
        if c2 == 0 {
            // c0 + c1 u: the root -c0 / c1 is real.
            guard c1 != 0 else { return (0, 0) }
            return (-c0 / c1 >= 0 ? 1 : -1, 0)
        }
        // Roots (-c1 +- sqrt(c1^2 - 4 c0 c2)) / (2 c2).
        let discriminant = c1 * c1 - 4 * c0 * c2
        if discriminant < 0 {
            let re = -c1 / (2 * c2), im = (-discriminant).squareRoot() / (2 * abs(c2))
            let length = (re * re + im * im).squareRoot()
            guard length > 0, length.isFinite else { return (0, 0) }
            return (re / length, -im / length)
        }
        let root = discriminant.squareRoot()
        let big = c1 >= 0 ? (-c1 - root) / (2 * c2) : (-c1 + root) / (2 * c2)
        let small = big != 0 ? c0 / (c2 * big) : 0
        // The real root whose modulus is nearest 1 (by ratio).
        func farness(_ x: Double) -> Double { max(abs(x), 1 / abs(x)) }
        let nearest = farness(big) <= farness(small) ? big : small
        return (nearest >= 0 ? 1 : -1, 0)
    }

    /// The value at u = (reHi + reLo) + j (imHi + imLo): q = u - t from the
    /// high parts (exact when they are near t) plus the low parts, then
    /// G0 + G1 q + c2 q^2.
    @inline(__always)
    func value(reHi: Double, reLo: Double, imHi: Double, imLo: Double) -> (Double, Double) {
        let qr = (reHi - tr) + reLo, qi = (imHi - ti) + imLo
        let q2r = (qr - qi) * (qr + qi), q2i = 2 * qr * qi
        return (g0r + (g1r * qr - g1i * qi) + c2 * q2r, g0i + (g1r * qi + g1i * qr) + c2 * q2i)
    }
}
