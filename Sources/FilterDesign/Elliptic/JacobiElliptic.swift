import RealModule

/// The Jacobi elliptic functions sn, cn, dn of u with parameter m = k^2
/// (scipy's `ellipj` convention), by the descending Landen transformation in
/// the normalised argument x = u / K (Orfanidis, "Lecture notes on elliptic
/// filter design", `sne`, after A&S 16.12):
///
///     k_0 = k, k_n = (k_{n-1} / (1 + k'_{n-1}))^2,  k'_n = 2 sqrt(k'_{n-1}) / (1 + k'_{n-1}),
///     w_M = sin(x pi / 2),  w_{n-1} = (1 + k_n) w_n / (1 + k_n w_n^2)  (n = M ... 1),
///     sn(x K) = w_0,
///
/// until k_M is below 1e-20. Alongside w the complement e = 1 - w is carried
/// without cancellation, e_{n-1} = e_n (1 - k_n w_n) / (1 + k_n w_n^2) with
/// 1 - k_n w_n = k_n'^2 / (1 + k_n) + k_n e_n (and simply 1 - w while w <= 1/2),
/// so that
///
///     cn = sqrt(e (2 - e)),  dn = sqrt(m' + m e (2 - e))   (m' = 1 - m)
///
/// keep their relative precision where they are small (near u = K, and near
/// m = 1, where cn and dn fall like sech u). The argument is first reduced to
/// a quarter period by the symmetries sn(-u) = -sn(u), sn(2K - u) = sn(u),
/// cn(2K - u) = -cn(u), and the half-period sign changes.
///
/// Cephes' `ellpj`, which scipy calls, uses the AGM form of A&S 16.4 and
/// dn = cn / cos(phi_1 - phi_0); it returns dn = 1 where cn = 0 (u = K) and,
/// above m = 1 - 1e-9, switches to an expansion in 1 - m that is wrong for
/// large u (cn of 1e17, sn off by 2, measured against mpmath).
public struct JacobiElliptic: Sendable, Hashable {
    /// sn(u | m).
    public let sn: Double
    /// cn(u | m).
    public let cn: Double
    /// dn(u | m).
    public let dn: Double

    /// sn, cn and dn of `u` with parameter `m` in [0, 1]; `complement`, when
    /// given, is 1 - m to full relative precision (for m within rounding of 1).
    public init(_ u: Double, parameter m: Double, complement: Double? = nil) {
        let mPrime = complement ?? (1 - m)
        guard mPrime > 0 else {
            // m = 1: sn = tanh u, cn = dn = sech u.
            self.init(sn: Double.tanh(u), cn: 1 / Double.cosh(u), dn: 1 / Double.cosh(u))
            return
        }
        self.init(quarterPeriods: u / CompleteEllipticIntegral.complementary(mPrime), parameter: m, complement: mPrime)
    }

    private init(sn: Double, cn: Double, dn: Double) {
        (self.sn, self.cn, self.dn) = (sn, cn, dn)
    }

    /// sn, cn and dn of u = x K(m): `x` in quarter periods, so that exact
    /// fractions of K (as the elliptic prototype's j / N) stay exact.
    public init(quarterPeriods x: Double, parameter m: Double, complement: Double? = nil) {
        let mPrime = complement ?? (1 - m)
        // Reduce x to [0, 1], remembering the signs of sn and cn.
        var t = abs(x).truncatingRemainder(dividingBy: 4)
        var snSign: Double = x < 0 ? -1 : 1, cnSign: Double = 1
        if t >= 2 { t -= 2; snSign = -snSign; cnSign = -cnSign }
        if t > 1 { t = 2 - t; cnSign = -cnSign }

        // The Landen sequence k_n, k'_n for n = 1 ... M.
        var ks: [(k: Double, kPrime: Double)] = []
        var (k, kPrime) = (m.squareRoot(), mPrime.squareRoot())
        for _ in 0..<64 where k > 1e-20 {
            (k, kPrime) = ((k / (1 + kPrime)) * (k / (1 + kPrime)), 2 * kPrime.squareRoot() / (1 + kPrime))
            ks.append((k, kPrime))
        }
        var w = Double.sin(t * Double.pi / 2)
        let s = Double.sin((1 - t) * Double.pi / 4)
        var e = 2 * s * s  // 1 - sin(t pi / 2)
        for (kn, kPrimeN) in ks.reversed() {
            let denominator = 1 + kn * w * w
            e = e * (kPrimeN * kPrimeN / (1 + kn) + kn * e) / denominator
            w = (1 + kn) * w / denominator
            // While w is at most 1/2, 1 - w is exact to a rounding; taking it
            // afresh keeps the recursion's errors in e from being doubled at
            // each level (e ~ 2 exp(-2 t) as t doubles) before they matter.
            if w <= 0.5 { e = 1 - w }
        }
        let cnSquared = e * (2 - e)
        (sn, cn, dn) = (snSign * w, cnSign * cnSquared.squareRoot(), (mPrime + m * cnSquared).squareRoot())
    }
}
