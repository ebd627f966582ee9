import ComplexModule
import EmissionTemplates
import FilterDesign
import FilterEmission
import FilterJSON
import FilterRuntime
import Foundation
import Testing

/// The sections as the emitters write them: `--emit json`'s zpk and sos,
/// CMSIS-DSP's stages and vDSP's coefficients, each checked by running the
/// difference equation its target documents on the numbers read back from the
/// emitted text.
@Suite struct SectionEmissionTests {
    static let recipes: [(String, FilterRecipe)] = [
        ("bp3", try! FilterRecipe(family: .butterworth, band: .bandPass, order: 3, corners: .hertz(0.5, 3, sampleRate: 60))),
        ("cheb lp5", try! FilterRecipe(family: .chebyshev(rippleDecibels: 1), band: .lowPass, order: 5, corners: .alpha(0.12))),
        ("bessel hs4", try! FilterRecipe(family: .bessel, band: .highPass, order: 4, corners: .alpha(0.3))),
        ("cheby2 bs6", try! FilterRecipe(family: .chebyshev2(attenuationDecibels: 60), band: .bandStop, order: 6, corners: .alpha(0.05, 0.2))),
        ("elliptic spec", try! FilterRecipe(designing: .elliptic, to: MagnitudeSpecification(
            passband: [5.0 / 60], stopband: [7.0 / 60], passbandLoss: 0.5, stopbandAttenuation: 50))),
    ]

    /// The numbers of a C or Swift array literal following `marker` in `text`.
    static func numbers(after marker: String, in text: String) -> [Double] {
        guard let start = text.range(of: marker) else { return [] }
        let rest = text[start.upperBound...]
        let body = rest[..<(rest.firstIndex(where: { $0 == "}" || $0 == "]" }) ?? rest.endIndex)]
        return body.split(whereSeparator: { ", \n\t".contains($0) }).compactMap { Double($0.replacingOccurrences(of: "f", with: "")) }
    }

    static func exactImpulse(_ design: Design, count: Int) -> [Double] {
        var filter = SectionCascade<Double>(design.secondOrderSections()!)
        return (0..<count).map { filter.process($0 == 0 ? 1 : 0) }
    }

    static func relativeError(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { abs($0 - $1) }.max()! / b.map(abs).max()!
    }

    /// JSON: the zpk is the design's, exactly; the sos rows are the template's
    /// sections as [b0, b1, b2, 1, a1, a2], and their product is the zpk.
    @Test func jsonCarriesZpkAndSos() throws {
        for (name, recipe) in Self.recipes {
            let design = try recipe.design()
            let text = try JSONEmitter.document([try DesignedFilter(design, name: name, description: "", tag: 0)])
            // Read with our reader: Foundation's on Linux does not round-trip doubles.
            let root = try JSONValue.parse(text)
            guard case .array(let filters)? = root["filters"], let filter = filters.first,
                  let zpk = filter["zpk"], case .array(let sosRows)? = filter["sos"] else {
                Issue.record("\(name): no zpk or sos"); continue
            }
            func number(_ v: JSONValue?) -> Double? { if case .number(let x)? = v { return x }; return nil }
            func points(_ v: JSONValue?) -> [Complex<Double>]? {
                guard case .array(let items)? = v else { return nil }
                return items.compactMap { item -> Complex<Double>? in
                    guard case .array(let pair) = item, pair.count == 2, let re = number(pair[0]), let im = number(pair[1]) else { return nil }
                    return Complex(re, im)
                }
            }
            let expected = design.normalized!
            #expect(number(zpk["gain"]) == expected.gain)
            #expect(points(zpk["poles"]) == expected.poles && points(zpk["zeros"]) == expected.zeros, "\(name)")
            let sos = sosRows.map { row -> [Double] in
                guard case .array(let items) = row else { return [] }
                return items.compactMap(number)
            }
            let sections = design.secondOrderSections()!
            #expect(sos == sections.map { [$0.b0, $0.b1, $0.b2, 1, $0.a1, $0.a2] })
            for alpha in [0.0, 0.01, 0.05, 0.1, 0.25, 0.4, 0.5] {
                let z = Complex<Double>(length: 1, phase: 2 * Double.pi * alpha), u = Complex<Double>(1, 0) / z
                var product = Complex<Double>(1, 0)
                for row in sos {
                    let numerator: Complex<Double> = Complex(row[0], 0) + Complex(row[1], 0) * u + Complex(row[2], 0) * u * u
                    let denominator: Complex<Double> = Complex(row[3], 0) + Complex(row[4], 0) * u + Complex(row[5], 0) * u * u
                    product *= numerator / denominator
                }
                #expect((product - expected.evaluate(at: z)).length <= 1e-13, "\(name) at \(alpha)")
            }
        }
    }

    /// CMSIS: the header compiles (with float32_t as float), and CMSIS's own
    /// equations, y = b0 x + b1 x1 + b2 x2 + a1 y1 + a2 y2 (direct form I) and its
    /// transposed form II, run on the numbers read back from the header in float,
    /// give the design's impulse response to float accuracy.
    @Test func cmsisStagesRunAsCMSISRunsThem() throws {
        let templates = try Self.recipes.map { try TemplateBuilder.template(for: try $0.1.design(), name: $0.0, description: "", tag: 0) }
        let header = try CMSISEmitter.header(templates.emitted, prefix: "test")
        if let cc = Support.tool("cc") {
            let dir = try Support.temporaryDirectory("cmsis")
            defer { try? FileManager.default.removeItem(at: dir) }
            try ("typedef float float32_t;\n" + header + "int main(void) { return (int)test_bp3_coefficients[0]; }\n")
                .write(to: dir.appendingPathComponent("main.c"), atomically: true, encoding: .utf8)
            let build = try Support.run(cc, ["-std=c99", "-Wall", "-Wextra", "-Werror", "-c", "main.c", "-o", "main.o"], in: dir)
            #expect(build.status == 0, "\(build.err)")
        }
        let guardName = header.split(separator: "\n").first { $0.hasPrefix("#ifndef ") }.map { String($0.dropFirst(8)) } ?? ""
        #expect(guardName.hasSuffix("_CMSIS_H") && guardName.hasPrefix("TEST_"), "\(guardName)")
        for ((name, recipe), t) in zip(Self.recipes, templates) {
            let id = "test_" + CEmitterTestSupport.cIdentifier(name)
            let c = Self.numbers(after: "\(id)_coefficients[5 * \(id.uppercased())_NUM_STAGES] \(guardName)_UNUSED = {", in: header).map(Float.init)
            #expect(c.count == 5 * t.sections.count, "\(name)")
            #expect(header.contains("#define \(id.uppercased())_NUM_STAGES \(t.sections.count)"))
            let exact = Self.exactImpulse(try recipe.design(), count: 300)
            // Direct form I, CMSIS's signs.
            var df1 = [Float](repeating: 0, count: 300)
            var signal = (0..<300).map { Float($0 == 0 ? 1 : 0) }
            for stage in 0..<(c.count / 5) {
                let (b0, b1, b2, a1, a2) = (c[5 * stage], c[5 * stage + 1], c[5 * stage + 2], c[5 * stage + 3], c[5 * stage + 4])
                var (x1, x2, y1, y2): (Float, Float, Float, Float) = (0, 0, 0, 0)
                for n in 0..<300 {
                    let y = b0 * signal[n] + b1 * x1 + b2 * x2 + a1 * y1 + a2 * y2
                    (x2, x1, y2, y1) = (x1, signal[n], y1, y)
                    df1[n] = y
                }
                signal = df1
            }
            #expect(Self.relativeError(df1.map(Double.init), exact) < 1e-5, "\(name) df1")
            // Transposed direct form II, CMSIS's signs.
            signal = (0..<300).map { Float($0 == 0 ? 1 : 0) }
            var df2t = signal
            for stage in 0..<(c.count / 5) {
                let (b0, b1, b2, a1, a2) = (c[5 * stage], c[5 * stage + 1], c[5 * stage + 2], c[5 * stage + 3], c[5 * stage + 4])
                var d1: Float = 0, d2: Float = 0
                for n in 0..<300 {
                    let x = signal[n]
                    let y = b0 * x + d1
                    d1 = b1 * x + a1 * y + d2
                    d2 = b2 * x + a2 * y
                    df2t[n] = y
                }
                signal = df2t
            }
            #expect(Self.relativeError(df2t.map(Double.init), exact) < 1e-5, "\(name) df2T")
        }
    }

    /// vDSP: the Swift compiles warning-free (on Linux the Accelerate part is
    /// left out), and vDSP's difference equation, y = b0 x + b1 x1 + b2 x2
    /// - a1 y1 - a2 y2, on the coefficients read back gives the design's
    /// impulse response in Double to 1e-13.
    @Test func vdspCoefficientsRunAsVDSPRunsThem() throws {
        let templates = try Self.recipes.map { try TemplateBuilder.template(for: try $0.1.design(), name: $0.0, description: "", tag: 0) }
        let source = try VDSPEmitter.source(templates.emitted, namespace: "Test")
        #expect(source.contains("#if canImport(Accelerate)") && source.contains("vDSP.Biquad(coefficients:"))
        if let swiftc = Support.tool("swiftc") {
            let dir = try Support.temporaryDirectory("vdsp")
            defer { try? FileManager.default.removeItem(at: dir) }
            try source.write(to: dir.appendingPathComponent("Filters.swift"), atomically: true, encoding: .utf8)
            let check = try Support.run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-typecheck", "Filters.swift"], in: dir)
            #expect(check.status == 0, "\(check.err)")
        }
        for ((name, recipe), t) in zip(Self.recipes, templates) {
            let c = Self.numbers(after: "public static let \(SwiftSource.identifier(name))Coefficients: [Swift.Double] = [", in: source)
            #expect(c.count == 5 * t.sections.count, "\(name)")
            var signal = (0..<300).map { Double($0 == 0 ? 1 : 0) }
            for stage in 0..<(c.count / 5) {
                let (b0, b1, b2, a1, a2) = (c[5 * stage], c[5 * stage + 1], c[5 * stage + 2], c[5 * stage + 3], c[5 * stage + 4])
                var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
                for n in 0..<300 {
                    let y = b0 * signal[n] + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
                    (x2, x1, y2, y1) = (x1, signal[n], y1, y)
                    signal[n] = y
                }
            }
            #expect(Self.relativeError(signal, Self.exactImpulse(try recipe.design(), count: 300)) < 1e-13, "\(name)")
        }
    }

    /// Direct-form templates have no sections: CMSIS and vDSP say so.
    @Test func directFormHasNoBiquads() throws {
        let recipe = try FilterRecipe(family: .butterworth, band: .lowPass, order: 2, corners: .alpha(0.1), realization: .direct)
        let template = try TemplateBuilder.template(for: try recipe.design(), name: "lp", description: "", tag: 0)
        #expect(template.sections.isEmpty)
        #expect(throws: EmissionError.self) { try CMSISEmitter.header([template].emitted, prefix: "x") }
        #expect(throws: EmissionError.self) { try VDSPEmitter.source([template].emitted, namespace: "X") }
    }
}

/// C identifiers as `CEmitter` makes them, for the tests.
enum CEmitterTestSupport {
    static func cIdentifier(_ name: String) -> String {
        var out = ""
        for c in name.unicodeScalars {
            if c.isASCII && (CharacterSet.alphanumerics.contains(c)) { out.unicodeScalars.append(c) } else if !out.hasSuffix("_") { out += "_" }
        }
        return out.trimmingCharacters(in: CharacterSet(charactersIn: "_"))
    }
}
