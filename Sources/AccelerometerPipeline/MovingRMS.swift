/// The root mean square of the last N samples, in O(1) per sample (amortised),
/// without drift, and without overflow or underflow for any finite input.
///
/// A running sum that adds the newest square and subtracts the oldest gathers
/// rounding error forever (and can go negative). Here the window is split at
/// the ring buffer's write position: the new samples of the current lap are a
/// running sum restarted at every lap (`head`), and the old samples still in
/// the window are a suffix sum of the previous lap (`tail[i]`), computed afresh,
/// from its stored samples, once per lap. So each window sum is the sum of at
/// most N non-negative terms computed at most N additions ago: its relative
/// error is below about 2 N u (u = 2^-53) at every sample, however long the
/// signal, and it is never negative. Cost: two additions, two multiplications
/// and two comparisons per sample, plus 2 N operations once every N samples.
///
/// Squares of samples above about 1e153 overflow a Double and those below
/// about 1e-154 underflow, although their RMS is an ordinary number. So the
/// squares are of the samples times a power of two, 2^shift, chosen at every
/// lap from the largest sample in the window (to put it 2^64 below where N
/// squares would overflow), and changed at once when a sample arrives that it
/// does not suit (the window's sums rescaled with it, exactly). Scaling by a
/// power of two commutes with every rounding here, so the result is bit for
/// bit the unscaled sums' wherever those neither overflow nor underflow. The
/// RMS is sqrt(sum / N) / 2^shift, finite for every finite input. (A sample
/// more than about 1e287 times smaller than the largest in the window keeps a
/// subnormal square: negligible beside the largest, and only as precise as a
/// subnormal once that has left, until the lap ends.)
///
/// Until N samples have arrived, the RMS is over the samples so far divided by
/// N (the window is full of zeros at the start, as Shake! starts it).
public struct MovingRMS: Sendable {
    /// N, the window length in samples.
    public let window: Int
    private var samples: [Double]
    /// tail[k] = sum of the scaled squares of samples[k ..< window] of the
    /// previous lap; tail[window] = 0.
    private var tail: [Double]
    private var head = 0.0
    private var index = 0
    /// Samples are multiplied by 2^shift before squaring.
    private var shift = 0
    /// 2^shift and 2^-shift.
    private var scale = 1.0, inverseScale = 1.0
    /// Samples above `high` would overflow the sums at this scale; samples
    /// below `low` (but not 0) would have subnormal squares.
    private var high: Double, low: Double
    /// log2 of the largest scaled |sample|: N squares of it sum below 2^1023.
    private let largestExponent: Int

    /// The smallest scaled |sample| whose square is a normal Double: 2^-511.
    static let smallestExponent = -511
    /// The largest shift up: 2^-shift stays a normal Double.
    static let largestShift = 1000
    /// How far below the largest allowed the lap's largest sample is put:
    /// samples up to 2^64 times larger need no rescaling.
    static let headroom = 64

    /// - Throws: `PipelineError` unless window >= 1.
    public init(window: Int) throws(PipelineError) {
        guard window >= 1 else { throw PipelineError("RMS window \(window) must be at least 1 sample") }
        self.window = window
        samples = Array(repeating: 0, count: window)
        tail = Array(repeating: 0, count: window + 1)
        // N (2^e)^2 <= 2^1022 when 2 e + log2(N) <= 1022.
        let bits = Int.bitWidth - (window - 1).leadingZeroBitCount
        largestExponent = (1022 - bits) / 2
        (high, low) = (0, 0)
        setShift(0)
    }

    /// Adds `x` and returns sqrt(mean of the squares of the last N samples).
    public mutating func process(_ x: Double) -> Double {
        let magnitude = abs(x)
        if !(magnitude <= high) || (magnitude < low && magnitude != 0) { rescale(for: magnitude) }
        let y = x * scale
        let square = y * y
        samples[index] = x
        head += square
        index += 1
        let sum = head + tail[index]
        let rms = (sum / Double(window)).squareRoot() * inverseScale
        if index == window { completeLap() }
        return rms
    }

    /// Back to an empty (all-zero) window.
    public mutating func reset() {
        for k in samples.indices { samples[k] = 0 }
        for k in tail.indices { tail[k] = 0 }
        head = 0
        index = 0
        setShift(0)
    }

    /// A lap is complete: its suffix sums become the next lap's tail, with the
    /// scale that suits the window's largest sample.
    private mutating func completeLap() {
        var largest = 0.0
        for x in samples { largest = max(largest, abs(x)) }
        setShift(preferredShift(for: largest))
        var running = 0.0
        tail[window] = 0
        var k = window - 1
        if shift == 0 {
            while k >= 0 {
                running += samples[k] * samples[k]
                tail[k] = running
                k -= 1
            }
        } else {
            while k >= 0 {
                let y = samples[k] * scale
                running += y * y
                tail[k] = running
                k -= 1
            }
        }
        head = 0
        index = 0
    }

    /// The shift that puts `largest` 2^headroom below 2^largestExponent (0
    /// for an all-zero window).
    private func preferredShift(for largest: Double) -> Int {
        guard largest.isFinite, largest > 0 else { return 0 }
        return min(largestExponent - Self.headroom - 1 - Int(largest.exponent), Self.largestShift)
    }

    /// The sample `magnitude` does not suit the scale: too large (its square
    /// would overflow the sums) or too small (subnormal). The shift that suits
    /// it, as far as the samples already in the window allow (a shift up must
    /// not make their squares overflow), and the sums still in use rescaled.
    private mutating func rescale(for magnitude: Double) {
        guard magnitude.isFinite else { return }  // NaN or infinity: let it through
        var wanted = preferredShift(for: magnitude)
        if magnitude > high {
            wanted = min(wanted, shift)
        } else {
            // Up: every scaled square in the window is at most their sum S, so
            // S 2^(2 d) <= 2^(2 largestExponent) keeps each below the bound.
            let sum = head + tail[index]
            if sum > 0 { wanted = min(wanted, shift + (2 * largestExponent - Int(sum.exponent) - 1) / 2) }
            guard wanted > shift else { return }
        }
        let twice = 2 * (wanted - shift)
        head = Double(sign: .plus, exponent: twice, significand: head)
        for k in (index + 1)..<tail.count { tail[k] = Double(sign: .plus, exponent: twice, significand: tail[k]) }
        setShift(wanted)
    }

    private mutating func setShift(_ s: Int) {
        shift = s
        scale = Double(sign: .plus, exponent: s, significand: 1)
        inverseScale = Double(sign: .plus, exponent: -s, significand: 1)
        high = Double(sign: .plus, exponent: largestExponent - s, significand: 1)  // inf when nothing is too large
        low = Double(sign: .plus, exponent: Self.smallestExponent - s, significand: 1)
    }
}
