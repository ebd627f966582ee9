import RealModule

/// Brent's minimisation of a function of one variable on a bounded interval,
/// golden-section steps with parabolic interpolation (Brent, "Algorithms for
/// Minimization without Derivatives", 1973, ch. 5; Forsythe, Malcolm & Moler's
/// `fmin`). This is the algorithm of scipy's `optimize.fminbound`, with its
/// defaults (x tolerance 1e-5, at most 500 evaluations), which `buttord` and
/// its siblings use to place the passband edges of a band-stop filter.
enum BoundedMinimizer {
    /// -1, 0 or 1 as v is negative, zero or positive (numpy's sign).
    private static func sign(_ v: Double) -> Double { v > 0 ? 1 : (v < 0 ? -1 : 0) }

    /// Brent's parabolic step from the best point: to the vertex of the
    /// parabola through the three best points, p / q with
    /// r = (x1 - x2)(f1 - f3), q = (x1 - x3)(f1 - f2), p = (x1 - x3) q - (x1 - x2) r,
    /// q = 2 (q - r) (p's sign moved onto it); taken when |p / q| is below half
    /// the step before last and lands inside (a, b), and then moved tol1 from
    /// x1 toward the middle when within tol2 of an end. nil when refused.
    private static func parabolicStep(best: (x: Double, f: Double), second: (x: Double, f: Double),
                                      third: (x: Double, f: Double), stepBeforeLast e: Double,
                                      within a: Double, _ b: Double, middle xm: Double,
                                      tol1: Double, tol2: Double) -> Double? {
        let (xf, fx) = best, (nfc, fnfc) = second, (fulc, ffulc) = third
        let r = (xf - nfc) * (fx - ffulc)
        var q = (xf - fulc) * (fx - fnfc)
        var p = (xf - fulc) * q - (xf - nfc) * r
        q = 2 * (q - r)
        if q > 0 { p = -p }
        q = abs(q)
        guard abs(p) < abs(0.5 * q * e) && p > q * (a - xf) && p < q * (b - xf) else { return nil }
        let rat = p / q
        let x = xf + rat
        if x - a < tol2 || b - x < tol2 {
            return tol1 * (sign(xm - xf) + (xm - xf == 0 ? 1 : 0))
        }
        return rat
    }

    /// The x in [a, b] where `f` is smallest, to within `tolerance` (plus
    /// sqrt(eps) |x|).
    static func minimize(_ f: (Double) -> Double, from lower: Double, to upper: Double,
                         tolerance: Double = 1e-5, maximumEvaluations: Int = 500) -> Double {
        let sqrtEpsilon = Double.ulpOfOne.squareRoot()
        let goldenRatio = 0.5 * (3 - 5.0.squareRoot())
        var (a, b) = (lower, upper)
        var fulc = a + goldenRatio * (b - a)
        var (nfc, xf) = (fulc, fulc)
        var (rat, e) = (0.0, 0.0)
        var fx = f(xf)
        var evaluations = 1
        var (ffulc, fnfc) = (fx, fx)
        var xm = 0.5 * (a + b)
        var tol1 = sqrtEpsilon * abs(xf) + tolerance / 3
        var tol2 = 2 * tol1

        while abs(xf - xm) > tol2 - 0.5 * (b - a) {
            if abs(e) > tol1, let step = parabolicStep(best: (xf, fx), second: (nfc, fnfc), third: (fulc, ffulc),
                                                       stepBeforeLast: e, within: a, b, middle: xm, tol1: tol1, tol2: tol2) {
                (rat, e) = (step, rat)
            } else {
                // A golden-section step into the larger part.
                e = xf >= xm ? a - xf : b - xf
                rat = goldenRatio * e
            }
            let x = xf + (Self.sign(rat) + (rat == 0 ? 1 : 0)) * max(abs(rat), tol1)
            let fu = f(x)
            evaluations += 1
            if fu <= fx {
                if x >= xf { a = xf } else { b = xf }
                (fulc, ffulc) = (nfc, fnfc)
                (nfc, fnfc) = (xf, fx)
                (xf, fx) = (x, fu)
            } else {
                if x < xf { a = x } else { b = x }
                if fu <= fnfc || nfc == xf {
                    (fulc, ffulc) = (nfc, fnfc)
                    (nfc, fnfc) = (x, fu)
                } else if fu <= ffulc || fulc == xf || fulc == nfc {
                    (fulc, ffulc) = (x, fu)
                }
            }
            xm = 0.5 * (a + b)
            tol1 = sqrtEpsilon * abs(xf) + tolerance / 3
            tol2 = 2 * tol1
            if evaluations >= maximumEvaluations { break }
        }
        return xf
    }
}
