import FilterAnalysis
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import MkfilterCLI
import Testing

/// The fuzzing campaign's defects, each refused or handled with a clear
/// message, a non-zero exit where it fails, and no file (partial or
/// temporary) left behind.
@Suite struct RobustnessTests {
    static func files(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    /// The directory's entries, or ["<unreadable>"].
    static func list(_ dir: URL) -> [String] { (try? files(in: dir)) ?? ["<unreadable>"] }

    static func hasNonFinite(_ csv: String) -> Bool {
        csv.split(separator: "\n").dropFirst().contains { line in
            line.split(separator: ",").contains { Double($0).map { !$0.isFinite } ?? true }
        }
    }

    // MARK: 1. Values of +-1e308 through the plot

    /// ±1e308 from CSV with --svg: the plot's ranges no longer overflow to
    /// inf and trap; the CSV and SVG are written, nothing else.
    @Test func hugeInputValuesArePlotted() throws {
        try withTemporaryDirectory { dir in
            let out = dir.appendingPathComponent("out.csv"), svg = dir.appendingPathComponent("out.svg")
            let input = "t,x,y,z\n0,1e308,-1e308,0\n0.1,-1e308,1e308,1\n0.2,1e308,0,0\n0.3,-1.7976931348623157e308,1e-300,0\n"
            let r = PipelineCommandTests.run(["--output", out.path, "--svg", svg.path, "--rms-window", "2"], input: input)
            #expect(r.exitCode == 0, "\(r.standardError)")
            #expect(Self.list(dir) == ["out.csv", "out.svg"])
            let csv = try String(contentsOf: out, encoding: .utf8)
            #expect(!Self.hasNonFinite(csv), "\(csv)")
            let text = try String(contentsOf: svg, encoding: .utf8)
            #expect(isWellFormedXML(Data(text.utf8)))
            #expect(!text.contains("nan") && !text.contains("inf"))
        }
    }

    /// A chart of points from -max to +max: finite coordinates, ticks included.
    @Test func chartOfTheWholeDoubleRange() {
        let big = Double.greatestFiniteMagnitude
        let chart = Chart(title: "t", xLabel: "x", yLabel: "y", series: [
            PlotSeries(name: "s", color: "#000", points: [(-big, -big), (0, 1), (big, big)]),
        ])
        let svg = PlotPage(title: "huge", panels: [.chart(chart)]).svg()
        #expect(isWellFormedXML(Data(svg.utf8)))
        #expect(svg.contains("<polyline"))
    }

    /// An input the filter's gain carries past the largest double: refused at
    /// the sample where it happens, never printed as inf, and no file left.
    @Test func overflowingFilterIsRefused() throws {
        try withTemporaryDirectory { dir in
            let out = dir.appendingPathComponent("out.csv"), svg = dir.appendingPathComponent("out.svg")
            let r = PipelineCommandTests.run(["--source", "step", "--amplitude", "1.7e308", "--filter", "-Ch -3 -Lp -o 4 -a 0.1",
                                              "--initial-state", "zero", "--output", out.path, "--svg", svg.path])
            #expect(r.exitCode == 1)
            #expect(r.standardError.contains("mkfilter pipeline: x_filtered overflows at sample "), "\(r.standardError)")
            #expect(r.standardError.contains("beyond the largest double"))
            #expect(Self.list(dir).isEmpty)
        }
    }

    // MARK: 2. Sample rates

    /// No sample rate traps; the default length is bounded, and the message
    /// says which option to give.
    @Test(arguments: [
        (["--sample-rate", "1e18"], "--sample-rate 1e+18: the default length, 1 s of zeros and 10 s of signal, is 1.1e+19 samples, above the limit of 10000000; give --samples (1 ... 10000000) and --leading-zeros"),
        (["--sample-rate", "1e7"], "--sample-rate 10000000: the default length, 1 s of zeros and 10 s of signal, is 110000000 samples, above the limit of 10000000"),
        (["--sample-rate", "1e300", "--leading-zeros", "5"], "--sample-rate 1e+300: the default length, 10 s of signal, is 1e+301 samples"),
        (["--sample-rate", "1e-3"], "--sample-rate 0.001: the default length, 1 s of zeros and 10 s of signal, is no samples at all; give --samples"),
        (["--samples", "10000001"], "--samples 10000001 is not allowed; it must be in 1 ... 10000000"),
        (["--leading-zeros", "10000001"], "--leading-zeros 10000001 is not allowed; it must be in 0 ... 10000000"),
        (["--rms-window", "1000001"], "--rms-window 1000001 is not allowed; it must be in 1 ... 1000000"),
        (["--count", "99999999999999999999"], "--count 99999999999999999999 is out of range; it must be in 1 ... 1000000"),
    ])
    func sampleRatesAndLengthsAreBounded(_ arguments: [String], _ message: String) {
        let r = PipelineCommandTests.run(["--source", "step"] + arguments)
        #expect(r.exitCode == 1)
        #expect(r.standardError.contains("mkfilter pipeline: " + message), "\(r.standardError)")
        #expect(r.standardOutput.isEmpty)
    }

    /// With --samples, any rate runs: 1e18 Hz gives its rows (all zeros: the
    /// default second of zeros is longer, which a note says).
    @Test func anyRateRunsWithSamples() {
        let r = PipelineCommandTests.run(["--source", "step", "--sample-rate", "1e18", "--samples", "4"])
        #expect(r.exitCode == 0, "\(r.standardError)")
        #expect(PipelineCommandTests.rows(r.standardOutput).count == 4)
        #expect(r.standardError.contains("note: the 4 samples end before the step starts"), "\(r.standardError)")
        // So low a rate that the second sample's time is beyond the largest double.
        let slow = PipelineCommandTests.run(["--source", "step", "--sample-rate", "1e-310", "--samples", "3"])
        #expect(slow.exitCode == 1 && !Self.hasNonFinite(slow.standardOutput), "\(slow.standardOutput)")
        #expect(slow.standardError.contains("mkfilter pipeline: the time of sample 1, 1 / 1e-310 Hz, is beyond the largest double; give a higher --sample-rate"),
                "\(slow.standardError)")
        let limits = try? PipelineProgram.request(["--source", "step", "--samples", "10000000", "--leading-zeros", "10000000",
                                                   "--rms-window", "1000000", "--count", "1000000"])
        #expect(limits?.samples == 10_000_000 && limits?.rmsWindow == 1_000_000)
    }

    // MARK: 3, 4. Output files: all or nothing, short temporary names

    /// A spec with two sample rates, the second file not writable: neither is
    /// written (the first used to stay), the failure is reported, and a file
    /// already there is left as it was.
    @Test func multiFileGenerationIsAllOrNothing() throws {
        try withTemporaryDirectory { dir in
            let spec = dir.appendingPathComponent("two.filters.json")
            try #"{ "sampleRate": [60, 100], "namespace": "Two", "filters": [ { "name": "LP", "mkfilter": "-Bu -Lp -o 2", "corners": [5] } ] }"#
                .write(to: spec, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out.appendingPathComponent("Two100Hz.swift"), withIntermediateDirectories: true)
            try "old\n".write(to: out.appendingPathComponent("Two60Hz.swift"), atomically: true, encoding: .utf8)
            let r = GenerateProgram.run(arguments: [spec.path, "--output-directory", out.path])
            #expect(r.exitCode == 1)
            #expect(r.standardError.contains("cannot write \(out.path)/Two100Hz.swift (Is a directory); none of the 2 files was written"), "\(r.standardError)")
            #expect(Self.list(out) == ["Two100Hz.swift", "Two60Hz.swift"])
            let kept = try String(contentsOf: out.appendingPathComponent("Two60Hz.swift"), encoding: .utf8)
            #expect(kept == "old\n")
            // Writable: both, and nothing else.
            try FileManager.default.removeItem(at: out.appendingPathComponent("Two100Hz.swift"))
            let ok = GenerateProgram.run(arguments: [spec.path, "--output-directory", out.path])
            #expect(ok.exitCode == 0, "\(ok.standardError)")
            #expect(Self.list(out) == ["Two100Hz.swift", "Two60Hz.swift"])
        }
    }

    /// The CSV and the plot of `response` together: a plot that cannot be
    /// written leaves no CSV.
    @Test func responseFilesAreAllOrNothing() throws {
        try withTemporaryDirectory { dir in
            let csv = dir.appendingPathComponent("r.csv"), svg = dir.appendingPathComponent("missing/r.svg")
            let r = ResponseProgram.run(.response, arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--points", "11", "-o", csv.path, "--svg", svg.path])
            #expect(r.exitCode == 1)
            #expect(r.standardError == "mkfilter response: --svg '\(svg.path)': cannot write it (No such file or directory)\n", "\(r.standardError)")
            #expect(Self.list(dir).isEmpty)
        }
    }

    /// A 245-byte file name (legal: 255 is the limit) is written: the
    /// temporary name beside it is short whatever the name.
    @Test func longFileNamesAreWritable() throws {
        try withTemporaryDirectory { dir in
            let name = String(repeating: "a", count: 245)
            let swift = dir.appendingPathComponent(name + ".swift")
            let r = Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--emit", "swift", "--output", swift.path])
            #expect(r.exitCode == 0, "\(r.standardError)")
            let csv = dir.appendingPathComponent(name + ".csv"), svg = dir.appendingPathComponent(name + ".svg")
            let p = PipelineCommandTests.run(["--source", "step", "--samples", "10", "--output", csv.path, "--svg", svg.path])
            #expect(p.exitCode == 0, "\(p.standardError)")
            #expect(Self.list(dir) == [name + ".csv", name + ".svg", name + ".swift"])
            // 256 bytes is beyond the file system: refused with its reason, nothing left.
            let tooLong = dir.appendingPathComponent(String(repeating: "b", count: 256))
            let refused = Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--emit", "swift", "--output", tooLong.path])
            #expect(refused.exitCode == 1 && refused.standardError.contains("cannot write it (File name too long)"), "\(refused.standardError)")
            #expect(Self.list(dir).count == 3)
        }
    }

    // MARK: 6. RMS without overflow

    /// x_rms of inputs of 1e155 and above (whose squares overflow) and of a
    /// 1e308 step: finite and right, never inf.
    @Test func rmsOfHugeInputs() throws {
        let r = PipelineCommandTests.run(["--rms-window", "2", "--sample-rate", "10"], input: "0,1e155,1e200,1e308\n0.1,1e155,1e-200,-1e308\n0.2,0,0,0\n")
        #expect(r.exitCode == 0, "\(r.standardError)")
        let rows = PipelineCommandTests.rows(r.standardOutput)
        #expect(!Self.hasNonFinite(r.standardOutput), "\(r.standardOutput)")
        func close(_ text: String, _ value: Double) -> Bool { abs(Double(text)! - value) <= 1e-15 * value }
        #expect(close(rows[0][3], 1e155 / 2.0.squareRoot()) && close(rows[1][3], 1e155) && close(rows[2][3], 1e155 / 2.0.squareRoot()))
        #expect(close(rows[0][7], 1e200 / 2.0.squareRoot()) && close(rows[1][7], 1e200 / 2.0.squareRoot()))
        #expect(close(rows[1][11], 1e308) && close(rows[2][11], 1e308 / 2.0.squareRoot()))

        let step = PipelineCommandTests.run(["--source", "step", "--amplitude", "1e308", "--samples", "100", "--leading-zeros", "10"])
        #expect(step.exitCode == 0, "\(step.standardError)")
        #expect(!Self.hasNonFinite(step.standardOutput))
        let last = try #require(PipelineCommandTests.rows(step.standardOutput).last)
        #expect(abs(Double(last[3])! - 1e308) <= 1e-15 * 1e308, "\(last)")
    }

    // MARK: 7. Unreadable input in our words

    @Test func unreadableInputIsSaidPlainly() throws {
        try withTemporaryDirectory { dir in
            let sub = dir.appendingPathComponent("adir")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let latin1 = dir.appendingPathComponent("latin1.json")
            try Data([0x7B, 0x22, 0x6E, 0xE9, 0x22, 0x7D]).write(to: latin1)  // {"né"} in Latin-1
            let csv = dir.appendingPathComponent("bad.csv")
            try Data(Array("t,x,y,z\n0,0,0,1\n0.1,".utf8) + [0xFF] + Array(",0,1\n".utf8)).write(to: csv)
            let (d, l) = (sub.path, latin1.path)
            let listing = Array("mkfilter -Bu -Lp -o 2 -a 0.1 -l\nG  = 1".utf8)
            let cases: [(InvocationResult, String)] = [
                (VerifyProgram.run(arguments: [d]), "mkfilter verify: '\(d)': is a directory\n"),
                (VerifyProgram.run(arguments: [l]), "mkfilter verify: '\(l)': is not UTF-8 text (byte 0xE9 at offset 3)\n"),
                (GenerateProgram.run(arguments: [d]), "mkfilter generate: \(d): is a directory\n"),
                (GenerateProgram.run(arguments: [l]), "mkfilter generate: \(l): is not UTF-8 text (byte 0xE9 at offset 3)\n"),
                (RetargetProgram.run(arguments: ["--sample-rate", "100", d]), "mkfilter retarget: \(d): is a directory\n"),
                (RetargetProgram.run(arguments: ["--sample-rate", "100", l]), "mkfilter retarget: \(l): is not UTF-8 text (byte 0xE9 at offset 3)\n"),
                (PipelineProgram.run(arguments: [d]), "mkfilter pipeline: \(d): is a directory; give an accelerometer CSV file\n"),
                (PipelineProgram.run(arguments: [csv.path]), "mkfilter pipeline: \(csv.path):3: is not UTF-8 text (byte 0xFF at offset 20); expected lines t,x,y,z\n"),
                (PipelineProgram.run(arguments: ["--source", "step", "--config", d]), "mkfilter pipeline: --config '\(d)': is a directory\n"),
                (PipelineProgram.run(arguments: ["--source", "step", "--config", l]), "mkfilter pipeline: --config '\(l)': is not UTF-8 text (byte 0xE9 at offset 3)\n"),
                (Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--emit", "swift", "--template", d]), "mkfilter: --template '\(d)': is a directory\n"),
                (GencodeProgram.run(arguments: [], inputBytes: listing + [0xC3, 0x28]),
                 "gencode: <stdin>: is not UTF-8 text (byte 0xC3 at offset \(listing.count))\n"),
                (VerifyProgram.run(arguments: [dir.appendingPathComponent("none.swift").path]),
                 "mkfilter verify: '\(dir.appendingPathComponent("none.swift").path)': cannot read it (no such file)\n"),
            ]
            for (r, message) in cases {
                #expect(r.exitCode == 1)
                #expect(r.standardError.hasPrefix(message), "\(r.standardError)")
                #expect(!r.standardError.contains("NSCocoaErrorDomain") && !r.standardError.contains("correct format"))
            }
        }
    }

    // MARK: 8. Unstable as run

    /// `response` of a filter that is unstable as it runs (Fisher's direct
    /// form of a 12th-order low-pass, whose rounded coefficients put poles
    /// outside the unit circle) says so on standard error and on the plot.
    @Test func unstableAsRunIsWarned() throws {
        try withTemporaryDirectory { dir in
            let svg = dir.appendingPathComponent("r.svg")
            let design = ["-Bu", "-Lp", "-o", "12", "-a", "0.005", "--realization", "direct"]
            let r = ResponseProgram.run(.response, arguments: design + ["--points", "33", "--svg", svg.path])
            #expect(r.exitCode == 0, "\(r.standardError)")
            #expect(r.standardError.hasPrefix("mkfilter response: warning: unstable as run in Double: largest pole radius "), "\(r.standardError)")
            #expect(r.standardError.contains("the filter will not output this response"))
            let text = try String(contentsOf: svg, encoding: .utf8)
            #expect(text.contains("warning: unstable as run in Double: largest pole radius"))
            #expect(isWellFormedXML(Data(text.utf8)))
            // The same filter as sections is stable: no warning.
            let sections = ResponseProgram.run(.response, arguments: Array(design.dropLast(2)) + ["--points", "33"])
            #expect(sections.exitCode == 0 && sections.standardError.isEmpty, "\(sections.standardError)")
        }
    }
}
