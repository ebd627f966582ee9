import FilterAnalysis
import FilterRequests
import AnalysisRequests
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MkfilterCLI
import Testing

/// `mkfilter spectrum` and `WelchAccumulator` against scipy.signal.welch on
/// the fixture recording (Tests/Fixtures/scipy/welch.json, written by
/// scripts/welch_reference.py from Tests/Fixtures/recordings/shake-60Hz.csv).
@Suite struct SpectrumTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            var name: String
            var rows: Int
            var nperseg: Int
            var noverlap: Int?
            var fs: String
            var frequencies: [String]
            var psd: [[String]]
            var mean: [String]
            var std: [String]
        }
        var cases: [Case]
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let recordingPath = fixtures.appendingPathComponent("recordings/shake-60Hz.csv").path

    static func load() throws -> Fixture {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("scipy/welch.json"))
        return try JSONDecoder().decode(Fixture.self, from: data)
    }

    /// The recording's header and first `rows` rows, as bytes.
    static func recording(rows: Int) throws -> [UInt8] {
        let text = try String(contentsOfFile: recordingPath, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return Array((lines.prefix(rows + 1).joined(separator: "\n") + "\n").utf8)
    }

    static func relative(_ a: Double, _ b: Double) -> Double { a == b ? 0 : abs(a - b) / max(abs(a), abs(b)) }

    /// Every bin of every axis within 1e-12 of scipy's, relative to the bin;
    /// the frequencies too; mean and RMS about the mean against numpy's
    /// mean and std. Six cases: the defaults, other segments and overlaps
    /// (odd N: no Nyquist bin), no overlap, and a recording shorter than a
    /// segment (scipy shrinks nperseg to the length).
    @Test func matchesScipyWelch() throws {
        let fixture = try Self.load()
        #expect(fixture.cases.count == 6)
        for c in fixture.cases {
            let input = try RecordingInput(bytes: try Self.recording(rows: c.rows), name: "shake-60Hz.csv", sampleRate: nil)
            #expect(input.sampleRate == Double(c.fs)!, "\(c.name)")
            let spectrum = try RecordingSpectrum.estimate(input, segment: c.nperseg, overlap: c.noverlap)
            #expect(spectrum.samples == c.rows)
            #expect(spectrum.raw.frequencies.count == c.frequencies.count, "\(c.name)")
            var worst = 0.0
            for (k, f) in c.frequencies.enumerated() {
                worst = max(worst, Self.relative(spectrum.raw.frequencies[k], Double(f)!))
                for axis in 0..<3 { worst = max(worst, Self.relative(spectrum.raw.psd[axis][k], Double(c.psd[axis][k])!)) }
            }
            for axis in 0..<3 {
                worst = max(worst, Self.relative(spectrum.mean[axis], Double(c.mean[axis])!))
                worst = max(worst, Self.relative(spectrum.rms[axis], Double(c.std[axis])!))
            }
            #expect(worst <= 1e-12, "\(c.name): worst relative difference \(worst)")
        }
    }

    /// Accumulating sample by sample is the same as Welch's definition
    /// computed directly over a held signal (a sine of known power: the
    /// density integrates to its variance A^2/2 within the window's leakage).
    @Test func sineIntegratesToItsPower() {
        let fs = 100.0, n = 10_000, amplitude = 0.5
        let welch = WelchAccumulator(segmentLength: 256, overlap: 128, channels: 1)
        for i in 0..<n {
            var v = amplitude * Double.sin(2 * Double.pi * 12.5 * Double(i) / fs)
            withUnsafePointer(to: &v) { welch.append(UnsafeBufferPointer(start: $0, count: 1)) }
        }
        let d = welch.density(sampleRate: fs)!
        #expect(d.segments == (n - 128) / 128)
        let df = fs / 256
        let area = d.psd[0].reduce(0, +) * df
        #expect(abs(area - amplitude * amplitude / 2) < 1e-3 * amplitude * amplitude, "area \(area)")
        // 12.5 Hz is bin 32 exactly.
        let peak = d.psd[0].indices.max { d.psd[0][$0] < d.psd[0][$1] }!
        #expect(d.frequencies[peak] == 12.5)
    }

    static func run(_ arguments: [String]) -> InvocationResult { SpectrumProgram.run(arguments: arguments) }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("spectrum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The command: the CSV's header and rows, the statistics on standard
    /// error, the SVG (well-formed XML, log axis, legend with mean and RMS,
    /// the filter's magnitude on the right axis).
    @Test func commandWritesCSVAndSVG() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("psd.csv").path, svg = dir.appendingPathComponent("psd.svg").path
        let r = Self.run([Self.recordingPath, "--filter", "-Bu -Bp -o 3 --corner 0.5 3", "-o", csv, "--svg", svg])
        #expect(r.exitCode == 0, "\(r.standardError)")
        #expect(r.standardOutput == "")
        #expect(r.standardError.contains("z: mean 0.9982 g, RMS 0.09907 g, filtered RMS"), "\(r.standardError)")
        let lines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "frequency_hz,x_psd,y_psd,z_psd,x_filtered_psd,y_filtered_psd,z_filtered_psd")
        #expect(lines.count == 1 + 129)
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",").map { Double($0) }
            #expect(fields.count == 7 && fields.allSatisfy { $0 != nil && $0!.isFinite })
        }
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        _ = try XMLDocument(xmlString: text)
        #expect(text.contains("log scale") && text.contains("filter magnitude (dB)") && text.contains("x (mean -0.0008 g, RMS 0.1933 g)"))
    }

    /// With --filter, the filtered columns are the Welch estimate of exactly
    /// what `mkfilter pipeline --filter` outputs as x_filtered, y_filtered,
    /// z_filtered for the same recording (the filter runs as the pipeline's).
    @Test func filteredIsThePipelinesOutput() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let filter = "-Bu -Bp -o 2 --corner 1 4"
        let pipelineCSV = dir.appendingPathComponent("pipeline.csv").path
        let p = PipelineProgram.run(arguments: [Self.recordingPath, "--filter", filter, "-o", pipelineCSV], standardOutput: nil)
        #expect(p.exitCode == 0, "\(p.standardError)")
        let welch = WelchAccumulator(segmentLength: 256, overlap: 128, channels: 3)
        for line in try String(contentsOfFile: pipelineCSV, encoding: .utf8).split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",").map { Double($0)! }
            welch.append(f[2], f[6], f[10])
        }
        let expected = welch.density(sampleRate: 60)!
        let r = Self.run([Self.recordingPath, "--filter", filter, "--sample-rate", "60"])
        #expect(r.exitCode == 0, "\(r.standardError)")
        let rows = r.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        #expect(rows.count == expected.frequencies.count)
        for (k, row) in rows.enumerated() {
            for axis in 0..<3 { #expect(row[4 + axis] == expected.psd[axis][k], "bin \(k) axis \(axis)") }
        }
    }

    /// Bad input: a bad line names its line and no file is written; options
    /// out of range name the value and what is allowed; huge values are an
    /// error, never inf or NaN in the output.
    @Test func badInputIsRefusedWithoutOutput() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.csv").path
        var text = "t,x,y,z\n"
        for i in 0..<300 { text += "\(Double(i) / 60),0.1,0.2,1\n" }
        text += "5.0,0.1,oops,1\n"
        try text.write(toFile: bad, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out.csv").path, svg = dir.appendingPathComponent("out.svg").path
        let r = Self.run([bad, "-o", out, "--svg", svg])
        #expect(r.exitCode == 1)
        #expect(r.standardError.contains("bad.csv:302: y 'oops' is not a number"), "\(r.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: svg))

        let cases: [([String], String)] = [
            ([Self.recordingPath, "--segment", "4"], "--segment 4 is not allowed; it must be in 8 ... 1048576"),
            ([Self.recordingPath, "--overlap", "256"], "--overlap 256 is not allowed; it must leave segments of 256 samples at least 16 apart (0 ... 240)"),
            ([Self.recordingPath, "--overlap", "255"], "--overlap 255 is not allowed; it must leave segments of 256 samples at least 16 apart (0 ... 240)"),
            ([Self.recordingPath, "--segment", "64", "--overlap", "64"], "--overlap 64 is not allowed; it must leave segments of 64 samples at least 4 apart (0 ... 60)"),
            ([Self.recordingPath, "--filter", "-Bu -Bp -o 3 --corner 0.5 40"], "--filter '-Bu -Bp -o 3 --corner 0.5 40':"),
            ([Self.recordingPath, "--bogus"], "unknown option '--bogus'"),
        ]
        for (arguments, message) in cases {
            let r = Self.run(arguments)
            #expect(r.exitCode == 1 && r.standardError.contains(message), "\(arguments): \(r.standardError)")
            #expect(r.standardOutput == "")
        }

        let huge = dir.appendingPathComponent("huge.csv").path
        var hugeText = ""
        for i in 0..<300 { hugeText += "\(i),\(i % 2 == 0 ? 1e300 : -1e300),0,0\n" }
        try hugeText.write(toFile: huge, atomically: true, encoding: .utf8)
        let h = Self.run([huge, "-o", out])
        #expect(h.exitCode == 1 && h.standardError.contains("overflows"), "\(h.standardError)")
        #expect(!h.standardError.lowercased().contains("nan") && !FileManager.default.fileExists(atPath: out))

        // A rate whose frequencies k fs / N would overflow, given or from the
        // times (stepping by 1e-323 s): refused, never printed as inf or nan.
        let tiny = dir.appendingPathComponent("tiny.csv").path
        var tinyText = "t,x,y,z\n"
        for i in 0..<300 { tinyText += "\(Double(i) * 2 * .leastNonzeroMagnitude),\(i % 7),0,1\n" }
        try tinyText.write(toFile: tiny, atomically: true, encoding: .utf8)
        for (arguments, message) in [([Self.recordingPath, "--sample-rate", "1e308", "-o", out],
                                      "--sample-rate 1e+308: a recording's sample rate must be above 0 and at most 10^12 Hz"),
                                     ([tiny, "-o", out], "tiny.csv: the times of the first")] {
            let r = Self.run(arguments)
            #expect(r.exitCode == 1 && r.standardError.contains(message), "\(arguments): \(r.standardError)")
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(!r.standardOutput.contains("inf") && !r.standardOutput.contains("nan"))
        }
        let pipeline = PipelineProgram.run(arguments: [tiny, "--filter", "passThrough"])
        #expect(pipeline.exitCode == 1 && pipeline.standardError.contains("tiny.csv: the times of the first"), "\(pipeline.standardError)")
    }
}
