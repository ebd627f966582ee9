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
    static let forms: [SectionCascade<Float>.Form] = [.transposed, .offset, .transposedInDouble]
    static let long = sections + sections + sections

    func perSample<S: SectionSample & SIMDScalar>(_: S.Type, _ form: SectionCascade<S>.Form,
                                                                  _ sections: [Biquad]) -> [S] {
        var cascade = SectionCascade<S>(sections, form: form)
        return Self.input.map { cascade.process(S($0)) }
    }

    func blocks<S: SectionSample & SIMDScalar>(_: S.Type, _ form: SectionCascade<S>.Form, _ sections: [Biquad],
                                                               lengths: [Int], inPlace: Bool) -> [S] {
        var cascade = SectionCascade<S>(sections, form: form)
        var out: [S] = []
        var start = 0, k = 0
        let x = Self.input.map { S($0) }
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
        return out
    }

    static func form<S>(_ form: SectionCascade<Float>.Form, as _: S.Type) -> SectionCascade<S>.Form {
        switch form {
        case .transposed: .transposed
        case .offset: .offset
        case .transposedInDouble: .transposedInDouble
        }
    }

    @Test(arguments: forms)
    func blocksEqualSamplesBitForBit(form: SectionCascade<Float>.Form) {
        for sections in [Self.sections, Self.long] {
            let double = perSample(Double.self, Self.form(form, as: Double.self), sections)
            let float = perSample(Float.self, form, sections)
            #expect(double.allSatisfy(\.isFinite) && float.allSatisfy(\.isFinite))
            for lengths in [[5000], [1, 2, 3, 7, 64, 1000], [4096, 17], [255, 256, 257, 513]] {
                for inPlace in [false, true] {
                    #expect(blocks(Double.self, Self.form(form, as: Double.self), sections, lengths: lengths, inPlace: inPlace) == double)
                    #expect(blocks(Float.self, form, sections, lengths: lengths, inPlace: inPlace) == float)
                }
            }
        }
    }

    /// Cascades of 0 to 3 sections (the last two sections of TDF-II in
    /// Double are held apart while stepping) and of 30 (more than fit inside
    /// the value: kept in an array instead), in every form: one sample at a
    /// time, blocks, and the two interleaved give the same numbers bit for
    /// bit; in Double, TDF-II gives what its sections stepped by hand give.
    @Test(arguments: forms)
    func everySizeSteppedAndInBlocks(form: SectionCascade<Float>.Form) {
        let thirty = Array(repeating: Self.sections, count: 5).flatMap { $0 }
        for sections in [[], Array(Self.sections.prefix(1)), Array(Self.sections.prefix(2)), Array(Self.sections.prefix(3)), thirty] {
            let double = perSample(Double.self, Self.form(form, as: Double.self), sections)
            let float = perSample(Float.self, form, sections)
            #expect(double.allSatisfy(\.isFinite) && float.allSatisfy(\.isFinite))
            #expect(blocks(Double.self, Self.form(form, as: Double.self), sections, lengths: [1, 64, 300], inPlace: false) == double)
            #expect(blocks(Float.self, form, sections, lengths: [1, 64, 300], inPlace: true) == float)
            #expect(interleaved(Double.self, Self.form(form, as: Double.self), sections) == double)
            #expect(interleaved(Float.self, form, sections) == float)
            if form == .transposed {
                var byHand = sections.map { TransposedDirectFormII<Double>($0) }
                let expected = Self.input.map { x in
                    var v = x
                    for k in byHand.indices { v = byHand[k].step(v) }
                    return v
                }
                #expect(double == expected)
            }
        }
    }

    /// Single samples and blocks in turn (3 samples one at a time, then a
    /// block of 5, ...) through one cascade.
    func interleaved<S: SectionSample & SIMDScalar>(_: S.Type, _ form: SectionCascade<S>.Form, _ sections: [Biquad]) -> [S] {
        var cascade = SectionCascade<S>(sections, form: form)
        let x = Self.input.map { S($0) }
        var out: [S] = [], start = 0
        while start < x.count {
            for n in start..<min(start + 3, x.count) { out.append(cascade.process(x[n])) }
            start = min(start + 3, x.count)
            let end = min(start + 5, x.count)
            out += cascade.process(Array(x[start..<end]))
            start = end
        }
        return out
    }

    /// A cascade is a value: a copy taken mid-stream goes on exactly as the
    /// original, and resetting or running the copy leaves the original as it
    /// was, whether the sections live inside the value (6) or in an array (30).
    @Test(arguments: forms)
    func copiesAreIndependent(form: SectionCascade<Float>.Form) {
        let thirty = Array(repeating: Self.sections, count: 5).flatMap { $0 }
        for sections in [Self.sections, thirty] {
            var original = SectionCascade<Float>(sections, form: form)
            var straight = SectionCascade<Float>(sections, form: form)
            let x = Self.input.map { Float($0) }
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

    /// The default forms: Double runs TDF-II; Float, off microcontrollers, the
    /// same sections in Double inside: exactly the Double cascade's output on
    /// the Float inputs, rounded once.
    @Test func defaultForms() {
        #expect(SectionCascade<Double>.defaultForm == .transposed)
        #expect(SectionCascade<Float>.defaultForm == .transposedInDouble)
        for sections in [Self.sections, Self.long] {
            var double = SectionCascade<Double>(sections), float = SectionCascade<Float>(sections)
            var tdf2 = SectionCascade<Double>(sections, form: .transposed)
            #expect(double.form == .transposed && float.form == .transposedInDouble)
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
        let allAsRun = SectionCascade<Float>(Self.sections, form: .offset).sectionsAsRun
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
        let stable = Array(Self.sections.prefix(4)) + [Self.sections[5]]
        var cascade = SectionCascade<Double>(stable, form: offset ? .offset : .transposed)
        let settled = cascade.reset(toSteadyStateFor: 0.7)
        #expect(settled)
        var dc = 1.0
        for s in stable { dc *= (s.b0 + s.b1 + s.b2) / (1 + s.a1 + s.a2) }
        for _ in 0..<200 {
            let y = cascade.process(0.7)
            #expect(abs(y - 0.7 * dc) <= 1e-12 * abs(0.7 * dc))
        }
        // From rest, the same input takes its time to get there.
        var fromRest = SectionCascade<Double>(stable, form: offset ? .offset : .transposed)
        let first = fromRest.process(0.7)
        #expect(abs(first - 0.7 * dc) > 0.1 * abs(0.7 * dc))
    }

    /// Float samples run in Double inside settle too: the output stays at the
    /// dc gain times x, to Float's rounding of it.
    @Test func steadyStateInDoubleInside() {
        let stable = Array(Self.sections.prefix(4)) + [Self.sections[5]]
        var cascade = SectionCascade<Float>(stable, form: .transposedInDouble)
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
    func threeAxesEqualThreeCascades(form: SectionCascade<Float>.Form) {
        let stable = Array(Self.sections.prefix(4)) + [Self.sections[5]]
        func check<S: SectionSample & SIMDScalar>(_: S.Type, _ sections: [Biquad], settle: Bool) where S.SIMD4Storage: Sendable {
            let f = Self.form(form, as: S.self)
            var three = ThreeAxisSections<S>(sections, form: f)
            var single = (0..<3).map { _ in SectionCascade<S>(sections, form: f) }
            #expect(three.form == f)
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
                check(Double.self, sections, settle: settle)
                check(Float.self, sections, settle: settle)
            }
        }
    }
}
