/// Runs a `DigitalFilterTemplate`: one sample at a time or a block at a time,
/// in `Double` or `Float`.
///
/// A template with `sections` runs them (`SectionCascade<Form>`: accurate at
/// any order, in Float too), in the form `Form` (`CascadeForm`), chosen once,
/// as a type: `DigitalFilter<Float>` and `DigitalFilter<Double>` run their
/// samples' default form (`DefaultCascadeForm`),
/// `DigitalFilter<OffsetForm<Float>>` the offset form. Without, it runs the plain direct-form recurrence,
/// term by term in Fisher's order:
///
///     y[n] = sum_i b_i u[n-NZ+i] + sum_{i<NP-1} y_i y[n-NP+i] + y_(NP-1) y[n-1]
///
/// with b_i = x_i / G folded in once (no per-sample division) and zero b_i
/// skipped (adding 0 changes nothing). Blocks are processed in chunks: first
/// the feed-forward sums for the whole chunk, tap by tap (each sum still
/// accumulates in the order above, and the loop over samples vectorises), then
/// the feedback recursion, whose history is simply the previous outputs in a
/// contiguous buffer. The newest feedback term is added last, so one
/// multiply-add lies on the sample-to-sample dependency chain.
@frozen
public struct DigitalFilter<Form: CascadeForm>: Sendable {
    /// The samples in and out.
    public typealias Sample = Form.Sample
    /// Samples per chunk of block processing.
    @usableFromInline static var chunk: Int { 2048 }

    @usableFromInline let taps: [Sample]       // the non-zero b_i ...
    @usableFromInline let tapIndex: [Int]      // ... and their i, ascending
    @usableFromInline let a: [Sample]          // y_0 ... y_(NP-1); empty for FIR
    @usableFromInline let zeroCount: Int       // NZ
    /// Inputs: NZ of history, then room for a chunk.
    @usableFromInline var xs: [Sample]
    /// Outputs: NP of history, then room for a chunk.
    @usableFromInline var ys: [Sample]
    /// The template's sections, when it has them (then they run instead).
    @usableFromInline var cascade: SectionCascade<Form>
    @usableFromInline let runsSections: Bool

    /// Prepares a filter for `template`, at rest (all history 0); its
    /// sections, if it has them, in `Form`.
    public init(_ template: DigitalFilterTemplate) {
        cascade = SectionCascade(template.sections)
        runsSections = !template.sections.isEmpty
        let b = template.xCoefficients.map { Sample($0 / template.gain) }
        let nonZero = b.indices.filter { b[$0] != 0 }
        tapIndex = nonZero
        taps = nonZero.map { b[$0] }
        a = template.isFIR ? [] : template.yCoefficients.map { Sample($0) }
        zeroCount = template.zeroCount
        xs = Array(repeating: 0, count: zeroCount + Self.chunk)
        ys = Array(repeating: 0, count: a.count + Self.chunk)
    }

    /// Forgets all history, as if no sample had been seen.
    public mutating func reset() {
        cascade.reset()
        for i in 0..<zeroCount { xs[i] = 0 }
        for i in 0..<a.count { ys[i] = 0 }
    }

    /// Sets the state that a constant input `x` would have settled in, so a
    /// signal that starts at `x` causes no start-up transient (scipy's
    /// `lfilter_zi` / `sosfilt_zi` times `x`). The direct form's inputs are
    /// all x / G and its outputs all H(1) x, H(1) = (sum b) / (1 - sum y_i)
    /// from the coefficients as they run.
    ///
    /// - Returns: false, and the filter at rest, when the filter has a pole at
    ///   z = 1 (an integrator has no steady state for a constant).
    @discardableResult
    public mutating func reset(toSteadyStateFor x: Sample) -> Bool {
        if runsSections { return cascade.reset(toSteadyStateFor: x) }
        var forward = 0.0, feedback = 1.0
        for tap in taps { forward += Double(tap) }
        for c in a { feedback -= Double(c) }
        guard feedback != 0, feedback.isFinite else { reset(); return false }
        let output = Sample(forward / feedback * Double(x))
        for i in 0..<zeroCount { xs[i] = x }
        for i in 0..<a.count { ys[i] = output }
        return true
    }

    /// Filters one sample: the same arithmetic, in the same order, as a block
    /// (so the result is bit for bit the same), without the block machinery.
    /// The histories are updated through the arrays' subscripts: their
    /// `withUnsafeMutableBufferPointer` costs more than the arithmetic here.
    ///
    /// The cascade steps on every call (with no sections it returns `x`), so
    /// that in a caller's loop its last sections' memories can stay in
    /// registers (`SectionCascade.process(_:)`); for that this is always
    /// inlined.
    @inlinable @inline(__always)
    public mutating func process(_ x: Sample) -> Sample {
        let y = cascade.process(x)
        if runsSections { return y }
        let nz = zeroCount, np = a.count, nt = taps.count
        xs[nz] = x
        var acc: Sample = 0
        taps.withUnsafeBufferPointer { tap in
            tapIndex.withUnsafeBufferPointer { index in
                xs.withUnsafeBufferPointer { u in
                    for k in 0..<nt { acc += tap[k] * u[index[k]] }
                }
            }
        }
        a.withUnsafeBufferPointer { coefficient in
            ys.withUnsafeBufferPointer { y in
                for i in 0..<np { acc += coefficient[i] * y[i] }
            }
        }
        // Shift the histories by one.
        for i in 0..<nz { xs[i] = xs[i + 1] }
        if np > 0 {
            for i in 0..<(np - 1) { ys[i] = ys[i + 1] }
            ys[np - 1] = acc
        }
        return acc
    }

    /// Filters `input` into `output` (which must have at least `input.count` elements).
    @inlinable
    public mutating func process(_ input: UnsafeBufferPointer<Sample>, into output: UnsafeMutableBufferPointer<Sample>) {
        precondition(output.count >= input.count, "output is shorter than input")
        if runsSections { return cascade.process(input, into: output) }
        let nz = zeroCount, np = a.count, nt = taps.count
        guard let inputBase = input.baseAddress, let outputBase = output.baseAddress else { return }
        taps.withUnsafeBufferPointer { tapBuffer in
        tapIndex.withUnsafeBufferPointer { indexBuffer in
        a.withUnsafeBufferPointer { aBuffer in
        xs.withUnsafeMutableBufferPointer { xBuffer in
        ys.withUnsafeMutableBufferPointer { yBuffer in
            let x = xBuffer.baseAddress!, y = yBuffer.baseAddress!
            // The feed-forward sums go where the outputs will: the recursion
            // reads each one just before overwriting it with the output.
            let sums = y + np
            var start = 0
            while start < input.count {
                let m = min(Self.chunk, input.count - start)
                // Inputs after their history.
                (x + nz).update(from: inputBase + start, count: m)
                // Feed-forward sums, then the feedback recursion.
                if nt > 0 {
                    feedForward(taps: tapBuffer.baseAddress!, tapIndex: indexBuffer.baseAddress!, tapCount: nt,
                                x: x, sums: sums, count: m)
                } else {
                    for n in 0..<m { sums[n] = 0 }
                }
                if np == 0 {
                    (outputBase + start).update(from: sums, count: m)
                } else {
                    feedback(poles: np, a: aBuffer.baseAddress!, sums: sums, y: y, count: m)
                    (outputBase + start).update(from: y + np, count: m)
                    // Keep the last NP outputs as the next chunk's history.
                    y.update(from: y + m, count: np)
                }
                x.update(from: x + m, count: nz)
                start += m
            }
        }
        }
        }
        }
        }
    }

    /// Filters an array, returning the filtered samples.
    @inlinable
    public mutating func process(_ input: [Sample]) -> [Sample] {
        filtered(input) { process($0, into: $1) }
    }
}
