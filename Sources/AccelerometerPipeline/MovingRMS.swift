/// The root mean square of the last N samples, in O(1) per sample (amortised),
/// without drift.
///
/// A running sum that adds the newest square and subtracts the oldest gathers
/// rounding error forever (and can go negative). Here the window is split at
/// the ring buffer's write position: the new samples of the current lap are a
/// running sum restarted at every lap (`head`), and the old samples still in
/// the window are a suffix sum of the previous lap (`tail[i]`), computed afresh,
/// from its stored squares, once per lap. So each window sum is the sum of at
/// most N non-negative terms computed at most N additions ago: its relative
/// error is below about 2 N u (u = 2^-53) at every sample, however long the
/// signal, and it is never negative. Cost: two additions and one square per
/// sample, plus N additions once every N samples.
///
/// Until N samples have arrived, the RMS is over the samples so far divided by
/// N (the window is full of zeros at the start, as Shake! starts it).
public struct MovingRMS: Sendable {
    /// N, the window length in samples.
    public let window: Int
    private var squares: [Double]
    /// tail[k] = sum of squares[k ..< window] of the previous lap; tail[window] = 0.
    private var tail: [Double]
    private var head = 0.0
    private var index = 0

    /// - Throws: `PipelineError` unless window >= 1.
    public init(window: Int) throws(PipelineError) {
        guard window >= 1 else { throw PipelineError("RMS window \(window) must be at least 1 sample") }
        self.window = window
        squares = Array(repeating: 0, count: window)
        tail = Array(repeating: 0, count: window + 1)
    }

    /// Adds `x` and returns sqrt(mean of the squares of the last N samples).
    public mutating func process(_ x: Double) -> Double {
        let square = x * x
        squares[index] = square
        head += square
        index += 1
        let sum = head + tail[index]
        if index == window {
            // A lap is complete: its suffix sums become the next lap's tail.
            var running = 0.0
            tail[window] = 0
            var k = window - 1
            while k >= 0 {
                running += squares[k]
                tail[k] = running
                k -= 1
            }
            head = 0
            index = 0
        }
        return (sum / Double(window)).squareRoot()
    }

    /// Back to an empty (all-zero) window.
    public mutating func reset() {
        for k in squares.indices { squares[k] = 0 }
        for k in tail.indices { tail[k] = 0 }
        head = 0
        index = 0
    }
}
