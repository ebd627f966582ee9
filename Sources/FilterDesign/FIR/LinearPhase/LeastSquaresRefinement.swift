/// `firls`'s closed forms in double-double, and the residual of its normal
/// equations from them: what refines a solution beyond what double closed
/// forms allow.
///
/// The normal equations T h = b (`firls`) are formed from closed forms each
/// right to about eps of their terms, so any solver of them in double stops
/// at an error E above the optimum by about (eps |b| + eps |T| |h|)^2 / lambda
/// in an eigendirection of T of eigenvalue lambda (`LeastSquaresQuadrature`
/// explains it; scipy's solution has the same error). Here q and b are
/// formed in double-double (`sinCosPiProduct`, about 1e-31 each) and the
/// residual r = b - T h of double taps h by Dot2 (Ogita, Rump and Oishi,
/// "Accurate sum and dot product", SIAM J. Sci. Comput. 26, 2005) with the
/// products' errors by Dekker's splitting (no fma, so the loop vectorises):
/// r is right to about 1e-32 |T| |h|, and E of the taps, E(h) = e0 - b'h - h'r,
/// to about 1e-31 (e0 + |b| |h|). Iterative refinement on these residuals
/// (`refinedLeastSquares`) then reaches the optimum that double taps allow.
struct LeastSquaresExtendedProblem {
    /// N, odd.
    let taps: Int
    /// q_0 ... q_(N-1) (hi and lo parts), and q's hi parts split by
    /// Veltkamp into 26-bit halves.
    private let qHi: [Double], qLo: [Double], qHead: [Double], qTail: [Double]
    /// b_0 ... b_M.
    let b: [DoubleDouble]
    /// e0 = sum_j w_j integral of D^2.
    let desiredEnergy: DoubleDouble

    init(taps: Int, bands: [Double], desired: [Double], weights: [Double]) {
        self.taps = taps
        let m = (taps - 1) / 2
        let nu = bands.map { 2 * $0 }
        let bandCount = nu.count / 2
        // sin(pi nu n) and cos(pi nu n) at every edge, n = 0 ..< N.
        var q = [DoubleDouble](repeating: DoubleDouble(0), count: taps)
        var bs = [DoubleDouble](repeating: DoubleDouble(0), count: m + 1)
        var energy = DoubleDouble(0)
        for j in 0..<bandCount where weights[j] > 0 {
            let (f1, f2, d1, d2, w) = (nu[2 * j], nu[2 * j + 1], desired[2 * j], desired[2 * j + 1], weights[j])
            let length = exactDifference(f2, f1)
            let slope = exactDifference(d2, d1) / length
            q[0] = q[0] + DoubleDouble.product(length, w)
            let (g1, g2) = (DoubleDouble(d1), DoubleDouble(d2))
            bs[0] = bs[0] + DoubleDouble.product(length * (g1 + g2), 0.5 * w)
            energy = energy + DoubleDouble.product(length * (g1 * g1 + g1 * g2 + g2 * g2), w) / DoubleDouble(3)
            for n in 1..<max(taps, 1) {
                let (s2, c2) = sinCosPiProduct(f2, n), (s1, c1) = sinCosPiProduct(f1, n)
                q[n] = q[n] + DoubleDouble.product(s2 - s1, w)
                // integral of (slope nu + c) cos(pi n nu): D sin / (pi n) + slope cos / (pi n)^2 at the edges.
                guard n <= m else { continue }
                let edges = DoubleDouble.product(s2, d2) - DoubleDouble.product(s1, d1)
                bs[n] = bs[n] + DoubleDouble.product(edges + slope * (c2 - c1) / DoubleDouble.product(DoubleDouble.pi, Double(n)), w)
            }
        }
        for n in 1..<max(taps, 1) {
            let pn = DoubleDouble.product(DoubleDouble.pi, Double(n))
            q[n] = q[n] / pn
            if n <= m { bs[n] = bs[n] / pn }
        }
        b = bs
        desiredEnergy = energy
        qHi = q.map(\.hi)
        qLo = q.map(\.lo)
        (qHead, qTail) = veltkampSplit(qHi)
    }

    /// q_0 ... q_(N-1) rounded to double.
    var column: [Double] { qHi }

    /// r_k = b_|k-M| - (T h)_k, k = 0 ..< N, for symmetric taps h (so r is
    /// symmetric; rows M ... N-1 are computed, the rest mirrored).
    func residual(_ h: [Double]) -> [DoubleDouble] {
        let n = taps, m = (n - 1) / 2
        let (hHead, hTail) = veltkampSplit(h)
        var r = [DoubleDouble](repeating: DoubleDouble(0), count: n)
        for k in m..<n {
            // (T h)_k = sum_(i <= N-1-k) q_i h_(k+i) + sum_(1 <= i <= k) q_i h_(N-1-k+i), h symmetric.
            let right = dot2(h, hHead, hTail, tapOffset: k, from: 0, count: n - k)
            let left = dot2(h, hHead, hTail, tapOffset: n - k, from: 1, count: k)
            let value = b[k - m] - (right + left)
            r[k] = value
            r[n - 1 - k] = value
        }
        return r
    }

    /// E(h) = e0 - b'h - h'r, r = b - T h (`residual`).
    func error(_ h: [Double], residual r: [DoubleDouble]) -> Double {
        let m = (taps - 1) / 2
        var total = desiredEnergy
        for k in 0..<taps {
            total = total - DoubleDouble.product(b[abs(k - m)] + r[k], h[k])
        }
        return total.value
    }

    /// sum_(i < count) q_(from+i) h_(tapOffset+i) by Dot2, four lanes at a time.
    private func dot2(_ h: [Double], _ hHead: [Double], _ hTail: [Double], tapOffset: Int, from: Int, count: Int) -> DoubleDouble {
        qHi.withUnsafeBufferPointer { qh in
            qLo.withUnsafeBufferPointer { ql in
                qHead.withUnsafeBufferPointer { qa in
                    qTail.withUnsafeBufferPointer { qb in
                        h.withUnsafeBufferPointer { x in
                            hHead.withUnsafeBufferPointer { xa in
                                hTail.withUnsafeBufferPointer { xb in
                                    dot2Lanes(DotOperands(qHi: qh.baseAddress! + from, qLo: ql.baseAddress! + from,
                                                          qHead: qa.baseAddress! + from, qTail: qb.baseAddress! + from,
                                                          h: x.baseAddress! + tapOffset, hHead: xa.baseAddress! + tapOffset,
                                                          hTail: xb.baseAddress! + tapOffset), count: count)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Pointers to the first elements of a Dot2 product's operands.
private struct DotOperands {
    let qHi: UnsafePointer<Double>, qLo: UnsafePointer<Double>, qHead: UnsafePointer<Double>, qTail: UnsafePointer<Double>
    let h: UnsafePointer<Double>, hHead: UnsafePointer<Double>, hTail: UnsafePointer<Double>
}

/// Dot2 of (qHi + qLo) and h over `count` elements: s + c with the
/// products' and sums' errors exact (Dekker's product by the splits,
/// Knuth's TwoSum), four independent lanes.
private func dot2Lanes(_ o: DotOperands, count: Int) -> DoubleDouble {
    typealias V = SIMD4<Double>
    func load(_ p: UnsafePointer<Double>, _ i: Int) -> V { UnsafeRawPointer(p + i).loadUnaligned(as: V.self) }
    var s = V(repeating: 0), c = V(repeating: 0)
    var i = 0
    while i + 4 <= count {
        let (a, x) = (load(o.qHi, i), load(o.h, i))
        let (ah, at, xh, xt) = (load(o.qHead, i), load(o.qTail, i), load(o.hHead, i), load(o.hTail, i))
        let p = a * x
        let pe = ((ah * xh - p) + ah * xt + at * xh) + at * xt
        let t = s + p
        let z = t - s
        let se = (s - (t - z)) + (p - z)
        s = t
        c += se + pe + load(o.qLo, i) * x
        i += 4
    }
    var total = DoubleDouble(0)
    for lane in 0..<4 { total = total + DoubleDouble(s[lane]) + DoubleDouble(c[lane]) }
    while i < count {
        let (p, pe) = DoubleDouble.twoProduct(o.qHi[i], o.h[i])
        total = total + DoubleDouble(p) + DoubleDouble(pe + o.qLo[i] * o.h[i])
        i += 1
    }
    return total
}

/// Veltkamp's splitting: x = head + tail, each of at most 26 significant
/// bits, so that products of halves are exact.
private func veltkampSplit(_ x: [Double]) -> ([Double], [Double]) {
    var head = x, tail = x
    for i in x.indices {
        let c = 134_217_729 * x[i]
        head[i] = c - (c - x[i])
        tail[i] = x[i] - head[i]
    }
    return (head, tail)
}

/// Iterative refinement of the `firls` taps on residuals in double-double
/// (`LeastSquaresExtendedProblem`): from h = 0, each step solves T d = r
/// approximately (`approximateSolve`: conjugate gradients preconditioned by
/// the regularised inverse (T + mu I)^-1, in double, O(N log N) a product),
/// moves to h + alpha d with the step alpha = r'd / d'T d that minimises E
/// along d, and keeps the move when E, evaluated in double-double, falls.
/// A step that gains nothing moves on to the next, larger shift mu (a
/// coarser but more robust preconditioner; none after the last); the
/// refinement stops when a step gains less than 4 eps E, when no
/// preconditioner is left, or after `maximumSteps`. Each step costs one
/// residual, O(N^2). E falls at every step kept, so the taps are never
/// worse than the first step's (the conjugate-gradient solution of the
/// normal equations in double), and the steps after it remove the error
/// that rounding in double closed forms leaves (Wilkinson's iterative
/// refinement with residuals in twice the working precision; Higham,
/// "Accuracy and Stability of Numerical Algorithms", 2002, ch. 12).
///
/// - Parameter shifts: mu of the preconditioners in the order tried (a
///   shift whose Levinson recursion fails is passed over).
/// - Returns: the taps, their E and the number of steps taken.
func refinedLeastSquares(_ problem: LeastSquaresExtendedProblem, _ t: SymmetricToeplitz,
                         solvers: [() -> (([Double]) -> [Double])?], maximumSteps: Int) -> (taps: [Double], error: Double, steps: Int) {
    var h = [Double](repeating: 0, count: problem.taps)
    var r = problem.residual(h)
    var error = problem.error(h, residual: r)
    var remaining = solvers[...]
    var solver = nextSolver(&remaining)
    var steps = 0
    while steps < maximumSteps, let solve = solver {
        // Its budget spent: the caller (`FIRRecipe.design`) says why.
        if DesignBudget.stop != nil { break }
        steps += 1
        let candidate = refinementStep(problem, t, h, r, error: error, solve: solve)
        let gain = error - candidate.error
        if gain > 0 {
            (h, r, error) = (candidate.taps, candidate.residual, candidate.error)
            if gain <= 4 * Double.ulpOfOne * error { break }
        } else {
            solver = nextSolver(&remaining)
        }
    }
    return (h, error, steps)
}

/// The first of `solvers` that can be built (removed with those before it).
private func nextSolver(_ solvers: inout ArraySlice<() -> (([Double]) -> [Double])?>) -> (([Double]) -> [Double])? {
    while let make = solvers.popFirst() {
        if let solver = make() { return solver }
    }
    return nil
}

/// One refinement step from h (residual r): its taps (symmetric), their
/// residual and E. E(h + alpha d) = E(h) - 2 alpha r'd + alpha^2 d'T d is a
/// parabola in alpha: its curvature d'T d, which a product in double gets
/// wrong where d lies near T's null space, is taken instead from E at the
/// first trial step (alpha = r'd / d'T d in double), evaluated in
/// double-double, and where the parabola's minimum lies elsewhere E is
/// evaluated there too; the lower wins.
private func refinementStep(_ problem: LeastSquaresExtendedProblem, _ t: SymmetricToeplitz, _ h: [Double],
                            _ r: [DoubleDouble], error: Double, solve: ([Double]) -> [Double])
    -> (taps: [Double], residual: [DoubleDouble], error: Double) {
    let n = h.count
    let rhs = r.map(\.hi)
    let d = solve(rhs)
    let slope = zip(d, rhs).reduce(0) { $0 + $1.0 * $1.1 }
    let curvature = zip(d, t.apply(d)).reduce(0) { $0 + $1.0 * $1.1 }
    guard slope > 0 else { return (h, r, error) }
    func trial(_ alpha: Double) -> (taps: [Double], residual: [DoubleDouble], error: Double) {
        let next = (0..<n).map { k in 0.5 * ((h[k] + alpha * d[k]) + (h[n - 1 - k] + alpha * d[n - 1 - k])) }
        let residual = problem.residual(next)
        return (next, residual, problem.error(next, residual: residual))
    }
    let alpha = curvature > 0 ? slope / curvature : 1
    let first = trial(alpha)
    // E(alpha) - E(0) = -2 alpha slope + alpha^2 c.
    let c = (first.error - error + 2 * alpha * slope) / (alpha * alpha)
    guard c > 0, abs(slope / c - alpha) > 1e-3 * alpha else { return first }
    let second = trial(slope / c)
    return second.error < first.error ? second : first
}


/// x ~ T^-1 r by at most `iterations` steps of conjugate gradients from 0
/// (preconditioned by P ~ T^-1 when given), ending early when r'P r has
/// fallen by 1e-24.
func approximateSolve(_ t: SymmetricToeplitz, _ r: [Double], preconditioner: ToeplitzInverse?, iterations: Int) -> [Double] {
    let n = r.count
    var x = [Double](repeating: 0, count: n)
    var residual = r
    var z = preconditioner?.apply(residual) ?? residual
    var p = z
    var rz = zip(residual, z).reduce(0) { $0 + $1.0 * $1.1 }
    let initial = rz
    guard rz > 0 else { return x }
    for _ in 0..<iterations {
        if DesignBudget.stop != nil { break }
        let tp = t.apply(p)
        let curvature = zip(p, tp).reduce(0) { $0 + $1.0 * $1.1 }
        guard curvature > 0 else { break }
        let alpha = rz / curvature
        for k in 0..<n {
            x[k] += alpha * p[k]
            residual[k] -= alpha * tp[k]
        }
        z = preconditioner?.apply(residual) ?? residual
        let next = zip(residual, z).reduce(0) { $0 + $1.0 * $1.1 }
        if !(next > 1e-24 * initial) { break }
        let beta = next / rz
        rz = next
        for k in 0..<n { p[k] = z[k] + beta * p[k] }
    }
    return x
}

/// a - b exactly, as a double-double.
private func exactDifference(_ a: Double, _ b: Double) -> DoubleDouble {
    let (s, e) = DoubleDouble.twoSum(a, -b)
    return DoubleDouble(s, e)
}
