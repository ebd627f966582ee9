import ComplexModule

/// Welch's power spectral density estimate, accumulated as samples arrive,
/// with `scipy.signal.welch`'s conventions (Welch 1967, "The use of fast
/// Fourier transform for the estimation of power spectra", IEEE Trans. Audio
/// Electroacoust. 15(2)):
///
/// - segments of N samples (`segmentLength`, scipy's `nperseg`), each
///   starting `N - overlap` samples after the last (`noverlap`); segment k
///   covers samples k (N - overlap) ... k (N - overlap) + N - 1, and there
///   are floor((n - overlap) / (N - overlap)) of them in n samples;
/// - from each segment its mean is subtracted (`detrend='constant'`; the
///   mean summed as numpy sums, `pairwiseSum`), then it
///   is multiplied by the periodic Hann window w[m] = 1/2 - 1/2 cos(2 pi m / N)
///   (`get_window('hann', N)`, i.e. `sym=False`) and transformed by FFTW:
///   X[k] = sum_m w[m] (x[m] - mean) e^{-2 pi i k m / N}, k = 0 ... N/2;
/// - the density is the mean over segments of |X[k]|^2 / (fs sum_m w[m]^2)
///   (`scaling='density'`, units^2/Hz), one-sided: doubled at every k except
///   dc and, for even N, Nyquist (`return_onesided=True`), at frequencies
///   k fs / N.
///
/// Only the last N samples of each channel are held, so memory does not grow
/// with the recording. `restart()` begins a new stretch: segments never span
/// a restart (used to estimate the spectrum of chosen intervals only).
///
/// A class: it owns its FFT's buffers; use one instance from one thread.
public final class WelchAccumulator {
    /// Samples per segment, N (scipy's `nperseg`).
    public let segmentLength: Int
    /// Samples shared by consecutive segments (scipy's `noverlap`).
    public let overlap: Int
    /// Channels (axes) accumulated side by side.
    public let channels: Int
    /// Samples from one segment's start to the next's, N - overlap.
    public var step: Int { segmentLength - overlap }
    /// Segments transformed so far.
    public private(set) var segmentCount = 0
    /// Samples appended so far, over every stretch.
    public private(set) var sampleCount = 0
    /// Whether `restart()` was ever called.
    public private(set) var restarted = false

    /// The last N samples of each channel, channel-major, as a ring.
    private var history: [Double]
    private var position = 0
    /// Samples in the current stretch.
    private var stretchCount = 0
    /// Per channel, the sum over segments of |X[k]|^2, k = 0 ... N/2.
    private var sums: [Double]
    private let window: [Double]
    private let fft: RealFFT
    private var segment: [Double]
    private var transform: [Complex<Double>]

    /// Bins of the one-sided spectrum: N/2 + 1.
    public var binCount: Int { segmentLength / 2 + 1 }

    /// An empty accumulator.
    ///
    /// - Precondition: `segmentLength >= 2`, `0 <= overlap < segmentLength`,
    ///   `channels >= 1` (callers check users' values and say what is allowed).
    public init(segmentLength: Int, overlap: Int, channels: Int) {
        precondition(segmentLength >= 2 && overlap >= 0 && overlap < segmentLength && channels >= 1)
        self.segmentLength = segmentLength
        self.overlap = overlap
        self.channels = channels
        history = [Double](repeating: 0, count: segmentLength * channels)
        sums = [Double](repeating: 0, count: (segmentLength / 2 + 1) * channels)
        window = Self.periodicHann(segmentLength)
        fft = RealFFT(length: segmentLength)
        segment = [Double](repeating: 0, count: segmentLength)
        transform = [Complex<Double>](repeating: .zero, count: segmentLength / 2 + 1)
    }

    /// The periodic Hann window of length n, scipy's `get_window('hann', n)`:
    /// w[m] = 1/2 - 1/2 cos(2 pi m / n), m = 0 ... n - 1.
    public static func periodicHann(_ n: Int) -> [Double] {
        (0..<n).map { 0.5 - 0.5 * Double.cos(2 * Double.pi * Double($0) / Double(n)) }
    }

    /// Appends one sample of every channel (`values.count == channels`).
    public func append(_ values: UnsafeBufferPointer<Double>) {
        precondition(values.count == channels)
        for c in 0..<channels { history[c * segmentLength + position] = values[c] }
        position = position + 1 == segmentLength ? 0 : position + 1
        stretchCount += 1
        sampleCount += 1
        if stretchCount >= segmentLength && (stretchCount - segmentLength) % step == 0 { accumulateSegment() }
    }

    /// Appends one sample of three channels.
    public func append(_ x: Double, _ y: Double, _ z: Double) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 3) { buffer in
            buffer[0] = x; buffer[1] = y; buffer[2] = z
            append(UnsafeBufferPointer(buffer))
        }
    }

    /// Begins a new stretch: the samples since the last segment are dropped,
    /// and the next segment starts with the next sample.
    public func restart() {
        stretchCount = 0
        position = 0
        restarted = true
    }

    /// The last N samples of channel `c`, oldest first, detrended, windowed,
    /// transformed, and |X|^2 added to the sums.
    private func accumulateSegment() {
        let n = segmentLength
        for c in 0..<channels {
            let base = c * n
            for m in 0..<n { segment[m] = history[base + (position + m) % n] }
            // numpy's mean (its pairwise sum, then / n), as scipy's detrend takes it.
            let mean = segment.withUnsafeBufferPointer(pairwiseSum) / Double(n)
            for m in 0..<n { segment[m] = window[m] * (segment[m] - mean) }
            fft.transform(segment, into: &transform)
            let offset = c * binCount
            for k in 0..<binCount {
                let x = transform[k]
                sums[offset + k] += x.real * x.real + x.imaginary * x.imaginary
            }
        }
        segmentCount += 1
    }

    /// The one-sided density estimate at sample rate `fs`, per channel, with
    /// its frequencies; nil when no segment has been accumulated (fewer than
    /// N samples in every stretch).
    public func density(sampleRate fs: Double) -> WelchSpectrum? {
        guard segmentCount > 0 else { return nil }
        let energy = window.reduce(0) { $0 + $1 * $1 }
        return Self.spectrum(sums: sums, segments: segmentCount, segmentLength: segmentLength, overlap: overlap,
                             channels: channels, windowEnergy: energy, sampleRate: fs)
    }

    /// What `scipy.signal.welch` does when the input is shorter than
    /// `nperseg`: one segment of every sample appended (n of them, n < N),
    /// with its own periodic Hann window of length n. Nil unless the
    /// accumulator holds between 2 and N - 1 samples in one stretch and no
    /// segment.
    public func shortRecordingDensity(sampleRate fs: Double) -> WelchSpectrum? {
        let n = stretchCount
        guard segmentCount == 0, !restarted, n >= 2, n < segmentLength else { return nil }
        let short = WelchAccumulator(segmentLength: n, overlap: n / 2, channels: channels)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: channels) { buffer in
            // The ring has not wrapped: samples 0 ..< n are in order.
            for m in 0..<n {
                for c in 0..<channels { buffer[c] = history[c * segmentLength + m] }
                short.append(UnsafeBufferPointer(buffer))
            }
        }
        return short.density(sampleRate: fs)
    }

    static func spectrum(sums: [Double], segments: Int, segmentLength n: Int, overlap: Int, channels: Int,
                         windowEnergy: Double, sampleRate fs: Double) -> WelchSpectrum {
        let bins = n / 2 + 1
        let scale = 1 / (fs * windowEnergy)
        var psd: [[Double]] = []
        for c in 0..<channels {
            var p = [Double](repeating: 0, count: bins)
            for k in 0..<bins {
                // Doubled except dc and (even n) Nyquist, which have no mirror image.
                let doubled = k > 0 && !(n % 2 == 0 && k == n / 2)
                p[k] = sums[c * bins + k] * scale * (doubled ? 2 : 1) / Double(segments)
            }
            psd.append(p)
        }
        let frequencies = (0..<bins).map { Double($0) * fs / Double(n) }
        return WelchSpectrum(frequencies: frequencies, psd: psd, segmentLength: n, overlap: overlap, segments: segments)
    }
}

/// A one-sided power spectral density per channel (`WelchAccumulator`).
public struct WelchSpectrum: Sendable {
    /// k fs / N, k = 0 ... N/2, Hz.
    public var frequencies: [Double]
    /// Per channel, the density at each frequency (input units^2 per Hz).
    public var psd: [[Double]]
    /// The segment length N and overlap used.
    public var segmentLength: Int, overlap: Int
    /// The segments averaged.
    public var segments: Int
}
