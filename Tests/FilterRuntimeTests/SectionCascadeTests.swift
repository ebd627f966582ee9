import FilterRuntime
import Testing

/// The sections runtime on hand-made cascades: one sample at a time and a
/// block at a time give the same numbers bit for bit in every form
/// (transposed direct form II, the offset direct form I with error feedback,
/// and TDF-II run in Double inside), in blocks of any length, in place too,
/// with one group of sections or several; the steady state is a fixed point.
@Suite struct SectionCascadeTests {
    /// Six sections: poles near z = 1 (a1 ~ -2), near z = -1 (a1 ~ 2), in the
    /// middle, a first-order section and a pure delay.
    static let sections = [
        Biquad(b0: 1.2e-4, b1: 2.4e-4, b2: 1.2e-4, a1: -1.98731, a2: 0.98762),
        Biquad(b0: 0.5, b1: -1.0, b2: 0.5, a1: 1.97, a2: 0.9702),
        Biquad(b0: 0.3, b1: 0.1, b2: -0.2, a1: -0.61, a2: 0.81),
        Biquad(b0: 0.02, b1: 0.02, b2: 0, a1: -0.96, a2: 0),
        Biquad(b0: 0, b1: 0, b2: 1.5, a1: 0.2, a2: 0.3),
        Biquad(b0: 0.9, b1: -0.4, b2: 0.1, a1: -1.2, a2: 0.45),
    ]

    static let input: [Double] = (0..<5000).map { n in
        let x = Double(n)
        return 0.8 * (x * 0.011).truncatingRemainder(dividingBy: 1) - 0.3 + (n % 97 == 0 ? 1 : 0) + 0.25 * Double((n * 7919) % 13) / 13
    }

    /// Every form, and a long cascade (the six sections three times: 18, run
    /// in several groups by a block) beside the short one.
    static let forms = FormName.allCases
    static let long = sections + sections + sections

    /// The three forms by name, each for any sample type.
    enum FormName: String, CaseIterable, Sendable {
        case transposed, offset, transposedInDouble

        /// The form's type for samples `S`.
        func form<S: SectionSample & SIMDScalar>(_: S.Type) -> any CascadeForm.Type where S.SIMD4Storage: Sendable {
            switch self {
            case .transposed: TransposedForm<S>.self
            case .offset: OffsetForm<S>.self
            case .transposedInDouble: TransposedInDoubleForm<S>.self
            }
        }
    }

    /// One sample at a time; each output in Double (exact for Float and Double).
    static func perSample<F: CascadeForm>(_: F.Type, _ sections: [Biquad]) -> [Double] {
        var cascade = SectionCascade<F>(sections)
        return input.map { Double(cascade.process(F.Sample($0))) }
    }

    /// Blocks of `lengths` in turn, in place or not.
    static func blocks<F: CascadeForm>(_: F.Type, _ sections: [Biquad], lengths: [Int], inPlace: Bool) -> [Double] {
        var cascade = SectionCascade<F>(sections)
        var out: [F.Sample] = []
        var start = 0, k = 0
        let x = input.map { F.Sample($0) }
        while start < x.count {
            let m = min(lengths[k % lengths.count], x.count - start)
            var block = Array(x[start..<(start + m)])
            if inPlace {
                block.withUnsafeMutableBufferPointer { b in cascade.process(UnsafeBufferPointer(b), into: b) }
                out += block
            } else {
                out += cascade.process(block)
            }
            start += m
            k += 1
        }
        return out.map { Double($0) }
    }

    /// Single samples and blocks in turn (3 samples one at a time, then a
    /// block of 5, ...) through one cascade.
    static func interleaved<F: CascadeForm>(_: F.Type, _ sections: [Biquad]) -> [Double] {
        var cascade = SectionCascade<F>(sections)
        let x = input.map { F.Sample($0) }
        var out: [F.Sample] = [], start = 0
        while start < x.count {
            for n in start..<min(start + 3, x.count) { out.append(cascade.process(x[n])) }
            start = min(start + 3, x.count)
            let end = min(start + 5, x.count)
            out += cascade.process(Array(x[start..<end]))
            start = end
        }
        return out.map { Double($0) }
    }

    @Test(arguments: forms)
    func blocksEqualSamplesBitForBit(form: FormName) {
        func check<F: CascadeForm>(_ f: F.Type) {
            for sections in [Self.sections, Self.long] {
                let stepped = Self.perSample(f, sections)
                #expect(stepped.allSatisfy { $0.isFinite })
                for lengths in [[5000], [1, 2, 3, 7, 64, 1000], [4096, 17], [255, 256, 257, 513]] {
                    for inPlace in [false, true] {
                        #expect(Self.blocks(f, sections, lengths: lengths, inPlace: inPlace) == stepped)
                    }
                }
            }
        }
        check(form.form(Double.self))
        check(form.form(Float.self))
    }

    /// Cascades of 0 to 3 sections (the last two sections are held apart
    /// while stepping) and of 30 (more than fit inside the value: kept in an
    /// array instead), in every form: one sample at a time, blocks, and the
    /// two interleaved give the same numbers bit for bit; in Double, TDF-II
    /// gives what its sections stepped by hand give.
    @Test(arguments: forms)
    func everySizeSteppedAndInBlocks(form: FormName) {
        let thirty = Array(repeating: Self.sections, count: 5).flatMap { $0 }
        func check<F: CascadeForm>(_ f: F.Type, _ sections: [Biquad]) {
            let stepped = Self.perSample(f, sections)
            #expect(stepped.allSatisfy { $0.isFinite })
            #expect(Self.blocks(f, sections, lengths: [1, 64, 300], inPlace: false) == stepped)
            #expect(Self.blocks(f, sections, lengths: [1, 64, 300], inPlace: true) == stepped)
            #expect(Self.interleaved(f, sections) == stepped)
        }
        for sections in [[], Array(Self.sections.prefix(1)), Array(Self.sections.prefix(2)), Array(Self.sections.prefix(3)), thirty] {
            check(form.form(Double.self), sections)
            check(form.form(Float.self), sections)
            if form == .transposed {
                var byHand = sections.map { TransposedDirectFormII<Double>($0) }
                let expected = Self.input.map { x in
                    var v = x
                    for k in byHand.indices { v = byHand[k].step(v) }
                    return v
                }
                #expect(Self.perSample(TransposedForm<Double>.self, sections) == expected)
            }
        }
    }

    /// A cascade is a value: a copy taken mid-stream goes on exactly as the
    /// original, and resetting or running the copy leaves the original as it
    /// was, whether the sections live inside the value (6) or in an array (30).
    @Test(arguments: forms)
    func copiesAreIndependent(form: FormName) {
        func check<F: CascadeForm>(_: F.Type) {
            let thirty = Array(repeating: Self.sections, count: 5).flatMap { $0 }
            for sections in [Self.sections, thirty] {
                var original = SectionCascade<F>(sections)
                var straight = SectionCascade<F>(sections)
                let x = Self.input.map { F.Sample($0) }
                for n in 0..<100 { _ = original.process(x[n]); _ = straight.process(x[n]) }
                var copy = original
                let fromCopy = (100..<200).map { copy.process(x[$0]) }
                copy.reset()
                _ = copy.process(Array(x[0..<50]))
                let fromOriginal = (100..<200).map { original.process(x[$0]) }
                let expected = (100..<200).map { straight.process(x[$0]) }
                #expect(fromCopy == expected && fromOriginal == expected)
            }
        }
        check(form.form(Float.self))
    }

    /// The default forms: Double runs TDF-II; Float, off microcontrollers, the
    /// same sections in Double inside: exactly the Double cascade's output on
    /// the Float inputs, rounded once.
    @Test func defaultForms() {
        #expect(Double.DefaultForm.self == TransposedForm<Double>.self)
        #expect(Float.DefaultForm.self == TransposedInDoubleForm<Float>.self)
        for sections in [Self.sections, Self.long] {
            var double = SectionCascade<Double>(sections), float = SectionCascade<Float>(sections)
            var tdf2 = SectionCascade<TransposedForm<Double>>(sections)
            var same = true
            for x in Self.input.prefix(3000) {
                let a = double.process(Double(Float(x)))
                same = same && a == tdf2.process(Double(Float(x))) && float.process(Float(x)) == Float(a)
            }
            #expect(same)
            #expect(float.sectionsAsRun == sections)
        }
    }

    /// The offset form as run: Double keeps the coefficients; Float makes each
    /// b0 a power of two (1.2e-4 = 2^-14 * 1.96608), multiplies the output by
    /// the significands' product rounded once to Float (folded into the last
    /// section as run), and keeps the remainder c1 = a1 + m1 as a high and a
    /// low Float (a1 = c1 - m1).
    @Test func offsetFormAsRun() {
        #expect(SectionCascade<Double>(Self.sections).sectionsAsRun == Self.sections)
        let allAsRun = SectionCascade<OffsetForm<Float>>(Self.sections).sectionsAsRun
        let asRun = allAsRun[0]
        let c1 = -1.98731 + 2, high = Double(Float(c1)), low = Double(Float(c1 - high))
        #expect(low != 0 && asRun.a1 == (high + low) - 2 && asRun.b0 == 0x1p-14)
        let significands = Self.sections.filter { $0.b0 != 0 }.map { $0.b0.significand }.reduce(1, *)
        let powers = Self.sections.filter { $0.b0 != 0 }.map { $0.b0 / $0.b0.significand }.reduce(1, *)
        let runGain = allAsRun.filter { $0.b0 != 0 }.map(\.b0).reduce(1, *)
        #expect(abs(runGain - powers * Double(Float(significands))) <= 1e-15 * abs(runGain))
        #expect(abs(runGain / (powers * significands) - 1) <= 0x1p-24)
        // To about Float's precision squared: 2^-48 of c1, where rounding c1 once is off by up to 2^-25 of it.
        #expect(abs(asRun.a1 - -1.98731) <= 0x1p-48 * c1 + 0x1p-52 && abs(high - c1) > 0x1p-40 * c1)
    }

    /// After `reset(toSteadyStateFor: x)`, the constant input x leaves every
    /// state unchanged: the output starts at, and stays at, the dc gain times x.
    @Test(arguments: [false, true])
    func steadyStateIsAFixedPoint(offset: Bool) {
        func check<F: CascadeForm>(_: F.Type) where F.Sample == Double {
            let stable = Array(Self.sections.prefix(4)) + [Self.sections[5]]
            var cascade = SectionCascade<F>(stable)
            let settled = cascade.reset(toSteadyStateFor: 0.7)
            #expect(settled)
            var dc = 1.0
            for s in stable { dc *= (s.b0 + s.b1 + s.b2) / (1 + s.a1 + s.a2) }
            for _ in 0..<200 {
                let y = cascade.process(0.7)
                #expect(abs(y - 0.7 * dc) <= 1e-12 * abs(0.7 * dc))
            }
            // From rest, the same input takes its time to get there.
            var fromRest = SectionCascade<F>(stable)
            let first = fromRest.process(0.7)
            #expect(abs(first - 0.7 * dc) > 0.1 * abs(0.7 * dc))
        }
        if offset { check(OffsetForm<Double>.self) } else { check(TransposedForm<Double>.self) }
    }

    /// Float samples run in Double inside settle too: the output stays at the
    /// dc gain times x, to Float's rounding of it.
    @Test func steadyStateInDoubleInside() {
        let stable = Array(Self.sections.prefix(4)) + [Self.sections[5]]
        var cascade = SectionCascade<TransposedInDoubleForm<Float>>(stable)
        let settled = cascade.reset(toSteadyStateFor: 0.7)
        #expect(settled)
        var dc = 1.0
        for s in stable { dc *= (s.b0 + s.b1 + s.b2) / (1 + s.a1 + s.a2) }
        let expected = Float(Double(Float(0.7)) * dc)
        var worst: Float = 0
        for _ in 0..<200 { worst = max(worst, abs(cascade.process(0.7) - expected)) }
        #expect(worst <= expected.ulp)
    }

    /// A pole at z = 1 (an integrator) has no steady state: the filter starts at rest.
    @Test func integratorStartsAtRest() {
        var cascade = SectionCascade<Double>([Biquad(b0: 1, b1: 0, b2: 0, a1: -1, a2: 0)])
        let settled = cascade.reset(toSteadyStateFor: 2)
        let first = cascade.process(2)
        #expect(!settled && first == 2)
    }

    /// Three axes through one `ThreeAxisSections`: in every form, each bit
    /// for bit what its own `SectionCascade` in that form gives, from rest and
    /// from the steady state.
    @Test(arguments: forms)
    func threeAxesEqualThreeCascades(form: FormName) {
        let stable = Array(Self.sections.prefix(4)) + [Self.sections[5]]
        func check<F: CascadeForm>(_: F.Type, _ sections: [Biquad], settle: Bool) {
            typealias S = F.Sample
            var three = ThreeAxisSections<F>(sections)
            var single = (0..<3).map { _ in SectionCascade<F>(sections) }
            let start = SIMD4<S>(0.1, -0.2, 1.0, 0)
            if settle {
                let settled = three.reset(toSteadyStateFor: start)
                var each = true
                for axis in 0..<3 { each = single[axis].reset(toSteadyStateFor: start[axis]) && each }
                #expect(settled && each)
            }
            var same = true
            for (n, x) in Self.input.prefix(2000).enumerated() {
                let v = SIMD4<S>(S(x), S(-0.5 * x), S(Double(n % 7) * 0.1 + 1), 0)
                let out = three.process(v)
                for axis in 0..<3 { same = same && out[axis] == single[axis].process(v[axis]) }
            }
            #expect(same)
        }
        for sections in [stable, stable + stable] {
            for settle in [false, true] {
                check(form.form(Double.self), sections, settle: settle)
                check(form.form(Float.self), sections, settle: settle)
            }
        }
    }
}
