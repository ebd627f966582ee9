/// A cascade's sections in the form it runs, for `SectionCascade` (one lane)
/// and `ThreeAxisSections` (three axes in SIMD lanes) alike: three arrays, of
/// which the one for the form is filled (the others empty), so that each
/// form's loop is specialised for its own section type.
@frozen @usableFromInline
struct FormSections<Narrow: SectionLanes, Wide: SectionLanes> {
    /// Transposed direct form II in the samples' own arithmetic.
    @usableFromInline var transposed: [TransposedDirectFormII<Narrow>]
    /// The offset form, each b0 a power of two (its significands in `outputGain`).
    @usableFromInline var offset: [OffsetDirectFormI<Narrow>]
    /// Transposed direct form II in the wide arithmetic (Double inside).
    @usableFromInline var wide: [TransposedDirectFormII<Wide>]
    /// The offset form's output gain (`OffsetBiquad.factoringOutputGain`); 1 otherwise.
    @usableFromInline let outputGain: Double

    /// `sections` prepared, at rest, in the form `kind`.
    init(_ sections: [Biquad], kind: FormKind) {
        let factored = OffsetBiquad.factoringOutputGain(sections)
        transposed = kind == .transposed ? sections.map { TransposedDirectFormII($0) } : []
        offset = kind == .offset ? factored.sections.map { OffsetDirectFormI($0) } : []
        wide = kind == .wide ? sections.map { TransposedDirectFormII($0) } : []
        outputGain = kind == .offset ? factored.outputGain : 1
    }

    /// The sections as stored, in Double (the offset form's without its output gain).
    var stored: [Biquad] {
        transposed.map { $0.section } + offset.map { $0.section } + wide.map { $0.section }
    }

    /// Every section's memory forgotten.
    mutating func reset() {
        for k in transposed.indices { transposed[k].reset() }
        for k in offset.indices { offset[k].reset() }
        for k in wide.indices { wide[k].reset() }
    }

    /// Every section settled for the constant input `inputs` (one per lane;
    /// `SteadyState.nodes`); false, and all at rest, when there is no steady
    /// state (a pole at z = 1).
    mutating func settle(inputs: [Double]) -> Bool {
        guard let nodes = SteadyState.nodes(stored, inputs: inputs) else { reset(); return false }
        SteadyState.settle(&transposed, nodes)
        SteadyState.settle(&offset, nodes)
        SteadyState.settle(&wide, nodes)
        return true
    }
}

extension FormSections {
    /// One value per lane through the sections of `kind` in turn: in
    /// `Narrow` (the offset form's output times `outputGain`), or widened to
    /// `Wide` on the way in and narrowed once on the way out.
    @inlinable @inline(__always)
    mutating func step(_ x: Narrow, kind: FormKind, outputGain: Narrow.Scalar,
                       widen: (Narrow) -> Wide, narrow: (Wide) -> Narrow) -> Narrow {
        switch kind {
        case .transposed:
            return transposed.withUnsafeMutableBufferPointer { SectionStep.run($0, x) }
        case .offset:
            return outputGain * offset.withUnsafeMutableBufferPointer { SectionStep.run($0, x) }
        case .wide:
            return narrow(wide.withUnsafeMutableBufferPointer { SectionStep.run($0, widen(x)) })
        }
    }
}

/// Which of `FormSections`' three arrays runs.
@usableFromInline
enum FormKind: Sendable { case transposed, offset, wide }

extension FormSections: Sendable where Narrow: Sendable, Narrow.Scalar: Sendable, Wide: Sendable, Wide.Scalar: Sendable {}
