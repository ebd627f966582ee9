/// A cascade's sections in the form it runs, for `SectionCascade` (one lane)
/// and `ThreeAxisSections` (three axes in SIMD lanes) alike.
///
/// **Where they live.** Inside the value (`InlineSectionBytes`, 1 KiB) when
/// they fit, so that one sample's step calls nothing; otherwise in the array
/// of their form (`transposed`, `offset`, `wide`; the others stay empty), so
/// that each form's loop is specialised for its own section type.
///
/// **The last two sections of `.wide`** (TDF-II in `Wide`: Double inside,
/// and Double samples' TDF-II) are `nextToLast` and `last` while the
/// sections step one sample at a time, and `step` steps both on every call,
/// whatever the form: a section they do not hold is zeros, its output not
/// used. A memory that every call stores stays in registers across a
/// caller's loop of `process(_:)`; one stored on some paths only goes to
/// memory and back every sample. A block copies them into their slots, runs,
/// and copies them back.
@frozen @usableFromInline
struct FormSections<Narrow: SectionLanes, Wide: SectionLanes> {
    /// The next-to-last section of `.wide`; zeros for the other forms and
    /// for fewer than two sections.
    @usableFromInline var nextToLast: TransposedDirectFormII<Wide>
    /// The last section of `.wide`; zeros for the other forms.
    @usableFromInline var last: TransposedDirectFormII<Wide>
    /// The sections, when they fit (for `.wide`, the last two slots are
    /// `nextToLast`'s and `last`'s places during a block).
    @usableFromInline var inline: InlineSectionBytes
    /// Transposed direct form II in the samples' own arithmetic, when not inline.
    @usableFromInline var transposed: [TransposedDirectFormII<Narrow>]
    /// The offset form, each b0 a power of two (its significands in
    /// `outputGain`), when not inline.
    @usableFromInline var offset: [OffsetDirectFormI<Narrow>]
    /// Transposed direct form II in the wide arithmetic, when not inline.
    @usableFromInline var wide: [TransposedDirectFormII<Wide>]
    /// The form that runs: `.transposed` is run as `.wide` when the two
    /// arithmetics are the same type (Double samples), the same operations.
    @usableFromInline let kind: FormKind
    /// The number of sections.
    @usableFromInline let count: Int
    /// Whether the sections are in `inline`.
    @usableFromInline let isInline: Bool
    /// The offset form's output gain (`OffsetBiquad.factoringOutputGain`); 1 otherwise.
    @usableFromInline let outputGain: Double

    /// `sections` prepared, at rest, in the form `kind`.
    init(_ sections: [Biquad], kind asked: FormKind) {
        let kind: FormKind = asked == .transposed && Narrow.self == Wide.self ? .wide : asked
        let factored = OffsetBiquad.factoringOutputGain(sections)
        self.kind = kind
        count = sections.count
        outputGain = kind == .offset ? factored.outputGain : 1
        let zero = Biquad(b0: 0, b1: 0, b2: 0, a1: 0, a2: 0)
        let held = kind == .wide ? sections.suffix(2) : []
        nextToLast = TransposedDirectFormII(held.count == 2 ? held[held.startIndex] : zero)
        last = TransposedDirectFormII(held.last ?? zero)
        inline = InlineSectionBytes()
        (transposed, offset, wide) = ([], [], [])
        switch kind {
        case .transposed:
            isInline = InlineSectionBytes.fits(TransposedDirectFormII<Narrow>.self, count: count)
            Self.place(sections.map { TransposedDirectFormII($0) }, &inline, &transposed, isInline)
        case .offset:
            isInline = InlineSectionBytes.fits(OffsetDirectFormI<Narrow>.self, count: count)
            Self.place(factored.sections.map { OffsetDirectFormI($0) }, &inline, &offset, isInline)
        case .wide:
            isInline = InlineSectionBytes.fits(TransposedDirectFormII<Wide>.self, count: count)
            Self.place(sections.map { TransposedDirectFormII($0) }, &inline, &wide, isInline)
        }
    }

    /// `forms` into `inline`, or into `overflow` when they do not fit.
    private static func place<Form>(_ forms: [Form], _ inline: inout InlineSectionBytes, _ overflow: inout [Form],
                                    _ isInline: Bool) {
        guard isInline else { overflow = forms; return }
        inline.withSections(Form.self, count: forms.count) { _ = $0.initialize(from: forms) }
    }

    /// The sections of one form where they live, for the duration of `body`.
    @inlinable @inline(__always)
    static func with<Form, Result>(_ inline: inout InlineSectionBytes, _ overflow: inout [Form], count: Int,
                                   isInline: Bool, _ body: (UnsafeMutableBufferPointer<Form>) -> Result) -> Result {
        isInline ? inline.withSections(Form.self, count: count, body) : overflow.withUnsafeMutableBufferPointer { body($0) }
    }

    /// All the `.transposed` sections, in order.
    @inlinable @inline(__always)
    mutating func withTransposed<Result>(_ body: (UnsafeMutableBufferPointer<TransposedDirectFormII<Narrow>>) -> Result) -> Result {
        Self.with(&inline, &transposed, count: count, isInline: isInline, body)
    }

    /// All the `.offset` sections, in order.
    @inlinable @inline(__always)
    mutating func withOffset<Result>(_ body: (UnsafeMutableBufferPointer<OffsetDirectFormI<Narrow>>) -> Result) -> Result {
        Self.with(&inline, &offset, count: count, isInline: isInline, body)
    }

    /// All the `.wide` sections, in order: `nextToLast` and `last` copied
    /// into their slots before `body` and back after it.
    @inlinable
    mutating func withWide<Result>(_ body: (UnsafeMutableBufferPointer<TransposedDirectFormII<Wide>>) -> Result) -> Result {
        var held = (nextToLast, last)
        let n = count
        let result = Self.with(&inline, &wide, count: n, isInline: isInline) { (sections: UnsafeMutableBufferPointer<TransposedDirectFormII<Wide>>) in
            if n >= 2 { sections[n - 2] = held.0 }
            if n >= 1 { sections[n - 1] = held.1 }
            defer {
                if n >= 2 { held.0 = sections[n - 2] }
                if n >= 1 { held.1 = sections[n - 1] }
            }
            return body(sections)
        }
        (nextToLast, last) = held
        return result
    }

    /// The sections as stored, in Double (the offset form's without its output gain).
    var stored: [Biquad] {
        var copy = self
        switch kind {
        case .transposed: return copy.withTransposed { $0.map { $0.section } }
        case .offset: return copy.withOffset { $0.map { $0.section } }
        case .wide: return copy.withWide { $0.map { $0.section } }
        }
    }

    /// Every section's memory forgotten (and the unused held sections' too).
    mutating func reset() {
        nextToLast.reset()
        last.reset()
        switch kind {
        case .transposed: withTransposed { for k in $0.indices { $0[k].reset() } }
        case .offset: withOffset { for k in $0.indices { $0[k].reset() } }
        case .wide: withWide { for k in $0.indices { $0[k].reset() } }
        }
    }

    /// Every section settled for the constant input `inputs` (one per lane;
    /// `SteadyState.nodes`); false, and all at rest, when there is no steady
    /// state (a pole at z = 1).
    mutating func settle(inputs: [Double]) -> Bool {
        guard let nodes = SteadyState.nodes(stored, inputs: inputs) else { reset(); return false }
        switch kind {
        case .transposed: withTransposed { SteadyState.settle($0, nodes) }
        case .offset: withOffset { SteadyState.settle($0, nodes) }
        case .wide: withWide { SteadyState.settle($0, nodes) }
        }
        return true
    }
}

extension FormSections {
    /// One value per lane through the sections in turn: in `Narrow` (the
    /// offset form's output times `outputGain`), or widened to `Wide` on the
    /// way in and narrowed once on the way out. `nextToLast` and `last` are
    /// stepped whatever the form (see the type's comment).
    @inlinable @inline(__always)
    mutating func step(_ x: Narrow, outputGain: Narrow.Scalar,
                       widen: (Narrow) -> Wide, narrow: (Wide) -> Narrow) -> Narrow {
        var v = widen(x), output = x
        let n = count
        switch kind {
        case .wide:
            if n > 2 {
                v = Self.with(&inline, &wide, count: n, isInline: isInline) { SectionStep.run($0, v, first: n - 2) }
            }
        case .transposed:
            output = withTransposed { SectionStep.run($0, x, first: n) }
        case .offset:
            output = outputGain * withOffset { SectionStep.run($0, x, first: n) }
        }
        let y = nextToLast.step(v)
        let z = last.step(n >= 2 ? y : v)
        return kind == .wide && n > 0 ? narrow(z) : output
    }
}

/// Which of `FormSections`' forms runs.
@usableFromInline
enum FormKind: Sendable { case transposed, offset, wide }

extension FormSections: Sendable where Narrow: Sendable, Narrow.Scalar: Sendable, Wide: Sendable, Wide.Scalar: Sendable {}
