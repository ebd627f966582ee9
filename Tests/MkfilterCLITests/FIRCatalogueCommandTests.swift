import FilterDesign
import FilterJSON
import FilterRequests
import FilterRuntime
import FilterSets
import Foundation
@testable import MkfilterCLI
import Testing
import TestSupport

/// `mkfilter savgol`, `mkfilter halfband` and firwin's windows through every
/// form of the one reader: the command line (the report, `--emit json`), a
/// filter set file and the design page's query give the library's taps, bit
/// for bit; bad input is one message naming the option, exit 1, nothing on
/// standard output.
@Suite struct FIRCatalogueCommandTests {
    static func taps(_ result: InvocationResult) throws -> [Double] {
        let json = try JSONValue.parse(result.standardOutput)
        guard case .array(let values)? = json["taps"] else { return [] }
        return values.compactMap { if case .number(let x) = $0 { return x } else { return nil } }
    }

    @Test func savgolIsTheLibrarysExactFilter() throws {
        let words = ["--window", "31", "--polyorder", "4", "--deriv", "1", "--delta", "0.01", "--use", "dot"]
        let json = FIRProgram.run("savgol", arguments: words + ["--emit", "json"])
        #expect(json.exitCode == 0, "\(json.standardError)")
        let library = try SavitzkyGolay(window: 31, polyorder: 4, derivative: 1, delta: 0.01, use: .dot).coefficients()
        #expect(try Self.taps(json) == library)
        let report = FIRProgram.run("savgol", arguments: ["--window", "5", "--polyorder", "2"])
        #expect(report.standardOutput.hasPrefix("FIR filter by savgol: 5 taps, linear phase type I, delay 2 samples\n"))
        #expect(report.standardOutput.contains("h[0] = -0.08571428571428572\n"))  // -3/35
        // The same through a filter set file (at 60 Hz) and the page's query.
        let spec = #"{ "sampleRate": 60, "filters": [ { "name": "jerk", "design": "savgol", "window": 31, "polyorder": 4, "deriv": 1, "delta": 0.01, "use": "dot" } ] }"#
        let fir = try FilterSetSpec.parse(spec, file: "Bank.filters.json").namespaceFilters()[0].fir
        #expect(fir.first?.taps == library)
        let query = try FIRQueryRequest(query: "design=savgol&window=31&polyorder=4&deriv=1&delta=0.01&use=dot").run()
        #expect(query.filter.taps == library)
    }

    @Test func halfbandIsTheLibrarysDesign() throws {
        let json = FIRProgram.run("halfband", arguments: ["--taps", "23", "--sample-rate", "400", "--passband-edge", "80", "--emit", "json"])
        #expect(json.exitCode == 0, "\(json.standardError)")
        let library = try HalfBand.design(taps: 23, passbandEdge: 0.2).taps
        #expect(try Self.taps(json) == library)
        let query = try FIRQueryRequest(query: "design=halfband&taps=23&passbandEdge=80&sampleRate=400").run()
        #expect(query.filter.taps == library)
        // The form without JavaScript sends both passbandEdge inputs, one empty.
        let page = try FIRQueryRequest(query: "design=halfband&taps=23&passbandEdge=&passbandEdge=0.2&window=&window=").run()
        #expect(page.filter.taps == library)
        #expect(throws: ApplicationError.self) { try FIRQueryRequest(query: "design=halfband&taps=23&passbandEdge=0.1&passbandEdge=0.2").run() }
    }

    /// `mkfilter gammatone --type fir` is scipy's FIR gammatone through every
    /// form: the binary's `gammatone` dispatches on `--type fir` (without it,
    /// the IIR family), a filter set's `"design": "gammatone", "type": "fir"`
    /// and the FIR page's `design=gammatone` give the library's taps, and
    /// `verify` and `response` take the words.
    @Test func gammatoneFIRIsTheLibrarysTaps() throws {
        let library = Gammatone.taps(frequency: 1000, sampleRate: 16000, order: 2, count: 64)
        let words = ["gammatone", "--type", "fir", "--frequency", "1000", "--sample-rate", "16000", "--order", "2", "--taps", "64"]
        let binary = try Subprocess.run(BinaryTests.binary, words + ["--emit", "json"])
        #expect(binary.status == 0, "\(binary.err)")
        #expect(try Self.taps(.success(binary.out)) == library)
        // scipy's defaults: order 4, max(floor(0.015 fs), 15) taps.
        let defaults = try Self.taps(FIRProgram.run("gammatone", arguments: ["--type", "fir", "--frequency", "1000", "--sample-rate", "16000", "--emit", "json"]))
        #expect(defaults == Gammatone.taps(frequency: 1000, sampleRate: 16000, count: 240))
        // The IIR gammatone without --type fir.
        let iir = try Subprocess.run(BinaryTests.binary, ["gammatone", "--frequency", "1000", "--sample-rate", "16000", "--emit", "json"])
        #expect(iir.status == 0 && iir.out.contains("\"sos\"") && !iir.out.contains("\"taps\""))
        let report = FIRProgram.run("gammatone", arguments: Array(words.dropFirst()))
        #expect(report.standardOutput.hasPrefix("FIR filter by gammatone: 64 taps\ngain at the design's frequencies (asked, achieved):\n  1000 Hz: 1, "),
                "\(report.standardOutput.prefix(200))")
        let spec = #"{ "sampleRate": 16000, "filters": [ { "name": "cochlea", "design": "gammatone", "type": "fir", "frequency": 1000, "order": 2, "taps": 64 } ] }"#
        let fir = try FilterSetSpec.parse(spec, file: "Ear.filters.json").namespaceFilters()[0].fir
        #expect(fir.first?.taps == library)
        #expect(fir.first?.mkfilterCommandLine == "mkfilter gammatone --type fir --frequency 1000 --order 2 --taps 64 --sample-rate 16000")
        let query = try FIRQueryRequest(query: "design=gammatone&frequency=1000&order=2&taps=64&sampleRate=16000").run()
        #expect(query.filter.taps == library)
        #expect(FIRProgram.designWords(words) == words && FIRProgram.designWords(["gammatone", "--frequency", "1000"]) == nil)
        let verify = try Subprocess.run(BinaryTests.binary, ["verify"] + words + ["--precision", "float"])
        #expect(verify.status == 0 && verify.out.contains("as designed") && !verify.out.contains("linear phase"), "\(verify.out)")
    }

    @Test func firwinTakesEveryScipyWindow() throws {
        for window in ["dpss:3", "chebwin:80", "taylor:4:30", "tukey:0.25", "kaiser_bessel_derived:4", "general_cosine:0.5:0.5"] {
            let run = FIRProgram.run("firwin", arguments: ["--taps", "64", "--cutoff", "0.2", "--window", window, "--emit", "json"])
            #expect(run.exitCode == 0, "\(window): \(run.standardError)")
            #expect(try Self.taps(run) == firwin(taps: 64, cutoffs: [0.2], window: FIRWindow(parsing: window)))
        }
    }

    struct SavgolFixture: Decodable {
        struct Filtered: Decodable { let window: Int, polyorder: Int, deriv: Int, delta: Double, exact: [Double] }
        let filter: [Filtered]
        let filter_input: [Double]
    }

    /// `pipeline --filter 'savgol W P [D [DELTA]]'` is scipy's savgol_filter
    /// over the whole recording (its ends fitted), within 1e-12 of the exact
    /// answer (Tests/Fixtures/catalogue/savgol.json); `spectrum` takes it too.
    @Test func pipelineRunsSavgolFilterOverTheRecording() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/catalogue/savgol.json")
        let fixture = try JSONDecoder().decode(SavgolFixture.self, from: Data(contentsOf: url))
        var text = "t,x,y,z\n"
        for (n, v) in fixture.filter_input.enumerated() { text += "\(Double(n) / 100),\(v),\(v),\(-v)\n" }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("savgol-\(UUID()).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for f in fixture.filter {
            let words = "savgol \(f.window) \(f.polyorder) \(f.deriv) \(f.delta)"
            let run = PipelineProgram.run(arguments: [path, "--sample-rate", "100", "--filter", words])
            #expect(run.exitCode == 0, "\(words): \(run.standardError)")
            let lines = run.standardOutput.split(separator: "\n")
            let header = lines.first?.split(separator: ",").map(String.init) ?? []
            let (xi, zi) = (try #require(header.firstIndex(of: "x_filtered")), try #require(header.firstIndex(of: "z_filtered")))
            let rows = lines.dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
            #expect(rows.count == f.exact.count)
            let peak = f.exact.map(abs).max()!
            let worst = zip(rows, f.exact).map { max(abs($0[xi] - $1), abs($0[zi] + $1)) }.max()!
            #expect(worst <= 1e-12 * peak, "\(words): \(worst / peak) of the peak")
        }
        let spectrum = SpectrumProgram.run(arguments: [path, "--sample-rate", "100", "--filter", "savgol 11 3"])
        #expect(spectrum.exitCode == 0, "\(spectrum.standardError)")
        // One axis smoothed whole, another sample by sample: refused unless both run whole.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("savgol-\(UUID()).json").path
        try #"{"x": {"filter": "savgol 11 3"}, "y": {"filter": "apple-lowpass 5"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let mixed = PipelineProgram.run(arguments: [path, "--sample-rate", "100", "--config", config])
        #expect(mixed.exitCode == 1 && mixed.standardError.contains("give every axis savgol"), "\(mixed.standardError)")
        let short = PipelineProgram.run(arguments: [path, "--sample-rate", "100", "--filter", "savgol 201 3"])
        #expect(short.exitCode == 1 && short.standardError.contains("fewer than the window length 201"), "\(short.standardError)")
        let bad = PipelineProgram.run(arguments: [path, "--sample-rate", "100", "--filter", "savgol 11 11"])
        #expect(bad.exitCode == 1 && bad.standardError.contains("polyorder 11 must be less than the window length 11"), "\(bad.standardError)")
    }

    /// `mkfilter decimator`: the JSON's stages are the library's, the CMSIS
    /// formats write one arm_fir_decimate header a stage (notes per stage on
    /// standard error), and bad input is one message.
    @Test func decimatorIsTheLibrarysCascade() throws {
        let spec = ["--factor", "8", "--sample-rate", "800", "--passband-edge", "40", "--passband-loss", "0.1", "--stopband-attenuation", "80"]
        let library = try MultistageDecimator.design(.init(factor: 8, passbandEdge: 0.05, passbandLoss: 0.1, stopbandAttenuation: 80,
                                                           sampleRate: 800))
        let json = DecimatorProgram.run(arguments: spec + ["--emit", "json"])
        #expect(json.exitCode == 0, "\(json.standardError)")
        guard case .array(let stages)? = try JSONValue.parse(json.standardOutput)["stages"] else { Issue.record("no stages"); return }
        #expect(stages.count == library.stages.count)
        for (stage, s) in zip(stages, library.stages) {
            guard case .array(let taps)? = stage["taps"] else { Issue.record("no taps"); continue }
            #expect(taps.compactMap { if case .number(let x) = $0 { x } else if case .integer(let n) = $0 { Double(n) } else { nil } } == s.taps)
        }
        let report = DecimatorProgram.run(arguments: spec)
        #expect(report.standardOutput.hasPrefix("multistage decimator by 8: 3 stages (2 x 2 x 2)"), "\(report.standardOutput.prefix(200))")
        let q15 = DecimatorProgram.run(arguments: spec + ["--emit", "cmsis-q15"])
        #expect(q15.exitCode == 0)
        #expect(q15.standardOutput.components(separatedBy: "arm_fir_decimate_init_q15(&s").count - 1 == library.stages.count)
        #expect(q15.standardError.contains("stage 3: q15: L1 scaling"))
        // q15's rounding leaves stage 3 short of 80 dB (verify's figure): the warning names the formats that keep it.
        #expect(q15.standardError.contains("warning: stage 3's aliasing is 7") && q15.standardError.contains("use --emit cmsis-q31 or cmsis (f32)"),
                "\(q15.standardError)")
        #expect(!DecimatorProgram.run(arguments: spec + ["--emit", "cmsis-q31"]).standardError.contains("warning"))
        // Plain C: one header, every stage's taps exact (DecimatorCEmissionTests runs it).
        let c = DecimatorProgram.run(arguments: spec + ["--emit", "c", "--name", "imu down"])
        #expect(c.exitCode == 0 && c.standardOutput.contains("static inline size_t mkfilter_imu_down_block(")
                && c.standardOutput.contains("#define MKFILTER_IMU_DOWN_STAGES \(library.stages.count)\n")
                && c.standardOutput.contains("mkfilter decimator --factor 8 --sample-rate 800"))
        let cases: [([String], String)] = [
            (spec + ["--emit", "vdsp"], "--emit 'vdsp' is not a format of a decimator; use json, swift, c, cmsis, cmsis-q15, cmsis-q31"),
            (spec + ["--emit", "json", "--precision", "float"], "--precision is C's: give --emit c too"),
            (spec + ["--emit", "c", "--precision", "half"], "--precision 'half' is not a precision of C; use double or float"),
            (spec + ["--name", "x"], "--name names the code: give --emit too"),
            (["--factor", "1", "--passband-edge", "0.1", "--passband-loss", "1", "--stopband-attenuation", "60"], "--factor 1 is not allowed"),
            (["--factor", "8", "--passband-edge", "0.1", "--passband-loss", "1", "--stopband-attenuation", "60"],
             "passband edge 0.1 is out of range; it must be above 0 and below 0.0625, half the output rate"),
            (["--factor", "8", "--passband-edge", "0.01", "--passband-loss", "1"], "--stopband-attenuation is required"),
        ]
        for (words, message) in cases {
            let run = DecimatorProgram.run(arguments: words)
            #expect(run.exitCode == 1 && run.standardOutput.isEmpty, "\(words)")
            #expect(run.standardError.contains(message), "\(words): \(run.standardError)")
        }
    }

    /// `mkfilter verify decimator ...` judges each stage's taps as stored:
    /// Double, Float and q31 carry the 80 dB design, q15 does not (its third
    /// stage's rounding leaves about 74 dB), and says which format does; each
    /// stage's aliasing attenuation is the one a direct sum on a grid four
    /// times as fine finds.
    @Test func decimatorVerifiesAsItRuns() throws {
        let spec = ["--factor", "8", "--passband-edge", "0.05", "--passband-loss", "0.1", "--stopband-attenuation", "80"]
        for precision in ["double", "float", "q31"] {
            let run = VerifyProgram.run(arguments: ["decimator"] + spec + ["--precision", precision])
            #expect(run.exitCode == 0, "\(precision): \(run.standardOutput)")
        }
        let q15 = VerifyProgram.run(arguments: ["decimator"] + spec + ["--precision", "q15"])
        #expect(q15.exitCode == 2 && q15.standardOutput.contains("FAIL  aliasing: less than 80 dB down in q15: stage 3: 7"), "\(q15.standardOutput)")
        #expect(q15.standardOutput.contains("use q31 or Float") && q15.standardOutput.contains("ok    no overflow"))
        let json = VerifyProgram.run(arguments: ["decimator"] + spec + ["--json"])
        let library = try MultistageDecimator.design(.init(factor: 8, passbandEdge: 0.05, passbandLoss: 0.1, stopbandAttenuation: 80))
        var divisor = 1
        for (i, s) in library.stages.enumerated() {
            // The least attenuation over the bands folding onto 0 ... p, by a plain sum at 8,001 points a band.
            let edge = 0.05 * Double(divisor)
            var largest = 0.0, k = 1
            while Double(k) / Double(s.factor) - edge < 0.5 {
                let lower = max(Double(k) / Double(s.factor) - edge, 0), upper = min(Double(k) / Double(s.factor) + edge, 0.5)
                for j in 0...8000 {
                    let f = lower + (upper - lower) * Double(j) / 8000
                    var re = 0.0, im = 0.0
                    for (n, h) in s.taps.enumerated() { re += h * cos(2 * Double.pi * f * Double(n)); im -= h * sin(2 * Double.pi * f * Double(n)) }
                    largest = max(largest, (re * re + im * im).squareRoot())
                }
                k += 1
            }
            let direct = -20 * log10(largest)
            guard case .array(let items)? = try JSONValue.parse(json.standardOutput)["items"], case .array(let figures)? = items.first?["figures"],
                  let figure = figures.first(where: { $0["name"] == .string("stage \(i + 1) aliasing attenuation") }),
                  case .number(let value)? = figure["value"] else { Issue.record("no figure for stage \(i + 1)"); continue }
            #expect(abs(value - direct) <= 0.01, "stage \(i + 1): verify \(value) dB, a direct sum \(direct) dB")
            #expect(direct >= 80)
            divisor *= s.factor
        }
        let bad = VerifyProgram.run(arguments: ["decimator"] + spec + ["--emit", "c"])
        #expect(bad.exitCode == 1 && bad.standardError.contains("--emit is not an option of mkfilter verify"), "\(bad.standardError)")
    }

    /// `mkfilter response decimator ...` is the equivalent filter's, prod_i
    /// H_i(f P_i) (each row against the product of the stages' own sums, 1e-12
    /// of the peak); `impulse` is the cascade's outputs, bit for bit as
    /// FilterRuntime's `DecimatingCascade`.
    @Test func decimatorResponsesAreTheCascades() throws {
        let spec = ["--factor", "8", "--passband-edge", "0.05", "--passband-loss", "0.1", "--stopband-attenuation", "80"]
        let library = try MultistageDecimator.design(.init(factor: 8, passbandEdge: 0.05, passbandLoss: 0.1, stopbandAttenuation: 80))
        let response = ResponseProgram.run(.response, arguments: ["decimator"] + spec + ["--points", "257"])
        #expect(response.exitCode == 0, "\(response.standardError)")
        let rows = response.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.count == 257)
        var worst = 0.0
        for row in rows {
            let alpha = Double(row[0])!, magnitude = Double(row[2])!
            var product = 1.0, divisor = 1.0
            for s in library.stages {
                var re = 0.0, im = 0.0
                for (n, h) in s.taps.enumerated() { re += h * cos(2 * Double.pi * alpha * divisor * Double(n)); im -= h * sin(2 * Double.pi * alpha * divisor * Double(n)) }
                product *= (re * re + im * im).squareRoot()
                divisor *= Double(s.factor)
            }
            worst = max(worst, abs(magnitude - product))
        }
        #expect(worst <= 1e-12, "\(worst)")
        let impulse = ResponseProgram.run(.impulse, arguments: ["decimator"] + spec + ["--samples", "40"])
        let values = impulse.standardOutput.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[1])! }
        var cascade = DecimatingCascade(stages: library.stages.map { ($0.factor, $0.taps) })
        let expected = cascade.process([1] + [Double](repeating: 0, count: 319))
        #expect(values.map(\.bitPattern) == expected.map(\.bitPattern))
        let fixed = ResponseProgram.run(.step, arguments: ["decimator"] + spec + ["--precision", "q15"])
        #expect(fixed.exitCode == 1 && fixed.standardError.contains("a decimator's step response runs in double or float"))
    }

    /// The FIR page's decimator (`DecimatorQueryRequest`) writes every
    /// format byte for byte as `mkfilter decimator` with the same words does.
    @Test func theDecimatorsQueryIsTheCommandLine() throws {
        let design = try DecimatorQueryRequest(query: "design=decimator&factor=12&passbandEdge=0.03&passbandLoss=0.5&stopbandAttenuation=60&name=imu").run()
        let words = Array(design.commandLine.split(separator: " ").dropFirst(2).map(String.init))
        for format in MultistageDecimator.emissionFormats {
            let run = DecimatorProgram.run(arguments: words + ["--emit", format.rawValue, "--name", "imu"])
            let expected = try design.code(format)
            #expect(run.exitCode == 0 && run.standardOutput == expected, "\(format.rawValue)")
        }
        #expect(throws: ApplicationError.self) { try DecimatorQueryRequest(query: "design=decimator&factor=x").run() }
    }

    @Test func badInputIsOneMessageNamingTheOption() {
        let cases: [(String, [String], String)] = [
            ("savgol", ["--window", "5", "--polyorder", "5"], "--polyorder: polyorder 5 must be less than the window length 5"),
            ("savgol", ["--window", "5"], "--polyorder is required"),
            ("savgol", ["--polyorder", "2"], "--window is required"),
            ("savgol", ["--window", "5", "--polyorder", "2", "--taps", "5"], "unknown option '--taps' for savgol"),
            ("savgol", ["--window", "5", "--polyorder", "2", "--use", "sum"], "--use 'sum' is not an order"),
            ("savgol", ["--window", "5", "--polyorder", "2", "--pos", "5"], "position 5 is out of range; it must be in 0 ... 4"),
            ("savgol", ["--window", "5", "--polyorder", "2", "--delta", "0"], "--delta 0.0 is not allowed; it must be above 0"),
            ("halfband", ["--taps", "30", "--passband-edge", "0.2"], "it must be 4k + 3"),
            ("halfband", ["--taps", "31", "--passband-edge", "0.3"], "must be above 0 and below 0.25"),
            ("halfband", ["--taps", "31"], "--passband-edge is required"),
            ("firwin", ["--taps", "31", "--cutoff", "0.2", "--window", "tukey:2"], "window tukey: ALPHA '2' is not allowed"),
            ("firwin", ["--taps", "31", "--cutoff", "0.2", "--window", "kaiser_bessel_derived:4"], "defined for an even number of taps only, not 31"),
            ("firwin", ["--taps", "31", "--cutoff", "0.2", "--window", "dpss:20"], "NW = 20 is too large for 31 taps"),
            ("firwin", ["--taps", "31", "--cutoff", "0.2", "--window", "gauss"], "unknown window 'gauss'"),
            ("gammatone", ["--type", "fir", "--frequency", "1000"], "--sample-rate is required (a gammatone's bandwidth is in Hz"),
            ("gammatone", ["--type", "fir", "--sample-rate", "16000"], "--frequency is required (the centre frequency in Hz"),
            ("gammatone", ["--type", "fir", "--frequency", "8000", "--sample-rate", "16000"],
             "--frequency 8000 Hz is not allowed; it must be above 0 and below Nyquist (8000 Hz)"),
            ("gammatone", ["--type", "fir", "--frequency", "100", "--sample-rate", "16000", "--order", "0"], "--order 0 is out of range; it must be in 1 ... 24"),
            ("gammatone", ["--type", "fir", "--frequency", "100", "--sample-rate", "16000", "--taps", "0"], "--taps 0 is not allowed; it must be in 1 ... 1000001"),
            ("gammatone", ["--type", "fir", "--frequency", "100", "--sample-rate", "1e9"], "scipy's default number of taps, 0.015 fs, is 15000000"),
            ("gammatone", ["--type", "fir", "--frequency", "100", "--sample-rate", "16000", "--minimum-phase", "hilbert"],
             "--minimum-phase does not apply to gammatone: its taps are not linear phase"),
            ("gammatone", ["--type", "fir", "--frequency", "100", "--sample-rate", "16000", "--quality", "3"], "unknown option '--quality' for gammatone"),
        ]
        for (command, words, message) in cases {
            let run = FIRProgram.run(command, arguments: words)
            #expect(run.exitCode == 1, "\(command) \(words)")
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.contains(message), "\(command) \(words): \(run.standardError)")
        }
    }
}
