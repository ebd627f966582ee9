/// Rational resampling by up/down, one input sample at a time, as
/// `scipy.signal.resample_poly(x, up, down)` computes it over a whole
/// signal: upsample by L = `up` (L - 1 zeros after each sample), filter
/// with the taps h (K of them, their gain L), keep every M-th = `down`-th
/// sample, aligned so that output m stands at input time m M / L:
///
///     y[m] = sum_{i = 0}^{K-1} h[i] u[(m + r) M - p - i],   u[n L] = x[n], else 0,
///
/// with scipy's alignment p = M - floor((K - 1)/2) mod M zeros before h and
/// r = (floor((K - 1)/2) + p) / M outputs dropped, x zero outside the
/// signal, and ceil(N L / M) outputs for N inputs. With `.causal`
/// alignment p = r = 0: y[m] = sum h[i] u[m M - i], scipy's
/// `upfirdn(h, x, L, M)` cut to the same count (what `decimate` runs with
/// `zero_phase=False`). Only the taps of one
/// phase meet samples (i = t mod L, t + L, ...): a polyphase filter, about
/// K / L multiply-adds an output, the products summed in increasing i.
///
/// The state is the last ceil(K / L) + 1 inputs, so memory does not grow
/// with the signal: `push(_:into:)` appends every output that the new
/// sample completes, `finish(into:)` the rest (the signal's end as zeros).
public struct PolyphaseResampler: Sendable {
    /// L and M, without a common factor.
    public let up: Int, down: Int
    /// Where output m stands.
    public enum Alignment: Sendable, Hashable {
        /// Centred on input time m M / L, as `resample_poly` (for an even K
        /// half a sample early, as scipy's).
        case centred
        /// At the newest input it reads, as `upfirdn`: the filter's delay kept.
        case causal
    }

    /// h, K values.
    public let taps: [Double]
    /// scipy's p and r.
    let prePad: Int, preRemove: Int
    /// Recent inputs: `buffer[k]` is input `bufferStart + k`.
    var buffer: [Double] = []
    var bufferStart = 0
    /// Inputs received and outputs produced.
    public private(set) var received = 0, produced = 0

    /// A resampler by `up`/`down` (reduced by their greatest common
    /// divisor) with `taps`, its outputs aligned as `alignment` says.
    ///
    /// - Precondition: up, down >= 1; at least one tap.
    public init(up: Int, down: Int, taps: [Double], alignment: Alignment = .centred) {
        precondition(up >= 1 && down >= 1, "up and down are at least 1")
        precondition(!taps.isEmpty, "a resampler's filter has at least one tap")
        var (a, b) = (up, down)
        while b != 0 { (a, b) = (b, a % b) }
        self.up = up / a
        self.down = down / a
        self.taps = taps
        let half = (taps.count - 1) / 2
        switch alignment {
        case .centred:
            prePad = self.down - half % self.down
            preRemove = (half + prePad) / self.down
        case .causal:
            (prePad, preRemove) = (0, 0)
        }
    }

    /// The inputs held: the window the next outputs read (about K / L + 64).
    public var bufferedInputs: Int { buffer.count }

    /// The number of outputs for `inputs` input samples: ceil(inputs L / M).
    public func outputCount(inputs: Int) -> Int {
        (inputs * up + down - 1) / down
    }

    /// The upsampled index output `m` is centred at: (m + r) M - p.
    func centre(_ m: Int) -> Int { (m + preRemove) * down - prePad }

    /// Input `n`, 0 outside 0 ..< `received` (and when no longer buffered:
    /// never asked for, the window only moves forward).
    func input(_ n: Int) -> Double {
        guard n >= 0, n < received, n >= bufferStart else { return 0 }
        return buffer[n - bufferStart]
    }

    /// Output `m`: the phase of h that meets samples, in increasing i.
    func output(_ m: Int) -> Double {
        let t = centre(m)
        var i = ((t % up) + up) % up
        var sum = 0.0
        while i < taps.count {
            let q = t - i
            if q < 0 { break }
            sum += taps[i] * input(q / up)
            i += up
        }
        return sum
    }

    /// The newest input output `m` reads: floor(t / L), t its centre.
    func newestInput(_ m: Int) -> Int {
        let t = centre(m)
        return t >= 0 ? t / up : -1
    }

    /// Takes the next input; appends to `outputs` every output it completes.
    public mutating func push(_ x: Double, into outputs: inout [Double]) {
        buffer.append(x)
        received += 1
        while newestInput(produced) < received {
            outputs.append(output(produced))
            produced += 1
        }
        // Keep what the next output can still read: from its oldest input on.
        let oldest = (centre(produced) - (taps.count - 1)) / up - 1
        let drop = min(max(oldest - bufferStart, 0), buffer.count)
        if drop > 64 && drop * 2 > buffer.count {
            buffer.removeFirst(drop)
            bufferStart += drop
        }
    }

    /// Appends the outputs left once the input has ended, up to
    /// ceil(N L / M) in all.
    public mutating func finish(into outputs: inout [Double]) {
        let total = outputCount(inputs: received)
        while produced < total {
            outputs.append(output(produced))
            produced += 1
        }
    }
}
