/// The Cholesky factor of the normal equations on the free taps of a
/// symmetric filter: with c_0 = h_M, c_j = h_(M+j) = h_(M-j) the Hessian of
/// E (over 2) is G = J'T J,
///
///     G_00 = q_0,  G_0j = G_j0 = 2 q_j,  G_jk = 2 (q_|j-k| + q_(j+k))  (j, k >= 1),
///
/// and the step on the taps that solves T d = r for a symmetric r is
/// d = J G^-1 J'r, J'r = (r_M, 2 r_(M+1), ..., 2 r_(N-1)). Factored row by
/// row (each entry a contiguous dot product of two rows, four partial sums
/// so that it vectorises): (M + 1)^3 / 6 multiply-adds. The `DesignBudget`
/// is looked at once per row.
struct FoldedCholesky {
    private let n: Int
    /// L row-major, lower triangle.
    private var l: [Double]

    /// G + mu I factored (mu = `shift`); nil when a pivot is not positive or
    /// the budget is spent.
    init?(column q: [Double], shift: Double) {
        let n = (q.count + 1) / 2
        self.n = n
        var l = [Double](repeating: 0, count: n * n)
        func g(_ j: Int, _ k: Int) -> Double {
            if j == 0 && k == 0 { return q[0] + shift }
            if j == 0 || k == 0 { return 2 * q[j + k] }
            return 2 * (q[abs(j - k)] + q[j + k]) + (j == k ? shift : 0)
        }
        let ok: Bool = l.withUnsafeMutableBufferPointer { l in
            for i in 0..<n {
                if DesignBudget.stop != nil { return false }
                let row = l.baseAddress! + i * n
                for j in 0...i {
                    let s = g(i, j) - rowDot(row, l.baseAddress! + j * n, j)
                    if j < i {
                        row[j] = s / l[j * n + j]
                    } else {
                        guard s > 0 else { return false }
                        row[i] = s.squareRoot()
                    }
                }
            }
            return true
        }
        guard ok else { return nil }
        self.l = l
    }

    /// d = J G^-1 J'r for a symmetric r of N = 2 n - 1 entries.
    func step(_ r: [Double]) -> [Double] {
        let m = n - 1
        var y = (0..<n).map { j in j == 0 ? r[m] : 2 * r[m + j] }
        for i in 0..<n {
            var s = y[i]
            for k in 0..<i { s -= l[i * n + k] * y[k] }
            y[i] = s / l[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            y[i] /= l[i * n + i]
            for k in 0..<i { y[k] -= l[i * n + k] * y[i] }
        }
        return (0..<(2 * n - 1)).map { y[abs($0 - m)] }
    }
}

/// sum_(k < count) a_k b_k with four partial sums.
@inline(__always)
private func rowDot(_ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, _ count: Int) -> Double {
    var (s0, s1, s2, s3) = (0.0, 0.0, 0.0, 0.0)
    var k = 0
    while k + 4 <= count {
        s0 += a[k] * b[k]
        s1 += a[k + 1] * b[k + 1]
        s2 += a[k + 2] * b[k + 2]
        s3 += a[k + 3] * b[k + 3]
        k += 4
    }
    while k < count {
        s0 += a[k] * b[k]
        k += 1
    }
    return (s0 + s1) + (s2 + s3)
}
