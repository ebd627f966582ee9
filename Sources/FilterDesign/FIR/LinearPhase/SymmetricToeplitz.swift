/// A symmetric N x N Toeplitz matrix T_kn = q_|k-n| applied in O(L log L) by
/// circulant embedding: T is the leading block of the L x L circulant whose
/// first column is q_0 ... q_(N-1), 0 ..., q_(N-1) ... q_1 (L >= 2N - 1, a
/// power of two), and a circulant is diagonal in the DFT basis, so
///
///     T x = first N of IDFT(lambda * DFT(x zero-padded to L)),   lambda = DFT(first column),
///
/// lambda real because the column is even (Strang 1986; Chan and Ng, SIAM
/// Review 38(3), 1996). Each product costs two real FFTs of length L.
struct SymmetricToeplitz: Sendable {
    /// N.
    let size: Int
    private let fft: RadixTwoRealFFT
    /// The circulant's eigenvalues lambda_0 ... lambda_(L/2).
    private let eigenvalues: [Double]

    /// T from its first column q_0 ... q_(N-1).
    init(firstColumn q: [Double]) {
        size = q.count
        var length = 2
        while length < 2 * size - 1 { length *= 2 }
        fft = RadixTwoRealFFT(count: length)
        var column = [Double](repeating: 0, count: length)
        for k in 0..<size {
            column[k] = q[k]
            if k > 0 { column[length - k] = q[k] }
        }
        eigenvalues = fft.forward(column).re
    }

    /// T x.
    func apply(_ x: [Double]) -> [Double] {
        var padded = x
        padded.append(contentsOf: repeatElement(0, count: fft.count - size))
        var (re, im) = fft.forward(padded)
        for k in re.indices {
            re[k] *= eigenvalues[k]
            im[k] *= eigenvalues[k]
        }
        return Array(fft.inverse(re, im).prefix(size))
    }
}

/// (T + mu I)^-1 for a symmetric Toeplitz T, applied in O(L log L) by the
/// Gohberg-Semencul formula (Gohberg and Semencul 1972; Heinig and Rost,
/// "Algebraic Methods for Toeplitz-like Matrices and Operators", 1984):
/// with x = (T + mu I)^-1 e_0 (by Levinson's recursion, O(N^2)),
///
///     (T + mu I)^-1 = (1/x_0) (L(x) L(x)' - L(v) L(v)'),   v = (0, x_(N-1), ..., x_1),
///
/// L(c) the lower triangular Toeplitz matrix with first column c, each
/// product a convolution by FFT. With mu > 0 this is the regularised inverse
/// that makes CG on nearly singular least-squares problems converge in tens of
/// iterations: (T + mu I)^-1 T has its eigenvalues lambda / (lambda + mu) near
/// 1 for lambda >> mu and near 0 (directions that do not lower the error) for
/// lambda << mu.
struct ToeplitzInverse: Sendable {
    private let size: Int
    private let fft: RadixTwoRealFFT
    private let x0: Double
    /// DFTs of x and v, zero-padded to L.
    private let xr: [Double], xi: [Double], vr: [Double], vi: [Double]

    /// From T's first column q and the shift mu; nil when Levinson's recursion
    /// meets a pivot that is not positive (T + mu I not positive definite in
    /// floating point), or the `DesignBudget` is spent.
    init?(firstColumn q: [Double], shift mu: Double) {
        let n = q.count
        size = n
        var length = 2
        while length < 2 * n - 1 { length *= 2 }
        fft = RadixTwoRealFFT(count: length)
        var t = q
        t[0] += mu
        // Levinson: T_k a = eps_k e_0 with a_0 = 1; a <- a + kappa J a.
        var a = [Double](repeating: 0, count: n)
        a[0] = 1
        var eps = t[0]
        guard eps > 0 else { return nil }
        let ok: Bool = a.withUnsafeMutableBufferPointer { a in
            t.withUnsafeBufferPointer { t in
                for k in 1..<max(n, 1) {
                    // Its budget spent: no inverse (the caller says why).
                    if k % 256 == 0 && DesignBudget.stop != nil { return false }
                    var g = 0.0
                    for i in 0..<k { g += a[i] * t[k - i] }
                    let kappa = -g / eps
                    var i = 0, j = k
                    while i < j {
                        let (ai, aj) = (a[i], a[j])
                        a[i] = ai + kappa * aj
                        a[j] = aj + kappa * ai
                        i += 1
                        j -= 1
                    }
                    if i == j { a[i] += kappa * a[i] }
                    eps *= (1 - kappa) * (1 + kappa)
                    if !(eps > 0) { return false }
                }
                return true
            }
        }
        guard ok else { return nil }
        let x = a.map { $0 / eps }
        x0 = x[0]
        var padded = [Double](repeating: 0, count: length)
        for k in 0..<n { padded[k] = x[k] }
        (xr, xi) = fft.forward(padded)
        padded = [Double](repeating: 0, count: length)
        for k in 1..<max(n, 1) { padded[k] = x[n - k] }
        (vr, vi) = fft.forward(padded)
    }

    /// (T + mu I)^-1 w: L(c)' w is the reverse of L(c) (reversed w), so one
    /// forward FFT of reversed w, two products and inverse FFTs, two forward
    /// FFTs and one inverse.
    func apply(_ w: [Double]) -> [Double] {
        let n = size, length = fft.count
        var padded = [Double](repeating: 0, count: length)
        for k in 0..<n { padded[k] = w[n - 1 - k] }
        let (wr, wi) = fft.forward(padded)
        func transposedProduct(_ cr: [Double], _ ci: [Double]) -> (re: [Double], im: [Double]) {
            var (pr, pi) = (wr, wi)
            for k in pr.indices {
                (pr[k], pi[k]) = (wr[k] * cr[k] - wi[k] * ci[k], wr[k] * ci[k] + wi[k] * cr[k])
            }
            let c = fft.inverse(pr, pi)
            var reversed = [Double](repeating: 0, count: length)
            for k in 0..<n { reversed[k] = c[n - 1 - k] }
            return fft.forward(reversed)
        }
        let (ar, ai) = transposedProduct(xr, xi)
        let (br, bi) = transposedProduct(vr, vi)
        var sr = ar, si = ai
        for k in sr.indices {
            sr[k] = (xr[k] * ar[k] - xi[k] * ai[k]) - (vr[k] * br[k] - vi[k] * bi[k])
            si[k] = (xr[k] * ai[k] + xi[k] * ar[k]) - (vr[k] * bi[k] + vi[k] * br[k])
        }
        let y = fft.inverse(sr, si)
        return (0..<n).map { y[$0] / x0 }
    }
}
