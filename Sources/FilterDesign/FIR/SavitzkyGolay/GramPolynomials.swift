/// The monic polynomials orthogonal on W equally spaced points (Gram's, or
/// the discrete Chebyshev polynomials), on the points t_j = j - (W - 1) / 2,
/// j = 0 ... W-1, symmetric about 0:
///
///     p_0(t) = 1,  p_1(t) = t,  p_(k+1)(t) = t p_k(t) - beta_k p_(k-1)(t),
///     beta_k = k^2 (W^2 - k^2) / (4 (4 k^2 - 1)),
///
/// with squared norms h_k = sum_j p_k(t_j)^2 = W beta_1 beta_2 ... beta_k
/// (Abramowitz and Stegun 22.17; Hildebrand, *Introduction to Numerical
/// Analysis*, 7.13). beta_k > 0 for k < W, so degrees 0 ... W-1 exist.
///
/// Scaled to stay within a double's range (p_100 at t = 500 is 1e270, h_100
/// 1e480): with S = max(1, W / 2) these are q_k(t) = p_k(t) / S^k, in s =
/// t / S, q_(k+1) = s q_k - (beta_k / S^2) q_(k-1), squared norms h_k / S^(2k)
/// (about W 4^-k), and derivatives taken with respect to t (d/dt = (1/S) d/ds).
/// Any such scaling leaves the projection, and so the filter, unchanged.
///
/// Worked in double-double (`DoubleDouble`): beta_k's numerator and
/// denominator are exact integers below 2^53 for W < 2^20, and the
/// recurrence evaluated inside the points' span loses few digits, so each
/// value is good to far below a double's rounding.
struct GramPolynomials {
    /// W, the number of points.
    let count: Int
    /// beta_1 ... beta_K (index k - 1).
    private let betas: [DoubleDouble]
    /// h_0 ... h_K, scaled: h_k / S^(2k).
    let squaredNorms: [DoubleDouble]
    /// S, the scale of t.
    private let scale: DoubleDouble

    /// The recurrence up to degree `degree` (< `count`).
    init(count: Int, degree: Int) {
        precondition(count >= 1 && degree >= 0 && degree < count, "Gram polynomials of degree 0 ... W-1 on W points")
        self.count = count
        let w = Double(count)
        let scale = DoubleDouble(max(1, w / 2))
        self.scale = scale
        var betas: [DoubleDouble] = []
        var norms = [DoubleDouble(w)]
        for k in stride(from: 1, through: degree, by: 1) {
            let kk = Double(k * k)
            // k^2 (W^2 - k^2) may pass 2^53: form it as a product in double-double.
            let numerator = DoubleDouble(kk) * DoubleDouble(w * w - kk)
            let beta = numerator / DoubleDouble(4 * (4 * kk - 1)) / (scale * scale)
            betas.append(beta)
            norms.append(norms[k - 1] * beta)
        }
        self.betas = betas
        self.squaredNorms = norms
    }

    /// q_0(t) ... q_K(t) and their derivatives: `values[d][k]` is the d-th
    /// derivative of q_k at t, d = 0 ... `derivatives`, from the recurrence
    /// differentiated d times (in s, then times S^-d),
    ///
    ///     q_(k+1)^(d)(s) = s q_k^(d)(s) + d q_k^(d-1)(s) - (beta_k / S^2) q_(k-1)^(d)(s).
    func values(at point: DoubleDouble, derivatives: Int = 0) -> [[DoubleDouble]] {
        let t = point / scale
        let degree = betas.count
        var v = [[DoubleDouble]](repeating: [DoubleDouble](repeating: DoubleDouble(0), count: degree + 1), count: derivatives + 1)
        v[0][0] = DoubleDouble(1)
        if degree >= 1 {
            v[0][1] = t
            if derivatives >= 1 { v[1][1] = DoubleDouble(1) }
        }
        if degree >= 2 {
            for k in 1..<degree {
                for d in 0...derivatives {
                    var next = t * v[d][k] - betas[k - 1] * v[d][k - 1]
                    if d > 0 { next = next + DoubleDouble.product(v[d - 1][k], Double(d)) }
                    v[d][k + 1] = next
                }
            }
        }
        var perS = DoubleDouble(1)
        for d in stride(from: 1, through: derivatives, by: 1) {
            perS = perS / scale
            v[d] = v[d].map { $0 * perS }
        }
        return v
    }

    /// q_0(t_j) ... q_K(t_j) at the point t_j = j - (W - 1) / 2.
    func valuesAtPoint(_ j: Int) -> [DoubleDouble] {
        values(at: DoubleDouble(Double(j) - Double(count - 1) / 2))[0]
    }
}
