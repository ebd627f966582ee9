/// The trial polynomial of `TrialPolynomial` in double-double arithmetic,
/// for its values between and beyond the bands.
///
/// There the reference has no nodes, its Lebesgue function is large (10^6
/// and more in the transition band of a long filter), and the barycentric
/// formula in double loses that factor: a value sampled there for the taps
/// (`ChebyshevTaps`) would be off by 10^-10, and through the interpolation
/// the taps would then err by about as much inside the bands next to it. In
/// double-double, with the weights w_i = 1 / Π 2(x_i - x_j) (each difference
/// exact), the level δ and the values y_i = H_i/G_i + (-1)^i δ / G_i taken
/// exactly, P is the polynomial of degree n - 1 through its nodes to about
/// 10^-32, and its value there is good to double precision.
struct AccurateTrialPolynomial {
    let nodes: [Double]
    let weights: [DoubleDouble]
    let values: [DoubleDouble]

    /// Node i's barycentric weight apart from a power of two:
    /// 1 / Π_{j≠i} 2 (x_i - x_j) = weight · 2^-exponent, the product in
    /// double-double renormalised every 8 factors (its high part kept in
    /// [1, 2), the exponent counted apart) so that it neither overflows nor
    /// underflows; nil when it is 0 or not finite.
    private static func unscaledWeight(_ x: [Double], _ i: Int) -> (weight: DoubleDouble, exponent: Int)? {
        var p = DoubleDouble(1)
        var e = 0
        var factors = 0
        // Keep p's high part in [1, 2): the exponent goes to e.
        func renormalise() -> Bool {
            guard p.hi != 0, p.hi.isFinite else { return false }
            let k = Int(p.hi.exponent)
            let scale = Double(sign: .plus, exponent: -k, significand: 1)
            e += k
            p = DoubleDouble(p.hi * scale, p.lo * scale)
            return true
        }
        for j in 0..<x.count where j != i {
            let d = DoubleDouble(x[i]) - DoubleDouble(x[j])
            p = p * DoubleDouble(2 * d.hi, 2 * d.lo)
            factors += 1
            if factors == 8 {
                guard renormalise() else { return nil }
                factors = 0
            }
        }
        guard renormalise() else { return nil }
        return (DoubleDouble(1) / p, e)
    }

    init?(_ trial: TrialPolynomial) {
        let x = trial.nodes
        let m = x.count
        var weights = [DoubleDouble](repeating: DoubleDouble(0), count: m)
        var exponents = [Int](repeating: 0, count: m)
        for i in 0..<m {
            guard let node = Self.unscaledWeight(x, i) else { return nil }
            weights[i] = node.weight
            exponents[i] = node.exponent
        }
        let smallest = exponents.min() ?? 0
        for i in 0..<m {
            let scale = Double(sign: .plus, exponent: smallest - exponents[i], significand: 1)
            weights[i] = DoubleDouble(weights[i].hi * scale, weights[i].lo * scale)
        }
        // δ = -Σ w_i (H_i/G_i) / Σ (-1)^i w_i / G_i, and y_i.
        var numerator = DoubleDouble(0), denominator = DoubleDouble(0)
        for i in 0..<m {
            numerator = numerator + DoubleDouble.product(weights[i], trial.bases[i])
            let term = weights[i] / DoubleDouble(trial.gains[i])
            denominator = i % 2 == 0 ? denominator + term : denominator - term
        }
        let delta = -(numerator / denominator)
        guard delta.hi.isFinite else { return nil }
        self.values = (0..<m).map { i in
            let deviation = delta / DoubleDouble(trial.gains[i])
            return DoubleDouble(trial.bases[i]) + (i % 2 == 0 ? deviation : -deviation)
        }
        self.nodes = x
        self.weights = weights
    }

    /// P(x), rounded to double.
    func value(_ x: Double) -> Double {
        var numerator = DoubleDouble(0), denominator = DoubleDouble(0)
        for i in nodes.indices {
            let d = DoubleDouble(x) - DoubleDouble(nodes[i])
            if d.hi == 0 { return values[i].value }
            let c = weights[i] / d
            numerator = numerator + c * values[i]
            denominator = denominator + c
        }
        return (numerator / denominator).value
    }
}
