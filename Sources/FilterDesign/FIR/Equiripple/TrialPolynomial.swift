/// A reference: n + 1 frequencies in increasing order, each with its band.
struct EquirippleReference: Sendable {
    var frequencies: [Double]
    var bands: [Int]
    var count: Int { frequencies.count }
}

/// The trial polynomial of one exchange iteration, in barycentric Lagrange
/// form on the reference (Filip 2016, §3): the P of degree n - 1 and the
/// level δ with
///
///     E(f_i) = G_i P(x_i) - H_i = (-1)^i δ,   i = 0 ... n,
///
/// at the reference's n + 1 nodes x_i = cos 2πf_i. With the barycentric
/// weights w_i = 1 / Π_{j≠i} (x_i - x_j), the n-th divided difference
/// Σ w_i P(x_i) of a polynomial of degree n - 1 vanishes, which gives
///
///     δ = -Σ w_i (H_i/G_i) / Σ (-1)^i w_i / G_i,
///
/// and P interpolates y_i = H_i/G_i + (-1)^i δ / G_i:
///
///     P(x) = Σ c_i y_i / Σ c_i,   c_i = w_i / (x - x_i),
///     P'(x) = Σ c_i (P(x) - y_i) / (x - x_i) / Σ c_i.
///
/// Evaluating in band b, the values are shifted by a constant C_b (for a
/// type I band-pass band its desired value), z_i = y_i - C_b, and
/// P - C_b = Σ c_i z_i / Σ c_i: nodes of the band then carry only their
/// share of δ, so E = G (P - C_b) + (G C_b - H) keeps its relative
/// accuracy when δ is far below the desired values, and the derivative
/// has no cancellation near a node.
struct TrialPolynomial {
    /// x_i = cos 2πf_i.
    let nodes: [Double]
    /// w_i, scaled so that the largest is near 1.
    let weights: [Double]
    /// δ: E = (-1)^i δ at node i.
    let delta: Double
    /// y_i = P(x_i).
    let values: [Double]
    /// H_i / G_i and G_i at each node (for `AccurateTrialPolynomial`).
    let bases: [Double]
    let gains: [Double]
    /// C_b for each band.
    let shifts: [Double]
    /// z_i = y_i - C_b for each band b, computed as (H_i/G_i - C_b) + (-1)^i δ / G_i.
    let shiftedValues: [[Double]]

    /// Nil when two nodes coincide in x, a node has G = 0, or δ is not finite.
    init?(problem: EquirippleProblem, reference: EquirippleReference) {
        let m = reference.count
        var nodes = [Double](repeating: 0, count: m)
        var bases = [Double](repeating: 0, count: m)
        var gains = [Double](repeating: 0, count: m)
        for i in 0..<m {
            let t = problem.terms(reference.frequencies[i], band: reference.bands[i])
            guard t.g != 0, t.g.isFinite else { return nil }
            nodes[i] = t.x
            gains[i] = t.g
            bases[i] = problem.base(t, band: reference.bands[i])
        }
        guard let weights = Self.barycentricWeights(nodes) else { return nil }
        var numerator = 0.0, denominator = 0.0
        for i in 0..<m {
            numerator += weights[i] * bases[i]
            denominator += (i % 2 == 0 ? weights[i] : -weights[i]) / gains[i]
        }
        let delta = -numerator / denominator
        guard delta.isFinite else { return nil }
        var deviations = [Double](repeating: 0, count: m)
        var values = [Double](repeating: 0, count: m)
        for i in 0..<m {
            deviations[i] = (i % 2 == 0 ? delta : -delta) / gains[i]
            values[i] = bases[i] + deviations[i]
        }
        var shifts = [Double](repeating: 0, count: problem.bands.count)
        var shifted = [[Double]]()
        for b in problem.bands.indices {
            let band = problem.bands[b]
            let middle = 0.5 * (band.lower + band.upper)
            let shift = problem.base(problem.terms(middle, band: b), band: b)
            shifts[b] = shift.isFinite ? shift : 0
            shifted.append((0..<m).map { (bases[$0] - shifts[b]) + deviations[$0] })
        }
        self.nodes = nodes
        self.weights = weights
        self.delta = delta
        self.values = values
        self.bases = bases
        self.gains = gains
        self.shifts = shifts
        self.shiftedValues = shifted
    }

    /// w_i ∝ 1 / Π_{j≠i} C (x_i - x_j), C = 4 / (max x - min x) (which maps
    /// the nodes' hull to an interval of capacity 1, so that the products
    /// stay near 1 for well-spread nodes: Berrut and Trefethen 2004, §7),
    /// by plain products in double when none overflows or underflows, else
    /// with each product kept as a significand and a binary exponent. Nil if
    /// two nodes coincide.
    static func barycentricWeights(_ x: [Double]) -> [Double]? {
        let m = x.count
        guard m > 1, let low = x.min(), let high = x.max(), high > low else { return m == 1 ? [1] : nil }
        let scale = 4 / (high - low)
        if let fast = plainWeights(x, scale: scale) { return fast }
        return renormalisedWeights(x, scale: scale)
    }

    /// 1 / Π_{j≠i} C (x_i - x_j) in two SIMD2 chains, nil if a product
    /// leaves [2^-900, 2^900] (or is 0).
    private static func plainWeights(_ x: [Double], scale: Double) -> [Double]? {
        let m = x.count
        var weights = [Double](repeating: 0, count: m)
        let ok: Bool = x.withUnsafeBufferPointer { xs in
            typealias V = SIMD2<Double>
            let c = V(repeating: scale)
            for i in 0..<m {
                let xi = V(repeating: xs[i])
                var (p0, p1) = (V(repeating: 1), V(repeating: 1))
                var tail = 1.0
                // j in 0 ..< i and i + 1 ..< m.
                func multiply(_ lower: Int, _ upper: Int) {
                    var j = lower
                    while j + 4 <= upper {
                        p0 *= c * (xi - V(xs[j], xs[j + 1]))
                        p1 *= c * (xi - V(xs[j + 2], xs[j + 3]))
                        j += 4
                    }
                    while j < upper {
                        tail *= scale * (xs[i] - xs[j])
                        j += 1
                    }
                }
                multiply(0, i)
                multiply(i + 1, m)
                let p = (p0 * p1)
                let product = p[0] * p[1] * tail
                let magnitude = abs(product)
                guard magnitude > 0x1p-900, magnitude < 0x1p900 else { return false }
                weights[i] = 1 / product
            }
            return true
        }
        guard ok else { return nil }
        let largest = weights.reduce(0) { max($0, abs($1)) }
        let normaliser = Double(sign: .plus, exponent: -largest.exponent, significand: 1)
        return weights.map { $0 * normaliser }
    }

    /// The weights with each product renormalised every eight factors.
    private static func renormalisedWeights(_ x: [Double], scale: Double) -> [Double]? {
        let m = x.count
        var significands = [Double](repeating: 1, count: m)
        var exponents = [Int](repeating: 0, count: m)
        for i in 0..<m {
            let xi = x[i]
            var p = 1.0
            var e = 0
            var factors = 0
            for j in 0..<m where j != i {
                p *= scale * (xi - x[j])
                factors += 1
                if factors == 8 || j == m - 1 || (i == m - 1 && j == m - 2) {
                    guard p != 0, p.isFinite else { return nil }
                    e += Int(p.exponent)
                    p = Double(sign: p.sign, exponent: 0, significand: p.significand)
                    factors = 0
                }
            }
            significands[i] = p
            exponents[i] = e
        }
        // w_i = (1 / s_i) 2^(-e_i), scaled by 2^(min e).
        let smallest = exponents.min() ?? 0
        return (0..<m).map { i in
            let shift = smallest - exponents[i]
            return shift < -1070 ? 0 : (1 / significands[i]) * Double(sign: .plus, exponent: shift, significand: 1)
        }
    }

    /// P(x) - C and P'(x), for values z_i = y_i - C.
    @inline(__always)
    func evaluate(_ x: Double, shifted z: [Double]) -> (p: Double, dp: Double) {
        let m = nodes.count
        let (sumC, sumCZ, sumCT, sumCTZ): (Double, Double, Double, Double) = nodes.withUnsafeBufferPointer { xs in
            weights.withUnsafeBufferPointer { ws in
                z.withUnsafeBufferPointer { zs in
                    // Two lanes of SIMD2 (SSE2 on x86-64), two accumulators each.
                    typealias V = SIMD2<Double>
                    let vx = V(repeating: x)
                    var (c0, cz0, ct0, ctz0) = (V(), V(), V(), V())
                    var (c1, cz1, ct1, ctz1) = (V(), V(), V(), V())
                    let xp = UnsafeRawPointer(xs.baseAddress!), wp = UnsafeRawPointer(ws.baseAddress!)
                    let zp = UnsafeRawPointer(zs.baseAddress!)
                    var i = 0
                    while i + 4 <= m {
                        let offset = i * MemoryLayout<Double>.stride
                        let x0 = xp.loadUnaligned(fromByteOffset: offset, as: V.self)
                        let x1 = xp.loadUnaligned(fromByteOffset: offset + 16, as: V.self)
                        let t0 = 1 / (vx - x0), t1 = 1 / (vx - x1)
                        let a0 = wp.loadUnaligned(fromByteOffset: offset, as: V.self) * t0
                        let a1 = wp.loadUnaligned(fromByteOffset: offset + 16, as: V.self) * t1
                        let b0 = a0 * zp.loadUnaligned(fromByteOffset: offset, as: V.self)
                        let b1 = a1 * zp.loadUnaligned(fromByteOffset: offset + 16, as: V.self)
                        c0 += a0; c1 += a1
                        cz0 += b0; cz1 += b1
                        ct0 += a0 * t0; ct1 += a1 * t1
                        ctz0 += b0 * t0; ctz1 += b1 * t1
                        i += 4
                    }
                    c0 += c1; cz0 += cz1; ct0 += ct1; ctz0 += ctz1
                    var (c, cz, ct, ctz) = (c0.sum(), cz0.sum(), ct0.sum(), ctz0.sum())
                    while i < m {
                        let t = 1 / (x - xs[i])
                        let a = ws[i] * t, b = a * zs[i]
                        c += a; cz += b; ct += a * t; ctz += b * t
                        i += 1
                    }
                    return (c, cz, ct, ctz)
                }
            }
        }
        let p = sumCZ / sumC
        let dp = (p * sumCT - sumCTZ) / sumC
        if p.isFinite, dp.isFinite { return (p, dp) }
        return evaluateAtNode(x, shifted: z)
    }

    /// At a node x_k (where the formula above divides by zero): P = y_k and
    /// P'(x_k) = Σ_{i≠k} (w_i / w_k) (y_i - y_k) / (x_k - x_i).
    private func evaluateAtNode(_ x: Double, shifted z: [Double]) -> (p: Double, dp: Double) {
        guard let k = nodes.firstIndex(of: x), weights[k] != 0 else { return (.nan, .nan) }
        var dp = 0.0
        for i in nodes.indices where i != k {
            dp += weights[i] * (z[i] - z[k]) / (x - nodes[i])
        }
        return (z[k], dp / weights[k])
    }

    /// P(x) and a bound on its rounding error, ε (Σ |c_i y_i| + |P| Σ |c_i|) / |Σ c_i|
    /// (large between bands, where the nodes leave a gap and the Lebesgue
    /// function of the reference is large).
    func valueWithErrorBound(_ x: Double) -> (p: Double, bound: Double) {
        var (c, cy, absC, absCY) = (0.0, 0.0, 0.0, 0.0)
        for i in nodes.indices {
            let a = weights[i] / (x - nodes[i])
            let b = a * values[i]
            c += a; cy += b; absC += abs(a); absCY += abs(b)
        }
        let p = cy / c
        guard p.isFinite else {
            let k = nodes.firstIndex(of: x) ?? 0
            return (values[k], Double.ulpOfOne * abs(values[k]))
        }
        return (p, Double.ulpOfOne * (absCY + abs(p) * absC) / abs(c))
    }
}
