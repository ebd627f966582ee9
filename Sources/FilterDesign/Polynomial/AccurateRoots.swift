import ComplexModule
import RealModule

extension PolynomialRoots {
    /// All complex roots of `a[0] + a[1] x + ... + a[n] x^n` (n >= 1, a[n] != 0),
    /// accurate to double precision even where the polynomial is badly
    /// conditioned: the double-precision Aberth roots are taken as starting values
    /// and the Aberth-Ehrlich iteration
    ///
    ///     z_k <- z_k - w_k,  w_k = (p/p')(z_k) / (1 - (p/p')(z_k) * sum_{j != k} 1/(z_k - z_j))
    ///
    /// is continued with p and p' evaluated in double-double arithmetic (about
    /// 106 bits) until the steps stop shrinking.
    ///
    /// Why: a direct-form denominator such as that of a 10th-order low-pass at
    /// alpha = 0.01 has |A(1)| ~ 1e-12 against coefficients ~ 1e2, so double
    /// evaluation (and hence double-precision roots) misplaces its poles by
    /// percent. The roots of the polynomial *as stored*, which are what a filter
    /// with those coefficients really has, need the extra precision. Clusters
    /// from multiple roots (such as (z + 1)^N) stay clusters whose product is the
    /// polynomial; the iteration does not pull them apart or off to one side.
    public static func accurate(_ a: [Double]) -> [Complex<Double>] {
        let n = a.count - 1
        precondition(n >= 1 && a[n] != 0, "need a polynomial of degree >= 1")
        // Exact roots at 0, 1 and -1 first. Fisher's numerators are (z + 1)^N,
        // (z - 1)^N and their products, with integer coefficients: those roots
        // are exact and multiple, and no iteration in finite precision finds a
        // 10-fold root as more than a lopsided cluster (radius ~ 1e-3 even in
        // double-double, centroid 1e-4 off), whose product is not the polynomial.
        var coefficients = a.map { DoubleDouble($0) }
        var roots: [Complex<Double>] = []
        while coefficients.count > 1 && coefficients[0].hi == 0 && coefficients[0].lo == 0 {
            coefficients.removeFirst()
            roots.append(.zero)
        }
        for r in [1.0, -1.0] {
            while coefficients.count > 1, let quotient = deflated(coefficients, by: r) {
                coefficients = quotient
                roots.append(Complex(r, 0))
            }
        }
        if coefficients.count > 1 {
            roots += refined(coefficients)
        }
        return roots
    }

    /// p(z) / (z - r) when r is exactly a root (the remainder of the synthetic
    /// division is exactly zero in double-double arithmetic), else nil.
    private static func deflated(_ a: [DoubleDouble], by r: Double) -> [DoubleDouble]? {
        let n = a.count - 1
        var quotient = [DoubleDouble](repeating: DoubleDouble(0), count: n)
        var carry = a[n]
        for k in stride(from: n - 1, through: 0, by: -1) {
            quotient[k] = carry
            carry = a[k] + DoubleDouble.product(carry, r)
        }
        return carry.hi == 0 && carry.lo == 0 ? quotient : nil
    }

    /// p(x) and p'(x) of the polynomial Σ c_k x^k, by Horner's scheme in
    /// double-double: p ← p x + c_k, p' ← p' x + p, from c_n down.
    private static func valueAndDerivative(_ coefficients: [DoubleDouble],
                                           at x: ComplexDoubleDouble) -> (ComplexDoubleDouble, ComplexDoubleDouble) {
        let n = coefficients.count - 1
        var p = ComplexDoubleDouble(re: coefficients[n], im: DoubleDouble(0))
        var dp = ComplexDoubleDouble.zero
        for k in stride(from: n - 1, through: 0, by: -1) {
            dp = dp * x + p
            p = p * x + ComplexDoubleDouble(re: coefficients[k], im: DoubleDouble(0))
        }
        return (p, dp)
    }

    /// One Aberth–Ehrlich sweep over the roots `z`, each in turn (Gauss–Seidel):
    /// z_k ← z_k - r / (1 - r Σ_{j≠k} 1 / (z_k - z_j)), r = p(z_k) / p'(z_k).
    /// Returns the largest step relative to its root, |step| / |z_k|.
    private static func aberthSweep(_ z: inout [ComplexDoubleDouble], _ coefficients: [DoubleDouble]) -> Double {
        let n = coefficients.count - 1
        var largest = 0.0
        for k in 0..<n {
            let (p, dp) = valueAndDerivative(coefficients, at: z[k])
            if p.squaredLength == 0 || dp.squaredLength == 0 { continue }
            let ratio = p / dp
            var repulsion = ComplexDoubleDouble.zero
            for j in 0..<n where j != k {
                let d = z[k] - z[j]
                if d.squaredLength == 0 { continue }
                repulsion = repulsion + ComplexDoubleDouble.one / d
            }
            let step = ratio / (ComplexDoubleDouble.one - ratio * repulsion)
            z[k] = z[k] - step
            largest = max(largest, (step.squaredLength / max(z[k].squaredLength, 1e-300)).squareRoot())
        }
        return largest
    }

    /// The roots of the polynomial with double-double coefficients `coefficients`
    /// (degree >= 1): Aberth in double for a start, then in double-double.
    private static func refined(_ coefficients: [DoubleDouble]) -> [Complex<Double>] {
        let n = coefficients.count - 1
        if n == 1 {
            let root = -(coefficients[0] / coefficients[1])
            return [Complex(root.value, 0)]
        }
        // Nudged off the real axis (alternately up and down, by 1e-7 relative):
        // from real starting values the iteration stays real, and a pair such
        // as -4.1112071428853527 +- 1.9e-8 i, which double precision rounds to
        // two real roots, would never be found.
        var z = aberth(coefficients.map(\.value)).enumerated().map { k, root in
            let nudge = (k % 2 == 0 ? 1.0 : -1.0) * 1e-7 * max(root.length, 1e-3)
            return ComplexDoubleDouble(re: DoubleDouble(root.real), im: DoubleDouble(root.imaginary + nudge))
        }

        var smallest = Double.infinity
        var stalled = 0
        for _ in 0..<300 {
            let largest = aberthSweep(&z, coefficients)
            if largest < 1e-30 { break }
            // Multiple roots converge only linearly (by about (m-1)/m a step)
            // and then wander at the level of the rounding: stop once ten
            // steps in a row bring nothing smaller.
            if largest < smallest { smallest = largest; stalled = 0 } else { stalled += 1 }
            if stalled >= 10 { break }
        }
        return z.map { Complex($0.re.value, $0.im.value) }
    }
}
