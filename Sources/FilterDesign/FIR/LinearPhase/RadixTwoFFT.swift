/// The discrete Fourier transform of a power-of-two length N by the iterative
/// radix-2 decimation-in-time algorithm (Cooley and Tukey 1965): the input in
/// bit-reversed order, then log2 N stages of butterflies
///
///     (a, b) -> (a + w b, a - w b),   w = exp(-2 pi i j / s),  j < s/2,
///
/// for s = 2, 4, ..., N. Forward: X_k = sum_n x_n exp(-2 pi i k n / N);
/// inverse: x_n = (1/N) sum_k X_k exp(+2 pi i k n / N) (numpy's fft and ifft).
///
/// The twiddles exp(-2 pi i k / N) come from `DoubleDouble.sinCosPi`, each the
/// double nearest its true value (bar near-ties), so the transform's error is
/// that of its N log2 N roundings: about 1e-16 log2 N relative to the largest
/// output, as pocketfft's.
struct RadixTwoFFT: Sendable {
    /// N, a power of two (at least 1).
    let count: Int
    /// The twiddles of each stage in order, contiguous: for the stage of
    /// half-size h = 1, 2, 4, ..., N/2 the h values cos(2 pi j / 2h),
    /// sin(2 pi j / 2h), j < h, starting at index h - 1.
    private let cosines: [Double]
    private let sines: [Double]
    /// The bit-reversal swaps (i, j), i < j.
    private let swaps: [(Int32, Int32)]

    init(count: Int) {
        precondition(count >= 1 && count & (count - 1) == 0, "RadixTwoFFT needs a power-of-two length")
        self.count = count
        let (c, s) = unitCircle(count)
        var stageCosines: [Double] = [], stageSines: [Double] = []
        var half = 1
        while half < count {
            let step = count / (2 * half)
            for j in 0..<half {
                stageCosines.append(c[j * step])
                stageSines.append(s[j * step])
            }
            half *= 2
        }
        (cosines, sines) = (stageCosines, stageSines)
        var swaps: [(Int32, Int32)] = []
        var j = 0
        for i in 0..<count {
            if i < j { swaps.append((Int32(i), Int32(j))) }
            var bit = count >> 1
            while bit > 0 && j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
        }
        self.swaps = swaps
    }

    /// X = DFT(x) in place, x = re + i im (both of length N).
    func forward(_ re: inout [Double], _ im: inout [Double]) {
        transform(&re, &im, sign: -1)
    }

    /// x = DFT^-1(X) in place, with the 1/N.
    func inverse(_ re: inout [Double], _ im: inout [Double]) {
        transform(&re, &im, sign: 1)
        let scale = 1 / Double(count)
        for k in 0..<count {
            re[k] *= scale
            im[k] *= scale
        }
    }

    /// The butterflies with w = cos + sign i sin.
    private func transform(_ re: inout [Double], _ im: inout [Double], sign: Double) {
        precondition(re.count == count && im.count == count)
        let n = count
        re.withUnsafeMutableBufferPointer { x in
            im.withUnsafeMutableBufferPointer { y in
                for (a, b) in swaps {
                    let (i, j) = (Int(a), Int(b))
                    (x[i], x[j]) = (x[j], x[i])
                    (y[i], y[j]) = (y[j], y[i])
                }
                cosines.withUnsafeBufferPointer { c in
                    sines.withUnsafeBufferPointer { s in
                        // Blocks of 2h in order, j inside: contiguous access.
                        var half = 1
                        while half < n {
                            let base = half - 1
                            var start = 0
                            while start < n {
                                for j in 0..<half {
                                    let wr = c[base + j], wi = sign * s[base + j]
                                    let (i, k) = (start + j, start + j + half)
                                    let tr = wr * x[k] - wi * y[k]
                                    let ti = wr * y[k] + wi * x[k]
                                    x[k] = x[i] - tr
                                    y[k] = y[i] - ti
                                    x[i] += tr
                                    y[i] += ti
                                }
                                start += 2 * half
                            }
                            half *= 2
                        }
                    }
                }
            }
        }
    }
}

/// The DFT of a real sequence of power-of-two length L >= 2 by one complex
/// FFT of length L/2 (z_n = x_2n + i x_2n+1, then E_k = (Z_k + conj Z_(L/2-k)) / 2,
/// O_k = (Z_k - conj Z_(L/2-k)) / 2i, X_k = E_k + exp(-2 pi i k / L) O_k),
/// returning X_0 ... X_(L/2) (numpy's rfft); and the inverse (irfft), which,
/// as pocketfft, ignores the imaginary parts of X_0 and X_(L/2).
struct RadixTwoRealFFT: Sendable {
    /// L.
    let count: Int
    private let half: RadixTwoFFT
    private let cosines: [Double]
    private let sines: [Double]

    init(count: Int) {
        precondition(count >= 2 && count & (count - 1) == 0, "RadixTwoRealFFT needs a power-of-two length of at least 2")
        self.count = count
        half = RadixTwoFFT(count: count / 2)
        (cosines, sines) = unitCircle(count)
    }

    /// X_0 ... X_(L/2) of the real x (of length L).
    func forward(_ x: [Double]) -> (re: [Double], im: [Double]) {
        precondition(x.count == count)
        let h = count / 2
        var zr = [Double](repeating: 0, count: h), zi = zr
        for n in 0..<h {
            zr[n] = x[2 * n]
            zi[n] = x[2 * n + 1]
        }
        half.forward(&zr, &zi)
        var re = [Double](repeating: 0, count: h + 1), im = re
        for k in 0...h {
            let (ar, ai) = (zr[k % h], zi[k % h])
            let (br, bi) = (zr[(h - k) % h], -zi[(h - k) % h])
            let (er, ei) = (0.5 * (ar + br), 0.5 * (ai + bi))
            // O = (a - b) / 2i = (ai - bi, -(ar - br)) / 2.
            let (or, oi) = (0.5 * (ai - bi), -0.5 * (ar - br))
            let (c, s) = k < h ? (cosines[k], -sines[k]) : (-1.0, 0.0)
            re[k] = er + (c * or - s * oi)
            im[k] = ei + (c * oi + s * or)
        }
        return (re, im)
    }

    /// The real x (of length L) whose rfft is X_0 ... X_(L/2), with the 1/L.
    func inverse(_ re: [Double], _ im: [Double]) -> [Double] {
        let h = count / 2
        precondition(re.count == h + 1 && im.count == h + 1)
        var zr = [Double](repeating: 0, count: h), zi = zr
        for k in 0..<h {
            let (ar, ai) = (re[k], k == 0 ? 0 : im[k])
            let (br, bi) = (re[h - k], (h - k == h || h - k == 0) ? 0 : -im[h - k])
            let (er, ei) = (0.5 * (ar + br), 0.5 * (ai + bi))
            // O = (X_k - conj X_(h-k)) / (2 w^k), w^k = exp(-2 pi i k / L).
            let (dr, di) = (0.5 * (ar - br), 0.5 * (ai - bi))
            let (c, s) = (cosines[k], sines[k])
            let (or, oi) = (dr * c - di * s, di * c + dr * s)
            zr[k] = er - oi
            zi[k] = ei + or
        }
        half.inverse(&zr, &zi)
        var x = [Double](repeating: 0, count: count)
        for n in 0..<h {
            x[2 * n] = zr[n]
            x[2 * n + 1] = zi[n]
        }
        return x
    }
}

/// cos(2 pi k / n) and sin(2 pi k / n) for k < n/2 (n a power of two), each
/// the double nearest the true value but for near-ties: `sinCosPi` of k / (n/2)
/// up to a quarter turn, cos(pi - t) = -cos t and sin(pi - t) = sin t beyond.
func unitCircle(_ n: Int) -> (cos: [Double], sin: [Double]) {
    guard n >= 2 else { return ([], []) }
    let m = n / 2
    var c = [Double](repeating: 0, count: m), s = c
    DoubleDouble.sinCosPi(numeratorsThrough: m / 2, denominator: m) { k, sine, cosine in
        c[k] = cosine.value
        s[k] = sine.value
        if k > 0 && k < m - k {
            c[m - k] = -cosine.value
            s[m - k] = sine.value
        }
    }
    return (c, s)
}
