import ComplexModule
import FilterDesign
import RealModule

/// The complex frequency response H(e^{j 2 pi alpha}) on a `FrequencyGrid`,
/// with the figures read from it.
public struct FrequencyResponse: Sendable {
    /// The frequencies, as fractions of the sample rate.
    public let grid: FrequencyGrid
    /// H at each frequency.
    public let values: [Complex<Double>]

    /// A response from its values (one per grid point).
    public init(grid: FrequencyGrid, values: [Complex<Double>]) {
        precondition(values.count == grid.count)
        self.grid = grid
        self.values = values
    }

    /// |H|.
    public var magnitudes: [Double] { values.map { $0.length } }

    /// 20 log10 |H|; nil where |H| is exactly zero (a zero on the unit circle).
    public var decibels: [Double?] { values.map { $0.length > 0 ? 20 * Double.log10($0.length) : nil } }

    /// The largest |H| on the grid.
    public var peakMagnitude: Double { magnitudes.max() ?? 0 }

    /// arg H, unwrapped: 2 pi is added or taken away wherever consecutive values
    /// differ by more than pi (numpy.unwrap's rule), starting from arg H(1).
    public var unwrappedPhase: [Double] {
        var unwrapper = PhaseUnwrapper()
        return values.map { unwrapper.next($0) }
    }

    /// The largest |a_k - b_k| over the grid, relative to the larger peak of the
    /// two: how far two computations of the same response disagree.
    public func largestDifference(from other: FrequencyResponse) -> Double {
        precondition(other.grid == grid)
        let peak = max(peakMagnitude, other.peakMagnitude)
        var worst = 0.0
        for (a, b) in zip(values, other.values) {
            let d = (a - b).length
            if !d.isFinite { return .infinity }
            worst = max(worst, d)
        }
        return peak > 0 ? worst / peak : worst
    }
}

extension FrequencyResponse {
    /// How hard `fromCoefficients` works for accuracy.
    public enum Accuracy: Sendable {
        /// Two FFTs and a division: fast, as accurate as the direct form allows
        /// in double (poor where A(e^jw) cancels).
        case fft
        /// The FFT, then double-double Horner wherever the FFT's error bound
        /// exceeds 1e-13 of the peak.
        case compensated
    }

    /// **From the coefficients**: B and A zero-padded to 2 (N - 1) points and
    /// transformed by FFTW, H_k = B_k / (g A_k).
    ///
    /// Where the FFT cannot be trusted the point is recomputed: FFTW's error in
    /// B_k and A_k is bounded by about eps (log2 n + 4) times the 1-norm of the
    /// coefficients, so H_k is good to
    ///
    ///     eps (log2 n + 4) (|b|_1 + |g| |H_k| |a|_1) / (|g| |A_k|),
    ///
    /// and where that exceeds 1e-13 of the peak (near dc for a low-pass whose
    /// direct-form A nearly cancels) B and A are evaluated again by Horner's rule
    /// in double-double arithmetic. Well-conditioned filters use the FFT alone.
    ///
    /// With `accuracy: .fft` the recomputation is skipped: the arithmetic (and
    /// accuracy) of `scipy.signal.freqz`, about 1e-7 of the peak for a 20-pole
    /// band-pass, at the speed of two FFTs.
    public static func fromCoefficients(_ transfer: TransferFunction, grid: FrequencyGrid,
                                        accuracy: Accuracy = .compensated) -> FrequencyResponse {
        // B, then A in the FFT's own buffer: H = B / (g A) in B's place, and
        // for each point the bound on its rounding error, stored as the
        // Float at or above it (a quarter of a complex array). The FFT's
        // buffers go before any point is recomputed.
        let g = transfer.gain
        let eps = Double.ulpOfOne * (Double.log2(Double(grid.fftLength)) + 4)
        let bNorm = transfer.numerator.reduce(0) { $0 + abs($1) }
        let aNorm = transfer.denominator.reduce(0) { $0 + abs($1) }
        var h: [Complex<Double>]
        var bounds: [Float] = []
        do {
            let fft = RealFFT(length: grid.fftLength, inPlace: true)
            h = fft.transform(transfer.numerator)
            fft.withTransform(transfer.denominator) { a in
                for k in 0..<grid.count { h[k] = h[k] / (Complex(g, 0) * a[k]) }
                guard accuracy == .compensated else { return }
                bounds = [Float](repeating: 0, count: grid.count)
                for k in 0..<grid.count {
                    let bound = eps * (bNorm + abs(g) * h[k].length * aNorm) / (abs(g) * a[k].length)
                    bounds[k] = bound.isNaN ? .nan : Float(bound).nextUp
                }
            }
        }
        if accuracy == .fft { return FrequencyResponse(grid: grid, values: h) }

        func recompute(_ k: Int) {
            h[k] = evaluateExactly(transfer, atAlpha: grid.alpha(k))
        }
        // First the points whose value is not even roughly known (they could
        // masquerade as the peak), then everything not good to 1e-13 of it.
        for k in 0..<grid.count where !(Double(bounds[k]) <= 1e-3 * h[k].length) { recompute(k) }
        var peak = 0.0
        for value in h where value.length.isFinite { peak = max(peak, value.length) }
        for k in 0..<grid.count where !(Double(bounds[k]) <= 1e-13 * peak) { recompute(k) }
        return FrequencyResponse(grid: grid, values: h)
    }

    /// H(e^{j 2 pi alpha}) = B / (g A) with B and A summed by Horner's rule in
    /// double-double arithmetic at z^-1 = e^{-j 2 pi alpha}.
    public static func evaluateExactly(_ transfer: TransferFunction, atAlpha alpha: Double) -> Complex<Double> {
        let u = Complex<Double>(length: 1, phase: -2 * Double.pi * alpha)
        return horner(transfer.numerator, u) / (Complex(transfer.gain, 0) * horner(transfer.denominator, u))
    }

    /// sum_k c_k u^k by Horner's rule with a double-double accumulator (the
    /// coefficients and u are doubles, so every product is dd x double).
    static func horner(_ c: [Double], _ u: Complex<Double>) -> Complex<Double> {
        var re = DoubleDouble(0), im = DoubleDouble(0)
        for coefficient in c.reversed() {
            let newRe = DoubleDouble.product(re, u.real) - DoubleDouble.product(im, u.imaginary) + DoubleDouble(coefficient)
            im = DoubleDouble.product(re, u.imaginary) + DoubleDouble.product(im, u.real)
            re = newRe
        }
        return Complex(re.value, im.value)
    }

    /// **From the poles and zeros**: the product form of `PoleZeroForm`, at
    /// each w_k = 2 pi k / n itself (`PoleZeroForm.CirclePoint`): the half
    /// angles x_k = pi k / n up to pi/4 with a double-double sine and cosine
    /// (`DoubleDouble.sinCosPi(numeratorsThrough:denominator:_:)`), those
    /// above as pi/2 - x_{N-1-k}, the same two swapped.
    public static func fromPolesAndZeros(_ form: PoleZeroForm, grid: FrequencyGrid) -> FrequencyResponse {
        let n = grid.count
        var values = [Complex<Double>](repeating: .zero, count: n)
        DoubleDouble.sinCosPi(numeratorsThrough: (n - 1) / 2, denominator: grid.fftLength) { k, s, c in
            values[k] = form.response(at: PoleZeroForm.CirclePoint(sine: s, cosine: c), alpha: grid.alpha(k))
            if n - 1 - k > k {
                values[n - 1 - k] = form.response(at: PoleZeroForm.CirclePoint(sine: c, cosine: s), alpha: grid.alpha(n - 1 - k))
            }
        }
        return FrequencyResponse(grid: grid, values: values)
    }

    /// **From the impulse response**: h[0 ..< length] (which must have decayed to
    /// nothing by its end) wrapped onto 2 (N - 1) points and transformed by FFTW;
    /// wrapping (adding h[m + j n] into m) leaves the DFT bins exact.
    public static func fromImpulseResponse(_ impulse: [Double], grid: FrequencyGrid) -> FrequencyResponse {
        let fft = RealFFT(length: grid.fftLength)
        let h = fft.transform(impulse)
        return FrequencyResponse(grid: grid, values: Array(h[0..<grid.count]))
    }
}
