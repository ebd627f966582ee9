import AnalysisRequests
import FilterDesign
import FilterRuntime
import Foundation
@testable import MkfilterCLI
import Testing

/// `mkfilter decimate` against scipy's `decimate` (Tests/Fixtures/catalogue/
/// scipy-decimate.json, scripts/decimate_reference.py): q = 2, 3, 5, 10,
/// iir and fir, zero phase or not, default orders and odd and even ones;
/// every axis within 1e-12 of its peak (the issue asks 1e-10; measured
/// 3.7e-14 at worst), ceil(N / q) rows at t0 + m q / fs.
@Suite struct DecimateTests {
    struct Reference: Decodable {
        struct Axes: Decodable { var x: [Double], y: [Double], z: [Double] }
        struct Case: Decodable { var q: Int, ftype: String, zeroPhase: Bool, n: Int?, output: Axes }
        var sampleRate: Double
        var input: Axes
        var cases: [Case]
    }

    static let reference: Reference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/catalogue/scipy-decimate.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    static func recording() throws -> String {
        let r = reference
        var text = "t,x,y,z\n"
        for n in r.input.x.indices {
            text += "\(Double(n) / r.sampleRate),\(r.input.x[n]),\(r.input.y[n]),\(r.input.z[n])\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("decimate-\(UUID()).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func everyAxisIsScipysDecimate() throws {
        let path = try Self.recording()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = Self.reference
        #expect(r.cases.count == 24)
        for c in r.cases {
            var words = [path, "--factor", "\(c.q)", "--ftype", c.ftype, "--sample-rate", "\(r.sampleRate)"]
            if let n = c.n { words += ["--order", "\(n)"] }
            if !c.zeroPhase { words.append("--no-zero-phase") }
            let label = words.dropFirst().joined(separator: " ")
            let run = DecimateProgram.run(arguments: words)
            #expect(run.exitCode == 0, "\(label): \(run.standardError)")
            let rows = run.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
            #expect(rows.count == c.output.x.count, "\(label): \(rows.count) rows, scipy \(c.output.x.count)")
            guard rows.count == c.output.x.count else { continue }
            for (axis, expected) in [c.output.x, c.output.y, c.output.z].enumerated() {
                let peak = expected.map(abs).max()!
                let worst = zip(rows.map { $0[axis + 1] }, expected).map { abs($0 - $1) }.max()!
                #expect(worst <= 1e-12 * peak, "\(label) axis \(axis): \(worst / peak) of the peak")
            }
            #expect(rows.enumerated().allSatisfy { abs($0.element[0] - Double($0.offset * c.q) / r.sampleRate) <= 1e-12 })
        }
    }

    /// The streaming paths hold only the filter's window: a causal FIR
    /// decimator fed 200,000 samples keeps about its taps.
    @Test func causalFIRStreams() throws {
        let taps = try Decimation(factor: 10, type: .fir).taps()
        var resampler = PolyphaseResampler(up: 1, down: 10, taps: taps, alignment: .causal)
        var sink: [Double] = []
        for n in 0..<200_000 {
            resampler.push(Double(n % 13), into: &sink)
            if sink.count > 4096 { sink.removeAll(keepingCapacity: true) }
        }
        #expect(resampler.received == 200_000 && resampler.bufferedInputs < 2 * taps.count)
    }

    @Test func badInputIsOneMessageAndNothingWritten() throws {
        let path = try Self.recording()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("decimated-\(UUID()).csv").path
        let cases: [([String], String)] = [
            ([path, "--factor", "1"], "--factor 1 is not allowed; it must be in 2 ... 1000"),
            ([path], "--factor is required"),
            ([path, "--factor", "4", "--ftype", "butter"], "--ftype 'butter' is not a filter type"),
            ([path, "--factor", "4", "--order", "30"], "order 30 is out of range for iir; it must be in 1 ... 20"),
            ([path, "--factor", "2.5"], "--factor '2.5' is not a whole number"),
            ([path, "--factor", "4", "--factor", "5"], "--factor is given twice"),
            (["/nonexistent/rec.csv", "--factor", "4"], "/nonexistent/rec.csv"),
        ]
        for (words, message) in cases {
            let run = DecimateProgram.run(arguments: words + ["--output", out])
            #expect(run.exitCode == 1, "\(words)")
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.contains(message), "\(words): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        // Too short for zero-phase IIR's padding: said, and nothing written.
        let short = FileManager.default.temporaryDirectory.appendingPathComponent("short-\(UUID()).csv").path
        try "t,x,y,z\n0,1,2,3\n0.01,1,2,3\n0.02,1,2,3\n".write(toFile: short, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: short) }
        let run = DecimateProgram.run(arguments: [short, "--factor", "2", "--sample-rate", "100", "--output", out])
        #expect(run.exitCode == 1 && run.standardError.contains("needs more than 27 samples"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
