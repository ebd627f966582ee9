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

    static let hostile: [[String]] = [
        ["-Bu", "-Lp", "-o", "4", "-a", "nan"],
        ["-Bu", "-Lp", "-o", "4", "-a", "NaN"],
        ["-Bu", "-Lp", "-o", "4", "-a", "inf"],
        ["-Bu", "-Lp", "-o", "4", "-a", "-inf"],
        ["-Bu", "-Lp", "-o", "4", "-a", "1e999"],
        ["-Bu", "-Lp", "-o", "4", "-a", ""],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1abc"],
        ["-Bu", "-Lp", "-o", "4", "-a", "abc"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.5"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.75"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0"],
        ["-Bu", "-Lp", "-o", "4", "-a", "1e-400"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "0.2"],
        ["-Bu", "-Bp", "-o", "4", "-a", "0.2", "0.1"],
        ["-Bu", "-Bp", "-o", "4", "-a", "0.1"],
        ["-Bu", "-Lp", "-o", "-4", "-a", "0.1"],
        ["-Bu", "-Lp", "-o", "99999999999999999999", "-a", "0.1"],
        ["-Bu", "-Lp", "-o", "4.5", "-a", "0.1"],
        ["-Bu", "-Lp", "-o", "", "-a", "0.1"],
        ["-Bu", "-Lp", "-o", "2147483648", "-a", "0.1"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "-p"] + (0..<100).map(String.init),
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "-p", "99999999999"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "-p"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "-p", "0"],
        ["-Bu", "-Lp", "-o", "4", "-a"],
        ["-Bu", "-Lp", "-o"],
        ["-Ch"],
        ["-Ch", "-Lp", "-o", "4", "-a", "0.1"],
        ["-Ch", "nan", "-Lp", "-o", "4", "-a", "0.1"],
        ["-Ch", "-1e999", "-Lp", "-o", "4", "-a", "0.1"],
        ["-Ch", "-1e-300", "-Lp", "-o", "4", "-a", "0.1"],
        ["-Ch", "-1e-20", "-Lp", "-o", "2", "-a", "0.1"],
        ["-Ch", "-320", "-Lp", "-o", "2", "-a", "0.1"],
        ["-Ch", "-0", "-Lp", "-o", "4", "-a", "0.1"],
        ["-Re", "-Bp", "-a", "0.1"],
        ["-Re", "0", "-Bp", "-a", "0.1"],
        ["-Re", "-5", "-Bp", "-a", "0.1"],
        ["-Re", "nan", "-Bp", "-a", "0.1"],
        ["-Re", "10", "-Bp", "-a", "0.1", "0.2"],
        ["-Re", "Inf", "-Bp", "-a", "0.2", "-l"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "-Z", "0.5"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "-Z"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "--sample-rate", "60"],
        ["-Bu", "-Lp", "-o", "4", "--corner", "5"],
        ["-Bu", "-Lp", "-o", "4", "--sample-rate", "60", "--corner", "30"],
        ["-Bu", "-Lp", "-o", "4", "--sample-rate", "0", "--corner", "5"],
        ["-Bu", "-Lp", "-o", "4", "--sample-rate", "-60", "--corner", "5"],
        ["-Bu", "-Lp", "-o", "4", "--sample-rate", "nan", "--corner", "5"],
        ["-Bu", "-Bp", "-o", "4", "--sample-rate", "60", "--corner", "3", "0.5"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "--bogus"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "stray"],
        ["-Bu", "-lp", "-o", "4", "-a", "0.1"],
        ["-bu", "-Lp", "-o", "4", "-a", "0.1"],
        [""],
        ["-"],
        ["-Bu", "-Lp", "-o", "4", "-a", "0.1\n"],
        ["-Bu", "-Lp", "-o", "4", "-a", " 0.1"],
    ]

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
