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
/// the point moved back onto the circle (`UnitCircle`).
///
/// Its angle misses w by as much, and |d log H / dw| is about 1 / d there
/// too: with libm's sine and cosine of the rounded pi alpha the point was up
/// to 4.4e-16 rad off (on verify's grid of 2^22), about 1e-10 of the peak
/// for poles 1.5e-6 from the circle. So sin x and cos x are taken in
/// double-double (`DoubleDouble.sinCosPi`, of alpha_k = k / (2 (N - 1)) exactly), the
/// point is built from their high parts, and the angle it misses w by,
/// delta w = 2 (c s_lo - s c_lo) (below 1.6e-16, known to 1e-32), is made
/// good to first order in each numerator and denominator:
///
///     N(w) = N(point) + delta w dN/dw,   dN/dw = -j (c1 u + 2 c2 u^2)   (du/dw = -j u),
///
/// with c0, c1, c2 the section's coefficients: good to 1e-20 relative (the
/// next term is (delta w / d)^2; the derivative, summed as it stands, needs
/// only three digits). Each section is then good to about an ulp times the
/// cancellation its own value implies (its terms' size over its value; near
/// a pole, about an ulp over the pole's distance from the point), and the
/// product to about 1e-15 relative at every frequency, 48 poles crowded near
/// z = 1 included, and to 2e-11 of the peak for poles 1.5e-6 from the circle.
///
/// Speed: the unit-circle points come from one double-double sine and cosine
/// per point of half the grid (the other half by symmetry), each by angle
/// addition from two short tables (four double-double products), and each
/// section is one pass over structure-of-arrays buffers, the first-order
/// correction in the same pass (three products and two sums more per real
/// and imaginary part, no division): about a third more time than at the
/// rounded angles.
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
        let dw = circle.dw
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
            // delta w dN/dw = -j delta w (b1 u + 2 b2 u^2), likewise D.
            let (p1, p2, q1, q2) = (s.b1, 2 * s.b2, s.a1, 2 * s.a2)
            for k in 0..<n {
                let nr = n0 + n1 * xr[k] + n2 * x2r[k] + dw[k] * (p1 * ui[k] + p2 * vi[k])
                let ni = n1 * xi[k] + n2 * x2i[k] - dw[k] * (p1 * ur[k] + p2 * vr[k])
                let dr = d0 + d1 * yr[k] + d2 * y2r[k] + dw[k] * (q1 * ui[k] + q2 * vi[k])
                let di = d1 * yi[k] + d2 * y2i[k] - dw[k] * (q1 * ur[k] + q2 * vr[k])
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
        let point = UnitCircle.point(PoleZeroForm.CirclePoint(alpha: alpha))
        let (wu, wv) = (point.u.multiplied(by: point.angleResidual), point.v.multiplied(by: point.angleResidual))
        var h = Complex<Double>(1, 0)
        for s in sections {
            func value(_ c0: Double, _ c1: Double, _ c2: Double) -> Complex<Double> {
                let e = Expansion(c0, c1, c2)
                let (x, x2) = e.anchor > 0 ? (point.d, point.d2) : e.anchor < 0 ? (point.e, point.e2) : (point.u, point.v)
                // + delta w dN/dw = -j (c1 delta w u + 2 c2 delta w u^2).
                let correction = wu.multiplied(by: c1) + wv.multiplied(by: 2 * c2)
                return Complex(e.g0 + e.g1 * x.real + e.g2 * x2.real + correction.imaginary,
                               e.g1 * x.imaginary + e.g2 * x2.imaginary - correction.real)
            }
            h *= value(s.b0, s.b1, s.b2) / value(1, s.a1, s.a2)
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
    /// as real and imaginary arrays, from the half angle w/2 = pi k / (2 (N - 1)),
    /// and each point's angle residual delta w (`PoleZeroForm.CirclePoint`).
    final class UnitCircle {
        let storage: UnsafeMutablePointer<Double>
        let ur, ui, vr, vi, dr, di, d2r, d2i, er, ei, e2r, e2i, dw: UnsafeMutablePointer<Double>

        /// The values at one point, as complex numbers, and its angle residual.
        struct Point {
            let u, v, d, d2, e, e2: Complex<Double>
            let angleResidual: Double
        }

        /// `p`'s u, 1 - u, 1 + u and their squares.
        static func point(_ p: PoleZeroForm.CirclePoint) -> Point {
            let (u, d, e) = (p.u, p.oneMinus, p.onePlus)
            return Point(u: u, v: u * u, d: d, d2: d * d, e: e, e2: e * e, angleResidual: p.angleResidual)
        }

        init(grid: FrequencyGrid) {
            let n = grid.count
            storage = .allocate(capacity: 13 * n)
            storage.initialize(repeating: 0, count: 13 * n)
            (ur, ui, vr, vi) = (storage, storage + n, storage + 2 * n, storage + 3 * n)
            (dr, di, d2r, d2i) = (storage + 4 * n, storage + 5 * n, storage + 6 * n, storage + 7 * n)
            (er, ei, e2r, e2i) = (storage + 8 * n, storage + 9 * n, storage + 10 * n, storage + 11 * n)
            dw = storage + 12 * n
            // sin and cos of the half angle x_k = pi k / m in double-double
            // for x <= pi/4 (`DoubleDouble.sinCosPi(numeratorsThrough:denominator:_:)`),
            // and x_{N-1-k} = pi/2 - x_k by the same two swapped.
            func store(_ k: Int, _ point: PoleZeroForm.CirclePoint) {
                let p = Self.point(point)
                (ur[k], ui[k], vr[k], vi[k]) = (p.u.real, p.u.imaginary, p.v.real, p.v.imaginary)
                (dr[k], di[k], d2r[k], d2i[k]) = (p.d.real, p.d.imaginary, p.d2.real, p.d2.imaginary)
                (er[k], ei[k], e2r[k], e2i[k]) = (p.e.real, p.e.imaginary, p.e2.real, p.e2.imaginary)
                dw[k] = p.angleResidual
            }
            DoubleDouble.sinCosPi(numeratorsThrough: (n - 1) / 2, denominator: grid.fftLength) { k, s, c in
                store(k, PoleZeroForm.CirclePoint(sine: s, cosine: c))
                if n - 1 - k > k { store(n - 1 - k, PoleZeroForm.CirclePoint(sine: c, cosine: s)) }
            }
        }

        deinit { storage.deallocate() }
    }
}
