import RealModule

/// The first discrete prolate spheroidal sequence (Slepian, "Prolate
/// spheroidal wave functions ... V", Bell Syst. Tech. J. 57(5), 1978;
/// scipy's `dpss(N, NW)` through `get_window`): the eigenvector of the
/// largest eigenvalue of the symmetric tridiagonal matrix
///
///     d_t = ((N - 1 - 2t) / 2)^2 cos(2 pi W),  e_t = t (N - t) / 2,  W = NW / N,
///
/// its sign making the sum positive, scaled to peak 1 and, for even N, by
/// N^2 / (N^2 + NW) (scipy's 'approximate' normalisation).
///
/// The eigenvalue by bisection on the Sturm counts (the number of negative
/// pivots of T - x I), to the last bits; the vector by inverse iteration
/// with sigma just above it, where sigma I - T is positive definite and its
/// LDL^T factorisation needs no pivoting. O(N) a step.
enum SlepianWindow {
    static func values(count m: Int, nw: Double) -> [Double] {
        let w = nw / Double(m)
        let c = Double.cos(2 * Double.pi * w)
        let d = (0..<m).map { t -> Double in
            let x = Double(m - 1 - 2 * t) / 2
            return x * x * c
        }
        // e[t] couples t - 1 and t (e[0] unused).
        let e = (0..<m).map { t in Double(t) * Double(m - t) / 2 }
        let top = largestEigenvalue(d, e)
        var v = [Double](repeating: 1, count: m)
        for _ in 0..<4 {
            v = solveShifted(d, e, sigma: top, v)
            let scale = v.map(abs).max() ?? 1
            v = v.map { $0 / scale }
        }
        if v.reduce(0, +) < 0 { v = v.map { -$0 } }
        let peak = v.max() ?? 1
        v = v.map { $0 / peak }
        if m % 2 == 0 {
            let m2 = Double(m) * Double(m)
            v = v.map { $0 * (m2 / (m2 + nw)) }
        }
        return v
    }

    /// The number of eigenvalues of the tridiagonal (d, e) below x.
    static func countBelow(_ d: [Double], _ e: [Double], _ x: Double) -> Int {
        var count = 0
        var q = d[0] - x
        if q < 0 { count += 1 }
        for t in 1..<d.count {
            if q == 0 { q = -Double.ulpOfOne * (abs(x) + 1) }
            q = d[t] - x - e[t] * e[t] / q
            if q < 0 { count += 1 }
        }
        return count
    }

    /// The smallest x found above every eigenvalue: the top of a bisection
    /// bracket narrowed to adjacent doubles.
    static func largestEigenvalue(_ d: [Double], _ e: [Double]) -> Double {
        let m = d.count
        var hi = -Double.infinity, lo = Double.infinity
        for t in 0..<m {
            let radius = (t > 0 ? abs(e[t]) : 0) + (t + 1 < m ? abs(e[t + 1]) : 0)
            hi = max(hi, d[t] + radius)
            lo = min(lo, d[t] - radius)
        }
        hi = hi + max(abs(hi), 1) * 1e-15
        for _ in 0..<200 {
            let mid = lo + (hi - lo) / 2
            if mid <= lo || mid >= hi { break }
            if countBelow(d, e, mid) == m { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// y with (sigma I - T) y = b, sigma above every eigenvalue of T: the
    /// tridiagonal solve without pivoting (the matrix is positive definite).
    static func solveShifted(_ d: [Double], _ e: [Double], sigma: Double, _ b: [Double]) -> [Double] {
        let m = d.count
        var diagonal = [Double](repeating: 0, count: m)
        var y = b
        diagonal[0] = sigma - d[0]
        for t in 1..<m {
            // Off-diagonal of sigma I - T is -e[t].
            let factor = -e[t] / diagonal[t - 1]
            diagonal[t] = sigma - d[t] - factor * -e[t]
            y[t] -= factor * y[t - 1]
        }
        y[m - 1] /= diagonal[m - 1]
        for t in stride(from: m - 2, through: 0, by: -1) {
            y[t] = (y[t] + e[t + 1] * y[t + 1]) / diagonal[t]
        }
        return y
    }
}
