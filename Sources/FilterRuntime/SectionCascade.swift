/// A cascade of second-order sections (`Biquad`s) as the runtime runs it, in
/// the form `Form` (`CascadeForm`), chosen once, as a type:
///
/// - **`SectionCascade<Double>`**: transposed direct form II in Double
///   (`TransposedForm<Double>`), the fewest operations.
/// - **`SectionCascade<Float>`** on hardware with Double arithmetic (phones,
///   Macs, desktops, servers): **the same form run in Double inside**
///   (`TransposedInDoubleForm<Float>`), each Float sample widened on the way
///   in and rounded once on the way out. Double's arithmetic costs what
///   Float's does there, and the output is the design's to Float's last bit.
/// - **`SectionCascade<Float>` in Embedded Swift** (a Cortex-M4F has a
///   single-precision FPU only): **direct form I about the nearest integers
///   with error feedback** (`OffsetForm<Float>`, `OffsetDirectFormI`),
///   accurate in Float near z = +-1, at about three times TDF-II's
///   operations. The emitted float C runs the same form, bit for bit.
///
/// `SectionCascade<OffsetForm<Float>>`, `SectionCascade<TransposedForm<Float>>`
/// and the others name a form explicitly. A program carries the code of the
/// forms it names, and only those.
///
/// One sample at a time, the sections run in sequence; a block runs groups of
/// sections over it, sample by sample with their memories in registers
/// (`runSections`), so the processor overlaps their dependency chains. Both
/// give the same results, bit for bit: the arithmetic is the same, in the
/// same order.
///
/// The sections live inside the value while they fit (1 KiB: 18 sections of
/// TDF-II in Double), so `process(_:)` calls nothing, not even an array's
/// uniqueness check. The last two sections are stepped on every call, so a
/// caller's loop of `process(_:)` keeps their memories in registers when the
/// filter is a local variable or an `inout` parameter (a closure that
/// captures the filter keeps them in memory). `filter-benchmarks --forms-only`
/// measures it (docs/figures.md).
@frozen
public struct SectionCascade<Form: CascadeForm>: Sendable {
    /// The samples in and out.
    public typealias Sample = Form.Sample

    /// The sections in `Form`.
    @usableFromInline var sections: CascadeSections<Form.Section>
    /// The gain that multiplies the last section's output: for the offset
    /// form, the product of the significands of the sections' b0
    /// (`OffsetBiquad.factoringOutputGain`); 1 for the other forms.
    @usableFromInline let outputGain: Sample

    /// Prepares a cascade of `sections` in `Form`, at rest.
    public init(_ sections: [Biquad]) {
        let prepared = Form.cascadeSections(sections)
        self.sections = CascadeSections(prepared.sections)
        outputGain = Sample(prepared.outputGain)
    }

    /// The number of sections.
    public var count: Int { sections.count }

    /// The sections as they run: each coefficient as stored, in Double (for
    /// the offset form, each remainder its high and low parts summed, and the
    /// output gain folded into the last section's numerator).
    public var sectionsAsRun: [Biquad] {
        var asRun = sections.stored
        if Form.scalesOutput, var last = asRun.last {
            let g = Double(outputGain)
            (last.b0, last.b1, last.b2) = (last.b0 * g, last.b1 * g, last.b2 * g)
            asRun[asRun.count - 1] = last
        }
        return asRun
    }

    /// Forgets all history, as if no sample had been seen.
    public mutating func reset() { sections.reset() }

    /// Sets the state that a constant input `x` would have settled in, so a
    /// signal that starts at `x` (gravity on an accelerometer axis) causes no
    /// start-up transient: scipy's `sosfilt_zi` times `x`. Each section's
    /// output is its dc gain (b0 + b1 + b2) / (1 + a1 + a2) times its input,
    /// from the coefficients as they run, in Double.
    ///
    /// - Returns: false, and the filter at rest, when a section has a pole at
    ///   z = 1 (an integrator has no steady state for a constant).
    @discardableResult
    public mutating func reset(toSteadyStateFor x: Sample) -> Bool {
        sections.settle(inputs: [Double(x)])
    }

    /// Filters one sample through every section in turn. Always inlined:
    /// in a caller's loop the last two sections' memories can then stay in
    /// registers (`CascadeSections`).
    @inlinable @inline(__always)
    public mutating func process(_ x: Sample) -> Sample {
        let y = Form.cascadeOutput(sections.step(Form.cascadeInput(x)))
        return Form.scalesOutput ? outputGain * y : y
    }

    /// Filters `input` into `output` (at least as long); they may be the same buffer.
    @inlinable
    public mutating func process(_ input: UnsafeBufferPointer<Sample>, into output: UnsafeMutableBufferPointer<Sample>) {
        precondition(output.count >= input.count, "output is shorter than input")
        guard let x = input.baseAddress, let y = output.baseAddress, input.count > 0 else { return }
        let m = input.count
        typealias Lanes = Form.Section.Lanes
        if Lanes.self == Sample.self {
            // The sections run the samples themselves: in place, no widening.
            sections.withAll { runSections($0, UnsafeRawPointer(x).assumingMemoryBound(to: Lanes.self),
                                           UnsafeMutableRawPointer(y).assumingMemoryBound(to: Lanes.self), m) }
        } else {
            sections.withAll { SectionStep.runWidened($0, x, y, m, widen: Form.cascadeInput, narrow: Form.cascadeOutput) }
        }
        if Form.scalesOutput && outputGain != 1 {
            for i in 0..<m { y[i] *= outputGain }
        }
    }

    /// Filters an array, returning the filtered samples.
    @inlinable
    public mutating func process(_ input: [Sample]) -> [Sample] {
        filtered(input) { process($0, into: $1) }
    }
}

/// `input` through a block filter's `process(_:into:)` into a new array.
@inlinable
func filtered<Sample: SectionSample>(
    _ input: [Sample], by process: (UnsafeBufferPointer<Sample>, UnsafeMutableBufferPointer<Sample>) -> Void
) -> [Sample] {
    var output = [Sample](repeating: 0, count: input.count)
    input.withUnsafeBufferPointer { i in
        output.withUnsafeMutableBufferPointer { o in process(i, o) }
    }
    return output
}
