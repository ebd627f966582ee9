import ComplexModule
import FilterDesign
import FilterRuntime
import RealModule

/// The frequency response of a cascade of second-order sections: the product
/// of the sections' responses, each evaluated directly (no polynomial is
/// expanded, no FFT is needed for three coefficients).
///
/// Accuracy: a denominator whose poles lie near z = 1 is small there, and
/// 1 + a1 u + a2 u^2 would lose its digits to cancellation; it is evaluated as
///
///     (1 - u)^2 + (a1 + 2) u + (a2 - 1) u^2,   1 - u = 2 sin^2(w/2) + j 2 sin(w/2) cos(w/2)
///
/// (and about z = -1 with 1 + u), where a1 + 2 and a2 - 1 are exact and 1 - u
/// is computed from the half angle without cancellation. Every section is then
/// good to a few ulp relative to itself, so the product is good to about 1e-15
/// relative at every frequency, 48 poles crowded near z = 1 included.
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
            // The denominator about z = shift: q^2 + c1 u + c2 u^2 with q = 1 - shift u.
            let shift: Double = s.a1 < -1 ? 1 : s.a1 > 1 ? -1 : 0
            let c1 = s.a1 + 2 * shift, c2 = s.a2 - shift * shift
            let qr = shift < 0 ? circle.er : circle.dr, qi = shift < 0 ? circle.ei : circle.di
            let useQ = shift == 0 ? 0.0 : 1.0, base = 1 - useQ
            let (b0, b1, b2) = (s.b0, s.b1, s.b2)
            for k in 0..<n {
                let nr = b0 + b1 * ur[k] + b2 * vr[k]
                let ni = b1 * ui[k] + b2 * vi[k]
                let dr = (useQ * (qr[k] * qr[k] - qi[k] * qi[k]) + base) + c1 * ur[k] + c2 * vr[k]
                let di = useQ * (2 * qr[k] * qi[k]) + c1 * ui[k] + c2 * vi[k]
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

    /// u = e^{-jw}, u^2, 1 - u and 1 + u at every grid point, as real and
    /// imaginary arrays, from the half angle w/2 = pi k / (2 (N - 1)).
    final class UnitCircle {
        let storage: UnsafeMutablePointer<Double>
        let ur, ui, vr, vi, dr, di, er, ei: UnsafeMutablePointer<Double>

        init(grid: FrequencyGrid) {
            let n = grid.count, m = grid.fftLength
            storage = .allocate(capacity: 10 * n)
            storage.initialize(repeating: 0, count: 10 * n)
            (ur, ui, vr, vi) = (storage, storage + n, storage + 2 * n, storage + 3 * n)
            (dr, di, er, ei) = (storage + 4 * n, storage + 5 * n, storage + 6 * n, storage + 7 * n)
            // sin and cos of the half angle x_k = pi k / m on [0, pi/2]: one libm
            // call each for x <= pi/4, the rest by sin(pi/2 - x) = cos x.
            let s = storage + 8 * n, c = storage + 9 * n
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
                // w = 2x: cos w = (c - s)(c + s), sin w = 2 s c; u = cos w - j sin w.
                let cw = (c[k] - s[k]) * (c[k] + s[k]), sw = 2 * s[k] * c[k]
                ur[k] = cw
                ui[k] = -sw
                vr[k] = cw * cw - sw * sw
                vi[k] = -2 * cw * sw
                // 1 - u = (1 - cos w) + j sin w = 2 s^2 + j 2 s c; 1 + u = 2 c^2 - j 2 s c.
                dr[k] = 2 * s[k] * s[k]
                di[k] = sw
                er[k] = 2 * c[k] * c[k]
                ei[k] = -sw
            }
        }

        deinit { storage.deallocate() }
    }
}
