import ComplexModule
import FilterAnalysis
import AnalysisRequests
import FilterDesign
import FilterRequests
import FilterEmission
import FilterRuntime
import Foundation

/// The sections on a grid of 936 designs (Butterworth, Chebyshev 0.5 and 3 dB,
/// Bessel; four bands; orders 1-10, 12, 16, 20; corners 0.001 to 0.45, band
/// edges up to 0.48), against scipy's own sections of the same designs
/// (`scripts/sos_grid_reference.py`, `Tests/Fixtures/scipy/sos-grid.json`).
///
/// Three checks: `verify` in Float and Double, the Float impulse responses
/// against the exact ones and scipy's float32 sections, and the section
/// coefficients against scipy's `zpk2sos`.
public enum SectionGrid {
    /// One design of the grid and scipy's figures for it.
    public struct Case: Decodable, Sendable {
        public var family: String
        public var ripple: Double?
        public var band: String
        public var order: Int
        public var alphas: [Double]
        public var impulseLength: Int
        public var scipyFloat32ImpulseError: Double
        public var scipyDoubleSosDeviation: Double
        public var scipyFloat32SosDeviation: Double
        public var scipyFloat32Stable: Bool

        /// The design as a recipe.
        public var recipe: FilterRecipe {
            let family: FilterFamily = self.family == "butterworth" ? .butterworth
                : self.family == "bessel" ? .bessel : .chebyshev(rippleDecibels: ripple!)
            return try! FilterRecipe(family: family, band: FilterBand(rawValue: band)!, order: order,
                                     corners: .alpha(alphas[0], alphas.count > 1 ? alphas[1] : nil))
        }

        /// The design in a few words, for a failure's line.
        public var label: String { "\(family)\(ripple.map { " \($0) dB" } ?? "") \(band) order \(order) \(alphas)" }

        /// The `mkfilter` command line that designs it.
        public var commandLine: String {
            let f = family == "butterworth" ? "-Bu" : family == "bessel" ? "-Be" : "-Ch -\(ripple!)"
            let b = ["lowPass": "-Lp", "highPass": "-Hp", "bandPass": "-Bp", "bandStop": "-Bs"][band]!
            return "mkfilter \(f) \(b) -o \(order) -a " + alphas.map { "\($0)" }.joined(separator: " ")
        }
    }
    struct Document: Decodable { var cases: [Case] }

    /// Every design of the grid, from `sos-grid.json` in `directory`.
    public static func cases(in directory: URL = GridFixtures.directory) throws -> [Case] {
        try GridFixtures.decode(Document.self, "sos-grid.json", in: directory).cases
    }

    /// `mkfilter verify` passes every design, in Float and in Double.
    public static func verify(_ cases: [Case]) async -> GridCheck {
        var check = GridCheck(name: "verify over the section grid")
        check.failures = await parallelMap(cases) { c -> [String] in
            let design = try! c.recipe.design()
            var failed: [String] = []
            for precision in [RunningPrecision.double, .float] {
                do throws(ApplicationError) {
                    let report = try VerificationRequest(.design(design, commandLine: c.commandLine), precision: precision).run()
                    for item in report.items where !item.passed {
                        failed.append("\(c.label) \(precision): " + item.checks.filter { !$0.passed }.map { "\($0.name): \($0.detail)" }.joined(separator: "; "))
                    }
                } catch {
                    failed.append("\(c.label) \(precision): \(error.description)")
                }
            }
            return failed
        }.flatMap { $0 }
        check.summary.append("verify over the \(cases.count)-design grid: \(check.failures.count) failures (Double and Float)")
        return check
    }

    /// One design's Float impulse response errors, each max |y[n] − h[n]| / max |h[n]|
    /// against the exact response h: run by DigitalFilter<Float> in the offset
    /// form, by the same sections in float32 transposed direct form II, and in
    /// Float with the sections in Double; and whether one sample at a time
    /// gives the block's output bit for bit.
    private static func floatErrors(_ c: Case) -> (Double, Double, Double, Bool) {
        let template = try! TemplateBuilder.template(for: try! c.recipe.design(), name: "f", description: "", tag: 0)
        let exact = TimeResponse.impulse(template.sections, count: c.impulseLength)
        var filter = DigitalFilter<OffsetForm<Float>>(template)
        var transposed = SectionCascade<TransposedForm<Float>>(template.sections)
        var wide = SectionCascade<TransposedInDoubleForm<Float>>(template.sections)
        var input = [Float](repeating: 0, count: c.impulseLength)
        input[0] = 1
        let run = filter.process(input)
        let runTransposed = transposed.process(input)
        let runWide = wide.process(input)
        // One sample at a time, as a motion callback runs it: bit for bit
        // the block, Float in Double and Double alike.
        var wideStepped = SectionCascade<TransposedInDoubleForm<Float>>(template.sections)
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

    /// Run in Float, every impulse response is within 5 % of its peak of the
    /// exact one, and within 1 % wherever scipy's sections in float32 are;
    /// Float samples through sections in Double within 1e-6; one sample at a
    /// time bit for bit the block.
    public static func floatImpulse(_ cases: [Case]) async -> GridCheck {
        var check = GridCheck(name: "Float impulse responses against the exact ones and scipy's")
        // Each design's error as run by DigitalFilter<Float> in the offset form,
        // and, for comparison only, by the same sections in float32
        // transposed direct form II.
        let both = await parallelMap(cases) { c -> (Double, Double, Double, Bool) in floatErrors(c) }
        for (c, r) in zip(cases, both) where !r.3 { check.failures.append("\(c.label): per sample differs from the block") }
        // Float samples with the sections in Double inside (the runtime's
        // default for Float off microcontrollers): the output's rounding only.
        let wideErrors = both.map(\.2).sorted()
        check.summary.append("float impulse error with the sections in Double inside: median \(wideErrors[wideErrors.count / 2]), worst \(wideErrors.last!)")
        for (c, r) in zip(cases, both) where !(r.2 <= 1e-6) {
            check.failures.append("\(c.label): Float in Double impulse error \(r.2), above 1e-6")
        }
        let errors = both.map(\.0)
        let transposedErrors = both.map(\.1).map { $0.isNaN ? Double.infinity : $0 }.sorted()
        check.summary.append("float impulse error of our sections in transposed form II: median \(transposedErrors[transposedErrors.count / 2]), worst \(transposedErrors.last!), > 1 %: \(transposedErrors.filter { $0 > 0.01 }.count), > 100 %: \(transposedErrors.filter { $0 > 1 }.count)")
        for (c, e) in zip(cases, errors) {
            if !(e <= 0.05) { check.failures.append("\(c.label): Float impulse error \(e), above 5 %") }
            if c.scipyFloat32ImpulseError <= 0.01 && !(e <= 0.01) {
                check.failures.append("\(c.label): Float impulse error \(e), above 1 % where scipy's is \(c.scipyFloat32ImpulseError)")
            }
        }
        let sorted = errors.sorted()
        let ours1 = errors.filter { $0 > 0.01 }.count, scipy1 = cases.filter { $0.scipyFloat32ImpulseError > 0.01 }.count
        let oursPeak = errors.filter { $0 > 1 }.count, scipyPeak = cases.filter { $0.scipyFloat32ImpulseError > 1 }.count
        let scipyMedian = cases.map(\.scipyFloat32ImpulseError).sorted()[cases.count / 2]
        check.summary.append("float impulse error over \(cases.count) designs: ours median \(sorted[sorted.count / 2]), worst \(sorted.last!), > 1 %: \(ours1), > 100 %: \(oursPeak); scipy's sections in float32: median \(scipyMedian), > 1 %: \(scipy1), > 100 %: \(scipyPeak)")
        return check
    }

    /// The stored sections in Double equal the zeros, poles and gain as closely
    /// as scipy's `zpk2sos` does (within 4 times, or 1e-14); rounded to Float
    /// they stay stable, and their response deviates from the exact one about
    /// as much as scipy's sections rounded to float32 do (within 4 times that,
    /// or 1e-4 of the peak).
    public static func sectionCoefficients(_ cases: [Case]) async -> GridCheck {
        var check = GridCheck(name: "section coefficients against scipy's")
        let results = await parallelMap(cases) { c -> (double: Double, float: Double, stable: Bool) in
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
        for (c, r) in zip(cases, results) {
            if r.double > max(c.scipyDoubleSosDeviation, 1e-14) * 4 {
                check.failures.append("\(c.label): Double sections deviate \(r.double), scipy's \(c.scipyDoubleSosDeviation)")
            }
            if r.float > max(4 * c.scipyFloat32SosDeviation, 1e-4) {
                check.failures.append("\(c.label): Float-rounded sections deviate \(r.float), scipy's \(c.scipyFloat32SosDeviation)")
            }
            if !r.stable { check.failures.append("\(c.label): unstable rounded to Float") }
        }
        let doubles = results.map(\.double).sorted(), floats = results.map(\.float).sorted()
        check.summary.append("sections vs zpk over \(cases.count) designs: Double median \(doubles[doubles.count / 2]), worst \(doubles.last!) (scipy worst \(cases.map(\.scipyDoubleSosDeviation).max()!)); rounded to Float median \(floats[floats.count / 2]), worst \(floats.last!); \(results.filter { !$0.stable }.count) unstable")
        return check
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
