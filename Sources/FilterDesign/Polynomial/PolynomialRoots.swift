import ComplexModule
import RealModule

/// Roots of a polynomial with real coefficients.
public enum PolynomialRoots {
    /// All complex roots of `a[0] + a[1] x + ... + a[n] x^n` (n >= 1, a[n] != 0),
    /// by the Aberth-Ehrlich simultaneous iteration (cubic convergence for
    /// simple roots) followed by two Newton steps on each root.
    public static func aberth(_ a: [Double]) -> [Complex<Double>] {
        let n = a.count - 1
        precondition(n >= 1 && a[n] != 0, "need a polynomial of degree >= 1")
        let c = a.map { Complex($0 / a[n], 0) }
        func valueAndDerivative(_ z: Complex<Double>) -> (Complex<Double>, Complex<Double>) {
            var p = Complex<Double>(1, 0), dp = Complex<Double>(0, 0)
            for k in stride(from: n - 1, through: 0, by: -1) {
                dp = dp * z + p
                p = p * z + c[k]
            }
            return (p, dp)
        }
        // Start on a circle whose radius bounds the roots (Cauchy), rotated off the axes.
        let bound = 1 + (c.dropLast().map(\.length).max() ?? 0)
        let radius = min(bound, Double.pow(c[0].length, 1.0 / Double(n)) + 1)
        var z = (0..<n).map { k in
            Complex(length: radius, phase: 2 * Double.pi * Double(k) / Double(n) + 0.4)
        }
        for _ in 0..<500 {
            var largestStep = 0.0
            for k in 0..<n {
                let (p, dp) = valueAndDerivative(z[k])
                if p == .zero { continue }
                let ratio = p / dp
                var repulsion = Complex<Double>(0, 0)
                for j in 0..<n where j != k { repulsion += 1 / (z[k] - z[j]) }
                let step = ratio / (1 - ratio * repulsion)
                z[k] -= step
                largestStep = max(largestStep, step.length / max(z[k].length, 1e-300))
            }
            if largestStep < 1e-17 { break }
        }
        for k in 0..<n {
            for _ in 0..<2 {
                let (p, dp) = valueAndDerivative(z[k])
                if p == .zero || dp == .zero { break }
                z[k] -= p / dp
            }
        }
        return z
    }
}
