import AnalysisRequests
import FilterDesign
import FilterJSON
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
        let h = try ResamplingFilter(up: 1, down: 8).taps
        let x = Self.reference.input[1]
        var one = PolyphaseResampler(up: 1, down: 8, taps: h)
        var a: [Double] = []
        for v in x { one.push(v, into: &a) }
        one.finish(into: &a)
        #expect(a.count == (x.count + 7) / 8)
        // A long run keeps only the window the filter reads.
        var long = PolyphaseResampler(up: 160, down: 147, taps: try ResamplingFilter(up: 160, down: 147).taps)
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

    /// `--emit`: the filter as code. CMSIS's decimator (--up 1) and
    /// interpolator (--down 1) headers compile warning-free with the types
    /// arm_math.h gives, stop the compiler when a decimator's block size is
    /// not a multiple of M, and hold the filter's taps (time-reversed, an
    /// interpolator's padded to a multiple of L); json holds scipy's filter
    /// exactly as designed; what CMSIS cannot run is refused by name, and
    /// nothing is written then.
    @Test func emitWritesTheResamplersFilter() throws {
        let json = ResampleProgram.run(arguments: ["--up", "1", "--down", "8", "--emit", "json"])
        #expect(json.exitCode == 0, "\(json.standardError)")
        let object = try JSONValue.parse(json.standardOutput)
        let taps = try ResamplingFilter(up: 1, down: 8).taps
        #expect(object["taps"] == .array(taps.map { .number($0) }))
        #expect(object["up"]?.readingIntegersAsNumbers == .number(1) && object["down"]?.readingIntegersAsNumbers == .number(8))
        #expect(taps.count == 161)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("resample-emit-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let stub = "#include <stdint.h>\ntypedef float float32_t;\ntypedef int16_t q15_t;\ntypedef int32_t q31_t;\n"
        for (up, down, format) in [(1, 3, "cmsis"), (1, 8, "cmsis-q15"), (4, 1, "cmsis-q31"), (3, 1, "cmsis")] {
            let header = dir.appendingPathComponent("r\(up)_\(down)_\(format).h").path
            let run = ResampleProgram.run(arguments: ["--up", "\(up)", "--down", "\(down)", "--emit", format, "--name", "r", "-o", header])
            #expect(run.exitCode == 0 && run.standardOutput.isEmpty, "\(run.standardError)")
            let text = try String(contentsOfFile: header, encoding: .utf8)
            let factor = max(up, down)
            #expect(text.contains(up == 1 ? "#define MKFILTER_R_DECIMATION \(factor)" : "#define MKFILTER_R_INTERPOLATION \(factor)"))
            let count = Int(text.components(separatedBy: "#define MKFILTER_R_NUM_TAPS ")[1].prefix { $0.isNumber })!
            #expect(up == 1 ? count == 20 * factor + 1 : count == 21 * factor, "\(up)/\(down): \(count) taps")
            if format == "cmsis" {
                let body = text.components(separatedBy: "= {")[1].components(separatedBy: "};")[0]
                let values = body.split(whereSeparator: { ", \n".contains($0) }).map { Float(String($0.dropLast()))! }
                let h = try ResamplingFilter(up: up, down: down).taps
                #expect(values == (h + [Double](repeating: 0, count: count - h.count)).reversed().map { Float($0) })
            }
            guard let cc = ["/usr/bin/cc", "/usr/bin/gcc"].first(where: FileManager.default.isExecutableFile) else { continue }
            let source = dir.appendingPathComponent("use.c").path
            try (stub + "#include \"\(header)\"\nint main(void) { return (int)(mkfilter_r_coefficients[0] != 0); }\n")
                .write(toFile: source, atomically: true, encoding: .utf8)
            func compile(_ extra: [String]) throws -> (status: Int32, err: String) {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: cc)
                p.arguments = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-fsyntax-only"] + extra + [source]
                let pipe = Pipe()
                p.standardError = pipe
                try p.run()
                let err = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                p.waitUntilExit()
                return (p.terminationStatus, err)
            }
            let clean = try compile([])
            #expect(clean.status == 0, "\(format) \(up)/\(down): \(clean.err)")
            // And as users compile it: GCC's default GNU dialect, -O2, the host's CPU.
            let gnu = try compile(["-std=gnu17", "-O2", "-march=native"])
            #expect(gnu.status == 0, "\(format) \(up)/\(down) gnu17: \(gnu.err)")
            if up == 1 {
                let wrong = try compile(["-DMKFILTER_R_BLOCK_SIZE=\(factor * 4 + 1)"])
                #expect(wrong.status != 0 && wrong.err.contains("must be a positive multiple of MKFILTER_R_DECIMATION"))
            }
        }
        let out = dir.appendingPathComponent("refused.h").path
        for (words, message) in [(["--up", "160", "--down", "147", "--emit", "cmsis"], "no rational resampler"),
                                 (["--up", "1", "--down", "300", "--emit", "cmsis-q15"], "up to 255"),
                                 (["--up", "2", "--down", "2", "--emit", "cmsis"], "the signal itself"),
                                 (["--up", "1", "--down", "2", "--emit", "c"], "a resampler is emitted as swift, cmsis"),
                                 (["rec.csv", "--up", "1", "--down", "2", "--emit", "json"], "leave out 'rec.csv'"),
                                 (["--up", "1", "--down", "2", "--emit", "cmsis-q15", "--tag", "3"], "--tag")] {
            let run = ResampleProgram.run(arguments: words + ["-o", out])
            #expect(run.exitCode == 1 && run.standardError.contains(message), "\(words): \(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}
