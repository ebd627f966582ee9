import RealModule

/// The Dolph-Chebyshev window (Dolph 1946; scipy's `chebwin(N, at)`): the
/// window whose side lobes are all `at` dB below its main lobe, the inverse
/// transform of the Chebyshev polynomial of degree N - 1 sampled on the
/// circle,
///
///     beta = cosh(acosh(10^(at/20)) / (N - 1)),  x_k = beta cos(pi k / N),
///     p_k = T_(N-1)(x_k)   (cosh(.. acosh) outside [-1, 1], -1 times it
///                           below -1 for even N),
///
/// then for odd N c_j = sum_k p_k cos(2 pi j k / N), j = 0 ... (N-1)/2,
/// w = (c_((N-1)/2) ... c_1, c_0, c_1 ... c_((N-1)/2)); for even N
/// c_j = sum_k p_k cos(pi k (2j - 1) / N), j = 1 ... N/2, w = (c_(N/2) ...
/// c_1, c_1 ... c_(N/2)); divided by its largest value. scipy takes the
/// real part of an FFT; these are the same sums, the cosines from a table of
/// the N (2N) angles, O(N^2) (`FIRWindow.countLimit`).
enum ChebyshevWindow {
    static func values(count m: Int, attenuation at: Double) -> [Double] {
        let order = Double(m - 1)
        let ratio = Double.pow(10, abs(at) / 20)
        let beta = Double.cosh(1.0 / order * Double.acosh(ratio))
        let sign = m % 2 == 1 ? 1.0 : -1.0
        let p: [Double] = (0..<m).map { k in
            let x = beta * Double.cos(Double.pi * Double(k) / Double(m))
            if x > 1 { return Double.cosh(order * Double.acosh(x)) }
            if x < -1 { return sign * Double.cosh(order * Double.acosh(-x)) }
            return Double.cos(order * Double.acos(x))
        }
        let period = m % 2 == 1 ? m : 2 * m
        let table = (0..<period).map { Double.cos(2 * Double.pi * Double($0) / Double(period)) }
        var half: [Double]
        if m % 2 == 1 {
            half = (0...((m - 1) / 2)).map { j in
                var c = 0.0
                for k in 0..<m { c += p[k] * table[(j * k) % period] }
                return c
            }
            half = half.dropFirst().reversed() + half
        } else {
            let c: [Double] = (1...(m / 2)).map { j in
                var c = 0.0
                for k in 0..<m { c += p[k] * table[(k * (2 * j - 1)) % period] }
                return c
            }
            half = c.reversed() + c
        }
        let largest = half.max() ?? 1
        return half.map { $0 / largest }
    }
}
