/// A FIR filter as the runtime runs it: the direct form (a tapped delay line)
///
///     y[n] = sum_{k=0}^{N-1} h[k] x[n-k],
///
/// summed in the order of `FIRSample.firDotProduct` (32 partial sums), which the
/// emitted C and JavaScript follow too, so all three agree bit for bit.
///
/// The last N samples live twice in a buffer of 2N (each written at p and at
/// p + N), so the window x[n-N+1] ... x[n] is always contiguous and one
/// sample costs one inner product with the time-reversed taps, with no
/// shifting of the delay line. A block reads the windows that lie inside it
/// straight from its input; `process(_:)` one sample at a time and a block
/// give the same outputs, bit for bit.
///
/// Taps are given in Double (a design's) and rounded once to `Sample`, or
/// in `Sample` as they are.
public struct FIRDirectForm<Sample: FIRSample>: Sendable {
    /// The taps h[0] ... h[N-1], as stored in `Sample`.
    public let taps: [Sample]
    /// The taps time-reversed, r[j] = h[N-1-j], then zeros up to a multiple
    /// of 32 (what `FIRSample.firDotProduct` reads).
    @usableFromInline let reversed: [Sample]
    /// N.
    @usableFromInline let tapCount: Int
    /// The inner product's mask of its last group of 32 (`firTailMask`).
    @usableFromInline let tailMask: [UInt8]
    /// The last N inputs, twice: slot p and p + N hold the same sample
    /// (then 32 zeros, read only under the mask).
    @usableFromInline var history: [Sample]
    /// Where the next input goes (0 ..< N).
    @usableFromInline var position: Int

    /// A filter of `taps` in `Sample`, at rest.
    ///
    /// - Precondition: at least one tap.
    public init(taps: [Sample]) {
        precondition(!taps.isEmpty, "a FIR filter needs at least one tap")
        self.taps = taps
        reversed = taps.reversed() + [Sample](repeating: 0, count: firPadding(taps.count))
        tapCount = taps.count
        tailMask = firTailMask(taps.count, of: Sample.self)
        // 2N, and 32 more that the last group's masked loads may read.
        history = [Sample](repeating: 0, count: 2 * taps.count + 32)
        position = 0
    }

    /// A filter of a design's `taps`, each rounded to `Sample`, at rest.
    ///
    /// - Precondition: at least one tap.
    public init(_ taps: [Double]) {
        self.init(taps: taps.map { Sample($0) })
    }

    /// The number of taps, N.
    @inlinable public var count: Int { tapCount }

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
        let n = tapCount
        let p = position
        position = p + 1 == n ? 0 : p + 1
        return history.withUnsafeMutableBufferPointer { h in
            reversed.withUnsafeBufferPointer { r in
                tailMask.withUnsafeBytes { m in
                    Self.step(x, at: p, taps: n, history: h.baseAddress!, reversed: r.baseAddress!, mask: m.baseAddress!)
                }
            }
        }
    }

    /// One sample through the delay line at slot `p`: written at p and
    /// p + N, then the inner product over the window p + 1 ... p + N.
    @inlinable @inline(__always)
    static func step(_ x: Sample, at p: Int, taps n: Int, history h: UnsafeMutablePointer<Sample>,
                     reversed r: UnsafePointer<Sample>, mask: UnsafeRawPointer) -> Sample {
        h[p] = x
        h[p + n] = x
        return Sample.firDotProduct(r, UnsafePointer(h + p + 1), count: n, mask: mask)
    }

    /// Filters `input` into `output` (the same count), as `process(_:)` would
    /// sample by sample, bit for bit: the same inner products, in the same
    /// order. Where windows lie inside `input`, the products read `input`
    /// itself, a vector of outputs at a time (`firDotProducts`: 16 Float
    /// or 8 Double, their windows one vector load a tap) and then one at a time (with the last
    /// group's masked reads); the first N - 1 outputs and the last few go
    /// through the delay line. `input` and
    /// `output` may be the same buffer (or overlap): then every output goes
    /// through the delay line, which reads each input before it writes the
    /// output in its place.
    ///
    /// - Precondition: `output.count == input.count`.
    @inlinable
    public mutating func process(_ input: UnsafeBufferPointer<Sample>, into output: UnsafeMutableBufferPointer<Sample>) {
        precondition(output.count == input.count, "output must hold as many samples as input")
        let n = tapCount, count = input.count, padded = n + firPadding(n)
        var p = position
        history.withUnsafeMutableBufferPointer { h in
            reversed.withUnsafeBufferPointer { r in
                tailMask.withUnsafeBytes { m in
                    let (hp, rp, mp) = (h.baseAddress!, r.baseAddress!, m.baseAddress!)
                    // Outputs from head on have their window x[i-N+1] ... x[i]
                    // inside the input; one inner product at a time reads up to
                    // x[i - N + padded], inside the input below `direct`.
                    let head = min(count, n - 1)
                    let direct = max(head, count - (padded - n))
                    var inside = count > head
                    if let x = input.baseAddress, let y = output.baseAddress,
                       UnsafeRawPointer(y) < UnsafeRawPointer(x + count), UnsafeRawPointer(x) < UnsafeRawPointer(y + count) {
                        inside = false
                    }
                    var i = 0
                    while i < head {
                        output[i] = Self.step(input[i], at: p, taps: n, history: hp, reversed: rp, mask: mp)
                        p = p + 1 == n ? 0 : p + 1
                        i += 1
                    }
                    if inside, let x = input.baseAddress, let y = output.baseAddress {
                        // A vector of outputs at a time while their windows lie in
                        // the input (they read no padding), then one at a time.
                        let lanes = Sample.firBlockLanes
                        while i + lanes <= count {
                            Sample.firDotProducts(rp, x + i - (n - 1), count: n, into: y + i)
                            i += lanes
                        }
                        while i < direct {
                            y[i] = Sample.firDotProduct(rp, x + i - (n - 1), count: n, mask: mp)
                            i += 1
                        }
                        // The delay line as N - 1 steps would leave it before x[i]:
                        // slot k holds x[i - N + 1 + k], the next write at N - 1.
                        for k in 0..<(n - 1) {
                            hp[k] = x[i - (n - 1) + k]
                            hp[k + n] = hp[k]
                        }
                        p = n - 1
                    }
                    while i < count {
                        output[i] = Self.step(input[i], at: p, taps: n, history: hp, reversed: rp, mask: mp)
                        p = p + 1 == n ? 0 : p + 1
                        i += 1
                    }
                }
            }
        }
        position = p
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
