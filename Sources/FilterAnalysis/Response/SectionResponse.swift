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
/// addition from two short tables (four double-double products), and every
/// section is evaluated at a point as soon as it is made, the first-order
/// correction with it (three products and two sums more per real and
/// imaginary part, no division): memory is the response itself.
public enum SectionResponse {
    /// H(e^{j w}) of `sections` on `grid`.
    public static func response(_ sections: [Biquad], grid: FrequencyGrid) -> FrequencyResponse {
        let n = grid.count
        // Per section: its numerator's and denominator's expansions and the
        // factors of the first-order correction.
        struct Terms {
            let numerator: Expansion, denominator: Expansion
            let p1: Double, p2: Double, q1: Double, q2: Double
        }
        // delta w dN/dw = -j delta w (b1 u + 2 b2 u^2), likewise D.
        let terms = sections.map { s in
            Terms(numerator: Expansion(s.b0, s.b1, s.b2), denominator: Expansion(1, s.a1, s.a2),
                  p1: s.b1, p2: 2 * s.b2, q1: s.a1, q2: 2 * s.a2)
        }
        var values = [Complex<Double>](repeating: Complex(1, 0), count: n)
        values.withUnsafeMutableBufferPointer { h in
            // Every section at one point: about t = 0 the expansion is in u and
            // u^2; about t = +-1 in q and q^2.
            func evaluate(_ k: Int, _ point: PoleZeroForm.CirclePoint) {
                let p = UnitCircle.point(point)
                let (ur, ui, vr, vi, dw) = (p.u.real, p.u.imaginary, p.v.real, p.v.imaginary, p.angleResidual)
                func powers(_ e: Expansion) -> (Double, Double, Double, Double) {
                    e.anchor > 0 ? (p.d.real, p.d.imaginary, p.d2.real, p.d2.imaginary)
                        : e.anchor < 0 ? (p.e.real, p.e.imaginary, p.e2.real, p.e2.imaginary) : (ur, ui, vr, vi)
                }
                var hr = 1.0, hi = 0.0
                for t in terms {
                    let (xr, xi, x2r, x2i) = powers(t.numerator)
                    let (yr, yi, y2r, y2i) = powers(t.denominator)
                    let (n0, n1, n2) = (t.numerator.g0, t.numerator.g1, t.numerator.g2)
                    let (d0, d1, d2) = (t.denominator.g0, t.denominator.g1, t.denominator.g2)
                    let nr = n0 + n1 * xr + n2 * x2r + dw * (t.p1 * ui + t.p2 * vi)
                    let ni = n1 * xi + n2 * x2i - dw * (t.p1 * ur + t.p2 * vr)
                    let dr = d0 + d1 * yr + d2 * y2r + dw * (t.q1 * ui + t.q2 * vi)
                    let di = d1 * yi + d2 * y2i - dw * (t.q1 * ur + t.q2 * vr)
                    let norm = dr * dr + di * di
                    let tr = (nr * dr + ni * di) / norm
                    let ti = (ni * dr - nr * di) / norm
                    let r = hr * tr - hi * ti
                    hi = hr * ti + hi * tr
                    hr = r
                }
                h[k] = Complex(hr, hi)
            }
            // sin and cos of the half angle x_k = pi k / m in double-double
            // for x <= pi/4 (`DoubleDouble.sinCosPi(numeratorsThrough:denominator:_:)`),
            // and x_{N-1-k} = pi/2 - x_k by the same two swapped.
            DoubleDouble.sinCosPi(numeratorsThrough: (n - 1) / 2, denominator: grid.fftLength) { k, s, c in
                evaluate(k, PoleZeroForm.CirclePoint(sine: s, cosine: c))
                if n - 1 - k > k { evaluate(n - 1 - k, PoleZeroForm.CirclePoint(sine: c, cosine: s)) }
            }
        }
        return FrequencyResponse(grid: grid, values: values)
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

    /// u = e^{-jw}, u^2, d = 1 - u, d^2, e = 1 + u and e^2 at a point of the
    /// circle, from the half angle w/2, and the point's angle residual delta w
    /// (`PoleZeroForm.CirclePoint`). The response takes them a point at a
    /// time, every section at that point, so that a grid of 4 x 10^6 points
    /// needs its values and nothing more (13 arrays of the grid's length
    /// before: 420 MB at the documented maximum).
    enum UnitCircle {
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

    }
}
