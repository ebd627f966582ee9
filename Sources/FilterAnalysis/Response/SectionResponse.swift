import ComplexModule
import FilterDesign
import FilterRuntime
import RealModule

/// The frequency response of a cascade of second-order sections: the product
/// of the sections' responses, each evaluated directly (no polynomial is
/// expanded, no FFT is needed for three coefficients):
///
///     H(e^{jw}) = prod_k (b0 + b1 u + b2 u^2) / (1 + a1 u + a2 u^2),   u = e^{-jw}.
///
/// Accuracy: near a pole a distance d inside the unit circle a denominator is
/// about d, and summed as it stands (terms about 1, each rounded) it would
/// lose ulp / d of it. So each numerator and denominator is written about an
/// anchor t on the circle near its root (`AnchoredQuadratic`), in q = u - t,
/// where every term is about as large as the value; and u itself is known to
/// about 4e-19 (`GridCirclePoints`: double-double parts, at the exact angle
/// w_k = 2 pi k / m), so q is good to that much absolutely, which moves the
/// response by about 4e-19 / d relative. Each section is then good to a few
/// ulps of its value, and the product to a few ulps times the number of
/// sections, at every frequency, with the error the FFT's and the
/// coefficients' rounding add in `scipy.signal.sosfreqz` absent
/// (`SectionResponseReferenceTests` against 40 digits).
///
/// Speed: the points are made a block of `blockSize` at a time, and each
/// section is applied to the whole block (a loop the compiler vectorises: no
/// branch, one division per section and point); memory is the block, so the
/// rows of `mkfilter response` stream (`Evaluator`).
public enum SectionResponse {
    /// Points made and evaluated together.
    static let blockSize = 256

    /// H(e^{j w}) of `sections` on `grid`.
    public static func response(_ sections: [Biquad], grid: FrequencyGrid) -> FrequencyResponse {
        var values = [Complex<Double>](repeating: .zero, count: grid.count)
        values.withUnsafeMutableBufferPointer { out in
            Evaluator(sections, grid: grid).forEachBlock { start, block in
                for i in block.indices { out[start + i] = block[i] }
                return true
            }
        }
        return FrequencyResponse(grid: grid, values: values)
    }

    /// H(e^{j 2 pi alpha}) of `sections` at one frequency (any finite alpha;
    /// NaN for an infinite or NaN one), with the same arithmetic as
    /// `response(_:grid:)`: u = e^{-j 2 pi alpha} in double-double from
    /// alpha reduced exactly to r = alpha - round(alpha), the half angle's sine
    /// and cosine s, c (`DoubleDouble.sinCosPi`) and u = (c^2 - s^2) - j 2 s c.
    public static func response(_ sections: [Biquad], atAlpha alpha: Double) -> Complex<Double> {
        guard alpha.isFinite else { return Complex(.nan, .nan) }
        let r = alpha - alpha.rounded()
        let (s, c) = DoubleDouble.sinCosPi(DoubleDouble(abs(r)))
        let re = c * c - s * s, sc = s * c
        let im = r < 0 ? DoubleDouble.product(sc, 2) : DoubleDouble.product(-sc, 2)
        var hr = 1.0, hi = 0.0
        for s in sections.map(Terms.init) {
            (hr, hi) = s.multiply(hr, hi, reHi: re.hi, reLo: re.lo, imHi: im.hi, imLo: im.lo)
        }
        return Complex(hr, hi)
    }

    /// A section's numerator and denominator about their anchors.
    struct Terms {
        let numerator: AnchoredQuadratic, denominator: AnchoredQuadratic

        init(_ s: Biquad) {
            numerator = AnchoredQuadratic(s.b0, s.b1, s.b2)
            denominator = AnchoredQuadratic(1, s.a1, s.a2)
        }

        /// (hr + j hi) N(u) / D(u).
        @inline(__always)
        func multiply(_ hr: Double, _ hi: Double, reHi: Double, reLo: Double, imHi: Double, imLo: Double) -> (Double, Double) {
            let (nr, ni) = numerator.value(reHi: reHi, reLo: reLo, imHi: imHi, imLo: imLo)
            let (dr, di) = denominator.value(reHi: reHi, reLo: reLo, imHi: imHi, imLo: imLo)
            let inverse = 1 / (dr * dr + di * di)
            let tr = (nr * dr + ni * di) * inverse, ti = (ni * dr - nr * di) * inverse
            return (hr * tr - hi * ti, hr * ti + hi * tr)
        }
    }

    /// The response of `sections` on a grid, made in order a block at a
    /// time, in memory of a block: what `mkfilter response` streams.
    public struct Evaluator {
        let terms: [Terms]
        let points: GridCirclePoints
        let grid: FrequencyGrid

        /// An evaluator of `sections` on `grid`.
        public init(_ sections: [Biquad], grid: FrequencyGrid) {
            terms = sections.map(Terms.init)
            points = GridCirclePoints(grid: grid)
            self.grid = grid
        }

        /// Hands each block of values and the index of its first point to
        /// `body`, in order, until the grid is done or `body` returns false.
        public func forEachBlock(_ body: (Int, UnsafeBufferPointer<Complex<Double>>) -> Bool) {
            let size = SectionResponse.blockSize
            let scratch = UnsafeMutablePointer<Double>.allocate(capacity: 6 * size)
            let out = UnsafeMutablePointer<Complex<Double>>.allocate(capacity: size)
            defer { scratch.deallocate(); out.deallocate() }
            let (reHi, reLo, imHi, imLo) = (scratch, scratch + size, scratch + 2 * size, scratch + 3 * size)
            let (hr, hi) = (scratch + 4 * size, scratch + 5 * size)
            var start = 0
            while start < grid.count {
                let count = min(size, grid.count - start)
                points.fill(from: start, count: count, reHi, reLo, imHi, imLo)
                hr.update(repeating: 1, count: count)
                hi.update(repeating: 0, count: count)
                for t in terms {
                    for i in 0..<count {
                        (hr[i], hi[i]) = t.multiply(hr[i], hi[i], reHi: reHi[i], reLo: reLo[i], imHi: imHi[i], imLo: imLo[i])
                    }
                }
                for i in 0..<count { out[i] = Complex(hr[i], hi[i]) }
                guard body(start, UnsafeBufferPointer(start: out, count: count)) else { return }
                start += count
            }
        }
    }
}
