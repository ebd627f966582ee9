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
///   factor is used when its smallest pivot is at least 1e-14 of the largest
///   diagonal entry (the matrix is not singular to working precision; scipy
///   likewise uses its Cholesky solve unless the condition estimate exceeds
///   1 / eps);
/// - otherwise (more taps, or a nearly singular matrix, which wide transition
///   bands give: responses that live in the "don't care" bands cost nothing),
///   conjugate gradients on T (`conjugateGradient`), each product by T in
///   O(N log N) by FFT (`SymmetricToeplitz`), stopped when E is optimal to
///   rounding. Up to 50 plain iterations, which suffice unless T is nearly
///   singular; then CG preconditioned by the regularised inverse
///   (T + 1e-9 max(w) I)^-1 (Levinson's recursion, O(N^2), and the
///   Gohberg-Semencul formula, O(N log N) a product: `ToeplitzInverse`),
///   which converges in tens of iterations more. Where T is singular the taps
///   are not unique; CG started from 0 tends to the solution of least norm
///   (scipy falls back to `lstsq` there), so the taps may differ from scipy's
///   in directions that do not change E, while E and the responses in the
///   bands agree. On 160 random designs (1-1,199 taps, 1-3 bands, random
///   edges, gains and weights) E was never above scipy's by more than 1e-9
///   of the zero filter's error e0, and often below it; where the gains
///   cannot be met without taps in the hundreds or thousands (huge
///   excursions in the "don't care" bands) both designs are ill-posed and E
///   is known only to about eps |h|^2.
///
/// Time (release build, this 2-core machine while another build ran): 2,001
/// taps 0.6-10 ms; 20,001 taps 0.06 s (a narrow transition: plain CG) to
/// 0.65 s (three narrow transitions, weights 10/1/5/1: preconditioned);
/// scipy 1.17 takes 0.04-1.1 s for 2,001 taps (its dense O(N^3) solve).
///
/// - Throws: `LinearPhaseError.tapsNotOdd`, `.tapsOutOfRange`,
///   `.bandEdgeCount`, `.bandEdgeOutOfRange`, `.desiredCount`,
///   `.bandEdgesNotIncreasing`, `.desiredInvalid` (negative), `.weightCount`,
///   `.weightInvalid` (negative), and `.leastSquaresNoConvergence` should the
///   iteration fail (it has not).
public func firls(taps: Int, bands: [Double], desired: [Double], weights: [Double]? = nil) throws(LinearPhaseError) -> [Double] {
    guard taps >= 1, taps <= linearPhaseMaximumTaps else { throw .tapsOutOfRange(taps, allowed: 1...linearPhaseMaximumTaps) }
    guard taps % 2 == 1 else { throw .tapsNotOdd(taps) }
    let weights = try validatedLeastSquaresBands(bands, desired, weights)
    let problem = LeastSquaresProblem(taps: taps, bands: bands, desired: desired, weights: weights)
    let m = (taps - 1) / 2
    if m + 1 <= 256, let a = problem.choleskySolution() {
        return (0..<taps).map { n in n == m ? 2 * a[0] : a[abs(n - m)] }
    }
    let t = SymmetricToeplitz(firstColumn: problem.q)
    let rhs = (0..<taps).map { problem.b[abs($0 - m)] }
    // Plain CG first: it converges in tens of iterations unless transition
    // bands make T nearly singular; then CG preconditioned by (T + mu I)^-1,
    // mu = 1e-9 max w (a larger mu where Levinson's recursion fails).
    var result = conjugateGradient(t, rhs, initialError: problem.desiredEnergy, maximumIterations: 50)
    var iterations = result.iterations
    if !result.converged {
        let scale = weights.max() ?? 1
        let inverse = [1e-9, 1e-7, 1e-5].lazy.compactMap { ToeplitzInverse(firstColumn: problem.q, shift: $0 * scale) }.first
        result = conjugateGradient(t, rhs, initialError: problem.desiredEnergy, start: (result.x, result.error),
                                   preconditioner: inverse, maximumIterations: inverse == nil ? 20_000 : 1000)
        iterations += result.iterations
        guard result.converged else { throw .leastSquaresNoConvergence(taps: taps, iterations: iterations) }
    }
    let h = result.x
    // Exactly symmetric (CG keeps the symmetry up to rounding).
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

    /// a = (T + H)^-1 b on the M + 1 free taps, (T + H)_kn = q_|k-n| + q_(k+n)
    /// (scipy's matrix; the taps are a_M ... a_1, 2 a_0, a_1 ... a_M), by
    /// Cholesky's factorisation; nil when a pivot is below 1e-14 of the
    /// largest diagonal entry (the matrix is singular or nearly so).
    func choleskySolution() -> [Double]? {
        let n = b.count
        var l = [Double](repeating: 0, count: n * n)
        var largest = 0.0
        for i in 0..<n { largest = max(largest, q[0] + q[2 * i]) }
        guard largest > 0 else { return nil }
        for j in 0..<n {
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
        for i in 0..<n {
            for k in 0..<i { y[i] -= l[i * n + k] * y[k] }
            y[i] /= l[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            for k in (i + 1)..<max(i + 1, n) { y[i] -= l[k * n + i] * y[k] }
            y[i] /= l[i * n + i]
        }
        return y
    }
}

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
    let problem = LeastSquaresProblem(taps: taps, bands: bands, desired: desired, weights: weights)
    let m = (taps - 1) / 2
    let th = SymmetricToeplitz(firstColumn: problem.q).apply(h)
    var quadratic = 0.0, linear = 0.0
    for n in 0..<taps {
        quadratic += h[n] * th[n]
        linear += problem.b[abs(n - m)] * h[n]
    }
    return problem.desiredEnergy - 2 * linear + quadratic
}

/// The checks of scipy's firls on the bands, desired values and weights, in
/// its order; the weights (1 for each band by default).
private func validatedLeastSquaresBands(_ bands: [Double], _ desired: [Double],
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
