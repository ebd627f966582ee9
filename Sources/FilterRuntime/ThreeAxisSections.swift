/// One cascade of second-order sections run on three signals at once (an
/// accelerometer's x, y and z), one SIMD lane each: the same `SectionForm`
/// steps as `SectionCascade`, in the same order, so each axis comes out bit
/// for bit as a `SectionCascade` of its own in the same form would give it,
/// for about the cost of one.
@frozen
public struct ThreeAxisSections<Sample: SectionSample & SIMDScalar>: Sendable where Sample.SIMD4Storage: Sendable {
    /// The form the sections run in (`SectionCascade.Form`).
    public let form: SectionCascade<Sample>.Form
    /// The sections, when `form` is `.transposed`; lane 3 unused.
    @usableFromInline var transposed: [TransposedDirectFormII<SIMD4<Sample>>]
    /// The sections, when `form` is `.offset`.
    @usableFromInline var offset: [OffsetDirectFormI<SIMD4<Sample>>]
    /// The sections, when `form` is `.transposedInDouble`.
    @usableFromInline var wide: [TransposedDirectFormII<SIMD4<Double>>]
    /// The offset form's output gain (`SectionCascade`), 1 for the others.
    @usableFromInline let outputGain: Sample

    /// Three cascades of `sections`, at rest, in `SectionCascade<Sample>.defaultForm`.
    public init(_ sections: [Biquad]) {
        self.init(sections, form: SectionCascade<Sample>.defaultForm)
    }

    /// Three cascades of `sections` in the form asked for, at rest.
    public init(_ sections: [Biquad], form: SectionCascade<Sample>.Form) {
        self.form = form
        let factored = OffsetBiquad.factoringOutputGain(sections)
        transposed = form == .transposed ? sections.map { TransposedDirectFormII($0) } : []
        offset = form == .offset ? factored.sections.map { OffsetDirectFormI($0) } : []
        wide = form == .transposedInDouble ? sections.map { TransposedDirectFormII($0) } : []
        outputGain = form == .offset ? Sample(factored.outputGain) : 1
    }

    /// Forgets all history.
    public mutating func reset() {
        for k in transposed.indices { transposed[k].reset() }
        for k in offset.indices { offset[k].reset() }
        for k in wide.indices { wide[k].reset() }
    }

    /// Each axis in the state a constant input would have settled in (see
    /// `SectionCascade.reset(toSteadyStateFor:)`).
    ///
    /// - Returns: false, and the filter at rest, when a section has a pole at z = 1.
    @discardableResult
    public mutating func reset(toSteadyStateFor x: SIMD4<Sample>) -> Bool {
        let stored: [Biquad] = switch form {
        case .transposed: transposed.map { $0.section }
        case .offset: offset.map { $0.section }
        case .transposedInDouble: wide.map { $0.section }
        }
        // Lane 3 is unused: it settles at 0.
        let inputs = [Double(x[0]), Double(x[1]), Double(x[2]), 0]
        guard let nodes = SteadyState.nodes(stored, inputs: inputs) else { reset(); return false }
        SteadyState.settle(&transposed, nodes)
        SteadyState.settle(&offset, nodes)
        SteadyState.settle(&wide, nodes)
        return true
    }

    /// Filters one sample of each axis (lanes 0, 1, 2; lane 3 is ignored).
    @inlinable
    public mutating func process(_ x: SIMD4<Sample>) -> SIMD4<Sample> {
        switch form {
        case .transposed:
            return transposed.withUnsafeMutableBufferPointer { SectionStep.run($0, x) }
        case .offset:
            return offset.withUnsafeMutableBufferPointer { SectionStep.run($0, x) } * outputGain
        case .transposedInDouble:
            return SIMD4<Sample>(wide.withUnsafeMutableBufferPointer { SectionStep.run($0, SIMD4<Double>(x)) })
        }
    }
}
