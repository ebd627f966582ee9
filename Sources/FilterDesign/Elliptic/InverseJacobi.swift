import RealModule

/// The inverse of the Jacobi function sc = sn / cn on the real line, with the
/// complementary parameter given: the u with sc(u | 1 - p) = w (scipy's
/// `_arc_jac_sc1(w, p)`, used by `ellipap` with p = eps_p^2 / eps_s^2).
///
/// By Jacobi's imaginary transformation sn(j u | p) = j sc(u | 1 - p), so u is
/// the imaginary part of the inverse sn of j w with parameter p, which the
/// ascending Landen sequence of the modulus k = sqrt(p) gives (Orfanidis,
/// "Lecture notes on elliptic filter design", `asne`):
///
///     k_0 = sqrt(p),  k_{n+1} = (k_n / (1 + k_n'))^2,  k_n' = sqrt(1 - k_n^2), until k_n is 0;
///     y_0 = w,  y_{n+1} = 2 y_n / ((1 + k_{n+1}) (1 + sqrt(1 + (k_n y_n)^2)));
///     u = K(p) (2 / pi) asinh(y_N),  K(p) = (pi / 2) prod (1 + k_{n+1}).
///
/// scipy runs the recursion on j w in complex arithmetic; on the imaginary
/// axis every step stays imaginary, so it is done here in reals. The form
/// `(k / (1 + k'))^2` of scipy's `(1 - k') / (1 + k')` does not cancel for small k.
public enum InverseJacobi {
    /// u >= 0 with sc(u | 1 - p) = w, for w >= 0 and p in [0, 1).
    public static func arcSC(_ w: Double, complementaryParameter p: Double) -> Double {
        var k = p.squareRoot()
        var y = w
        var product = 1.0
        for _ in 0..<64 where k > 0 {
            let kPrime = ((1 - k) * (1 + k)).squareRoot()
            let next = (k / (1 + kPrime)) * (k / (1 + kPrime))
            let ky = k * y
            y = 2 * y / ((1 + next) * (1 + (1 + ky * ky).squareRoot()))
            product *= 1 + next
            k = next
        }
        return product * Double.asinh(y)
    }
}
