import RealModule

/// From the trial polynomial to taps.
///
/// P(x) = Σ_{k<n} b_k T_k(x) is interpolated at the n Chebyshev points
/// x_j = cos θ_j, θ_j = π (j + 1/2) / n (a discrete cosine transform):
///
///     b_k = (2 - [k = 0]) / n Σ_j P(x_j) cos(k θ_j),
///
/// so that P(cos ω) = Σ b_k cos kω. Multiplying by Q (cos ω/2 = cos πf,
/// sin ω, sin ω/2) and the product-to-sum identities give the cosine or
/// sine series of A, whose coefficients are the taps:
///
/// - I:   A = Σ_{k=0}^{n-1} b_k cos kω,        h[M] = b_0, h[M ± k] = b_k / 2 (M = n - 1);
/// - II:  A = Σ_{k=1}^{n} c_k cos (k - 1/2)ω,  c_1 = b_0 + b_1/2, c_k = (b_{k-1} + b_k)/2,
///        h[n - k] = h[n - 1 + k] = c_k / 2;
/// - III: A = Σ_{k=1}^{n} c_k sin kω,          c_1 = b_0 - b_2/2, c_k = (b_{k-1} - b_{k+1})/2,
///        h[n - k] = c_k / 2 = -h[n + k], h[n] = 0;
/// - IV:  A = Σ_{k=1}^{n} c_k sin (k - 1/2)ω,  c_1 = b_0 - b_1/2, c_k = (b_{k-1} - b_k)/2,
///        h[n - k] = c_k / 2 = -h[n - 1 + k];
///
/// with b_k = 0 for k >= n. For III and IV, H = i A e^{-iω(N-1)/2}
/// (`EquirippleDesign` on the sign).
enum ChebyshevTaps {
    /// The samples P(x_j) at the n Chebyshev points, each within
    /// `tolerance` by its rounding-error bound (in double where the bound
    /// allows, in double-double between and beyond the bands where it does
    /// not: `AccurateTrialPolynomial`); nil if double-double fails too.
    static func samples(_ trial: TrialPolynomial, count n: Int, tolerance: Double) -> [Double]? {
        var accurate: AccurateTrialPolynomial? = nil
        var samples = [Double](repeating: 0, count: n)
        for j in 0..<n {
            let x = Double.cos(Double.pi * (Double(j) + 0.5) / Double(n))
            let (p, bound) = trial.valueWithErrorBound(x)
            if bound <= tolerance, p.isFinite {
                samples[j] = p
                continue
            }
            if accurate == nil {
                guard let polynomial = AccurateTrialPolynomial(trial) else { return nil }
                accurate = polynomial
            }
            samples[j] = accurate!.value(x)
            guard samples[j].isFinite else { return nil }
        }
        return samples
    }

    /// b_0 ... b_{n-1} from the samples at the Chebyshev points x_j = cos θ_j.
    static func coefficients(samples: [Double]) -> [Double] {
        let n = samples.count
        // cos(π m / (2n)) for m in 0 ..< 4n, from the first quadrant (cosines up
        // to π/4, sines beyond) by symmetry: cos(k θ_j) = table[k (2j + 1) mod 4n].
        let period = 4 * n
        var table = [Double](repeating: 0, count: period)
        for m in 0...n {
            table[m] = 2 * m <= n ? Double.cos(Double.pi * Double(m) / Double(2 * n))
                                  : Double.sin(Double.pi * Double(n - m) / Double(2 * n))
        }
        for m in (n + 1)...(2 * n) { table[m] = -table[2 * n - m] }
        for m in (2 * n + 1)..<period { table[m] = table[period - m] }
        var b = [Double](repeating: 0, count: n)
        samples.withUnsafeBufferPointer { s in
            table.withUnsafeBufferPointer { t in
                for k in 0..<n {
                    // Compensated (Knuth's TwoSum) so that the sum's error stays
                    // near one rounding, not n of them.
                    var (sum, compensation) = (0.0, 0.0)
                    var index = k % period
                    let step = (2 * k) % period
                    for j in 0..<n {
                        let term = s[j] * t[index]
                        let total = sum + term
                        let part = total - sum
                        compensation += (sum - (total - part)) + (term - part)
                        sum = total
                        index += step
                        if index >= period { index -= period }
                    }
                    b[k] = (k == 0 ? 1 : 2) * (sum + compensation) / Double(n)
                }
            }
        }
        return b
    }

    /// Σ b_k T_k(x) by Clenshaw's recurrence in double-double: the value of
    /// the series with these double coefficients to about 10^-30 (in
    /// double, the recurrence loses up to n² ε near ±1).
    static func accurateValue(_ b: [Double], at x: Double) -> Double {
        var (u1, u2) = (DoubleDouble(0), DoubleDouble(0))
        let twoX = 2 * x
        var k = b.count - 1
        while k >= 1 {
            (u1, u2) = (DoubleDouble.product(u1, twoX) - u2 + DoubleDouble(b[k]), u1)
            k -= 1
        }
        return (DoubleDouble.product(u1, x) - u2 + DoubleDouble(b[0])).value
    }

    /// The N taps from b (n = b.count basis functions of `phase`).
    static func taps(_ b: [Double], phase: EquirippleDesign.LinearPhaseType) -> [Double] {
        let n = b.count
        func coefficient(_ k: Int) -> Double { k < n ? b[k] : 0 }
        let count = phase.taps(basisCount: n)
        var h = [Double](repeating: 0, count: count)
        switch phase {
        case .one:
            let m = n - 1
            h[m] = b[0]
            for k in 1..<max(n, 1) {
                h[m - k] = 0.5 * b[k]
                h[m + k] = 0.5 * b[k]
            }
        case .two:
            for k in 1...n {
                let c = k == 1 ? b[0] + 0.5 * coefficient(1) : 0.5 * (b[k - 1] + coefficient(k))
                h[n - k] = 0.5 * c
                h[n - 1 + k] = 0.5 * c
            }
        case .three:
            for k in 1...n {
                let c = k == 1 ? b[0] - 0.5 * coefficient(2) : 0.5 * (b[k - 1] - coefficient(k + 1))
                h[n - k] = 0.5 * c
                h[n + k] = -0.5 * c
            }
        case .four:
            for k in 1...n {
                let c = k == 1 ? b[0] - 0.5 * coefficient(1) : 0.5 * (b[k - 1] - coefficient(k))
                h[n - k] = 0.5 * c
                h[n - 1 + k] = -0.5 * c
            }
        }
        return h
    }
}

/// The polynomial of degree n - 1 through values at the n Chebyshev points
/// of the first kind, x_j = cos θ_j, θ_j = π (j + 1/2) / n, evaluated by the
/// barycentric formula with the weights (-1)^j sin θ_j (Berrut and Trefethen
/// 2004): forward stable, without the growth of rounding errors near ±1 of
/// Clenshaw's recurrence (n² ε there).
struct ChebyshevInterpolant {
    let nodes: [Double]
    let weights: [Double]
    let values: [Double]

    init(values: [Double]) {
        let n = values.count
        let thetas = (0..<n).map { Double.pi * (Double($0) + 0.5) / Double(n) }
        nodes = thetas.map { Double.cos($0) }
        weights = thetas.indices.map { ($0 % 2 == 0 ? 1 : -1) * Double.sin(thetas[$0]) }
        self.values = values
    }

    func value(at x: Double) -> Double {
        var (numerator, denominator) = (0.0, 0.0)
        for j in nodes.indices {
            let d = x - nodes[j]
            if d == 0 { return values[j] }
            let c = weights[j] / d
            numerator += c * values[j]
            denominator += c
        }
        return numerator / denominator
    }
}
