/// One cascade of second-order sections run on three signals at once (an
/// accelerometer's x, y and z), one SIMD lane each: the same `SectionForm`
/// steps as `SectionCascade<Form>`, in the same order, so each axis comes out
/// bit for bit as a `SectionCascade<Form>` of its own would give it, for about
/// the cost of one. `ThreeAxisSections<Float>` runs Float's default form
/// (`DefaultCascadeForm`).
@frozen
public struct ThreeAxisSections<Form: CascadeForm>: Sendable {
    /// The samples in and out (three axes in lanes 0, 1, 2 of a `SIMD4`).
    public typealias Sample = Form.Sample

    /// The sections in `Form`, one SIMD lane per axis (lane 3 unused).
    @usableFromInline var sections: CascadeSections<Form.AxesSection>
    /// The offset form's output gain (`SectionCascade`), 1 for the others.
    @usableFromInline let outputGain: Sample

    /// Three cascades of `sections` in `Form`, at rest.
    public init(_ sections: [Biquad]) {
        let prepared = Form.cascadeSections(sections)
        self.sections = CascadeSections(prepared.sections)
        outputGain = Sample(prepared.outputGain)
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
        let y = Form.cascadeOutput(axes: sections.step(Form.cascadeInput(axes: x)))
        return Form.scalesOutput ? y * outputGain : y
    }
}
