/// A cascade's sections of one form (`Section`), for `SectionCascade` (one
/// lane) and `ThreeAxisSections` (three axes in SIMD lanes) alike.
///
/// **Where they live.** Inside the value (`InlineSectionBytes`, 1 KiB) when
/// they fit, so that one sample's step calls nothing; otherwise in an array.
///
/// **The last two sections** are `nextToLast` and `last` while the sections
/// step one sample at a time, and `step` steps both on every call: a
/// section they do not hold (fewer than two sections) is zeros, its output
/// not used. A memory that every call stores stays in registers across a
/// caller's loop of `process(_:)`; one stored on some paths only goes to
/// memory and back every sample. A block copies them into their slots, runs,
/// and copies them back.
@frozen @usableFromInline
struct CascadeSections<Section: SectionForm> {
    /// The next-to-last section; zeros for fewer than two sections.
    @usableFromInline var nextToLast: Section
    /// The last section; zeros for none.
    @usableFromInline var last: Section
    /// The sections, when they fit (the last two slots are `nextToLast`'s
    /// and `last`'s places during a block).
    @usableFromInline var inline: InlineSectionBytes
    /// The sections, when they do not fit inline.
    @usableFromInline var overflow: [Section]
    /// The number of sections.
    @usableFromInline let count: Int
    /// Whether the sections are in `inline`.
    @usableFromInline let isInline: Bool

    /// `sections` prepared in `Section`'s form, at rest.
    init(_ sections: [Biquad]) {
        let zero = Biquad(b0: 0, b1: 0, b2: 0, a1: 0, a2: 0)
        let forms = sections.map { Section($0) }
        count = forms.count
        nextToLast = count >= 2 ? forms[count - 2] : Section(zero)
        last = count >= 1 ? forms[count - 1] : Section(zero)
        inline = InlineSectionBytes()
        isInline = InlineSectionBytes.fits(Section.self, count: count)
        if isInline {
            overflow = []
            inline.withSections(Section.self, count: count) { _ = $0.initialize(from: forms) }
        } else {
            overflow = forms
        }
    }

    /// The sections where they are stored (the last two slots stale while
    /// `nextToLast` and `last` hold them), for the duration of `body`.
    @inlinable @inline(__always)
    mutating func withStored<Result>(_ body: (UnsafeMutableBufferPointer<Section>) -> Result) -> Result {
        isInline ? inline.withSections(Section.self, count: count, body)
            : overflow.withUnsafeMutableBufferPointer { body($0) }
    }

    /// All the sections, in order: `nextToLast` and `last` copied into their
    /// slots before `body` and back after it.
    @inlinable
    mutating func withAll<Result>(_ body: (UnsafeMutableBufferPointer<Section>) -> Result) -> Result {
        var held = (nextToLast, last)
        let n = count
        let result = withStored { (sections: UnsafeMutableBufferPointer<Section>) in
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

    /// One value per lane through the sections in turn. `nextToLast` and
    /// `last` are stepped on every call (see the type's comment).
    @inlinable @inline(__always)
    mutating func step(_ x: Section.Lanes) -> Section.Lanes {
        var v = x
        let n = count
        if n > 2 {
            v = withStored { SectionStep.run($0, v, first: n - 2) }
        }
        let y = nextToLast.step(v)
        let z = last.step(n >= 2 ? y : v)
        return n > 0 ? z : x
    }

    /// The sections as stored, in Double.
    var stored: [Biquad] {
        var copy = self
        return copy.withAll { $0.map { $0.section } }
    }

    /// Every section's memory forgotten (and an unused held section's too).
    mutating func reset() {
        nextToLast.reset()
        last.reset()
        withAll { for k in $0.indices { $0[k].reset() } }
    }

    /// Every section settled for the constant input `inputs` (one per lane;
    /// `SteadyState.nodes`); false, and all at rest, when there is no steady
    /// state (a pole at z = 1).
    mutating func settle(inputs: [Double]) -> Bool {
        guard let nodes = SteadyState.nodes(stored, inputs: inputs) else { reset(); return false }
        withAll { SteadyState.settle($0, nodes) }
        return true
    }
}

extension CascadeSections: Sendable where Section: Sendable {}
