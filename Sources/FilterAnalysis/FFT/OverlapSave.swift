import CFFTW

/// A FIR filter run by FFT block convolution (overlap-save), computed by
/// FFTW, one sample in at a time and the outputs out a block at a time:
///
///     y[n] = sum_{k=0}^{N-1} h[k] x[n-k].
///
/// With an FFT of L points (a power of two, `fftLength`), each block of
/// B = L - N + 1 new inputs is transformed together with the N - 1 inputs
/// before it, multiplied by H = FFT(h zero-padded to L) and transformed
/// back; of the L outputs of that circular convolution, the last B are the
/// linear convolution's (the first N - 1 wrap around and are discarded).
/// About (2 L log2 L + 3 L) / B floating-point operations an output against
/// the direct form's 2N: `filter-benchmarks --fir-only` measures from how
/// many taps it is faster here.
///
/// The results equal the direct form's to rounding (FFTW's, about 1e-15 of
/// the output's scale times log2 L), not bit for bit. One instance is not
/// meant to be used from two threads at once.
public final class OverlapSave {
    /// h, N taps.
    public let taps: [Double]
    /// L: the FFT length, a power of two of at least 2N.
    public let fftLength: Int
    /// B = L - N + 1: new inputs a block.
    public var blockLength: Int { fftLength - taps.count + 1 }

    private let forward: fftw_plan
    private let backward: fftw_plan
    private let time: UnsafeMutablePointer<Double>
    private let spectrum: UnsafeMutablePointer<fftw_complex>
    /// H = FFT(h) / L (the inverse transform's 1/L folded in).
    private let response: UnsafeMutablePointer<fftw_complex>
    /// The window, L values: the N - 1 inputs before the block, then the
    /// block so far (`fill` values in all).
    private let window: UnsafeMutablePointer<Double>
    private var fill: Int
    /// Inputs received, outputs written.
    public private(set) var received = 0, produced = 0

    /// The most taps run in direct form where a whole recording is filtered
    /// (`spectrum --filter`); longer filters run here. From
    /// `filter-benchmarks --fir-only`'s table on the development machine
    /// (Double, 10^6 samples; docs/recordings-and-pipeline.md has it).
    public static let directFormLimit = 62

    /// The FFT length for N taps: the power of two of at least 8N (so that
    /// a block holds at least 7/8 of it), and at least 64.
    public static func fftLength(taps: Int) -> Int {
        var l = 64
        while l < 8 * taps { l *= 2 }
        return l
    }

    /// A filter at rest with `taps` (the inputs before the first are
    /// `before`: 0, or the first sample for the steady state).
    ///
    /// - Precondition: at least one tap, every tap finite; `fftLength`, when
    ///   given, a power of two of at least 2N.
    public init(taps: [Double], fftLength: Int? = nil, before: Double = 0) {
        precondition(!taps.isEmpty && taps.allSatisfy(\.isFinite), "a FIR filter needs finite taps")
        let l = fftLength ?? Self.fftLength(taps: taps.count)
        precondition(l >= 2 * taps.count && l & (l - 1) == 0, "the FFT length must be a power of two of at least 2N")
        self.taps = taps
        self.fftLength = l
        time = fftw_alloc_real(l)!
        spectrum = fftw_alloc_complex(l / 2 + 1)!
        response = fftw_alloc_complex(l / 2 + 1)!
        window = fftw_alloc_real(l)!
        let (time, spectrum) = (self.time, self.spectrum)
        (forward, backward) = FFTWPlanner.serialized {
            (fftw_plan_dft_r2c_1d(Int32(l), time, spectrum, UInt32(FFTW_ESTIMATE))!,
             fftw_plan_dft_c2r_1d(Int32(l), spectrum, time, UInt32(FFTW_ESTIMATE))!)
        }
        time.update(repeating: 0, count: l)
        for (k, h) in taps.enumerated() { time[k] = h }
        fftw_execute(forward)
        let scale = 1 / Double(l)
        for k in 0...(l / 2) { response[k] = (spectrum[k].0 * scale, spectrum[k].1 * scale) }
        fill = taps.count - 1
        window.update(repeating: before, count: fill)
    }

    deinit {
        FFTWPlanner.serialized {
            fftw_destroy_plan(forward)
            fftw_destroy_plan(backward)
        }
        fftw_free(time)
        fftw_free(spectrum)
        fftw_free(response)
        fftw_free(window)
    }

    /// Holds the inputs before the first at `x` (the steady state for a
    /// constant x); only before any input.
    public func settle(at x: Double) {
        precondition(received == 0, "settle before the first input")
        window.update(repeating: x, count: taps.count - 1)
    }

    /// Takes the next input; appends a block of B outputs to `outputs` when
    /// it completes one.
    public func push(_ x: Double, into outputs: inout [Double]) {
        window[fill] = x
        fill += 1
        received += 1
        if fill == fftLength { runBlock(count: blockLength, into: &outputs) }
    }

    /// Takes `inputs` in order; appends every block of B outputs they complete.
    public func push(_ inputs: UnsafeBufferPointer<Double>, into outputs: inout [Double]) {
        guard let base = inputs.baseAddress else { return }
        var next = 0
        while next < inputs.count {
            let take = min(fftLength - fill, inputs.count - next)
            (window + fill).update(from: base + next, count: take)
            fill += take
            received += take
            next += take
            if fill == fftLength { runBlock(count: blockLength, into: &outputs) }
        }
    }

    /// Appends the outputs still owed once the input has ended (one for each
    /// input received): the last partial block, its missing inputs as zeros.
    public func finish(into outputs: inout [Double]) {
        let owed = received - produced
        guard owed > 0 else { return }
        (window + fill).update(repeating: 0, count: fftLength - fill)
        fill = fftLength
        runBlock(count: owed, into: &outputs)
    }

    /// The whole `signal` filtered, the inputs before it `before`.
    public static func filter(_ signal: [Double], taps: [Double], before: Double = 0) -> [Double] {
        let f = OverlapSave(taps: taps, before: before)
        var out: [Double] = []
        out.reserveCapacity(signal.count)
        signal.withUnsafeBufferPointer { f.push($0, into: &out) }
        f.finish(into: &out)
        return out
    }

    /// Convolves the full window and appends the first `count` of its last B
    /// outputs; the window keeps its last N - 1 inputs.
    private func runBlock(count: Int, into outputs: inout [Double]) {
        let l = fftLength, n = taps.count
        time.update(from: window, count: l)
        fftw_execute(forward)
        for k in 0...(l / 2) {
            let (a, b) = (spectrum[k].0, spectrum[k].1)
            let (c, d) = (response[k].0, response[k].1)
            spectrum[k] = (a * c - b * d, a * d + b * c)
        }
        fftw_execute(backward)
        outputs.append(contentsOf: UnsafeBufferPointer(start: time + (n - 1), count: count))
        produced += count
        window.update(from: window + (l - (n - 1)), count: n - 1)
        fill = n - 1
    }
}
