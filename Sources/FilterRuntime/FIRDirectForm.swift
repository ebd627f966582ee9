/// A FIR filter as the runtime runs it: the direct form (a tapped delay line)
///
///     y[n] = sum_{k=0}^{N-1} h[k] x[n-k],
///
/// summed in the order of `firDotProduct` (eight partial sums), which the
/// emitted C and JavaScript follow too, so all three agree bit for bit.
///
/// The last N samples live twice in a buffer of 2N (each written at p and at
/// p + N), so the window x[n-N+1] ... x[n] is always contiguous and one
/// sample costs one inner product with the time-reversed taps, with no
/// shifting of the delay line. A block runs the samples whose window lies
/// inside the block straight from the input; `process(_:)` one sample at a
/// time and a block give the same outputs, bit for bit.
///
/// Taps are given in Double (a design's) and rounded once to `Sample`, or
/// in `Sample` as they are.
public struct FIRDirectForm<Sample: BinaryFloatingPoint & SIMDScalar>: Sendable where Sample: Sendable {
    /// The taps h[0] ... h[N-1], as stored in `Sample`.
    public let taps: [Sample]
    /// The taps time-reversed, r[j] = h[N-1-j]: the inner product's order.
    @usableFromInline let reversed: [Sample]
    /// The last N inputs, twice: slot p and p + N hold the same sample.
    @usableFromInline var history: [Sample]
    /// Where the next input goes (0 ..< N).
    @usableFromInline var position: Int

    /// A filter of `taps` in `Sample`, at rest.
    ///
    /// - Precondition: at least one tap.
    public init(taps: [Sample]) {
        precondition(!taps.isEmpty, "a FIR filter needs at least one tap")
        self.taps = taps
        reversed = taps.reversed()
        history = [Sample](repeating: 0, count: 2 * taps.count)
        position = 0
    }

    /// A filter of a design's `taps`, each rounded to `Sample`, at rest.
    ///
    /// - Precondition: at least one tap.
    public init(_ taps: [Double]) {
        self.init(taps: taps.map { Sample($0) })
    }

    /// The number of taps, N.
    @inlinable public var count: Int { reversed.count }

    /// Forgets all history (the filter at rest: every past input 0).
    public mutating func reset() {
        for i in history.indices { history[i] = 0 }
        position = 0
    }

    /// The state a constant input `x` would have settled in: every past input
    /// `x`, so the next output of `x` is x * sum h (to rounding).
    public mutating func reset(toSteadyStateFor x: Sample) {
        for i in history.indices { history[i] = x }
        position = 0
    }

    /// Filters one sample.
    @inlinable
    public mutating func process(_ x: Sample) -> Sample {
        let n = reversed.count
        let p = position
        return history.withUnsafeMutableBufferPointer { h in
            h[p] = x
            h[p + n] = x
            position = p + 1 == n ? 0 : p + 1
            return reversed.withUnsafeBufferPointer { r in
                firDotProduct(r.baseAddress!, UnsafePointer(h.baseAddress! + p + 1), count: n)
            }
        }
    }

    /// Filters `input` into `output` (the same count), as `process(_:)` would
    /// sample by sample, bit for bit.
    ///
    /// - Precondition: `output.count == input.count`.
    @inlinable
    public mutating func process(_ input: UnsafeBufferPointer<Sample>, into output: UnsafeMutableBufferPointer<Sample>) {
        precondition(output.count == input.count, "output must hold as many samples as input")
        let n = reversed.count, count = input.count
        // The first N - 1 outputs reach back into the history.
        let head = min(count, n - 1)
        for i in 0..<head { output[i] = process(input[i]) }
        guard count > head, let x = input.baseAddress, let y = output.baseAddress else { return }
        // From sample N - 1 on the window x[i-N+1] ... x[i] lies in the input.
        reversed.withUnsafeBufferPointer { r in
            for i in head..<count {
                y[i] = firDotProduct(r.baseAddress!, x + i - (n - 1), count: n)
            }
        }
        // The history: the last N inputs, as N calls of process(_:) would leave it.
        history.withUnsafeMutableBufferPointer { h in
            for k in 0..<n {
                let sample = input[count - n + k]
                h[k] = sample
                h[k + n] = sample
            }
        }
        position = 0
    }

    /// `input` filtered, as `process(_:)` would filter it sample by sample.
    public mutating func process(_ input: [Sample]) -> [Sample] {
        var output = [Sample](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { x in
            output.withUnsafeMutableBufferPointer { y in process(x, into: y) }
        }
        return output
    }
}
