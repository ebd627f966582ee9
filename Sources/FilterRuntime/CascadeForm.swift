/// How a cascade of second-order sections runs, as a type: the section form
/// (`SectionForm`), the arithmetic it runs in, and how samples enter and
/// leave it. `SectionCascade<Form>` and `ThreeAxisSections<Form>` are
/// specialised for one form, so a program carries only the forms it names.
///
/// The forms:
///
/// - `TransposedForm<Sample>`: transposed direct form II in `Sample`, the
///   fewest operations.
/// - `TransposedInDoubleForm<Sample>`: the same form in Double, whatever
///   `Sample` is: each sample widened on the way in, the output rounded once.
/// - `OffsetForm<Sample>`: direct form I about the nearest integers with
///   error feedback (`OffsetDirectFormI`), each b0 a signed power of two and
///   the significands multiplying the last output instead
///   (`OffsetBiquad.factoringOutputGain`): accurate near z = +-1 in Float.
///   What the emitted float C runs.
///
/// `Float` and `Double` are forms too, each its samples' default
/// (`DefaultCascadeForm`): `SectionCascade<Float>` runs Float samples in
/// Double inside on hardware with Double arithmetic and in the offset form in
/// Embedded Swift; `SectionCascade<Double>` runs TDF-II in Double.
public protocol CascadeForm: Sendable {
    /// The samples in and out.
    associatedtype Sample: SectionSample & SIMDScalar
    /// One section as it runs one signal.
    associatedtype Section: SectionForm & Sendable
    /// One section as it runs three signals, one per SIMD lane
    /// (`ThreeAxisSections`; lane 3 unused).
    associatedtype AxesSection: SectionForm & Sendable

    /// Whether the cascade multiplies its last output by an output gain
    /// (the offset form's significands); the other forms' gain is 1.
    static var scalesOutput: Bool { get }

    /// The sections this form runs for `sections` and the gain that
    /// multiplies the last output (1 unless `scalesOutput`).
    static func cascadeSections(_ sections: [Biquad]) -> (sections: [Biquad], outputGain: Double)

    /// A sample as the sections take it (widened, or as it is).
    static func cascadeInput(_ x: Sample) -> Section.Lanes
    /// The sections' output as a sample (rounded once, or as it is).
    static func cascadeOutput(_ y: Section.Lanes) -> Sample
    /// Three axes' samples as the sections take them.
    static func cascadeInput(axes x: SIMD4<Sample>) -> AxesSection.Lanes
    /// The sections' outputs as three axes' samples.
    static func cascadeOutput(axes y: AxesSection.Lanes) -> SIMD4<Sample>
}

/// Transposed direct form II in `Sample`'s own arithmetic
/// (`TransposedDirectFormII`): five multiplies and four additions a section.
/// Double's default form; for Float, the form of CMSIS-DSP and vDSP, whose
/// poles near z = +-1 move by Float's rounding of a1 and a2.
public enum TransposedForm<Sample: SectionSample & SIMDScalar>: CascadeForm where Sample.SIMD4Storage: Sendable {
    /// TDF-II in `Sample`.
    public typealias Section = TransposedDirectFormII<Sample>
    /// TDF-II in `Sample`, one axis a lane.
    public typealias AxesSection = TransposedDirectFormII<SIMD4<Sample>>
    /// Whether the last output is multiplied by an output gain (`CascadeForm`).
    @inlinable public static var scalesOutput: Bool { false }
    /// The sections as this form runs them, and the output gain (`CascadeForm`).
    public static func cascadeSections(_ sections: [Biquad]) -> (sections: [Biquad], outputGain: Double) { (sections, 1) }
    /// A sample as the sections take it (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeInput(_ x: Sample) -> Sample { x }
    /// The sections' output as a sample (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeOutput(_ y: Sample) -> Sample { y }
    /// Three axes as the sections take them (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeInput(axes x: SIMD4<Sample>) -> SIMD4<Sample> { x }
    /// The sections' outputs as three axes' samples (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeOutput(axes y: SIMD4<Sample>) -> SIMD4<Sample> { y }
}

/// Transposed direct form II in Double, whatever `Sample` is: each sample
/// widened on the way in and the output rounded once on the way out. Float's
/// default form where the hardware has Double arithmetic (phones, Macs,
/// servers): it costs what Float's does there, and the output is the
/// design's to Float's last bit.
public enum TransposedInDoubleForm<Sample: SectionSample & SIMDScalar>: CascadeForm where Sample.SIMD4Storage: Sendable {
    /// TDF-II in Double.
    public typealias Section = TransposedDirectFormII<Double>
    /// TDF-II in Double, one axis a lane.
    public typealias AxesSection = TransposedDirectFormII<SIMD4<Double>>
    /// Whether the last output is multiplied by an output gain (`CascadeForm`).
    @inlinable public static var scalesOutput: Bool { false }
    /// The sections as this form runs them, and the output gain (`CascadeForm`).
    public static func cascadeSections(_ sections: [Biquad]) -> (sections: [Biquad], outputGain: Double) { (sections, 1) }
    /// A sample as the sections take it (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeInput(_ x: Sample) -> Double { Double(x) }
    /// The sections' output as a sample (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeOutput(_ y: Double) -> Sample { Sample(y) }
    /// Three axes as the sections take them (`CascadeForm`).
    @inlinable @inline(__always)
    public static func cascadeInput(axes x: SIMD4<Sample>) -> SIMD4<Double> {
        SIMD4<Double>(x)
    }
    /// The sections' outputs as three axes' samples (`CascadeForm`).
    @inlinable @inline(__always)
    public static func cascadeOutput(axes y: SIMD4<Double>) -> SIMD4<Sample> {
        SIMD4<Sample>(y)
    }
}

/// Direct form I about the nearest integers with error feedback in
/// `Sample` (`OffsetDirectFormI`): about three times TDF-II's operations, and
/// accurate near z = +-1 in Float. Float's default form in Embedded Swift (a
/// Cortex-M4F has a single-precision FPU only); the emitted float C runs it,
/// bit for bit. Every section's b0 is a signed power of two: the
/// significands multiply the last output instead
/// (`OffsetBiquad.factoringOutputGain`).
public enum OffsetForm<Sample: SectionSample & SIMDScalar>: CascadeForm where Sample.SIMD4Storage: Sendable {
    /// The offset form in `Sample`.
    public typealias Section = OffsetDirectFormI<Sample>
    /// The offset form in `Sample`, one axis a lane.
    public typealias AxesSection = OffsetDirectFormI<SIMD4<Sample>>
    /// Whether the last output is multiplied by an output gain (`CascadeForm`).
    @inlinable public static var scalesOutput: Bool { true }
    /// The sections as this form runs them, and the output gain (`CascadeForm`).
    public static func cascadeSections(_ sections: [Biquad]) -> (sections: [Biquad], outputGain: Double) {
        OffsetBiquad.factoringOutputGain(sections)
    }
    /// A sample as the sections take it (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeInput(_ x: Sample) -> Sample { x }
    /// The sections' output as a sample (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeOutput(_ y: Sample) -> Sample { y }
    /// Three axes as the sections take them (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeInput(axes x: SIMD4<Sample>) -> SIMD4<Sample> { x }
    /// The sections' outputs as three axes' samples (`CascadeForm`).
    @inlinable @inline(__always) public static func cascadeOutput(axes y: SIMD4<Sample>) -> SIMD4<Sample> { y }
}

/// A sample type as a cascade form: the form that runs it best where this
/// code runs (`DefaultForm`), so that `SectionCascade<Float>` reads "Float
/// samples, run the best way". Every requirement of `CascadeForm` is
/// `DefaultForm`'s.
public protocol DefaultCascadeForm: CascadeForm
where Section == DefaultForm.Section, AxesSection == DefaultForm.AxesSection, Sample == DefaultForm.Sample {
    /// The form that runs this sample type.
    associatedtype DefaultForm: CascadeForm
}

extension DefaultCascadeForm {
    /// Whether the last output is multiplied by an output gain (`CascadeForm`).
    @inlinable public static var scalesOutput: Bool { DefaultForm.scalesOutput }
    /// The sections as this form runs them, and the output gain (`CascadeForm`).
    public static func cascadeSections(_ sections: [Biquad]) -> (sections: [Biquad], outputGain: Double) {
        DefaultForm.cascadeSections(sections)
    }
    /// A sample as the sections take it (`CascadeForm`).
    @inlinable @inline(__always)
    public static func cascadeInput(_ x: Sample) -> Section.Lanes { DefaultForm.cascadeInput(x) }
    /// The sections' output as a sample (`CascadeForm`).
    @inlinable @inline(__always)
    public static func cascadeOutput(_ y: Section.Lanes) -> Sample { DefaultForm.cascadeOutput(y) }
    /// Three axes as the sections take them (`CascadeForm`).
    @inlinable @inline(__always)
    public static func cascadeInput(axes x: SIMD4<Sample>) -> AxesSection.Lanes { DefaultForm.cascadeInput(axes: x) }
    /// The sections' outputs as three axes' samples (`CascadeForm`).
    @inlinable @inline(__always)
    public static func cascadeOutput(axes y: AxesSection.Lanes) -> SIMD4<Sample> { DefaultForm.cascadeOutput(axes: y) }
}

extension Double: DefaultCascadeForm {
    /// Double samples run transposed direct form II in Double.
    public typealias DefaultForm = TransposedForm<Double>
}

extension Float: DefaultCascadeForm {
    #if hasFeature(Embedded)
    /// Float samples in Embedded Swift (single-precision microcontrollers)
    /// run the offset form in Float.
    public typealias DefaultForm = OffsetForm<Float>
    #else
    /// Float samples where the hardware has Double arithmetic run TDF-II in
    /// Double inside.
    public typealias DefaultForm = TransposedInDoubleForm<Float>
    #endif
}
