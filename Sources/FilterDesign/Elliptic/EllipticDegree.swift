import RealModule

/// The degree equation of elliptic filters (Orfanidis, "Lecture notes on
/// elliptic filter design", eq. 48; scipy's `_ellipdeg`): given the order N
/// and m1 = k1^2 (k1 = eps_p / eps_s, the discrimination), the selectivity
/// m = k^2 with N K'(m) / K(m) = K'(m1) / K(m1), from the nome
///
///     q = exp(-pi K'(m1) / (N K(m1))),
///     m = 16 q (sum_{i>=0} q^(i(i+1)) / (1 + 2 sum_{i>=1} q^(i^2)))^4
///
/// (the theta-function ratio (theta_2 / theta_3)^4, Whittaker & Watson 21.7),
/// and its complement m' = 1 - m by the same series in the complementary
/// nome q' = exp(-pi K(m) / K'(m)) = exp(-pi N K(m1) / K'(m1)).
///
/// scipy sums eight terms in q and takes 1 - m in doubles. For high orders
/// with little attenuation q approaches 1: eight terms no longer converge and
/// 1 - m loses its digits (6 % off for N = 23, R = 1.05 dB, A = 20 dB, which
/// then misses its ripple by 0.7 dB). Here the series is summed in whichever
/// nome is smaller (at most exp(-pi / 2) = 0.208, so eight terms reach 2^-60),
/// and the other parameter is 1 minus the first.
public enum EllipticDegree {
    /// m and m' = 1 - m for order `order` and discrimination parameter `m1` in (0, 1).
    public static func solve(order: Int, discrimination m1: Double) -> (m: Double, complement: Double) {
        let k1 = CompleteEllipticIntegral.k(m1)
        let k1Prime = CompleteEllipticIntegral.complementary(m1)
        let ratio = k1Prime / (k1 * Double(order))  // K'(m) / K(m)
        if ratio >= 1 {
            let m = thetaRatio(nome: Double.exp(-Double.pi * ratio))
            return (m, 1 - m)
        }
        let mPrime = thetaRatio(nome: Double.exp(-Double.pi / ratio))
        return (1 - mPrime, mPrime)
    }

    /// The selectivity m alone (`solve`).
    public static func selectivity(order: Int, discrimination m1: Double) -> Double {
        solve(order: order, discrimination: m1).m
    }

    /// 16 q (sum_{i=0..7} q^(i(i+1)) / (1 + 2 sum_{i=1..8} q^(i^2)))^4.
    static func thetaRatio(nome q: Double) -> Double {
        var numerator = 0.0, denominator = 0.0
        for i in 0...7 { numerator += Double.pow(q, Double(i * (i + 1))) }
        for i in 1...8 { denominator += Double.pow(q, Double(i * i)) }
        let r = numerator / (1 + 2 * denominator)
        return 16 * q * r * r * r * r
    }
}
