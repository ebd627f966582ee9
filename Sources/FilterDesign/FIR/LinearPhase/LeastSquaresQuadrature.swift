import RealModule

/// The `firls` problem as an ordinary weighted least-squares problem on
/// Gauss-Legendre nodes, solved by Householder QR: the solver for the
/// designs whose normal equations are too ill-conditioned to give the
/// optimum.
///
/// Why not the normal equations there: T h = b is formed from closed forms
/// that are each right to about eps |T| and eps |b|, so the solution's error
/// in an eigendirection of T with eigenvalue lambda is about
/// eps |b| / lambda, and it raises the error E by about (eps |b|)^2 / lambda:
/// 1e-16 and more when lambda is near eps (wide transition bands), whatever
/// the solver. Here E is a sum of squares of residuals A(x_i) - D(x_i), each
/// computed directly, so rounding costs about (eps |G| |c|)^2 instead
/// (G below), the least that taps stored in double allow.
///
/// With the folded unknowns c_0 = h_M, c_k = h_(M-k) = h_(M+k) the zero-phase
/// response is A(nu) = c_0 + 2 sum_(k=1)^M c_k cos(pi k nu) (nu = 2 f), and on
/// band j = [nu_1, nu_2] of length L_j, with K_j Gauss-Legendre nodes x_i
/// and weights g_i mapped onto the band,
///
///     w_j integral over band j of (A - D)^2 dnu = sum_i w_j g_i (A(x_i) - D(x_i))^2
///
/// exactly up to rounding when K_j >= omega/2 + 6 omega^(1/3) + 12,
/// omega = pi M L_j (the integrand is a trigonometric polynomial of
/// frequency at most 2 pi M times a polynomial of degree 2; Gauss-Legendre
/// with K nodes integrates exp(i omega x) on [-1, 1] to rounding from about
/// K = omega/2 + 25 at omega = 100, measured). So E(c) = |G c - d|^2 with
/// G_ik = sqrt(w_j g_i) (k == 0 ? 1 : 2) cos(pi k x_i) and
/// d_i = sqrt(w_j g_i) D(x_i), in the units of `leastSquaresError`.
///
/// The problem solved is the damped one, min |G c - d|^2 + delta^2 |c|^2,
/// delta = s eps max_k |G e_k|: rounding the taps to double and the
/// cosines' rounding change each residual by about eps |G e_k| |c_k| anyway,
/// so directions that lower E by less than that (where the optimum's taps
/// would grow without bound, as in nearly singular designs) are left out.
/// No one s is best (numpy prototype on random designs, E of the rounded
/// taps in exact arithmetic): s = 1 or 3 let taps of 1e9-1e11 fit rounding
/// noise and lose to scipy by up to 40x; s = 30 still loses by up to 1.5x
/// on ill-posed designs (one band and a wide "don't care" band, taps of
/// 1e8), where s = 1000 wins; s = 1000 costs up to 1e3x on designs whose
/// optimum is 1e-30. So `firls` solves for s = 30 and s = 1000 and keeps
/// the taps with the smaller E (`quadratureError`).
///
/// Rows: the n = M + 1 rows of delta I first, then G's; column j's
/// reflector then touches row j and the rows of G only (the rows of
/// delta I below j are still zero in column j), so the factorisation costs
/// about 2 K n^2 flops, K = sum_j K_j (about 1.6 M + 30 per band).
struct LeastSquaresQuadrature {
    /// The folded coefficients c_0 ... c_M (c_0 the centre tap) of the
    /// damped problem, delta = `damping` eps max_k |G e_k|.
    static func solve(taps: Int, bands: [Double], desired: [Double], weights: [Double], damping: Double) -> [Double] {
        let m = (taps - 1) / 2, n = m + 1
        let nu = bands.map { 2 * $0 }
        // Nodes, weights (w_j g_i) and desired values, band by band.
        let (xs, scales, targets) = quadratureNodes(m: m, bands: nu, desired: desired, weights: weights)
        let k = xs.count
        let rows = n + k
        guard k > 0 else { return [Double](repeating: 0, count: n) }
        // Column-major: columns 0 ..< n are the unknowns', column n the right-hand side.
        var a = [Double](repeating: 0, count: rows * (n + 1))
        var largestNorm = 0.0
        for col in 0..<n {
            var norm = 0.0
            let factor = col == 0 ? 1.0 : 2.0
            for i in 0..<k {
                let value = scales[i] * factor * cosPiProduct(col, xs[i])
                a[col * rows + n + i] = value
                norm += value * value
            }
            largestNorm = max(largestNorm, norm)
        }
        for i in 0..<k { a[n * rows + n + i] = scales[i] * targets[i] }
        guard largestNorm > 0 else { return [Double](repeating: 0, count: n) }
        let delta = damping * Double.ulpOfOne * largestNorm.squareRoot()
        for col in 0..<n { a[col * rows + col] = delta }
        let stopped = householder(&a, n: n, rows: rows)
        if stopped { return [Double](repeating: 0, count: n) }
        // Back substitution R c = (Q'd)_0..n-1.
        var c = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = a[n * rows + row]
            for col in (row + 1)..<max(row + 1, n) { s -= a[col * rows + row] * c[col] }
            c[row] = s / a[row * rows + row]
        }
        return c
    }

    /// The quadrature's nodes x_i, row scales sqrt(w_j g_i) and desired values
    /// D(x_i), band by band (bands of weight 0 left out): K_j =
    /// ceil(omega/2 + 6 omega^(1/3)) + 12 Gauss-Legendre nodes on band j,
    /// omega = pi M L_j, mapped onto it, x = nu_1 + (t + 1) L_j / 2, the
    /// weights scaled by L_j / 2, D linear between the band's desired values.
    private static func quadratureNodes(m: Int, bands nu: [Double], desired: [Double],
                                        weights: [Double]) -> (xs: [Double], scales: [Double], targets: [Double]) {
        var xs: [Double] = [], scales: [Double] = [], targets: [Double] = []
        for j in 0..<(nu.count / 2) where weights[j] > 0 {
            let (f1, f2, d1, d2) = (nu[2 * j], nu[2 * j + 1], desired[2 * j], desired[2 * j + 1])
            let length = f2 - f1
            let omega = Double.pi * Double(m) * length
            let count = Int((omega / 2 + 6 * Double.pow(omega, 1.0 / 3)).rounded(.up)) + 12
            let (nodes, nodeWeights) = gaussLegendre(count: count)
            for i in 0..<count {
                let x = f1 + 0.5 * (nodes[i] + 1) * length
                xs.append(x)
                scales.append((weights[j] * nodeWeights[i] * 0.5 * length).squareRoot())
                targets.append(d1 + (d2 - d1) * ((x - f1) / length))
            }
        }
        return (xs, scales, targets)
    }

    /// Householder QR of the column-major rows × (n + 1) matrix `a` in place
    /// (column n the right-hand side, carried along): column col's reflector
    /// H = I - tau v v', v = (1, a[n ..< rows] / v0), tau = -v0 / beta,
    /// beta = ∓|x|, applied to the columns after it. true when the design's
    /// budget ran out before it finished.
    private static func householder(_ a: inout [Double], n: Int, rows: Int) -> Bool {
        a.withUnsafeMutableBufferPointer { a in
            for col in 0..<n {
                // Its budget spent: zeros (the caller says why).
                if DesignBudget.stop != nil { return true }
                let base = col * rows
                // Householder reflector on entries (col) and (n ..< rows) of this column.
                var sigma = 0.0
                for i in n..<rows { sigma += a[base + i] * a[base + i] }
                let alpha0 = a[base + col]
                let norm = (alpha0 * alpha0 + sigma).squareRoot()
                if sigma == 0 { continue }
                let beta = alpha0 > 0 ? -norm : norm
                let v0 = alpha0 - beta
                // v = (v0, a[n ..< rows]); H = I - tau v v', tau = -v0 / beta.
                let tau = -v0 / beta
                a[base + col] = beta
                let inverse = 1 / v0
                for i in n..<rows { a[base + i] *= inverse }
                // v normalised so that v_0 = 1.
                for other in (col + 1)...n {
                    let ob = other * rows
                    // Four partial sums, so that the loop vectorises.
                    var (s0, s1, s2, s3) = (0.0, 0.0, 0.0, 0.0)
                    var i = n
                    while i + 4 <= rows {
                        s0 += a[base + i] * a[ob + i]
                        s1 += a[base + i + 1] * a[ob + i + 1]
                        s2 += a[base + i + 2] * a[ob + i + 2]
                        s3 += a[base + i + 3] * a[ob + i + 3]
                        i += 4
                    }
                    while i < rows {
                        s0 += a[base + i] * a[ob + i]
                        i += 1
                    }
                    let s = tau * (a[ob + col] + ((s0 + s1) + (s2 + s3)))
                    a[ob + col] -= s
                    for i in n..<rows { a[ob + i] -= s * a[base + i] }
                }
            }
            return false
        }
    }
}

/// cos(pi k x) with k x reduced exactly: k x = p + e by an exact product
/// (fma), p reduced modulo 2 exactly, so the argument's error is a few ulps
/// of pi, not of pi k x.
@inline(__always)
func cosPiProduct(_ k: Int, _ x: Double) -> Double {
    let kd = Double(k)
    let p = kd * x
    let e = (-p).addingProduct(kd, x)
    let r = (p - 2 * (0.5 * p).rounded()) + e
    return Double.cos(Double.pi * r)
}

/// Gauss-Legendre nodes (increasing) and weights on [-1, 1] for `count`
/// points: Newton's method on P_K from Tricomi's approximation
/// cos(pi (i + 3/4) / (K + 1/2)), P_K and P_K' by the three-term
/// recurrence; w_i = 2 / ((1 - x_i^2) P_K'(x_i)^2). O(K^2) work.
func gaussLegendre(count: Int) -> (nodes: [Double], weights: [Double]) {
    var nodes = [Double](repeating: 0, count: count), weights = nodes
    let kd = Double(count)
    for i in 0..<((count + 1) / 2) {
        var z = Double.cos(Double.pi * (Double(i) + 0.75) / (kd + 0.5))
        var derivative = 0.0
        for _ in 0..<100 {
            let (p1, p2) = legendrePair(count, z)
            derivative = kd * (z * p1 - p2) / (z * z - 1)
            let step = p1 / derivative
            z -= step
            if abs(step) <= 1e-16 { break }
        }
        // One more evaluation at the final z for the weight.
        let (p1, p2) = legendrePair(count, z)
        derivative = kd * (z * p1 - p2) / (z * z - 1)
        let w = 2 / ((1 - z * z) * derivative * derivative)
        nodes[i] = -z
        nodes[count - 1 - i] = z
        weights[i] = w
        weights[count - 1 - i] = w
    }
    return (nodes, weights)
}

/// The weighted squared error that `firls` minimises, evaluated carefully:
///
///     E(h) = sum_j w_j integral over band j of (A(nu) - D(nu))^2 dnu,
///     A(nu) = sum_n h_n cos(pi (n - M) nu),
///
/// by the Gauss-Legendre rule of `firls`'s dense solver on each band (exact
/// up to rounding for this integrand), each residual A(x_i) - D(x_i) summed
/// with compensation (Ogita, Rump and Oishi's Dot2) from cosines whose
/// arguments are reduced exactly: so its relative error is about
/// eps sum_n |h_n| / |A - D| at worst, where `leastSquaresError`'s closed form
/// e0 - 2 b'h + h'T h loses about eps (e0 + |T| |h|^2) to cancellation
/// (with taps of 1e6 and E = 1e-7, all of it). Units are `leastSquaresError`'s
/// (Nyquist units, nu = 2 f: twice the error integrated over f in 0 ... 0.5).
/// Cost O(N^2) (about 1.6 N/2 nodes a band, N cosines each): for checking
/// designs, not in the design loop.
///
/// - Throws: the argument errors of `firls`, and `.tapNotFinite`.
public func leastSquaresErrorByQuadrature(taps h: [Double], bands: [Double], desired: [Double],
                                          weights: [Double]? = nil) throws(LinearPhaseError) -> Double {
    guard h.count % 2 == 1 else { throw .tapsNotOdd(h.count) }
    let weights = try validatedLeastSquaresBands(bands, desired, weights)
    for (i, x) in h.enumerated() where !x.isFinite { throw .tapNotFinite(index: i, value: x) }
    return quadratureError(h, bands: bands, desired: desired, weights: weights)
}

/// `leastSquaresErrorByQuadrature` on checked arguments.
func quadratureError(_ h: [Double], bands: [Double], desired: [Double], weights: [Double]) -> Double {
    let taps = h.count
    let m = (taps - 1) / 2
    var total = 0.0
    for j in 0..<(bands.count / 2) where weights[j] > 0 {
        let (f1, f2, d1, d2) = (2 * bands[2 * j], 2 * bands[2 * j + 1], desired[2 * j], desired[2 * j + 1])
        let length = f2 - f1
        let omega = Double.pi * Double(m) * length
        let count = Int((omega / 2 + 6 * Double.pow(omega, 1.0 / 3)).rounded(.up)) + 12
        let (nodes, nodeWeights) = gaussLegendre(count: count)
        var band = 0.0
        for i in 0..<count {
            let x = f1 + 0.5 * (nodes[i] + 1) * length
            // Dot2: s + c = sum h_n cos(pi |n - M| x) - D(x), products and sums error-free.
            var s = -(d1 + (d2 - d1) * ((x - f1) / length)), c = 0.0
            for n in 0..<taps {
                let cosine = cosPiProduct(abs(n - m), x)
                let p = h[n] * cosine
                let pe = (-p).addingProduct(h[n], cosine)
                let t = s + p
                let z = t - s
                let se = (s - (t - z)) + (p - z)
                s = t
                c += se + pe
            }
            let r = s + c
            band += nodeWeights[i] * r * r
        }
        total += weights[j] * 0.5 * length * band
    }
    return total
}

/// P_n(z) and P_(n-1)(z), the Legendre polynomials by Bonnet's recurrence
/// j P_j = (2j - 1) z P_(j-1) - (j - 1) P_(j-2).
private func legendrePair(_ n: Int, _ z: Double) -> (Double, Double) {
    var p1 = 1.0, p2 = 0.0
    for j in 1...n {
        let p3 = p2
        p2 = p1
        p1 = ((2 * Double(j) - 1) * z * p2 - (Double(j) - 1) * p3) / Double(j)
    }
    return (p1, p2)
}
