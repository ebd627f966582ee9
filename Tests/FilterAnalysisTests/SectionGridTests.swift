import ComplexModule
import FilterAnalysis
import FilterApplicationAnalysis
import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation
import Testing

/// The sections on a grid of 936 designs (Butterworth, Chebyshev 0.5 and 3 dB,
/// Bessel; four bands; orders 1-10, 12, 16, 20; corners 0.001 to 0.45, band
/// edges up to 0.48), against scipy's own sections of the same designs
/// (`scripts/sos_grid_reference.py`, `Tests/Fixtures/scipy/sos-grid.json`).
///
/// A debug build (`swift test`) checks every 23rd design (41 of them: 23 is
/// prime to the grid's 4 families, 4 bands and 13 orders, so the sample
/// walks across all of them): the double-double references of the longest
/// filters take minutes unoptimised. CI runs the whole grid in a release
/// build (`scripts/section-grid.sh`).
@Suite struct SectionGridTests {
    struct Case: Decodable, Sendable {
        var family: String
        var ripple: Double?
        var band: String
        var order: Int
        var alphas: [Double]
        var impulseLength: Int
        var scipyFloat32ImpulseError: Double
        var scipyDoubleSosDeviation: Double
        var scipyFloat32SosDeviation: Double
        var scipyFloat32Stable: Bool

        var recipe: FilterRecipe {
            let family: FilterFamily = self.family == "butterworth" ? .butterworth
                : self.family == "bessel" ? .bessel : .chebyshev(rippleDecibels: ripple!)
            return try! FilterRecipe(family: family, band: FilterBand(rawValue: band)!, order: order,
                                     corners: .alpha(alphas[0], alphas.count > 1 ? alphas[1] : nil))
        }

        var label: String { "\(family)\(ripple.map { " \($0) dB" } ?? "") \(band) order \(order) \(alphas)" }

        var commandLine: String {
            let f = family == "butterworth" ? "-Bu" : family == "bessel" ? "-Be" : "-Ch -\(ripple!)"
            let b = ["lowPass": "-Lp", "highPass": "-Hp", "bandPass": "-Bp", "bandStop": "-Bs"][band]!
            return "mkfilter \(f) \(b) -o \(order) -a " + alphas.map { "\($0)" }.joined(separator: " ")
        }
    }
    struct Document: Decodable { var cases: [Case] }

    static let allCases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scipy/sos-grid.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).cases
    }()

    /// The designs checked: all of them optimised, every 23rd in a debug build.
    static let cases: [Case] = {
        #if DEBUG
        return allCases.enumerated().filter { $0.offset % 23 == 0 }.map(\.element)
        #else
        return allCases
        #endif
    }()

    /// Runs `body` on every case, two at a time (the machine's cores), in order.
    static func map<T: Sendable>(_ body: @escaping @Sendable (Case) -> T) async -> [T] {
        await parallelMap(cases, body)
    }

    @Test func gridIsTheOneScriptsWrote() {
        #expect(Self.allCases.count == 936)
        #expect(Set(Self.allCases.map(\.order)) == Set(Array(1...10) + [12, 16, 20]))
        #expect(Self.cases.count == 936 || Self.cases.count == 41)
    }

    /// `mkfilter verify` passes every design of the grid, in Float and in Double.
    @Test(.timeLimit(.minutes(10))) func verifyPassesEveryDesignInFloatAndDouble() async throws {
        let failures = await Self.map { c -> [String] in
            let design = try! c.recipe.design()
            var failed: [String] = []
            for precision in [RunningPrecision.double, .float] {
                do {
                    let report = try VerificationRequest(.design(design, commandLine: c.commandLine), precision: precision).run()
                    for item in report.items where !item.passed {
                        failed.append("\(c.label) \(precision): " + item.checks.filter { !$0.passed }.map { "\($0.name): \($0.detail)" }.joined(separator: "; "))
                    }
                } catch {
                    failed.append("\(c.label) \(precision): \(error)")
                }
            }
            return failed
        }.flatMap { $0 }
        print("verify over the \(Self.cases.count)-design grid: \(failures.count) failures (Double and Float)")
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(5).joined(separator: "\n"))")
    }

    /// Run in Float, every impulse response is within 5 % of its peak of the
    /// exact one, and within 1 % wherever scipy's sections in float32 are.
    @Test(.timeLimit(.minutes(10))) func floatImpulseAgainstScipy() async throws {
        // Each design's error as run by DigitalFilter<Float> in the offset form,
        // and, for the README's comparison only, by the same sections in
        // float32 transposed direct form II.
        let both = await Self.map { c -> (Double, Double, Double, Bool) in
            let template = try! TemplateBuilder.template(for: try! c.recipe.design(), name: "f", description: "", tag: 0)
            let exact = TimeResponse.impulse(template.sections, count: c.impulseLength)
            var filter = DigitalFilter<Float>(template, form: .offset)
            var transposed = SectionCascade<Float>(template.sections, form: .transposed)
            var wide = SectionCascade<Float>(template.sections, form: .transposedInDouble)
            var input = [Float](repeating: 0, count: c.impulseLength)
            input[0] = 1
            let run = filter.process(input)
            let runTransposed = transposed.process(input)
            let runWide = wide.process(input)
            // One sample at a time, as a motion callback runs it: bit for bit
            // the block, Float in Double and Double alike.
            var wideStepped = SectionCascade<Float>(template.sections, form: .transposedInDouble)
            var double = SectionCascade<Double>(template.sections), doubleStepped = double
            let doubleInput = input.map(Double.init), doubleBlock = double.process(doubleInput)
            let stepped = input.indices.allSatisfy { n in
                wideStepped.process(input[n]).bitPattern == runWide[n].bitPattern
                    && doubleStepped.process(doubleInput[n]).bitPattern == doubleBlock[n].bitPattern
            }
            let peak = exact.map(abs).max()!
            let error = { (y: [Float]) in zip(y, exact).map { abs(Double($0) - $1) }.max()! / peak }
            return (error(run), error(runTransposed), error(runWide), stepped)
        }
        let notStepped = zip(Self.cases, both).filter { !$0.1.3 }.map(\.0.label)
        #expect(notStepped.isEmpty, "per sample differs from the block: \(notStepped.prefix(5))")
        // Float samples with the sections in Double inside (the runtime's
        // default for Float off microcontrollers): the output's rounding only.
        let wideErrors = both.map(\.2).sorted()
        print("float impulse error with the sections in Double inside: median \(wideErrors[wideErrors.count / 2]), worst \(wideErrors.last!)")
        #expect(wideErrors.last! <= 1e-6)
        let errors = both.map(\.0)
        let transposedErrors = both.map(\.1).map { $0.isNaN ? Double.infinity : $0 }.sorted()
        print("float impulse error of our sections in transposed form II: median \(transposedErrors[transposedErrors.count / 2]), worst \(transposedErrors.last!), > 1 %: \(transposedErrors.filter { $0 > 0.01 }.count), > 100 %: \(transposedErrors.filter { $0 > 1 }.count)")
        var beyondFive: [String] = [], worseWhereScipyIsGood: [String] = []
        for (c, e) in zip(Self.cases, errors) {
            if !(e <= 0.05) { beyondFive.append("\(c.label): \(e)") }
            if c.scipyFloat32ImpulseError <= 0.01 && !(e <= 0.01) { worseWhereScipyIsGood.append("\(c.label): \(e) (scipy \(c.scipyFloat32ImpulseError))") }
        }
        let sorted = errors.sorted()
        let ours1 = errors.filter { $0 > 0.01 }.count, scipy1 = Self.cases.filter { $0.scipyFloat32ImpulseError > 0.01 }.count
        let oursPeak = errors.filter { $0 > 1 }.count, scipyPeak = Self.cases.filter { $0.scipyFloat32ImpulseError > 1 }.count
        let scipyMedian = Self.cases.map(\.scipyFloat32ImpulseError).sorted()[Self.cases.count / 2]
        print("float impulse error over \(Self.cases.count) designs: ours median \(sorted[sorted.count / 2]), worst \(sorted.last!), > 1 %: \(ours1), > 100 %: \(oursPeak); scipy's sections in float32: median \(scipyMedian), > 1 %: \(scipy1), > 100 %: \(scipyPeak)")
        #expect(beyondFive.isEmpty, "\(beyondFive.prefix(5))")
        #expect(worseWhereScipyIsGood.isEmpty, "\(worseWhereScipyIsGood.prefix(5))")
    }

    /// The stored sections in Double equal the zeros, poles and gain as closely
    /// as scipy's `zpk2sos` does; rounded to Float they stay stable, and their
    /// response deviates from the exact one about as much as scipy's sections
    /// rounded to float32 do (within 4 times that, or 1e-4 of the peak).
    @Test(.timeLimit(.minutes(10))) func sectionCoefficientsAgainstScipy() async throws {
        let results = await Self.map { c -> (double: Double, float: Double, stable: Bool) in
            let design = try! c.recipe.design()
            let zpk = design.normalized!
            let sections = design.secondOrderSections()!
            let phases = Self.phases(poles: zpk.poles)
            let exact = phases.map { zpk.evaluate(at: Complex(length: 1, phase: $0)) }
            let peak = exact.map(\.length).max()!
            func deviation(_ s: [Biquad]) -> Double {
                var worst = 0.0
                for (k, phase) in phases.enumerated() {
                    var h = Complex<Double>(1, 0)
                    for section in s { h *= Self.response(section, phase) }
                    worst = max(worst, (h - exact[k]).length)
                }
                return worst / peak
            }
            let rounded = sections.map { s in
                Biquad(b0: Double(Float(s.b0)), b1: Double(Float(s.b1)), b2: Double(Float(s.b2)),
                       a1: Double(Float(s.a1)), a2: Double(Float(s.a2)))
            }
            let stable = PoleZeroForm(sections: rounded).largestPoleRadius < 1
            return (deviation(sections), deviation(rounded), stable)
        }
        var worseInDouble: [String] = [], worseInFloat: [String] = [], unstable: [String] = []
        for (c, r) in zip(Self.cases, results) {
            if r.double > max(c.scipyDoubleSosDeviation, 1e-14) * 4 { worseInDouble.append("\(c.label): \(r.double) vs scipy \(c.scipyDoubleSosDeviation)") }
            if r.float > max(4 * c.scipyFloat32SosDeviation, 1e-4) { worseInFloat.append("\(c.label): \(r.float) vs scipy \(c.scipyFloat32SosDeviation)") }
            if !r.stable { unstable.append(c.label) }
        }
        let doubles = results.map(\.double).sorted(), floats = results.map(\.float).sorted()
        print("sections vs zpk over \(Self.cases.count) designs: Double median \(doubles[doubles.count / 2]), worst \(doubles.last!) (scipy worst \(Self.cases.map(\.scipyDoubleSosDeviation).max()!)); rounded to Float median \(floats[floats.count / 2]), worst \(floats.last!); \(unstable.count) unstable")
        #expect(worseInDouble.isEmpty, "\(worseInDouble.count): \(worseInDouble.prefix(5))")
        #expect(worseInFloat.isEmpty, "\(worseInFloat.count): \(worseInFloat.prefix(5))")
        #expect(unstable.isEmpty, "\(unstable.prefix(5))")
    }

    /// The phases scipy_reference used: 8192 from 0 to pi, and 33 around each pole.
    static func phases(poles: [Complex<Double>]) -> [Double] {
        var phases = (0..<8192).map { Double.pi * Double($0) / 8191 }
        for p in poles {
            let theta = abs(Double.atan2(y: p.imaginary, x: p.real)), d = 1 - p.length
            for k in 0..<33 {
                let phase = theta + d * (-8 + Double(k) / 2)
                if phase >= 0 && phase <= Double.pi { phases.append(phase) }
            }
        }
        return phases
    }

    /// One section's response, its denominator evaluated about z = 1 or -1 as
    /// `SectionResponse` does (q^2 + (a1 + 2t) u + (a2 - 1) u^2 with q = 1 - t u
    /// from the half angle), so the evaluation adds no error of its own near there.
    static func response(_ s: Biquad, _ phase: Double) -> Complex<Double> {
        let u = Complex<Double>(length: 1, phase: -phase)
        let u2: Complex<Double> = u * u
        let numerator: Complex<Double> = Complex(s.b0, 0) + Complex(s.b1, 0) * u + Complex(s.b2, 0) * u2
        let t: Double = s.a1 < -1 ? 1 : s.a1 > 1 ? -1 : 0
        guard t != 0 else {
            let denominator: Complex<Double> = Complex(1, 0) + Complex(s.a1, 0) * u + Complex(s.a2, 0) * u2
            return numerator / denominator
        }
        let (sh, ch) = (Double.sin(phase / 2), Double.cos(phase / 2))
        let q = t > 0 ? Complex(2 * sh * sh, 2 * sh * ch) : Complex(2 * ch * ch, -2 * sh * ch)
        let shifted: Complex<Double> = Complex(s.a1 + 2 * t, 0) * u + Complex(s.a2 - 1, 0) * u2
        let denominator: Complex<Double> = q * q + shifted
        return numerator / denominator
    }
}
