/// One cascade of second-order sections run on three signals at once (an
/// accelerometer's x, y and z), one SIMD lane each: the same `SectionForm`
/// steps as `SectionCascade`, in the same order, so each axis comes out bit
/// for bit as a `SectionCascade` of its own in the same form would give it,
/// for about the cost of one.
@frozen
public struct ThreeAxisSections<Sample: SectionSample & SIMDScalar>: Sendable where Sample.SIMD4Storage: Sendable {
    /// The form the sections run in (`SectionCascade.Form`).
    public let form: SectionCascade<Sample>.Form
    /// The sections in `form`, one SIMD lane per axis (lane 3 unused).
    @usableFromInline var sections: FormSections<SIMD4<Sample>, SIMD4<Double>>
    /// The offset form's output gain (`SectionCascade`), 1 for the others.
    @usableFromInline let outputGain: Sample

    /// Three cascades of `sections`, at rest, in `SectionCascade<Sample>.defaultForm`.
    public init(_ sections: [Biquad]) {
        self.init(sections, form: SectionCascade<Sample>.defaultForm)
    }

    /// Three cascades of `sections` in the form asked for, at rest.
    public init(_ sections: [Biquad], form: SectionCascade<Sample>.Form) {
        self.form = form
        self.sections = FormSections(sections, kind: form.kind)
        outputGain = Sample(self.sections.outputGain)
    }

    /// Forgets all history.
    public mutating func reset() { sections.reset() }

    /// Each axis in the state a constant input would have settled in (see
    /// `SectionCascade.reset(toSteadyStateFor:)`); lane 3 settles at 0.
    ///
    /// - Returns: false, and the filter at rest, when a section has a pole at z = 1.
    @discardableResult
    public mutating func reset(toSteadyStateFor x: SIMD4<Sample>) -> Bool {
        sections.settle(inputs: [Double(x[0]), Double(x[1]), Double(x[2]), 0])
    }

    /// Filters one sample of each axis (lanes 0, 1, 2; lane 3 is ignored).
    @inlinable @inline(__always)
    public mutating func process(_ x: SIMD4<Sample>) -> SIMD4<Sample> {
        sections.step(x, outputGain: outputGain, widen: { SIMD4<Double>($0) }, narrow: { SIMD4<Sample>($0) })
    }
}
