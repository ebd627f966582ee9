import ComplexModule
import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MkfilterCLI
import Testing

/// A fresh temporary directory, removed after `body`.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mkfilter-analysis-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// Rows of `path` as Python's csv module reads them (a standard CSV parser).
func pythonCSV(_ path: String) throws -> [[String]] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='')))))", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3's csv module could not read \(path)")
    return try JSONDecoder().decode([[String]].self, from: data)
}

/// Whether `data` is well-formed XML (Foundation's parser, libxml2 underneath).
func isWellFormedXML(_ data: Data) -> Bool {
    let parser = XMLParser(data: data)
    return parser.parse()
}

@Test func responseCSVReadsBackWithAStandardParser() throws {
    try withTemporaryDirectory { dir in
        let csv = dir.appendingPathComponent("bp.csv").path, svg = dir.appendingPathComponent("bp.svg").path
        let result = ResponseProgram.run(.response, arguments: [
            "-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3", "--points", "301",
            "-o", csv, "--svg", svg])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let rows = try pythonCSV(csv)
        #expect(rows.first == ResponseProgram.responseHeader.split(separator: ",").map(String.init))
        #expect(rows.count == 302)
        let design = try Mkfilter.design(arguments: ["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3"])
        // The design's zeros, poles and gain, as an independent reference for the sections' response.
        let zpk = design.normalized!
        for (k, row) in rows.dropFirst().enumerated() {
            let alpha = Double(row[0])!
            #expect(alpha == Double(k) / 600)
            #expect(abs(Double(row[1])! - alpha * 60) < 1e-12)
            let magnitude = Double(row[2])!
            #expect(abs(magnitude - zpk.magnitude(at: Complex(length: 1, phase: 2 * Double.pi * alpha))) < 1e-13)
            if magnitude > 0 { #expect(abs(Double(row[3])! - 20 * log10(magnitude)) < 1e-9) } else { #expect(row[3].isEmpty) }
            #expect(Double(row[4])!.isFinite && Double(row[5])!.isFinite)
        }
        let svgData = try Data(contentsOf: URL(fileURLWithPath: svg))
        #expect(isWellFormedXML(svgData))
        let text = String(decoding: svgData, as: UTF8.self)
        for label in ["Magnitude", "Phase (unwrapped)", "Poles and zeros", "frequency (Hz)", "unit circle"] {
            #expect(text.contains(label), "the plot lacks \(label)")
        }
    }
}

@Test func responseWithoutSampleRateLeavesFrequencyEmptyAndExactZerosUndefined() throws {
    let result = ResponseProgram.run(.response, arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--points", "5"])
    #expect(result.exitCode == 0)
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "alpha,frequency_hz,magnitude,magnitude_db,phase_rad,group_delay_samples")
    #expect(lines.count == 7 && lines[6].isEmpty)
    let nyquist = lines[5].split(separator: ",", omittingEmptySubsequences: false)
    #expect(nyquist[0] == "0.5" && nyquist[1].isEmpty)
    // Both zeros sit exactly on z = -1: the magnitude there is at rounding level.
    #expect(Double(nyquist[2])! < 1e-15)
}

/// The time responses as run: `DigitalFilter<Double>` (sections by default,
/// Fisher's recurrence with --realization direct) or `<Float>`, each within
/// its precision of the exact ones (double-double).
@Test func impulseAndStepCommands() throws {
    let impulse = ResponseProgram.run(.impulse, arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--samples", "40"])
    let step = ResponseProgram.run(.step, arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--samples", "40"])
    #expect(impulse.exitCode == 0 && step.exitCode == 0)
    let design = try Mkfilter.design(arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1"])
    let template = try TemplateBuilder.template(for: design, name: "f", description: "", tag: 0)
    var filter = DigitalFilter<Double>(template)
    let h = (0..<40).map { filter.process($0 == 0 ? 1 : 0) }
    let expectedImpulse = "n,value\n" + h.enumerated().map { "\($0.offset),\($0.element)\n" }.joined()
    #expect(impulse.standardOutput == expectedImpulse)
    let exact = TimeResponse.impulse(template.sections, count: 40)
    #expect(zip(h, exact).allSatisfy { abs($0 - $1) < 1e-16 })
    let s = TimeResponse.step(template.sections, count: 400)
    let printedStep = step.standardOutput.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[1])! }
    #expect(printedStep.count == 40 && zip(printedStep, s).allSatisfy { abs($0 - $1) < 1e-15 })
    // The step settles at the dc gain, 1.
    #expect(abs(s.last! - 1) < 1e-12)
    // In Float: DigitalFilter<Float>'s own numbers, in the offset form.
    let float = ResponseProgram.run(.impulse, arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--samples", "40", "--precision", "float"])
    var floatFilter = DigitalFilter<OffsetForm<Float>>(template)
    let hf = (0..<40).map { Double(floatFilter.process($0 == 0 ? 1 : 0)) }
    #expect(float.standardOutput == "n,value\n" + hf.enumerated().map { "\($0.offset),\($0.element)\n" }.joined())
    #expect(zip(hf, exact).allSatisfy { abs($0 - $1) < 1e-7 })
    // Float samples, sections in Double: the exact response rounded once.
    let wide = ResponseProgram.run(.impulse, arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--samples", "40", "--precision", "float-in-double"])
    var wideFilter = DigitalFilter<TransposedInDoubleForm<Float>>(template)
    let hw = (0..<40).map { Double(wideFilter.process($0 == 0 ? 1 : 0)) }
    #expect(wide.exitCode == 0 && wide.standardOutput == "n,value\n" + hw.enumerated().map { "\($0.offset),\($0.element)\n" }.joined())
    #expect(zip(hw, exact).allSatisfy { abs($0 - $1) <= Double(Float($1).ulp) })
    // Fisher's recurrence, as DigitalFilter<Double> runs it.
    let direct = ResponseProgram.run(.impulse, arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--samples", "40", "--realization", "direct"])
    let directTemplate = try TemplateBuilder.template(for: try design.recipe.withRealization(.direct).design(), name: "f", description: "", tag: 0)
    var directFilter = DigitalFilter<Double>(directTemplate)
    let hd = (0..<40).map { directFilter.process($0 == 0 ? 1 : 0) }
    #expect(direct.standardOutput == "n,value\n" + hd.enumerated().map { "\($0.offset),\($0.element)\n" }.joined())
    try withTemporaryDirectory { dir in
        let svg = dir.appendingPathComponent("impulse.svg")
        let r = ResponseProgram.run(.impulse, arguments: ["-Be", "-Hp", "-o", "3", "-a", "0.2", "--svg", svg.path])
        #expect(r.exitCode == 0)
        let data = try Data(contentsOf: svg)
        #expect(isWellFormedXML(data))
    }
}

@Test func badAnalysisInputIsRefusedWithoutWritingAnything() throws {
    try withTemporaryDirectory { dir in
        let out = dir.appendingPathComponent("out.csv").path
        let cases: [([String], String)] = [
            (["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--points", "1", "-o", out], "--points"),
            (["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--points", "many", "-o", out], "many"),
            (["-Bu", "-Lp", "-o", "2", "-a", "0.7", "-o", out], "0.7"),
            (["-Re", "Inf", "-Bp", "-a", "0.1", "-o", out], "oscillator"),
            (["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--scale", "log", "-o", out], "--scale"),
            (["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--emit", "swift", "-o", out], "--emit"),
            ([], "give a design"),
        ]
        for (args, needle) in cases {
            let r = ResponseProgram.run(.response, arguments: args)
            #expect(r.exitCode == 1 && r.standardOutput.isEmpty, "\(args)")
            #expect(r.standardError.contains(needle), "\(args): \(r.standardError)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(args) left a file")
        }
        let steps = ResponseProgram.run(.step, arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--samples", "0"])
        #expect(steps.exitCode == 1 && steps.standardError.contains("--samples"))
    }
}
