/// A cascade of second-order sections (`Biquad`s) as the runtime runs it, in
/// one of three forms (`Form`), by default the most accurate one that is fast
/// where it runs:
///
/// - **Double samples: transposed direct form II** (`TransposedDirectFormII`),
///   the fewest operations, accurate in Double.
/// - **Float samples on hardware with Double arithmetic** (phones, Macs,
///   desktops, servers): **the same form run in Double inside**, each Float
///   sample widened on the way in and rounded once on the way out. Double's
///   arithmetic costs what Float's does there, and the output is the design's
///   to Float's last bit.
/// - **Float samples in Embedded Swift** (a Cortex-M4F has a single-precision
///   FPU only): **direct form I about the nearest integers with error
///   feedback** (`OffsetDirectFormI`), accurate in Float near z = +-1, at
///   about three times TDF-II's operations. The emitted float C runs the same
///   form, bit for bit.
///
/// `init(_:form:)` chooses explicitly. In the offset form every section's b0
/// is a signed power of two: the significands are taken out of the b0s and
/// multiply the last output instead (`OffsetBiquad.factoringOutputGain`).
///
/// One sample at a time, the sections run in sequence; a block runs groups of
/// sections over it, sample by sample with their memories in registers
/// (`runSections`), so the processor overlaps their dependency chains. Both
/// give the same results, bit for bit: the arithmetic is the same, in the
/// same order.
///
/// The sections live inside the value while they fit (1 KiB: 18 sections of
/// TDF-II in Double), so `process(_:)` calls nothing, not even an array's
/// uniqueness check. In TDF-II in Double (Double samples, and Float in Double
/// inside) the last two sections are stepped on every call whatever the form,
/// so a caller's loop of `process(_:)` keeps their memories in registers when
/// the filter is a local variable or an `inout` parameter (a closure that
/// captures the filter keeps them in memory). `filter-benchmarks --forms-only`
/// measures it (docs/figures.md).
@frozen
public struct SectionCascade<Sample: SectionSample & SIMDScalar>: Sendable {
    /// How the sections run.
    public enum Form: Sendable, Hashable {
        /// Transposed direct form II in `Sample`: the fewest operations.
        case transposed
        /// Direct form I about the nearest integers with error feedback in
        /// `Sample`: about three times the operations, and accurate near
        /// z = +-1 in Float. What the emitted float C runs.
        case offset
        /// Transposed direct form II in Double, whatever `Sample` is: each
        /// sample widened on the way in, the output rounded once.
        case transposedInDouble

        /// Which of `FormSections`' arrays runs.
        @inlinable var kind: FormKind {
            switch self {
            case .transposed: .transposed
            case .offset: .offset
            case .transposedInDouble: .wide
            }
        }
    }

    /// The form the sections run in.
    public let form: Form
    /// The sections in `form`.
    @usableFromInline var sections: FormSections<Sample, Double>
    /// The offset form's output gain: the product of the significands of the
    /// sections' b0 (`OffsetBiquad.factoringOutputGain`), which multiplies
    /// the last section's output; 1 for the other forms.
    @usableFromInline let outputGain: Sample

    /// The form that runs `Sample` best where this code runs: Double inside
    /// for Float (and smaller) samples, except in Embedded Swift (single-
    /// precision microcontrollers), where the offset form runs; TDF-II for
    /// Double and wider.
    public static var defaultForm: Form {
        guard MemoryLayout<Sample>.size < MemoryLayout<Double>.size else { return .transposed }
        #if hasFeature(Embedded)
        return .offset
        #else
        return .transposedInDouble
        #endif
    }

    /// Prepares a cascade of `sections`, at rest, in `defaultForm`.
    public init(_ sections: [Biquad]) {
        self.init(sections, form: Self.defaultForm)
    }

    /// Prepares a cascade in the form asked for, at rest.
    public init(_ sections: [Biquad], form: Form) {
        self.form = form
        self.sections = FormSections(sections, kind: form.kind)
        outputGain = Sample(self.sections.outputGain)
    }

    /// The number of sections.
    public var count: Int { sections.count }

    /// The sections as they run: each coefficient as stored, in Double (for
    /// the offset form, each remainder its high and low parts summed, and the
    /// output gain folded into the last section's numerator).
    public var sectionsAsRun: [Biquad] {
        var asRun = storedSections
        if form == .offset, var last = asRun.last {
            let g = Double(outputGain)
            (last.b0, last.b1, last.b2) = (last.b0 * g, last.b1 * g, last.b2 * g)
            asRun[asRun.count - 1] = last
        }
        return asRun
    }

    /// The sections as stored, in Double: for the offset form, without the
    /// output gain.
    var storedSections: [Biquad] { sections.stored }

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
    /// registers (`FormSections`).
    @inlinable @inline(__always)
    public mutating func process(_ x: Sample) -> Sample {
        sections.step(x, outputGain: outputGain, widen: { Double($0) }, narrow: { Sample($0) })
    }

    /// Filters `input` into `output` (at least as long); they may be the same buffer.
    @inlinable
    public mutating func process(_ input: UnsafeBufferPointer<Sample>, into output: UnsafeMutableBufferPointer<Sample>) {
        precondition(output.count >= input.count, "output is shorter than input")
        guard let x = input.baseAddress, let y = output.baseAddress, input.count > 0 else { return }
        let m = input.count
        switch sections.kind {
        case .transposed:
            sections.withTransposed { runSections($0, x, y, m) }
        case .offset:
            sections.withOffset { runSections($0, x, y, m) }
            if outputGain != 1 {
                for i in 0..<m { y[i] *= outputGain }
            }
        case .wide where Sample.self == Double.self:
            // Double samples' TDF-II: in place, no widening.
            sections.withWide { runSections($0, UnsafeRawPointer(x).assumingMemoryBound(to: Double.self),
                                            UnsafeMutableRawPointer(y).assumingMemoryBound(to: Double.self), m) }
        case .wide:
            sections.withWide { SectionStep.runWidened($0, x, y, m, widen: { Double($0) }, narrow: { Sample($0) }) }
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
