import FilterDesign
import FisherCompatibility
import Foundation
import MkfilterCLI
import Testing

/// The catalogue's commands (`mkfilter iirnotch`, `iirpeak`, `iircomb`,
/// `gammatone`, `biquad`, `weighting`): each designs, prints its report,
/// writes every format, passes `verify`, reads back from its own words, and
/// refuses bad input with exit 1, a message naming the value, nothing on
/// standard output and no file.
@Suite struct CatalogueCommandTests {
    /// One command line of each command (and each biquad response).
    static let commands: [[String]] = [
        ["iirnotch", "--frequency", "50", "--quality", "30", "--sample-rate", "1000"],
        ["iirnotch", "--frequency", "0.1", "--quality", "5"],
        ["iirpeak", "--frequency", "5", "--quality", "4", "--sample-rate", "60"],
        ["iircomb", "--frequency", "50", "--quality", "30", "--sample-rate", "1000"],
        ["iircomb", "--frequency", "100", "--quality", "10", "--type", "peak", "--pass-zero", "--sample-rate", "1000"],
        ["gammatone", "--frequency", "1000", "--sample-rate", "16000"],
        ["weighting", "--curve", "A", "--sample-rate", "48000"],
        ["weighting", "--curve", "C", "--sample-rate", "44100"],
    ] + CookbookResponse.allCases.map { response in
        ["biquad", "--type", response.rawValue, "--frequency", "1000", "--sample-rate", "48000"]
            + (response.takesQuality ? ["--quality", "2"] : []) + (response.takesGain ? ["--gain", "-6"] : [])
    }

    @Test(arguments: commands)
    func reportDesignsAndNamesItsAnchor(_ words: [String]) {
        let run = Mkfilter.run(arguments: words)
        #expect(run.exitCode == 0, "\(words): \(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Command line: mkfilter " + words.joined(separator: " ") + "\n"))
        #expect(run.standardOutput.contains("Sections (transposed direct form II"))
        #expect(run.standardOutput.contains("Response as run"))
        #expect(!run.standardOutput.contains("nan") && !run.standardOutput.contains("inf "), "\(run.standardOutput)")
    }

    /// The recipe's own words (`FisherCommandLine.words(for:)`, what the
    /// provenance records) design the same filter, bit for bit.
    @Test(arguments: commands)
    func wordsReadBackToTheSameRecipe(_ words: [String]) throws {
        let recipe = try FisherCommandLine(words).recipe()
        let again = try FisherCommandLine(FisherCommandLine.words(for: recipe)).recipe()
        #expect(again == recipe)
        #expect(try again.design() == recipe.design())
    }

    @Test(arguments: commands)
    func everyFormatIsWritten(_ words: [String]) throws {
        for format in ["swift", "c", "cmsis", "cmsis-q31", "vdsp", "js", "json", "listing", "c-ansic"] {
            let run = Mkfilter.run(arguments: words + ["--emit", format])
            #expect(run.exitCode == 0 && !run.standardOutput.isEmpty, "\(words) --emit \(format): \(run.standardError)")
        }
        // q15 writes the code or refuses naming the formats that work.
        let q15 = Mkfilter.run(arguments: words + ["--emit", "cmsis-q15"])
        #expect(q15.exitCode == 0 || q15.standardError.contains("use q31 or Float"), "\(words): \(q15.standardError)")
    }

    @Test(arguments: commands)
    func emittedCCompilesWithWarningsAsErrors(_ words: [String]) throws {
        guard let cc = ["/usr/bin/cc", "/usr/bin/gcc"].first(where: FileManager.default.isExecutableFile) else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-c-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for precision in ["double", "float"] {
            let run = Mkfilter.run(arguments: words + ["--emit", "c", "--precision", precision, "--name", "f"])
            #expect(run.exitCode == 0, "\(run.standardError)")
            try run.standardOutput.write(to: dir.appendingPathComponent("f.h"), atomically: true, encoding: .utf8)
            try "#include \"f.h\"\nint main(void) { mkfilter_f_state s; mkfilter_f_init(&s); return 0; }\n"
                .write(to: dir.appendingPathComponent("main.c"), atomically: true, encoding: .utf8)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: cc)
            p.currentDirectoryURL = dir
            p.arguments = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "main.c"]
            let pipe = Pipe()
            p.standardError = pipe
            try p.run()
            let err = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "\(words) \(precision): \(err)")
        }
    }

    @Test(arguments: commands)
    func verifyPassesInDoubleAndFloat(_ words: [String]) {
        for precision in ["double", "float"] {
            let run = VerifyProgram.run(arguments: words + ["--precision", precision])
            #expect(run.exitCode == 0, "\(words) \(precision): \(run.standardOutput.suffix(600)) \(run.standardError)")
        }
    }

    /// Bad input: the message's fragment for each.
    static let refusals: [(words: [String], message: String)] = [
        (["iirnotch", "--frequency", "50", "--quality", "0", "--sample-rate", "1000"], "--quality 0: Q = 0 is out of range"),
        (["iirnotch", "--frequency", "50", "--quality", "-3", "--sample-rate", "1000"], "must be a finite number above 0"),
        (["iirpeak", "--frequency", "50", "--quality", "nan", "--sample-rate", "1000"], "is not a finite number"),
        (["iirnotch", "--frequency", "500", "--quality", "30", "--sample-rate", "1000"], "at or above Nyquist"),
        (["iirnotch", "--frequency", "0", "--quality", "30", "--sample-rate", "1000"], "it must be above 0"),
        (["iirpeak", "--frequency", "0.6", "--quality", "30"], "alpha = f / fs must be above 0 and below 0.5"),
        (["iirnotch", "--frequency", "200", "--quality", "0.3", "--sample-rate", "1000"], "give Q above 0.4"),
        (["iirnotch", "--quality", "30", "--sample-rate", "1000"], "iirnotch needs --frequency"),
        (["iirnotch", "--frequency", "50", "--sample-rate", "1000"], "iirnotch needs --quality"),
        (["iircomb", "--frequency", "70", "--quality", "30", "--sample-rate", "1000"], "1000 / 70 = 14.285714285714286 is not"),
        (["iircomb", "--frequency", "50", "--quality", "1", "--sample-rate", "1000"], "must be a finite number above 1"),
        (["iircomb", "--frequency", "50", "--quality", "30", "--type", "notches", "--sample-rate", "1000"],
         "--type 'notches' is not a type of a comb filter (iircomb); it must be one of notch, peak"),
        (["biquad", "--type", "bandshelf", "--frequency", "100", "--sample-rate", "1000"], "it must be one of lowpass, highpass"),
        (["biquad", "--frequency", "100", "--sample-rate", "1000"], "biquad needs --type"),
        (["biquad", "--type", "lowpass", "--frequency", "100", "--gain", "3", "--sample-rate", "1000"],
         "--gain applies to peaking, lowshelf and highshelf biquads, not to a lowpass one"),
        (["biquad", "--type", "lowshelf", "--frequency", "100", "--quality", "2", "--sample-rate", "1000"],
         "--quality does not apply to a lowshelf biquad"),
        (["biquad", "--type", "peaking", "--frequency", "100", "--gain", "1e9", "--sample-rate", "1000"], "gain 1000000000 dB is out of range"),
        (["weighting", "--curve", "B", "--sample-rate", "48000"], "--curve 'B' is not a type of a weighting filter; it must be one of A, C"),
        (["weighting", "--curve", "A"], "a weighting filter needs --sample-rate"),
        (["weighting", "--curve", "A", "--sample-rate", "1500"], "sample rate 1500 Hz is too low for a weighting"),
        (["weighting", "--curve", "A", "--sample-rate", "48000", "--frequency", "100"], "takes no --frequency"),
        (["gammatone", "--frequency", "0.1"], "is defined in Hz: give the sample rate"),
        (["iirnotch", "--frequency", "50", "--quality", "30", "--sample-rate", "1000", "-Lp", "-o", "2"], "takes no a band (-Lp, -Hp, -Bp, -Bs, -Ap), -o"),
        (["iirnotch", "-Bu", "--frequency", "50", "--quality", "30", "--sample-rate", "1000"], "iirnotch is a design of its own"),
        (["iirnotch", "--frequency", "50", "--quality", "30", "--sample-rate", "1000", "--curve", "A"], "--curve does not apply to a notch filter"),
        (["iirnotch", "--frequency", "0.1", "--quality", "3", "--sample-rate", "1000", "--sample-rate", "2000"], "--sample-rate is given twice"),
        (["biquad", "--type", "lowpass", "--type", "highpass", "--frequency", "0.1"], "--type is given twice"),
        (["weighting", "--curve", "--sample-rate", "48000"], "--curve needs a value (A or C)"),
        (["iircomb", "--frequency", "0.02", "--quality", "30", "--realization", "direct"], "a comb runs as second-order sections"),
        (["iircomb", "--frequency", "0.2"], "iircomb needs --quality (the quality factor Q, above 1)"),
        (["iircomb", "--frequency", "1", "--quality", "30", "--sample-rate", "2048"], "a comb of fs / f = 2048 teeth is beyond 1024"),
        (["gammatone", "--frequency", "1e-300", "--sample-rate", "1"], "1.019 ERB = 25.169299999999996 Hz wide, not below Nyquist"),
        (["iirnotch", "--frequency", "0.1", "--quality", "1e20"], "Q = 1e+20 at alpha = 0.1 puts its poles on the unit circle in double precision"),
        (["weighting", "--curve", "A", "--sample-rate", "1e12"], "the sample rate 1000000000000 Hz puts its low poles on the unit circle"),
        (["iirnotch", "--cheby1", "1", "--frequency", "0.1", "--quality", "3"], "iirnotch is a design of its own"),
        // An unknown option names the command's help, not Fisher's usage.
        (["iirnotch", "--frequency", "50", "--quality", "30", "--sample-rate", "1000", "--bogus"],
         "mkfilter: unknown option '--bogus' for iirnotch; run 'mkfilter iirnotch --help' for its options\n"),
        (["biquad", "--type", "peaking", "--frequency", "50", "-X"], "unknown option '-X' for biquad; run 'mkfilter biquad --help'"),
    ]

    @Test(arguments: refusals)
    func badInputIsRefused(_ words: [String], message: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-refused-\(getpid()).h").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = Mkfilter.run(arguments: words + ["--emit", "c", "--output", path])
        #expect(run.exitCode == 1 && run.standardOutput.isEmpty, "\(words): \(run.standardOutput)")
        #expect(run.standardError.contains(message), "\(words): \(run.standardError)")
        #expect(!run.standardError.contains("Usage: mkfilter [-Be"), "\(words): Fisher's usage after a catalogue command")
        #expect(!FileManager.default.fileExists(atPath: path))
        let report = Mkfilter.run(arguments: words)
        #expect(report.exitCode == 1 && report.standardOutput.isEmpty && report.standardError.contains(message))
    }

    /// A comb's report says where its zeros and its unit gain are (scipy's
    /// pass_zero decides which); its JSON's order is its N poles; mains hum at
    /// 48 kHz (N = 960) designs.
    @Test func combReportAndOrder() throws {
        let peak = Mkfilter.run(arguments: ["iircomb", "--frequency", "1", "--quality", "30", "--sample-rate", "4", "--type", "peak"])
        #expect(peak.standardOutput.contains("N = 4 teeth of 1 Hz, Q 30.0: zeros at dc and its harmonics, 1 at the odd multiples of half of it"))
        let passing = Mkfilter.run(arguments: ["iircomb", "--frequency", "1", "--quality", "30", "--sample-rate", "4", "--pass-zero"])
        #expect(passing.standardOutput.contains("zeros at the odd multiples of half of it, 1 at dc and its harmonics"))
        let json = Mkfilter.run(arguments: ["iircomb", "--frequency", "50", "--quality", "30", "--sample-rate", "1000", "--emit", "json"])
        #expect(json.standardOutput.contains("\"order\": 20,"))
        let mains = Mkfilter.run(arguments: ["iircomb", "--frequency", "50", "--quality", "30", "--sample-rate", "48000", "--emit", "json"])
        #expect(mains.exitCode == 0 && mains.standardOutput.contains("\"order\": 960,"), "\(mains.standardError)")
    }

    /// A cookbook all-pass with alpha > 1 has k < 0: its G keeps the sign, so
    /// the direct form runs as the sections do.
    @Test func negativeGainRunsInDirectForm() {
        for precision in ["double", "float"] {
            let run = VerifyProgram.run(arguments: ["biquad", "--type", "allpass", "--frequency", "0.2", "--quality", "0.3",
                                                    "--realization", "direct", "--precision", precision])
            #expect(run.exitCode == 0, "\(precision): \(run.standardOutput.suffix(400))")
        }
    }

    /// `mkfilter --help` lists each command (HelpTests checks their widths).
    @Test func mkfilterHelpListsEveryCommand() {
        let help = MkfilterCommand.helpMessage(for: MkfilterCommand.self, columns: 80)
        for name in FilterFamily.Name.catalogue.map(\.rawValue) {
            #expect(help.contains("\n  " + name + " "), "\(name)")
        }
    }
}

/// The catalogue's words run on a recording (`spectrum --filter`,
/// `pipeline --filter`), their frequencies in Hz at the data's rate.
@Suite struct CatalogueOnRecordingsTests {
    static let recording = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recordings/shake-60Hz.csv").path

    @Test func spectrumAndPipelineRunACatalogueFilter() {
        let spectrum = SpectrumProgram.run(arguments: [Self.recording, "--filter", "iirnotch --frequency 12 --quality 10"])
        #expect(spectrum.exitCode == 0, "\(spectrum.standardError)")
        #expect(spectrum.standardOutput.split(separator: "\n").first?.contains("filtered") == true, "\(spectrum.standardOutput.prefix(200))")
        let pipeline = PipelineProgram.run(arguments: [Self.recording, "--filter", "biquad --type peaking --frequency 3 --quality 2 --gain 6"])
        #expect(pipeline.exitCode == 0, "\(pipeline.standardError)")
        let wrongRate = PipelineProgram.run(arguments: [Self.recording, "--filter", "iirnotch --frequency 12 --quality 10 --sample-rate 100"])
        #expect(wrongRate.exitCode == 1 && wrongRate.standardError.contains("is designed for 100 Hz, but the data is at 60 Hz"))
    }
}
