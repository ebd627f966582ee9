import FilterRuntime
import Testing

/// The runtime filter against a plain double-precision recurrence written out
/// here with shifting arrays: y[n] = sum b_i u[n-NZ+i] + sum y_i y[n-NP+i],
/// b_i = x_i / G (the gain folded into the coefficients, as the runtime does).
///
/// Folding G changes the last bits of each term compared with dividing every
/// input by G (Fisher's form); for the 8-pole band-pass below the two forms
/// drift apart by 3.8e-11 of the peak over 10^5 samples: that is the filter's
/// sensitivity to rounding, not an error of either.
@Suite struct DigitalFilterTests {
    /// Reference templates (coefficients from mkfilter designs, 17 digits).
    static let lowPass2 = DigitalFilterTemplate(
        tag: 1, name: "lp2", description: "", filterClass: .lowPass, designSampleRate: 60,
        cornerFrequency1: 5, order: 2, gain: 20.206120097804877, xCoefficients: [1, 2, 1],
        yCoefficients: [-0.47759225007251727, 1.279632424997809],
        provenance: FilterProvenance(family: "butterworth", transform: "bilinear", mkfilterCommandLine: "mkfilter -Bu -Lp -o 2 -a 0.0833"))
    static let bandPass4 = DigitalFilterTemplate(
        tag: 2, name: "bp4", description: "", filterClass: .bandPass, designSampleRate: 60,
        cornerFrequency1: 2.5, cornerFrequency2: 5, order: 4, gain: 4691.779000656838,
        xCoefficients: [1, 0, -4, 0, 6, 0, -4, 0, 1],
        yCoefficients: [-0.5033753607417041, 4.073034323956324, -14.745861352130081, 31.160919940909817,
                        -42.014180284314286, 37.00305256493938, -20.792014218485203, 6.818179543112146],
        provenance: FilterProvenance(family: "butterworth", transform: "bilinear", mkfilterCommandLine: ""))
    static let fir = DigitalFilterTemplate(
        tag: 3, name: "avg", description: "", filterClass: .lowPass, designSampleRate: 1,
        cornerFrequency1: 0, order: 5, gain: 5, xCoefficients: [1, 1, 1, 1, 1], yCoefficients: [0, 0, 0, 0],
        provenance: FilterProvenance(family: "movingAverage", transform: "none", mkfilterCommandLine: ""))

    /// Plain direct-form recurrence with shifting arrays.
    static func reference(_ t: DigitalFilterTemplate, _ input: [Double]) -> [Double] {
        let b = t.xCoefficients.map { $0 / t.gain }
        var xv = [Double](repeating: 0, count: b.count)
        var yv = [Double](repeating: 0, count: t.yCoefficients.count + 1)
        var out: [Double] = []
        for sample in input {
            xv.removeFirst(); xv.append(sample)
            var y = 0.0
            for (i, c) in b.enumerated() { y += c * xv[i] }
            for (i, c) in t.yCoefficients.enumerated() { y += c * yv[i + 1] }
            yv.removeFirst(); yv.append(y)
            out.append(y)
        }
        return out
    }

    /// Deterministic noise in [-1, 1) (a 64-bit LCG), so failures reproduce.
    static func noise(_ count: Int, seed: UInt64 = 0x9E3779B97F4A7C15) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 52) - 1
        }
    }

    @Test(arguments: [lowPass2, bandPass4, fir])
    func equalsPlainRecurrenceOverHundredThousandSamples(_ template: DigitalFilterTemplate) {
        let input = Self.noise(100_000)
        let expected = Self.reference(template, input)
        var filter = DigitalFilter<Double>(template)
        let got = filter.process(input)
        let scale = expected.map(abs).max()!
        var worst = 0.0
        for (a, b) in zip(got, expected) { worst = max(worst, abs(a - b)) }
        #expect(worst <= 1e-12 * scale, "\(template.name): worst difference \(worst) (scale \(scale))")
        #expect(scale > 0)
    }

    @Test func samplesBlocksAndResetAgree() {
        let input = Self.noise(1000, seed: 7)
        var a = DigitalFilter<Double>(Self.bandPass4)
        let perSample = input.map { a.process($0) }
        var b = DigitalFilter<Double>(Self.bandPass4)
        let block = b.process(input)
        b.reset()
        let afterReset = b.process(input)
        #expect(block == perSample, "block and per-sample outputs differ")
        #expect(afterReset == perSample, "output after reset differs")
        #expect(perSample.allSatisfy { $0.isFinite })
    }

    @Test func floatFollowsDouble() {
        let input = Self.noise(10_000, seed: 3)
        var d = DigitalFilter<Double>(Self.lowPass2)
        var f = DigitalFilter<Float>(Self.lowPass2)
        let expected = d.process(input)
        let got = f.process(input.map(Float.init))
        for (x, y) in zip(got, expected) { #expect(abs(Double(x) - y) < 1e-5) }
    }

    @Test func impulseOfMovingAverageIsFlat() {
        var filter = DigitalFilter<Double>(Self.fir)
        let out = (0..<7).map { filter.process($0 == 0 ? 5 : 0) }
        #expect(out == [1, 1, 1, 1, 1, 0, 0])
    }
}
