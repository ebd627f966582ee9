/// A FIR filter as the runtime runs it: the direct form (a tapped delay line)
///
///     y[n] = sum_{k=0}^{N-1} h[k] x[n-k],
///
/// summed in the order of `FIRSample.firDotProduct` (32 partial sums), which the
/// emitted C and JavaScript follow too, so all three agree bit for bit.
///
/// One sample (`process(_:)`) reads the window x[n-N+1] ... x[n] from two
/// places (`firStep`): its older samples from a buffer of 2N, where each
/// sample is written at p and at p + N so that the window is contiguous with
/// no shifting, and its newest 13 to 44 samples (all of a filter of up to 44
/// taps) from a shift register of `SIMD4` vectors, which spares the
/// processor reading back a sample it has only just stored. A block reads the
/// windows that lie inside it straight from its input; `process(_:)` one
/// sample at a time and a block give the same outputs, bit for bit.
///
/// Taps are given in Double (a design's) and rounded once to `Sample`, or
/// in `Sample` as they are.
public struct FIRDirectForm<Sample: FIRSample>: Sendable {
    /// The taps h[0] ... h[N-1], as stored in `Sample`.
    public let taps: [Sample]
    /// N.
    @usableFromInline let tapCount: Int
    /// The inner product's mask of its last group of 32 (`firTailMask`).
    @usableFromInline let tailMask: [UInt8]
    /// What `process(_:)` reads and writes beyond the shift register, in one
    /// buffer (one access, no reference counting a sample): the taps
    /// time-reversed, r[j] = h[N-1-j], then zeros up to a multiple of 32 (what
    /// `FIRSample.firDotProduct` reads); then from `historyStart` the last N
    /// inputs twice, slot p and p + N holding the same sample (then 32 zeros,
    /// read only under the mask).
    @usableFromInline var state: [Sample]
    /// Where the buffer of 2N starts in `state`.
    @usableFromInline let historyStart: Int
    /// Where the next input goes (0 ..< N).
    @usableFromInline var position: Int
    /// The window's newest part and its taps (`firStep`), inline.
    @usableFromInline var register: FIRShiftRegister<Sample>

    /// A filter of `taps` in `Sample`, at rest.
    ///
    /// - Precondition: at least one tap.
    public init(taps: [Sample]) {
        precondition(!taps.isEmpty, "a FIR filter needs at least one tap")
        self.taps = taps
        let reversed = taps.reversed() + [Sample](repeating: 0, count: firPadding(taps.count))
        tapCount = taps.count
        tailMask = firTailMask(taps.count, of: Sample.self)
        // The buffer: 2N, and 32 more that the last group's masked loads may read.
        historyStart = reversed.count
        state = reversed + [Sample](repeating: 0, count: 2 * taps.count + 32)
        position = 0
        register = FIRShiftRegister(reversed: reversed, count: taps.count)
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
        for i in historyStart..<state.count { state[i] = 0 }
        register.fill(count: tapCount) { _ in 0 }
        position = 0
    }

    /// The state a constant input `x` would have settled in: every past input
    /// `x`, so the next output of `x` is x * sum h (to rounding).
    public mutating func reset(toSteadyStateFor x: Sample) {
        for i in historyStart..<state.count { state[i] = x }
        register.fill(count: tapCount) { _ in x }
        position = 0
    }

    /// Filters one sample.
    @inlinable
    public mutating func process(_ x: Sample) -> Sample {
        let n = tapCount
        let p = position
        position = p + 1 == n ? 0 : p + 1
        if firBufferGroups(taps: n) == 0 {
            // The shift register is the whole window: no array.
            return firRegisterStep(x, taps: n, register: &register)
        }
        // The array out of self for the call (a swap: no copy, no count), so
        // that the register can be written beside it.
        let history = historyStart
        var buffer: [Sample] = []
        swap(&buffer, &state)
        defer { swap(&buffer, &state) }
        return buffer.withUnsafeMutableBufferPointer { b in
            firStep(x, taps: n, history: b.baseAddress! + history, at: p, register: &register,
                    reversed: UnsafeRawPointer(b.baseAddress!))
        }
    }

    /// Filters `input` into `output` (the same count), as `process(_:)` would
    /// sample by sample, bit for bit: the same inner products, in the same
    /// order. Where windows lie inside `input`, the products read `input`
    /// itself, a vector of outputs at a time (`firDotProducts`, or
    /// `firShortDotProducts` up to 32 taps: 8 Float or 4 Double, their windows
    /// one vector load a tap) and then one at a time (with the last
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
        let (history, tailMask) = (historyStart, tailMask)
        var buffer: [Sample] = []
        swap(&buffer, &state)
        defer { swap(&buffer, &state) }
        var register = register
        defer { self.register = register }
        buffer.withUnsafeMutableBufferPointer { b in
            tailMask.withUnsafeBytes { m in
                let (hp, rp, mp) = (b.baseAddress! + history, UnsafePointer(b.baseAddress!), m.baseAddress!)
                /// One sample through `firStep`, the slot advanced.
                func step(_ x: Sample) -> Sample {
                    let y = firStep(x, taps: n, history: hp, at: p, register: &register, reversed: UnsafeRawPointer(rp))
                    p = p + 1 == n ? 0 : p + 1
                    return y
                }
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
                    output[i] = step(input[i])
                    i += 1
                }
                if inside, let x = input.baseAddress, let y = output.baseAddress {
                    // A vector of outputs at a time while their windows lie in
                    // the input (they read no padding), then one at a time.
                    let lanes = Sample.firBlockLanes
                    if n <= 32 {
                        let vectors = (count - i) / lanes
                        Sample.firShortDotProducts(rp, x + i - (n - 1), count: n, into: y + i, vectors: vectors)
                        i += vectors * lanes
                    }
                    while i + lanes <= count {
                        Sample.firDotProducts(rp, x + i - (n - 1), count: n, into: y + i)
                        i += lanes
                    }
                    while i < direct {
                        y[i] = Sample.firDotProduct(rp, x + i - (n - 1), count: n, mask: mp)
                        i += 1
                    }
                    // The delay line as N - 1 steps would leave it before x[i]:
                    // slot k holds x[i - N + 1 + k], the next write at N - 1
                    // (read one sample at a time only past 44 taps, G > 0).
                    if firBufferGroups(taps: n) > 0 {
                        for k in 0..<(n - 1) {
                            hp[k] = x[i - (n - 1) + k]
                            hp[k + n] = hp[k]
                        }
                    }
                    p = n - 1
                    // The shift register before x[i]: w[j] = x[i - N + j]
                    // from j = 32 G (w[0], shifted out unread, may be 0).
                    register.fill(count: n) { j in j > 0 ? x[i - n + j] : 0 }
                }
                while i < count {
                    output[i] = step(input[i])
                    i += 1
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
