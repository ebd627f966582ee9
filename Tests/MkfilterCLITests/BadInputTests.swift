import Foundation
import MkfilterCLI
import Testing

/// Hostile command lines: each exits 1 with a message on standard error,
/// prints nothing on standard output, and never crashes or prints NaN.
@Suite struct BadInputTests {
    /// A huge value (a 10^6-digit field, a whole CR-only file read as its
    /// header line) is refused in a message of bounded length: the first 80
    /// characters and how long it was.
    @Test func hugeInputIsNotEchoedWhole() throws {
        let digits = String(repeating: "9", count: 1_000_000)
        let order = Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", digits, "-a", "0.1"])
        #expect(order.exitCode == 1 && order.standardError.count < 1_000, "\(order.standardError.prefix(300))")
        #expect(order.standardError.contains("...' (1000000 characters)"), "\(order.standardError.prefix(300))")
        let remez = FIRProgram.run("remez", arguments: ["--taps", "31", "--type", digits])
        #expect(remez.exitCode == 1 && remez.standardError.count < 1_000, "\(remez.standardError.prefix(300))")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cr-only-\(getpid()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try String(repeating: "1,2,3,4,5\r", count: 100_000).write(toFile: path, atomically: true, encoding: .utf8)
        let spectrum = SpectrumProgram.run(arguments: [path])
        #expect(spectrum.exitCode == 1 && spectrum.standardError.count < 1_000, "\(spectrum.standardError.prefix(300))")
    }

    /// Butterworth low-pass, order 4, up to -a's value; `lowPass` with a
    /// good one (0.1). The hostile command lines below change one thing in them.
    static let lowPassUpToAlpha = ["-Bu", "-Lp", "-o", "4", "-a"]
    static let lowPass = lowPassUpToAlpha + ["0.1"]

    /// -a: not a number, not finite, out of range, or none.
    static let badAlphas: [[String]] = ["nan", "NaN", "inf", "-inf", "1e999", "", "0.1abc", "abc", "0.5", "0.75", "0", "1e-400"]
        .map { lowPassUpToAlpha + [$0] }
    /// -o: negative, too large, not whole, empty.
    static let badOrders: [[String]] = ["-4", "99999999999999999999", "4.5", "", "2147483648"]
        .map { ["-Bu", "-Lp", "-o", $0, "-a", "0.1"] }
    /// -p: too many poles, an index out of range, none, half a conjugate pair.
    static let badPoleSubsets: [[String]] = [(0..<100).map(String.init), ["99999999999"], [], ["0"]]
        .map { lowPass + ["-p"] + $0 }
    /// -Ch: its ripple (missing, not a number, not finite, too small, too large, -0), with the order.
    static let badRipples: [[String]] = [([], "4"), (["nan"], "4"), (["-1e999"], "4"), (["-1e-300"], "4"), (["-1e-20"], "2"),
                                         (["-320"], "2"), (["-0"], "4")]
        .map { ["-Ch"] + $0.0 + ["-Lp", "-o", $0.1, "-a", "0.1"] }
    /// -Re: its Q (missing, 0, negative, not a number), then two corners, and an infinite Q.
    static let badResonators: [[String]] = [[], ["0"], ["-5"], ["nan"]].map { ["-Re"] + $0 + ["-Bp", "-a", "0.1"] }
        + [["-Re", "10", "-Bp", "-a", "0.1", "0.2"], ["-Re", "Inf", "-Bp", "-a", "0.2", "-l"]]
    /// --sample-rate and --corner: the corner at Nyquist, the rate 0, negative, not a number.
    static let badSampleRates: [[String]] = [("60", "30"), ("0", "5"), ("-60", "5"), ("nan", "5")]
        .map { ["-Bu", "-Lp", "-o", "4", "--sample-rate", $0.0, "--corner", $0.1] }

    static let hostile: [[String]] = badAlphas
        + [lowPass + ["0.2"], ["-Bu", "-Bp", "-o", "4", "-a", "0.2", "0.1"], ["-Bu", "-Bp", "-o", "4", "-a", "0.1"]]
        + badOrders + badPoleSubsets
        + [lowPassUpToAlpha, ["-Bu", "-Lp", "-o"], ["-Ch"]]
        + badRipples + badResonators
        + [lowPass + ["-Z", "0.5"], lowPass + ["-Z"], lowPass + ["--sample-rate", "60"], ["-Bu", "-Lp", "-o", "4", "--corner", "5"]]
        + badSampleRates
        + [["-Bu", "-Bp", "-o", "4", "--sample-rate", "60", "--corner", "3", "0.5"], lowPass + ["--bogus"], lowPass + ["stray"],
           ["-Bu", "-lp", "-o", "4", "-a", "0.1"], ["-bu", "-Lp", "-o", "4", "-a", "0.1"], [""], ["-"],
           lowPassUpToAlpha + ["0.1\n"], lowPassUpToAlpha + [" 0.1"]]

    @Test(arguments: hostile) func refusedWithAMessage(_ args: [String]) {
        let result = Mkfilter.run(arguments: args)
        #expect(result.exitCode == 1, "\(args): exit \(result.exitCode)")
        #expect(result.standardOutput.isEmpty, "\(args): printed \(result.standardOutput)")
        #expect(result.standardError.hasPrefix("mkfilter: "), "\(args): \(result.standardError)")
        #expect(!result.standardError.lowercased().contains("nan") || args.contains { $0.lowercased() == "nan" || $0 == "NaN" })
    }

    @Test func messagesNameTheBadValueAndTheRange() {
        func message(_ args: [String]) -> String { Mkfilter.run(arguments: args).standardError }
        #expect(message(["-Bu", "-Lp", "-o", "4", "-a", "0.75"])
            == "mkfilter: -a 0.75: corner = 0.75 is out of range; alpha = f / fs must be above 0 and below 0.5\n")
        #expect(message(["-Bu", "-Lp", "-o", "4", "-a", "abc"])
            == "mkfilter: -a 'abc' is not a number (alpha = f/fs, 0 < alpha < 0.5)\n")
        #expect(message(["-Bu", "-Lp", "-o", "4", "-a", "1e999"])
            == "mkfilter: -a '1e999' is not a finite number (alpha = f/fs, 0 < alpha < 0.5)\n")
        #expect(message(["-Bu", "-Lp", "-o", "129", "-a", "0.1"])
            == "mkfilter: order must be in range 1 .. 128 (got 129)\n")
        #expect(message(["-Bu", "-Lp", "-o", "4", "--sample-rate", "60", "--corner", "35"])
            == "mkfilter: --corner 35: corner 35 Hz is at or above Nyquist (30 Hz) for sample rate 60 Hz\n")
        #expect(message(["-Bu", "-Lp", "-o", "5", "-a", "0.1", "-p", "0"])
            == "mkfilter: -p 0: the pole subset keeps pole 0 without its complex conjugate, pole 4; poles must be chosen in conjugate pairs\n")
        #expect(message(["-Bu", "-lp", "-o", "4", "-a", "0.1"])
            == "mkfilter: -p needs at least one pole index (0 .. order-1) (in '-lp'; did you mean -Lp? options are case-sensitive)\n")
        #expect(message(["-bu", "-Lp", "-o", "4", "-a", "0.1"]).hasPrefix("mkfilter: unknown option '-bu' (in '-bu'; did you mean -Bu?"))
        // -1e-20 is "above 0"; the ripple is refused for being below the real bound, which is named.
        #expect(message(["-Ch", "-1e-20", "-Lp", "-o", "2", "-a", "0.1"])
            == "mkfilter: -Ch -1e-20: Chebyshev ripple 1e-20 dB is too small; it must be at least 4.83e-16 dB, below which 10^(ripple/10) "
            + "rounds to 1 and the design would divide by 0 (the range is 4.83e-16 ... 319 dB, written negated on Fisher's command line, e.g. -Ch -0.5)\n")
        #expect(message(["-Ch", "-400", "-Lp", "-o", "2", "-a", "0.1"])
            .hasPrefix("mkfilter: -Ch -400: Chebyshev ripple 400 dB is too large; it must be at most 319 dB"))
        #expect(Mkfilter.run(arguments: ["-Ch", "-4.83e-16", "-Lp", "-o", "2", "-a", "0.1"]).exitCode == 0)
    }

    @Test func mkshapeAndMkaverageRefuseBadInput() {
        for args in [["-c", "0.6", "0.5", "15", "-l"], ["-c", "0.1", "1.5", "15", "-l"], ["-c", "nan", "0.5", "15", "-l"],
                     ["-c", "0.1", "0.5", "1025", "-l"], ["-c", "0.1", "0.5", "-15", "-l"], ["-c", "0.1", "0.5"],
                     ["-h", "7", "-x", "-l"], ["-q"], ["stray"], ["-h", "7", "-b", "0", "-l"], ["-c", "0.1", "0.5", "x", "-l"]] {
            let r = Mkshape.run(arguments: args)
            #expect(r.exitCode == 1 && r.standardOutput.isEmpty && r.standardError.hasPrefix("mkshape: "), "\(args)")
        }
        for args in [["-Av", "-l", "0"], ["-Av", "-l", "514"], ["-Av", "-l"], ["-l", "5"], ["-Av", "-l", "abc"], ["-Av", "-l", "5", "6"], ["-Xy"]] {
            let r = Mkaverage.run(arguments: args)
            #expect(r.exitCode == 1 && r.standardOutput.isEmpty && r.standardError.hasPrefix("mkaverage: "), "\(args)")
        }
    }
}
