import FilterDesign

/// The points u_k = e^{-j w_k}, w_k = 2 pi k / m (m = the grid's FFT length),
/// of a `FrequencyGrid`, each as double-double parts (u_hi + u_lo, about
/// 4e-19 absolute), made in order a block at a time.
///
/// By angle addition from two tables: with k = a B + b (B a power of two),
///
///     u_k = U_a (1 + G_b),   U_a = e^{-j 2 pi a B / m},   G_b = e^{-j 2 pi b / m} - 1,
///
/// U_a in double-double (`DoubleDouble.sinCosPi`, by angle addition from two
/// shorter tables itself) and G_b rounded to double from double-double
/// (G_b = -2 sin^2(pi b / m) - j 2 sin(pi b / m) cos(pi b / m): no
/// cancellation). Then u_k = U_a + P with P = U_a,hi G_b in double, and
///
///     u_hi + u_lo = U_a,hi + P (2Sum, exact) + U_a,lo.
///
/// B is the largest power of two with 2 pi B / m <= 2^-9, so |G_b| <= 2^-9
/// and P, with G_b's own rounding, is good to about 2 x 1.1e-16 x 2^-9 =
/// 4.3e-19 absolute: near a pole a distance d inside the circle that moves
/// the response by about 4.3e-19 / d relative. The tables hold about m / (2B)
/// + 1 <= 3,218 coarse points and B fine ones.
struct GridCirclePoints {
    /// m, the FFT length of the grid.
    let period: Int
    /// B.
    let step: Int
    /// U_a = (re hi, re lo, im hi, im lo) for a = 0 ... (N - 1) / B.
    let coarse: [(Double, Double, Double, Double)]
    /// G_b = (re, im) for b = 0 ..< B.
    let fine: [(Double, Double)]

    init(grid: FrequencyGrid) {
        let m = grid.fftLength
        period = m
        var b = 1
        while 2 * Double.pi * Double(2 * b) / Double(m) <= 0x1p-9 { b *= 2 }
        step = b
        fine = (0..<b).map { j in
            let (s, c) = DoubleDouble.sinCosPi(DoubleDouble.quotient(j, m))
            let (ss, sc) = (s * s, s * c)
            return (-2 * ss.value, -2 * sc.value)
        }
        let count = (grid.count - 1) / b + 1
        // U_a = V_{a / S} W_{a % S}, S about sqrt(count): two short tables
        // of exact angles, one double-double complex product each.
        var s = 1
        while s * s < count { s += 1 }
        let outer = (0...(count - 1) / s).map { Self.unit(numerator: 2 * $0 * s * b, denominator: m) }
        let inner = (0..<s).map { Self.unit(numerator: 2 * $0 * b, denominator: m) }
        coarse = (0..<count).map { a in
            let (v, w) = (outer[a / s], inner[a % s])
            let re = v.re * w.re - v.im * w.im, im = v.re * w.im + v.im * w.re
            return (re.hi, re.lo, im.hi, im.lo)
        }
    }

    /// e^{-j pi n / d} for 0 <= n / d <= 1, in double-double: cos and -sin of
    /// pi n / d, the angle above pi/2 reduced to pi - it exactly.
    static func unit(numerator n: Int, denominator d: Int) -> (re: DoubleDouble, im: DoubleDouble) {
        if 2 * n <= d {
            let (s, c) = DoubleDouble.sinCosPi(DoubleDouble.quotient(n, d))
            return (c, -s)
        }
        let (s, c) = DoubleDouble.sinCosPi(DoubleDouble.quotient(d - n, d))
        return (-c, -s)
    }

    /// u_k for k = start ..< start + count into the four arrays (real part's
    /// high and low, imaginary part's high and low).
    func fill(from start: Int, count: Int, _ reHi: UnsafeMutablePointer<Double>, _ reLo: UnsafeMutablePointer<Double>,
              _ imHi: UnsafeMutablePointer<Double>, _ imLo: UnsafeMutablePointer<Double>) {
        for i in 0..<count {
            let k = start + i
            let (ur, url, ui, uil) = coarse[k / step]
            let (gr, gi) = fine[k % step]
            let pr = ur * gr - ui * gi, pi = ur * gi + ui * gr
            let sr = ur + pr, si = ui + pi
            reHi[i] = sr
            reLo[i] = (ur - (sr - (sr - ur))) + (pr - (sr - ur)) + url
            imHi[i] = si
            imLo[i] = (ui - (si - (si - ui))) + (pi - (si - ui)) + uil
        }
    }
}
