import FilterDesign
import Foundation
@testable import MkfilterCLI
import Testing

/// Corners that double precision cannot carry, and integer options at their
/// documented limits (the fuzzing campaign's defects 5 and 8).
@Suite struct PrecisionLimitTests {
    /// The number after `prefix` in `text` (up to a space, ';' or the end).
    static func number(after prefix: String, in text: String) -> Double? {
        guard let range = text.range(of: prefix) else { return nil }
        return Double(text[range.upperBound...].prefix { !$0.isWhitespace && $0 != ";" && $0 != "\n" })
    }

    /// `-a 1e-30`: refused (it printed "mag = infinite" and exited 0), naming
    /// the corner and the smallest alpha that designs, the same way for the
    /// report, the listing, emitted code and verify; never "Q = Inf".
    @Test func tinyCornerIsRefusedWithTheSmallestAllowed() throws {
        let design = ["-Bu", "-Lp", "-o", "2", "-a", "1e-30"]
        let prefix = "corner = 1e-30 is too small for the bilinear transform in double precision: its poles round onto the unit circle at z = 1; the smallest this filter allows is alpha = "
        for (args, program) in [(design, "mkfilter"), (design + ["-l"], "mkfilter"), (design + ["--emit", "swift"], "mkfilter"),
                                (design + ["--emit", "c"], "mkfilter")] {
            let r = Mkfilter.run(arguments: args)
            #expect(r.exitCode == 1 && r.standardOutput.isEmpty, "\(args): \(r.standardOutput)")
            #expect(r.standardError.hasPrefix("\(program): " + prefix), "\(args): \(r.standardError)")
            #expect(!r.standardError.contains("Q = Inf") && !r.standardError.contains("infinite"), "\(args): \(r.standardError)")
        }
        let verify = VerifyProgram.run(arguments: design)
        #expect(verify.exitCode == 1 && verify.standardError.hasPrefix("mkfilter verify: " + prefix), "\(verify.standardError)")
        #expect(!verify.standardError.contains("Q = Inf"))

        // The limit it names designs, stable as run; a tenth of it does not.
        let limit = try #require(Self.number(after: "allows is alpha = ", in: Mkfilter.run(arguments: design).standardError))
        #expect(limit > 1e-10 && limit < 1e-7, "\(limit)")
        let atLimit = Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", "2", "-a", "\(limit)"])
        #expect(atLimit.exitCode == 0 && !atLimit.standardOutput.contains("infinite"), "\(atLimit.standardError)")
        let d = try Mkfilter.design(arguments: ["-Bu", "-Lp", "-o", "2", "-a", "\(limit)"])
        for s in try #require(d.secondOrderSections()) {
            #expect(1 + s.a1 + s.a2 > 0, "a pole at z = 1 as run: \(s)")
        }
        #expect(Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", "2", "-a", "\(limit / 10)"]).exitCode == 1)
    }

    /// The other ways out of double precision: a corner in Hz, near Nyquist,
    /// a band too narrow, high orders and the other families.
    @Test(arguments: [
        (["-Bu", "-Lp", "-o", "2", "--sample-rate", "60", "--corner", "1e-28"],
         "corner 1e-28 Hz (at 60 Hz) is too small for the bilinear transform in double precision: its poles round onto the unit circle at z = 1; the smallest this filter allows is "),
        (["-Bu", "-Hp", "-o", "2", "-a", "0.4999999999999999"],
         "corner = 0.4999999999999999 is too close to 0.5 (Nyquist) for the bilinear transform in double precision: its poles round onto the unit circle at z = -1; the largest this filter allows is alpha = 0.49999999"),
        (["-Bu", "-Hp", "-o", "2", "--sample-rate", "60", "--corner", "29.99999999999"],
         "corner 29.99999999999 Hz (at 60 Hz) is too close to Nyquist (30 Hz) for the bilinear transform"),
        (["-Bu", "-Bp", "-o", "2", "-a", "0.1", "0.1000000000000001"],
         "the band alpha = 0.1 to alpha = 0.1000000000000001 is too narrow for the bilinear transform in double precision: its poles round onto the unit circle; widen it"),
        (["-Bu", "-Lp", "-o", "24", "-a", "1e-12"], "corner = 1e-12 is too small"),
        (["-Bu", "-Lp", "-o", "2", "-a", "1e-30", "-z"], "corner = 1e-30 is too small for the matched z-transform (-z) in double precision"),
        (["-Ch", "-0.5", "-Lp", "-o", "8", "-a", "1e-9"], "corner = 1e-09 is too small"),
        (["-Be", "-Lp", "-o", "10", "-a", "1e-10"], "corner = 1e-10 is too small"),
        (["--elliptic", "0.5", "60", "-Lp", "-o", "5", "-a", "1e-12"], "corner = 1e-12 is too small"),
        (["-Bu", "-Bs", "-o", "3", "-a", "1e-20", "0.2"], "alpha1 = 1e-20 is too small"),
        (["-Bu", "-Bp", "-o", "2", "-a", "1e-30", "2e-30"], "alpha1 = 1e-30 is too small for the bilinear transform in double precision: its poles round onto the unit circle at z = 1; move the corners away from 0"),
    ])
    func extremeCornersAreRefused(_ args: [String], _ message: String) {
        let r = Mkfilter.run(arguments: args)
        #expect(r.exitCode == 1 && r.standardOutput.isEmpty, "\(args): \(r.standardOutput)")
        #expect(r.standardError.hasPrefix("mkfilter: " + message), "\(args): \(r.standardError)")
        #expect(!r.standardError.contains("Q = Inf"))
    }

    /// Q = Inf is still what a Q = Inf resonator is told, and only it; PI's
    /// integrator (a pole at z = 1 by design) still designs.
    @Test func qInfIsOnlyForResonators() {
        let resonator = Mkfilter.run(arguments: ["-Re", "Inf", "-Bp", "-a", "0.2", "-l"])
        #expect(resonator.exitCode == 1 && resonator.standardError.contains("Q = Inf"), "\(resonator.standardError)")
        let emitted = Mkfilter.run(arguments: ["-Re", "Inf", "-Bp", "-a", "0.2", "--emit", "swift"])
        #expect(emitted.exitCode == 1 && emitted.standardError.contains("Q = Inf band-pass resonator"), "\(emitted.standardError)")
        #expect(Mkfilter.run(arguments: ["-Pi", "-o", "1", "-a", "1e-30"]).exitCode == 0)
        #expect(Mkfilter.run(arguments: ["-Re", "Inf", "-Bp", "-a", "0.2"]).exitCode == 0)
    }

    /// Each integer option's limit is the one `--help` documents (not 10^6
    /// for all), and a value beyond it names the option, the value and the limit.
    @Test func integerOptionsHaveTheirDocumentedLimits() throws {
        // response --points up to 4194305, impulse/step --samples up to 10^7.
        let points = try AnalysisArguments(["-Bu", "--points", "4194305"], command: "response", accepted: ["--points"])
        #expect(points.points == 4_194_305)
        let samples = try AnalysisArguments(["-Bu", "--samples", "10000000"], command: "impulse", accepted: ["--samples"])
        #expect(samples.samples == 10_000_000)
        for (words, message) in [
            (["--points", "4194306"], "--points 4194306 is out of range; it must be in 2 ... 4194305 (the number of frequencies)"),
            (["--points", "1"], "--points 1 is out of range; it must be in 2 ... 4194305 (the number of frequencies)"),
            (["--samples", "10000001"], "--samples 10000001 is out of range; it must be in 1 ... 10000000 (the number of samples)"),
            (["--samples", "99999999999999999999"], "--samples 99999999999999999999 is out of range; it must be in 1 ... 10000000 (the number of samples)"),
        ] {
            #expect(throws: UsageError.self) { try AnalysisArguments(["-Bu"] + words, command: "x", accepted: ["--points", "--samples"]) }
            do { _ = try AnalysisArguments(["-Bu"] + words, command: "x", accepted: ["--points", "--samples"]) } catch {
                #expect(error.description == message, "\(words)")
            }
        }
        // The CLI end to end: the value is read, then the design (1e-30) is what fails.
        let big = ResponseProgram.run(.impulse, arguments: ["-Bu", "-Lp", "-o", "2", "-a", "1e-30", "--samples", "5000000"])
        #expect(big.exitCode == 1 && big.standardError.contains("too small") && !big.standardError.contains("--samples"), "\(big.standardError)")

        // --tag as a spec file's tag; Fisher's -o beyond Int and beyond 24 in his words.
        let tagged = Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--emit", "json", "--tag", "5000000"])
        #expect(tagged.exitCode == 0 && tagged.standardOutput.contains("5000000"), "\(tagged.standardError)")
        #expect(Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--emit", "json", "--tag", "2000000000"]).standardError
                == "mkfilter: --tag 2000000000 is out of range; it must be in -1000000000 ... 1000000000 (an integer tag)\n")
        #expect(Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", "5000000", "-a", "0.1"]).standardError
                == "mkfilter: order must be in range 1 .. 128 (got 5000000)\n")
        #expect(Mkshape.run(arguments: ["-h", "7", "-b", "60", "-l"]).standardError
                == "mkshape: Num. bits after -b must be at most 52, the bits of a double (got 60)\n")
    }
}
