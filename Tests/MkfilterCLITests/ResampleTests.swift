import FilterApplicationAnalysis
import FilterRuntime
import Foundation
@testable import MkfilterCLI
import Testing

/// `mkfilter resample` against scipy's `resample_poly` (Tests/Fixtures/scipy/
/// resample_poly.json, scripts/resample_reference.py): every axis within
/// 1e-12 of its peak for eight factor pairs (down 8, 44.1 to 48 kHz's
/// 160/147, up, down, a common factor, 1/1), ceil(N L / M) rows at times
/// t0 + m M / (L fs); the runtime's resampler gives the same fed one sample
/// or all at once; bad input is one message, exit 1, no file.
@Suite struct ResampleTests {
    struct Reference: Decodable {
        struct Case: Decodable { var up: Int, down: Int, output: [[Double]] }
        var sampleRate: Double
        var input: [[Double]]
        var cases: [Case]
    }

    static let reference: Reference = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scipy/resample_poly.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    /// The reference input as a recording file, every number exact.
    static func recording() throws -> String {
        let r = reference
        var text = "t,x,y,z\n"
        for n in r.input[0].indices {
            text += "\(Double(n) / r.sampleRate),\(r.input[0][n]),\(r.input[1][n]),\(r.input[2][n])\n"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("resample-\(UUID()).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func everyAxisIsScipysResamplePoly() throws {
        let path = try Self.recording()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = Self.reference
        for c in r.cases {
            let run = ResampleProgram.run(arguments: [path, "--up", "\(c.up)", "--down", "\(c.down)"])
            #expect(run.exitCode == 0, "\(c.up)/\(c.down): \(run.standardError)")
            let rows = run.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
            #expect(rows.count == c.output[0].count, "\(c.up)/\(c.down): \(rows.count) rows, scipy \(c.output[0].count)")
            guard rows.count == c.output[0].count else { continue }
            for axis in 0..<3 {
                let peak = c.output[axis].map(abs).max()!
                let worst = zip(rows.map { $0[axis + 1] }, c.output[axis]).map { abs($0 - $1) }.max()!
                #expect(worst <= 1e-12 * peak, "\(c.up)/\(c.down) axis \(axis): \(worst / peak) of the peak")
            }
            let rate = r.sampleRate * Double(c.up) / Double(c.down)
            #expect(rows.enumerated().allSatisfy { abs($0.element[0] - Double($0.offset) / rate) <= 1e-12 })
        }
    }

    @Test func samplesAndBlocksAgreeAndTheStateStaysSmall() throws {
        let h = try ResampleRequest.taps(up: 1, down: 8)
        let x = Self.reference.input[1]
        var one = PolyphaseResampler(up: 1, down: 8, taps: h)
        var a: [Double] = []
        for v in x { one.push(v, into: &a) }
        one.finish(into: &a)
        #expect(a.count == (x.count + 7) / 8)
        // A long run keeps only the window the filter reads.
        var long = PolyphaseResampler(up: 160, down: 147, taps: try ResampleRequest.taps(up: 160, down: 147))
        var sink: [Double] = []
        for n in 0..<200_000 {
            long.push(Double(n % 7), into: &sink)
            if sink.count > 4096 { sink.removeAll(keepingCapacity: true) }
        }
        #expect(long.received == 200_000 && long.bufferedInputs < 200)
    }

    @Test func badInputIsOneMessageAndNoFile() throws {
        let path = try Self.recording()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("resampled-\(UUID()).csv").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        for (words, message) in [([path, "--up", "0"], "--up"), ([path, "--down", "10001"], "--down"),
                                 ([path], "give --up L and/or --down M"),
                                 (["/nonexistent/rec.csv", "--down", "2", "-o", out], "/nonexistent/rec.csv"),
                                 ([path, "--up", "x"], "--up")] {
            let run = ResampleProgram.run(arguments: words)
            #expect(run.exitCode == 1 && run.standardError.contains(message), "\(words): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let written = ResampleProgram.run(arguments: [path, "--up", "3", "--down", "2", "--output", out])
        #expect(written.exitCode == 0 && written.standardOutput.isEmpty && written.standardError.contains("400.0 Hz to 600.0 Hz"))
        #expect(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count == 451)
    }
}
