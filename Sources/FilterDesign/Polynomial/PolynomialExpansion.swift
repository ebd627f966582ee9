import ComplexModule
import RealModule

/// Products of linear factors and their evaluation, as Fisher's `expand`,
/// `multin`, `eval` and `evaluate` compute them (same operations, same order).
public enum PolynomialExpansion {
    /// Coefficients c_0 ... c_n (ascending powers of z) of prod_i (z - r_i).
    ///
    /// Each factor is multiplied in with `multin`: c_k <- (-r) c_k + c_(k-1)
    /// for k = n ... 1, then c_0 <- (-r) c_0.
    ///
    /// - Throws: `DesignError.polynomialNotReal` when a coefficient's imaginary
    ///   part exceeds both 1e-10 times the largest coefficient's magnitude (at
    ///   least 1e-10: Fisher's absolute test for his orders, whose coefficients
    ///   stay small; above them, (z + 1)^48 has coefficients of 3e13 and its
    ///   rounding alone leaves imaginary crumbs above 1e-10) and 1e-12 B_k,
    ///   where B_k is the coefficient of prod (z + |r_i|), which bounds every
    ///   term summed into c_k (the expansion's rounding is below 2 n eps B_k;
    ///   a 48-pole elliptic band-pass cancels down to coefficients far below
    ///   its terms): the roots are not in conjugate pairs.
    public static func expand(_ roots: [Complex<Double>]) throws(DesignError) -> [Complex<Double>] {
        let n = roots.count
        var coefficients = [Complex<Double>](repeating: FisherArithmetic.complex(0.0), count: n + 1)
        coefficients[0] = FisherArithmetic.complex(1.0)
        for root in roots {
            let nw = FisherArithmetic.negation(root)
            for i in stride(from: n, through: 1, by: -1) {
                coefficients[i] = FisherArithmetic.sum(FisherArithmetic.product(nw, coefficients[i]), coefficients[i - 1])
            }
            coefficients[0] = FisherArithmetic.product(nw, coefficients[0])
        }
        let largest = coefficients.map(\.length).max() ?? 1
        let tolerance = FisherArithmetic.epsilon * max(1, largest)
        var bound = [Double](repeating: 0, count: n + 1)
        bound[0] = 1
        for root in roots {
            let r = root.length
            for i in stride(from: n, through: 1, by: -1) { bound[i] = r * bound[i] + bound[i - 1] }
            bound[0] *= r
        }
        for (power, c) in coefficients.enumerated() where abs(c.imaginary) > max(tolerance, 1e-12 * bound[power]) {
            throw .polynomialNotReal(power: power)
        }
        return coefficients
    }

    /// Horner evaluation of sum_k c_k z^k, starting from 0.
    public static func evaluate(_ coefficients: [Complex<Double>], at z: Complex<Double>) -> Complex<Double> {
        var sum = FisherArithmetic.complex(0.0)
        for c in coefficients.reversed() {
            sum = FisherArithmetic.sum(FisherArithmetic.product(sum, z), c)
        }
        return sum
    }

    /// top(z) / bottom(z) with Fisher's unscaled quotient (NaN when bottom(z) is exactly 0).
    public static func evaluate(top: [Complex<Double>], bottom: [Complex<Double>], at z: Complex<Double>) -> Complex<Double> {
        FisherArithmetic.quotient(evaluate(top, at: z), evaluate(bottom, at: z))
    }
}
