import RealModule

/// How `minimumPhase` finds a minimum-phase filter (scipy's `method`).
public enum MinimumPhaseMethod: String, Sendable, Hashable, CaseIterable {
    /// The real cepstrum (Oppenheim, Schafer and Buck, "Discrete-Time Signal
    /// Processing", 3rd ed., 2009, eq. 13.42b and fig. 13.7; Lim 1988): for odd
    /// lengths the result's magnitude approximates the square root of the
    /// original's (or the original's, full length).
    case homomorphic
    /// Damera-Venkata and Evans's modified discrete Hilbert transform (ICASSP
    /// 1999), for equiripple filters with unity and zero bands.
    case hilbert
}

/// A minimum-phase filter from a linear-phase one: scipy.signal.minimum_phase
/// (scipy 1.14 and later, whose `half` defaults to true; 1.17 here).
///
/// With N taps, n_fft = `fftLength` (default 2^ceil(log2(2 (N - 1) / 0.01)),
/// so that the spectral error 2 n_stop / n_fft is about 0.01) and H = DFT of
/// the taps zero-padded to n_fft:
///
/// - `.homomorphic`: L = log(|H| + 1e-7 min_(|H|>0) |H|), halved when `half`;
///   c = IDFT(L) (the real cepstrum), folded by c_0, 2 c_k (0 < k < n_fft/2),
///   0 elsewhere; the filter is Re IDFT(exp(DFT(c))).
/// - `.hilbert`: A = Re(H exp(2 pi i k floor(N/2) / n_fft)) (the zero-phase
///   amplitude), dp = max A - 1, ds = -min A,
///   S = 4 / (sqrt(1 + dp + ds) + sqrt(1 - dp + ds))^2, M = sqrt((A + ds) S) + 1e-10;
///   the filter is Re IDFT(M exp(DFT(sgn IDFT(log M)))), sgn = 0 at 0 and
///   n_fft/2, +1 below n_fft/2, -1 above (the modified Hilbert transform).
///
/// The result has floor(N/2) + N mod 2 taps when `half`, else N (`.homomorphic`
/// only; its magnitude then approximates the original's).
///
/// Differences from scipy: `fftLength` must be a power of two (scipy's
/// default is one; the FFT here is radix-2), and scipy's warning for taps
/// that do not look symmetric is not given.
///
/// - Throws: `LinearPhaseError.tooFewTaps` (N <= 2), `.tapNotFinite`,
///   `.fftLength` (not a power of two, or below N), `.hilbertNeedsHalf`.
public func minimumPhase(taps h: [Double], method: MinimumPhaseMethod = .homomorphic,
                         fftLength: Int? = nil, half: Bool = true) throws(LinearPhaseError) -> [Double] {
    let count = h.count
    guard count > 2 else { throw .tooFewTaps(count) }
    for (i, x) in h.enumerated() where !x.isFinite { throw .tapNotFinite(index: i, value: x) }
    if method == .hilbert && !half { throw .hilbertNeedsHalf }
    let n: Int
    if let fftLength {
        n = fftLength
    } else {
        let exponent = Double.log2(2 * Double(count - 1) / 0.01).rounded(.up)
        guard exponent < 62 else { throw .fftLength(Int.max, taps: count) }
        n = 1 << Int(exponent)
    }
    guard n >= count, n & (n - 1) == 0 else { throw .fftLength(n, taps: count) }
    let fft = RadixTwoFFT(count: n)
    let halfCount = count / 2
    var re = h + [Double](repeating: 0, count: n - count)
    var im = [Double](repeating: 0, count: n)
    fft.forward(&re, &im)
    let result: [Double]
    switch method {
    case .homomorphic: result = homomorphicMinimumPhase(re, im, fft: fft, half: half)
    case .hilbert: result = hilbertMinimumPhase(re, im, fft: fft, halfCount: halfCount)
    }
    let outCount = half ? halfCount + count % 2 : count
    return Array(result.prefix(outCount))
}

/// The homomorphic method on the spectrum (re, im) of the zero-padded taps:
/// the real cepstrum of log(|H| + 1e-7 min |H|) (halved for half the
/// length: the square root of |H|), folded onto its causal part (c_0,
/// 2 c_k for 0 < k < n/2, 0 from n/2 on), exponentiated back to a
/// spectrum and inverted: the minimum-phase taps, to be cut.
private func homomorphicMinimumPhase(_ re: [Double], _ im: [Double], fft: RadixTwoFFT, half: Bool) -> [Double] {
    let n = re.count
    var magnitude = (0..<n).map { Double.hypot(re[$0], im[$0]) }
    let smallest = magnitude.filter { $0 > 0 }.min() ?? 0
    for k in 0..<n {
        magnitude[k] = Double.log(magnitude[k] + 1e-7 * smallest)
        if half { magnitude[k] *= 0.5 }
    }
    var cr = magnitude, ci = [Double](repeating: 0, count: n)
    fft.inverse(&cr, &ci)
    // Fold the cepstrum: c_0, 2 c_k for 0 < k < n/2, 0 from n/2 on (n even).
    for k in 0..<n {
        let fold: Double = k == 0 ? 1 : k < n / 2 ? 2 : 0
        cr[k] *= fold
        ci[k] = 0
    }
    fft.forward(&cr, &ci)
    exponentiate(&cr, &ci)
    fft.inverse(&cr, &ci)
    return cr
}

/// The Hilbert method on the spectrum (re, im) of the zero-padded taps:
/// the zero-phase amplitude A shifted by the stopband ripple ds and scaled
/// by s = 4 / (√(1 + dp + ds) + √(1 - dp + ds))² so that it is nonnegative,
/// its square root |H|, and the phase from the modified discrete Hilbert
/// transform of log |H|: the minimum-phase taps, to be cut.
private func hilbertMinimumPhase(_ re: [Double], _ im: [Double], fft: RadixTwoFFT, halfCount: Int) -> [Double] {
    let n = re.count
    let step = 2 * Double.pi / Double(n) * Double(halfCount)
    var amplitude = (0..<n).map { k -> Double in
        let w = Double(k) * step
        return re[k] * Double.cos(w) - im[k] * Double.sin(w)
    }
    let dp = amplitude.max()! - 1
    let ds = 0 - amplitude.min()!
    let root = (1 + dp + ds).squareRoot() + (1 - dp + ds).squareRoot()
    let s = 4 / (root * root)
    for k in 0..<n {
        amplitude[k] += ds
        amplitude[k] *= s
        amplitude[k] = amplitude[k].squareRoot()
        amplitude[k] += 1e-10
    }
    // The modified discrete Hilbert transform of the log magnitude.
    var lr = amplitude.map { Double.log($0) }, li = [Double](repeating: 0, count: n)
    fft.inverse(&lr, &li)
    let middle = n / 2
    for k in 0..<n {
        let sign: Double = k == 0 || k == middle ? 0 : k < middle ? 1 : -1
        lr[k] *= sign
        li[k] *= sign
    }
    fft.forward(&lr, &li)
    exponentiate(&lr, &li)
    for k in 0..<n {
        lr[k] *= amplitude[k]
        li[k] *= amplitude[k]
    }
    fft.inverse(&lr, &li)
    return lr
}

/// z -> exp(z) for z = re + i im, elementwise: e^re (cos im + i sin im).
private func exponentiate(_ re: inout [Double], _ im: inout [Double]) {
    for k in re.indices {
        let magnitude = Double.exp(re[k])
        (re[k], im[k]) = (magnitude * Double.cos(im[k]), magnitude * Double.sin(im[k]))
    }
}
