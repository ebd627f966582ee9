/// A Savitzky-Golay filter run over a whole signal as scipy's
/// `savgol_filter(x, W, P, deriv=D, delta=d)` runs it (its default edges,
/// `mode='interp'`), with exact taps.
///
/// With h = W / 2 (rounded down) and c the centred taps (`use` dot):
///
/// - inside, y[i] = sum_j c_j x[s + j], s = i + h - W + 1, for i = h ...
///   n-h-1: for odd W the fit over x[i-h ... i+h] at i; for even W the fit
///   over x[i-h+1 ... i+h] at i + 1/2 (scipy's `convolve1d` puts an even
///   kernel's centre half a sample late);
/// - at each end, the polynomial fitted to the first (last) W samples,
///   evaluated at the h samples left, its D-th derivative over d^D: with
///   a_k = sum_j x_j p_k(t_j) / h_k in the basis of `GramPolynomials`,
///   y = sum_k a_k p_k^(D)(t) / d^D.
extension SavitzkyGolay {
    /// The filtered signal, as long as `signal`.
    ///
    /// - Throws: `SavitzkyGolayError.signalShorterThanWindow` when the signal
    ///   has fewer than W samples (the edges fit W samples).
    public func filter(_ signal: [Double]) throws(SavitzkyGolayError) -> [Double] {
        let n = signal.count
        guard n >= window else { throw .signalShorterThanWindow(samples: n, window: window) }
        let half = window / 2
        var y = [Double](repeating: 0, count: n)
        guard derivative <= polyorder else { return y }
        let centred = try SavitzkyGolay(window: window, polyorder: polyorder, derivative: derivative, delta: delta,
                                        use: .dot).coefficients()
        if n - half > half {
            for i in half..<(n - half) {
                let start = i + half - window + 1
                var sum = 0.0
                for j in 0..<window { sum += centred[j] * signal[start + j] }
                y[i] = sum
            }
        }
        let gram = GramPolynomials(count: window, degree: polyorder)
        let pointValues = (0..<window).map { gram.valuesAtPoint($0) }
        var scale = DoubleDouble(1)
        for _ in 0..<derivative { scale = scale / DoubleDouble(delta) }
        /// The fit to signal[first ..< first + W] at window positions `positions`, into y[first + t].
        func fitEdge(first: Int, positions: Range<Int>) {
            var a = [DoubleDouble](repeating: DoubleDouble(0), count: polyorder + 1)
            for j in 0..<window {
                for k in 0...polyorder { a[k] = a[k] + DoubleDouble.product(pointValues[j][k], signal[first + j]) }
            }
            for k in 0...polyorder { a[k] = a[k] / gram.squaredNorms[k] }
            for t in positions {
                let at = gram.values(at: DoubleDouble(Double(t) - Double(window - 1) / 2), derivatives: derivative)[derivative]
                var sum = DoubleDouble(0)
                for k in 0...polyorder { sum = sum + a[k] * at[k] }
                y[first + t] = (sum * scale).hi
            }
        }
        fitEdge(first: 0, positions: 0..<half)
        fitEdge(first: n - window, positions: (window - half)..<window)
        return y
    }
}
