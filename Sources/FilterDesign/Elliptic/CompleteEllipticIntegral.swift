import RealModule

/// The complete elliptic integral of the first kind, with the parameter
/// m = k^2 (the convention of scipy's `ellipk` and Abramowitz & Stegun 17.3):
///
///     K(m) = integral from 0 to pi/2 of dt / sqrt(1 - m sin^2 t)
///          = pi / (2 AGM(1, sqrt(1 - m)))            (A&S 17.6)
///
/// The arithmetic-geometric mean converges quadratically: five to seven steps
/// for every m in [0, 1). `complementary(_:)` takes p = 1 - m itself, so that
/// K near m = 1 (where K grows like log(4 / sqrt(p))) keeps every digit of a
/// tiny p, as scipy's `ellipkm1` does.
public enum CompleteEllipticIntegral {
    /// K(m) for 0 <= m < 1; +infinity at m = 1; NaN outside [0, 1].
    public static func k(_ m: Double) -> Double {
        guard m >= 0, m <= 1 else { return .nan }
        return Double.pi / (2 * arithmeticGeometricMean(1, (1 - m).squareRoot()))
    }

    /// K(1 - p) = K'(1 - p), for 0 < p <= 1 given exactly (scipy's `ellipkm1`):
    /// pi / (2 AGM(1, sqrt(p))). +infinity at p = 0; NaN outside [0, 1].
    public static func complementary(_ p: Double) -> Double {
        guard p >= 0, p <= 1 else { return .nan }
        return Double.pi / (2 * arithmeticGeometricMean(1, p.squareRoot()))
    }

    /// AGM(a, b) of a >= b >= 0: a_{n+1} = (a_n + b_n) / 2, b_{n+1} = sqrt(a_n b_n),
    /// until they agree to the last bit (0 when b is 0).
    static func arithmeticGeometricMean(_ a0: Double, _ b0: Double) -> Double {
        guard b0 > 0 else { return 0 }
        var (a, b) = (a0, b0)
        for _ in 0..<64 {
            let next = 0.5 * (a + b)
            if next == a || abs(a - b) <= a * Double.ulpOfOne { return next }
            (a, b) = (next, (a * b).squareRoot())
        }
        return a
    }
}
