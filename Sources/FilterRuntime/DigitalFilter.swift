/// Runs a `DigitalFilterTemplate`: one sample at a time or a block at a time,
/// in `Double` or `Float`.
///
/// Direct form I, as Fisher's recurrence: y[n] = sum b_i v[n-NZ+i] + sum a_i y[n-NP+i]
/// with b_i = x_i / G folded in once (no per-sample division). The histories
/// live in mirrored ring buffers (each value written twice, N apart) so the
/// last N values are always contiguous: no shifting and no modulo in the
/// inner loops. The newest feedback term is added last, so only one
/// multiply-add lies on the sample-to-sample dependency chain.
@frozen
public struct DigitalFilter<Sample: BinaryFloatingPoint & Sendable>: Sendable {
    @usableFromInline let b: [Sample]        // b_0 ... b_NZ, oldest first
    @usableFromInline let a: [Sample]        // a_0 ... a_(NP-1), oldest first
    @usableFromInline var inputs: [Sample]   // 2 (NZ + 1) mirrored
    @usableFromInline var outputs: [Sample]  // 2 max(NP, 1) mirrored
    @usableFromInline var inputIndex = 0
    @usableFromInline var outputIndex = 0

    /// Prepares a filter for `template`, at rest (all history 0).
    public init(_ template: DigitalFilterTemplate) {
        b = template.xCoefficients.map { Sample($0 / template.gain) }
        a = template.isFIR ? [] : template.yCoefficients.map { Sample($0) }
        inputs = Array(repeating: 0, count: 2 * b.count)
        outputs = Array(repeating: 0, count: 2 * max(a.count, 1))
    }

    /// Forgets all history, as if no sample had been seen.
    public mutating func reset() {
        for i in inputs.indices { inputs[i] = 0 }
        for i in outputs.indices { outputs[i] = 0 }
        inputIndex = 0
        outputIndex = 0
    }

    /// Filters one sample.
    @inlinable
    public mutating func process(_ x: Sample) -> Sample {
        let nb = b.count, na = a.count
        // Newest input at position inputIndex + nb - 1 of the contiguous window.
        inputs.withUnsafeMutableBufferPointer { v in
            v[inputIndex] = x
            v[inputIndex + nb] = x
        }
        var acc: Sample = 0
        b.withUnsafeBufferPointer { b in
            inputs.withUnsafeBufferPointer { v in
                let start = inputIndex + 1  // oldest of the last nb inputs
                for i in 0..<nb { acc += b[i] * v[start + i] }
            }
        }
        inputIndex += 1
        if inputIndex == nb { inputIndex = 0 }
        guard na > 0 else { return acc }
        var y: Sample = 0
        a.withUnsafeBufferPointer { a in
            outputs.withUnsafeBufferPointer { w in
                let start = outputIndex  // oldest of the last na outputs
                var feedback = acc
                for i in 0..<(na - 1) { feedback += a[i] * w[start + i] }
                y = feedback + a[na - 1] * w[start + na - 1]
            }
        }
        outputs.withUnsafeMutableBufferPointer { w in
            w[outputIndex] = y
            w[outputIndex + na] = y
        }
        outputIndex += 1
        if outputIndex == na { outputIndex = 0 }
        return y
    }

    /// Filters `input` into `output` (which must have at least `input.count` elements).
    @inlinable
    public mutating func process(_ input: UnsafeBufferPointer<Sample>, into output: UnsafeMutableBufferPointer<Sample>) {
        precondition(output.count >= input.count, "output is shorter than input")
        for i in 0..<input.count { output[i] = process(input[i]) }
    }

    /// Filters an array, returning the filtered samples.
    @inlinable
    public mutating func process(_ input: [Sample]) -> [Sample] {
        var output = [Sample](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { i in
            output.withUnsafeMutableBufferPointer { o in process(i, into: o) }
        }
        return output
    }
}
