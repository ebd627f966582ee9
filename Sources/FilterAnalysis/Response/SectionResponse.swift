import ComplexModule
import FilterDesign
import FilterRuntime
import RealModule

/// The frequency response of a cascade of second-order sections: the product
/// of the sections' responses, each evaluated directly (no polynomial is
/// expanded, no FFT is needed for three coefficients).
///
/// Accuracy: a numerator or denominator c0 + c1 u + c2 u^2 (u = e^{-jw}) whose
/// roots lie near z = t (t = 1 or -1, whichever c1 / c0 points to) is small
/// near there, and summed as it stands it would lose its digits to
/// cancellation. It is expanded about u = t instead, in q = 1 - t u:
///
///     c0 + c1 u + c2 u^2 = A(t) + g1 q + c2 q^2,   A(t) = c0 + t c1 + c2,   g1 = -(t c1 + 2 c2),
///
/// where A(t) and g1, small differences of large coefficients, are formed in
/// double-double (`SectionResponse.Expansion`) and rounded once, and q comes
/// from the half angle x = w / 2 without cancellation: 1 - u = 2 sin^2 x +
/// j 2 sin x cos x, 1 + u = 2 cos^2 x - j 2 sin x cos x. Since sin x and cos x
/// are rounded, that point lies off the unit circle by e = sin^2 x + cos^2 x - 1
/// (an ulp or two); near a pole a distance d inside the circle that alone would
/// move the response by e / d (2e-10 for d = 1e-6), so e is found exactly and
/// the point moved back onto the circle (`UnitCircle`). Each section is then
/// good to about an ulp times the cancellation its own value implies (its
/// terms' size over its value), and the product to about 1e-15 relative at
/// every frequency, 48 poles crowded near z = 1 included.
///
/// Speed: the unit-circle points come from one sine and cosine per point of
/// half the grid (the other half by symmetry), and each section is one pass
/// over structure-of-arrays buffers.
public enum SectionResponse {
    /// H(e^{j w}) of `sections` on `grid`.
    public static func response(_ sections: [Biquad], grid: FrequencyGrid) -> FrequencyResponse {
        let n = grid.count
        let circle = UnitCircle(grid: grid)
        let h = UnsafeMutablePointer<Double>.allocate(capacity: 2 * n)
        defer { h.deallocate() }
        let hr = h, hi = h + n
        hr.initialize(repeating: 1, count: n)
        hi.initialize(repeating: 0, count: n)
        let ur = circle.ur, ui = circle.ui, vr = circle.vr, vi = circle.vi
        for s in sections {
            let numerator = Expansion(s.b0, s.b1, s.b2), denominator = Expansion(1, s.a1, s.a2)
            // Per polynomial: about t = 0 the coefficients of 1, u, u^2 and the
            // arrays u, u^2; about t = +-1 those of 1, q, q^2 and q, q^2.
            func arrays(_ e: Expansion) -> (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>,
                                            UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) {
                e.anchor > 0 ? (circle.dr, circle.di, circle.d2r, circle.d2i)
                    : e.anchor < 0 ? (circle.er, circle.ei, circle.e2r, circle.e2i) : (ur, ui, vr, vi)
            }
            let (xr, xi, x2r, x2i) = arrays(numerator)
            let (yr, yi, y2r, y2i) = arrays(denominator)
            let (n0, n1, n2) = (numerator.g0, numerator.g1, numerator.g2)
            let (d0, d1, d2) = (denominator.g0, denominator.g1, denominator.g2)
            for k in 0..<n {
                let nr = n0 + n1 * xr[k] + n2 * x2r[k]
                let ni = n1 * xi[k] + n2 * x2i[k]
                let dr = d0 + d1 * yr[k] + d2 * y2r[k]
                let di = d1 * yi[k] + d2 * y2i[k]
                let norm = dr * dr + di * di
                let tr = (nr * dr + ni * di) / norm
                let ti = (ni * dr - nr * di) / norm
                let r = hr[k] * tr - hi[k] * ti
                hi[k] = hr[k] * ti + hi[k] * tr
                hr[k] = r
            }
        }
        return FrequencyResponse(grid: grid, values: (0..<n).map { Complex(hr[$0], hi[$0]) })
    }

    /// H(e^{j 2 pi alpha}) of `sections` at one frequency, with the same
    /// arithmetic as `response(_:grid:)` (a one-point grid).
    public static func response(_ sections: [Biquad], atAlpha alpha: Double) -> Complex<Double> {
        let point = UnitCircle.point(sine: Double.sin(Double.pi * alpha), cosine: Double.cos(Double.pi * alpha))
        var h = Complex<Double>(1, 0)
        for s in sections {
            func value(_ e: Expansion) -> Complex<Double> {
                let (x, x2) = e.anchor > 0 ? (point.d, point.d2) : e.anchor < 0 ? (point.e, point.e2) : (point.u, point.v)
                return Complex(e.g0 + e.g1 * x.real + e.g2 * x2.real, e.g1 * x.imaginary + e.g2 * x2.imaginary)
            }
            h *= value(Expansion(s.b0, s.b1, s.b2)) / value(Expansion(1, s.a1, s.a2))
        }
        return h
    }

    /// c0 + c1 u + c2 u^2 written about its anchor t (1 when c1 / c0 < -1, -1
    /// when it is above 1, else 0) as g0 + g1 x + g2 x^2, with x = u for t = 0
    /// and x = q = 1 - t u otherwise: g0 = A(t) = c0 + t c1 + c2, g1 = -(t c1 + 2 c2),
    /// g2 = c2, each formed in double-double and rounded once.
    struct Expansion {
        let anchor: Double
        let g0: Double, g1: Double, g2: Double

        init(_ c0: Double, _ c1: Double, _ c2: Double) {
            let ratio = c0 != 0 ? c1 / c0 : 0
            let t: Double = ratio < -1 ? 1 : ratio > 1 ? -1 : 0
            anchor = t
            if t == 0 {
                (g0, g1, g2) = (c0, c1, c2)
            } else {
                g0 = (DoubleDouble(c0) + DoubleDouble(t * c1) + DoubleDouble(c2)).value
                g1 = -(DoubleDouble(t * c1) + DoubleDouble(2 * c2)).value
                g2 = c2
            }
        }
    }

    /// u = e^{-jw}, u^2, d = 1 - u, d^2, e = 1 + u and e^2 at every grid point,
    /// as real and imaginary arrays, from the half angle w/2 = pi k / (2 (N - 1)).
    final class UnitCircle {
        let storage: UnsafeMutablePointer<Double>
        let ur, ui, vr, vi, dr, di, d2r, d2i, er, ei, e2r, e2i: UnsafeMutablePointer<Double>

        /// The values at one point, as complex numbers.
        struct Point {
            let u, v, d, d2, e, e2: Complex<Double>
        }

        /// The point whose half angle has the sine s and cosine c, on the
        /// unit circle (`PoleZeroForm.CirclePoint`), and the squares.
        static func point(sine s: Double, cosine c: Double) -> Point {
            let p = PoleZeroForm.CirclePoint(sine: s, cosine: c)
            let (u, d, e) = (p.u, p.oneMinus, p.onePlus)
            return Point(u: u, v: u * u, d: d, d2: d * d, e: e, e2: e * e)
        }

        init(grid: FrequencyGrid) {
            let n = grid.count, m = grid.fftLength
            storage = .allocate(capacity: 14 * n)
            storage.initialize(repeating: 0, count: 14 * n)
            (ur, ui, vr, vi) = (storage, storage + n, storage + 2 * n, storage + 3 * n)
            (dr, di, d2r, d2i) = (storage + 4 * n, storage + 5 * n, storage + 6 * n, storage + 7 * n)
            (er, ei, e2r, e2i) = (storage + 8 * n, storage + 9 * n, storage + 10 * n, storage + 11 * n)
            // sin and cos of the half angle x_k = pi k / m on [0, pi/2]: one libm
            // call each for x <= pi/4, the rest by sin(pi/2 - x) = cos x.
            let s = storage + 12 * n, c = storage + 13 * n
            let half = (n - 1) / 2
            for k in 0...half {
                let x = Double.pi * Double(k) / Double(m)
                s[k] = Double.sin(x)
                c[k] = Double.cos(x)
            }
            if half + 1 < n {
                for k in (half + 1)..<n {
                    s[k] = c[n - 1 - k]
                    c[k] = s[n - 1 - k]
                }
            }
            for k in 0..<n {
                let p = Self.point(sine: s[k], cosine: c[k])
                (ur[k], ui[k], vr[k], vi[k]) = (p.u.real, p.u.imaginary, p.v.real, p.v.imaginary)
                (dr[k], di[k], d2r[k], d2i[k]) = (p.d.real, p.d.imaginary, p.d2.real, p.d2.imaginary)
                (er[k], ei[k], e2r[k], e2i[k]) = (p.e.real, p.e.imaginary, p.e2.real, p.e2.imaginary)
            }
        }

        deinit { storage.deallocate() }
    }
}
