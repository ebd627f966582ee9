import RealModule

/// The linear-phase (type I) FIR filter with the least weighted squared error:
/// scipy.signal.firls with frequencies as fractions of the sample rate.
///
/// The bands [e_2j, e_2j+1] (in 0 ... 0.5, increasing, not overlapping; gaps
/// between them are "don't care") have weights w_j (default 1) and a desired
/// gain D that runs linearly from `desired[2j]` to `desired[2j+1]`. With
/// N = `taps` (odd), M = (N - 1) / 2 and A(f) = sum_n h_n cos(2 pi (n - M) f) the
/// zero-phase response, the taps minimise
///
///     E(h) = sum_j w_j integral over band j of (A(f) - D(f))^2 df
///
/// (Selesnick, "Linear-phase FIR filter design by least squares", 2005). Its
/// normal equations are T h = b with, in Nyquist units (nu = 2 f),
///
///     T_kn = q_|k-n|,  q_n = sum_j w_j [nu sinc(nu n)] from nu_1 to nu_2 of band j,
///     b_k = sum_j w_j [nu (m nu + c) sinc(nu n) + m cos(pi n nu) / (pi n)^2] from nu_1 to nu_2,
///
/// n = |k - M| (for n = 0 the second term is -m nu^2 / 2), D = m nu + c on the
/// band: closed-form integrals, the same numbers as scipy's. T is the Gram
/// matrix of the cosines (Toeplitz; folded onto the M + 1 free taps it is
/// scipy's Toeplitz-plus-Hankel matrix). No normal equations of a sampled
/// problem are formed, and nothing is squared:
///
/// - up to 511 taps, T + H (M + 1 unknowns) is factored by Cholesky, and the
///   factor is used when the matrix is well conditioned and the optimum not
///   too close to rounding: its condition number (estimated by inverse
///   iteration) at most 1e6, and the solution's E (closed form) at least
///   1e-8 e0. Those solutions are scipy's to rounding (scipy uses its Cholesky solve
///   unless the condition estimate exceeds 1 / eps).
/// - otherwise, up to 511 taps, the least-squares problem itself, not its
///   normal equations: A - D on Gauss-Legendre nodes that integrate E
///   exactly, damped by 30 eps |G| and by 1000 eps |G|, each solved by
///   Householder QR (`LeastSquaresQuadrature`), the taps with the smaller
///   E (evaluated carefully, `leastSquaresErrorByQuadrature`) kept. The
///   normal equations' closed forms are each right to eps |b|, which costs about (eps |b|)^2 / lambda in E along an
///   eigenvector of eigenvalue lambda: for designs with wide transition
///   bands the solution stopped far above the optimum (195 taps, one ramp
///   band and a stop band, weights 10/10: E 7.267e-7 where the optimum is
///   6.878e-7 and scipy's taps give 7.258e-7; 191 taps, three bands:
///   5.2e-16 where the optimum is 5.8e-28 and scipy's give 2.2e-18, in
///   these units). On 200 random designs of 1-511 taps (1-3 bands, random
///   edges, gains and weights; E of both sets of double taps evaluated
///   exactly, mpmath at 50 digits) E was never above scipy's: the ratio
///   ours/scipy's was at most 1 (51 designs equal to rounding), median
///   0.84, down to 5e-17. Ill-posed designs (wide "don't care" bands) have
///   optimal taps of 1e6 and more. Time: at most about 0.2 s (511 taps).
/// - beyond 511 taps (wide transition bands make T nearly singular there
///   too: responses that live in the "don't care" bands cost nothing),
///   iterative refinement on residuals in double-double
///   (`refinedLeastSquares`, `LeastSquaresExtendedProblem`): q, b and e0
///   formed in double-double, and from h = 0 each step solves T d = r,
///   r = b - T h by Dot2 (O(N^2)), approximately in double, moves along d
///   by the exact line minimum of E (a parabola fitted to E evaluated in
///   double-double) and keeps the move when E falls. The direction comes
///   from a Cholesky factor of the folded normal equations (`FoldedCholesky`,
///   (M + 1)^3 / 6 multiply-adds; shifted by 1e-15 max w, then 1e-12 max w)
///   up to 3,999 taps (2,000 unknowns, `leastSquaresCholeskyUnknowns`), and
///   beyond, or where no factor exists, from conjugate gradients
///   preconditioned by (T + mu I)^-1 (Levinson's recursion and the
///   Gohberg-Semencul formula, `ToeplitzInverse`; mu = 1e-14 ... 1e-6 max w,
///   the next when a step gains nothing). At most 30 steps, and at most
///   10^9 / N^2 (10 at 10,001 taps); a step that gains less than 4 eps E
///   ends it. The refinement removes what rounding in double closed forms
///   costs the normal equations (scipy solves the same equations in double,
///   so its taps carry that error). Where T is singular the taps are not
///   unique (scipy falls back to `lstsq`): they may differ from scipy's in
///   directions that do not change E.
///   Measured (release build of `mkfilter firls --emit json` against
///   scipy.signal.firls, random designs as above; `scripts/firls_compare.py`: E of both
///   sets of double taps exactly, mpmath at 50 digits): 20 designs of
///   513-1,199 taps, E never above scipy's, ratio median 0.51, down to
///   6e-5 (conjugate gradients alone were above scipy's on 19 of these 20,
///   median 15x, worst 1.8e4); 8 designs of 1,201-4,001 taps, never
///   above, median 0.998, down to 2e-4;
///   3 designs of 6,893-9,585 taps, never above, ratios 0.9997, 0.9988
///   and 0.004; 5 more of 4,803-9,211 taps (`firls_compare.py ... 11 5
///   10001 4001`): ratios 1, 0.002, 0.97 and, once above scipy's, 1.6
///   (9,211 taps, two bands of gain 1 with wide "don't care" gaps: E
///   9.9e-20 where scipy's taps reach 6.2e-20, both about 3e-19 of e0).
///   Beyond 3,999 taps the directions are CG's and the steps few, so such a
///   design can stop short of the optimum; 30 or 200 CG iterations a step
///   instead of 60 left that design at 6e-19.
///
/// Time (release build, this 2-core machine while another build ran):
/// 2,001 taps 0.4 s, 3,999 taps 1.8-2.0 s (Cholesky), 4,001 taps 1.5-2.6 s,
/// 10,001 taps 4.8-6.4 s (three narrow transitions, weights 10/1/5/1; a
/// low-pass 0.2/0.3), where scipy 1.17 takes 31-40 s for 10,001 taps (its
/// dense O(N^3) solve). The bound is `LinearPhaseTaps.firls`.
///
/// - Throws: `LinearPhaseError.tapsNotOdd`, `.tapsOutOfRange` (outside
///   `LinearPhaseTaps.firls`),
///   `.bandEdgeCount`, `.bandEdgeOutOfRange`, `.desiredCount`,
///   `.bandEdgesNotIncreasing`, `.desiredInvalid` (negative), `.weightCount`,
///   `.weightInvalid` (negative).
public func firls(taps: Int, bands: [Double], desired: [Double], weights: [Double]? = nil) throws(LinearPhaseError) -> [Double] {
    guard LinearPhaseTaps.firls.contains(taps) else { throw .tapsOutOfRange(taps, allowed: LinearPhaseTaps.firls) }
    guard taps % 2 == 1 else { throw .tapsNotOdd(taps) }
    let weights = try validatedLeastSquaresBands(bands, desired, weights)
    let m = (taps - 1) / 2
    if m + 1 <= leastSquaresDenseUnknowns {
        let problem = LeastSquaresProblem(taps: taps, bands: bands, desired: desired, weights: weights)
        if let (a, condition) = problem.choleskySolution(), condition <= 1e6 {
            let h = (0..<taps).map { n in n == m ? 2 * a[0] : a[abs(n - m)] }
            if problem.error(of: h) >= 1e-8 * problem.desiredEnergy { return h }
        }
        // The damped QR solution for two dampings; the smaller E wins.
        let candidates = [30.0, 1000].map { damping in
            let c = LeastSquaresQuadrature.solve(taps: taps, bands: bands, desired: desired, weights: weights, damping: damping)
            let h = (0..<taps).map { c[abs($0 - m)] }
            return (h: h, error: quadratureError(h, bands: bands, desired: desired, weights: weights))
        }
        return candidates[1].error < candidates[0].error ? candidates[1].h : candidates[0].h
    }
    let problem = LeastSquaresExtendedProblem(taps: taps, bands: bands, desired: desired, weights: weights)
    let t = SymmetricToeplitz(firstColumn: problem.column)
    let column = problem.column
    let scale = weights.max() ?? 1
    var solvers: [() -> (([Double]) -> [Double])?] = []
    if m + 1 <= leastSquaresCholeskyUnknowns {
        // Cholesky on the free taps, G + mu I with mu = 1e-15 max w, then 1e-12 max w.
        solvers += [1e-15, 1e-12].map { mu in { FoldedCholesky(column: column, shift: mu * scale).map { f in { f.step($0) } } } }
    }
    // CG preconditioned by (T + mu I)^-1 (Levinson), mu = 1e-12 max w first.
    solvers += [1e-14, 1e-12, 1e-9, 1e-6].map { mu in
        { ToeplitzInverse(firstColumn: column, shift: mu * scale).map { p in { approximateSolve(t, $0, preconditioner: p, iterations: 60) } } }
    }
    // Each step costs a residual, O(N^2): at most 10^9 / N^2 steps (10 at 10,001 taps).
    let steps = min(30, max(4, 1_000_000_000 / (taps * taps)))
    let h = refinedLeastSquares(problem, t, solvers: solvers, maximumSteps: steps).taps
    // Exactly symmetric (the refinement keeps the symmetry up to rounding).
    return (0..<taps).map { n in 0.5 * (h[n] + h[taps - 1 - n]) }
}

/// The closed-form integrals of `firls` in Nyquist units, as scipy forms them
/// (the same operations in the same order).
struct LeastSquaresProblem {
    /// q_0 ... q_(N-1): q_n = sum_j w_j (nu_2 sinc(nu_2 n) - nu_1 sinc(nu_1 n)).
    let q: [Double]
    /// b_0 ... b_M.
    let b: [Double]
    /// e0 = sum_j w_j integral of D^2 = sum_j w_j (nu_2 - nu_1) (d_1^2 + d_1 d_2 + d_2^2) / 3:
    /// the error of the zero filter, in the units of T and b.
    let desiredEnergy: Double

    init(taps: Int, bands: [Double], desired: [Double], weights: [Double]) {
        let m = (taps - 1) / 2
        let nu = bands.map { 2 * $0 }
        let bandCount = nu.count / 2
        q = (0..<taps).map { n in
            var sum = 0.0
            for j in 0..<bandCount {
                let (f1, f2) = (nu[2 * j], nu[2 * j + 1])
                let difference = numpySinc(f2 * Double(n)) * f2 - numpySinc(f1 * Double(n)) * f1
                sum += difference * weights[j]
            }
            return sum
        }
        var slope = [Double](repeating: 0, count: bandCount), intercept = slope
        var energy = 0.0
        for j in 0..<bandCount {
            let (f1, f2, d1, d2) = (nu[2 * j], nu[2 * j + 1], desired[2 * j], desired[2 * j + 1])
            slope[j] = (d2 - d1) / (f2 - f1)
            intercept[j] = d1 - f1 * slope[j]
            energy += weights[j] * (f2 - f1) * (d1 * d1 + d1 * d2 + d2 * d2) / 3
        }
        desiredEnergy = energy
        b = (0...m).map { n in
            let x = Double(n)
            var sum = 0.0
            for j in 0..<bandCount {
                let (s, c) = (slope[j], intercept[j])
                func term(_ f: Double) -> Double {
                    var value = f * (s * f + c) * numpySinc(f * x)
                    if n == 0 {
                        value -= s * f * f / 2
                    } else {
                        let pn = Double.pi * x
                        value += s * Double.cos(x * Double.pi * f) / (pn * pn)
                    }
                    return value
                }
                sum += (term(nu[2 * j + 1]) - term(nu[2 * j])) * weights[j]
            }
            return sum
        }
    }

    /// Solves L Lᵀ v = `v` in place, L the n × n lower-triangular Cholesky
    /// factor stored by rows in `l`: forward substitution
    /// v_i = (v_i - Σ_{k<i} L_ik v_k) / L_ii, then back substitution
    /// v_i = (v_i - Σ_{k>i} L_ki v_k) / L_ii.
    private static func solveFactored(_ l: [Double], n: Int, _ v: inout [Double]) {
        for i in 0..<n {
            for k in 0..<i { v[i] -= l[i * n + k] * v[k] }
            v[i] /= l[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for k in (i + 1)..<max(i + 1, n) { v[i] -= l[k * n + i] * v[k] }
            v[i] /= l[i * n + i]
        }
    }

    /// a = (T + H)^-1 b on the M + 1 free taps, (T + H)_kn = q_|k-n| + q_(k+n)
    /// (scipy's matrix; the taps are a_M ... a_1, 2 a_0, a_1 ... a_M), by
    /// Cholesky's factorisation, and an estimate of the condition number
    /// (below); nil when a pivot d_j (the squared diagonal of the factor) is
    /// below 1e-14 of the largest diagonal entry (singular or nearly so).
    func choleskySolution() -> (solution: [Double], condition: Double)? {
        let n = b.count
        var l = [Double](repeating: 0, count: n * n)
        var largest = 0.0
        for i in 0..<n { largest = max(largest, q[0] + q[2 * i]) }
        guard largest > 0 else { return nil }
        for j in 0..<n {
            // Its budget spent: no factor (the caller says why).
            if DesignBudget.stop != nil { return nil }
            var d = q[0] + q[2 * j]
            for k in 0..<j { d -= l[j * n + k] * l[j * n + k] }
            guard d > 1e-14 * largest else { return nil }
            let pivot = d.squareRoot()
            l[j * n + j] = pivot
            for i in (j + 1)..<max(j + 1, n) {
                var s = q[i - j] + q[i + j]
                for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
                l[i * n + j] = s / pivot
            }
        }
        var y = b
        Self.solveFactored(l, n: n, &y)
        // Condition estimate: the largest diagonal entry over lambda_min by
        // six steps of inverse iteration (each two triangular solves); it
        // is a lower bound of the condition number, close to it unless the
        // smallest eigenvalues cluster. (The pivots are no estimate: on a
        // 195-tap design the smallest was 1e-3 of the largest diagonal
        // entry with a condition number of 3e16.)
        var x = (0..<n).map { 1 + Double($0 % 7) / 7 }
        var growth = 1.0
        for _ in 0..<6 {
            let norm = x.reduce(0) { $0 + $1 * $1 }.squareRoot()
            for i in 0..<n { x[i] /= norm }
            Self.solveFactored(l, n: n, &x)
            growth = x.reduce(0) { $0 + $1 * $1 }.squareRoot()
        }
        return (y, largest * growth)
    }

    /// E(h) = e0 - 2 b'h + h'T h for symmetric taps h (the closed form;
    /// its rounding is about eps (e0 + |T| |h|^2)).
    func error(of h: [Double]) -> Double {
        let m = (h.count - 1) / 2
        let th = SymmetricToeplitz(firstColumn: q).apply(h)
        var quadratic = 0.0, linear = 0.0
        for n in h.indices {
            quadratic += h[n] * th[n]
            linear += b[abs(n - m)] * h[n]
        }
        return desiredEnergy - 2 * linear + quadratic
    }
}

/// The most unknowns (M + 1, taps = 2M + 1) that `firls` solves densely
/// (Cholesky, or QR on the quadrature system); beyond, by refinement.
let leastSquaresDenseUnknowns = 256

/// The most unknowns (M + 1) whose refinement steps `firls` solves by a
/// Cholesky factor (`FoldedCholesky`); beyond, by conjugate gradients.
let leastSquaresCholeskyUnknowns = 2000

/// The weighted squared error that `firls` minimises, of any taps h of odd
/// length N = 2M + 1:
///
///     E(h) = sum_j w_j integral over band j of |H(f) exp(2 pi i M f) - D(f)|^2 df
///          = e0 - 2 b'h + h'T h
///
/// in Nyquist units (nu = 2 f, the same units as scipy's integrals; for
/// symmetric taps H(f) exp(2 pi i M f) is the zero-phase response A(f)),
/// from the closed forms of `firls` (`LeastSquaresProblem`) and one product by
/// T (`SymmetricToeplitz`). Rounding limits its absolute accuracy to about
/// 1e-16 times the zero filter's error e0 (times N for the products).
///
/// - Throws: the argument errors of `firls`.
public func leastSquaresError(taps h: [Double], bands: [Double], desired: [Double],
                              weights: [Double]? = nil) throws(LinearPhaseError) -> Double {
    let taps = h.count
    guard taps % 2 == 1 else { throw .tapsNotOdd(taps) }
    let weights = try validatedLeastSquaresBands(bands, desired, weights)
    for (i, x) in h.enumerated() where !x.isFinite { throw .tapNotFinite(index: i, value: x) }
    return LeastSquaresProblem(taps: taps, bands: bands, desired: desired, weights: weights).error(of: h)
}

/// The checks of scipy's firls on the bands, desired values and weights, in
/// its order; the weights (1 for each band by default).
func validatedLeastSquaresBands(_ bands: [Double], _ desired: [Double],
                                        _ weights: [Double]?) throws(LinearPhaseError) -> [Double] {
    guard bands.count % 2 == 0, !bands.isEmpty else { throw .bandEdgeCount(bands.count) }
    for (i, e) in bands.enumerated() where !(e >= 0 && e <= 0.5) { throw .bandEdgeOutOfRange(index: i, value: e) }
    guard desired.count == bands.count else { throw .desiredCount(given: desired.count, edges: bands.count) }
    for i in bands.indices.dropFirst() {
        let ok = i % 2 == 1 ? bands[i] > bands[i - 1] : bands[i] >= bands[i - 1]
        if !ok { throw .bandEdgesNotIncreasing(index: i, edges: bands) }
    }
    for (i, d) in desired.enumerated() where !(d >= 0 && d.isFinite) { throw .desiredInvalid(index: i, value: d) }
    let bandCount = bands.count / 2
    let weights = weights ?? [Double](repeating: 1, count: bandCount)
    guard weights.count == bandCount else { throw .weightCount(given: weights.count, bands: bandCount) }
    for (j, w) in weights.enumerated() where !(w >= 0 && w.isFinite) { throw .weightInvalid(band: j, value: w) }
    return weights
}
