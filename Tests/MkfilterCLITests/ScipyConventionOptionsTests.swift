import Foundation
import MkfilterCLI
import Testing

/// Issue 27 on the command line: `--cheby1 R` beside Fisher's `-Ch -R`,
/// errors that name the option as typed, the limits (order 128, 1000 dB,
/// refusal only where Double cannot carry a design), a Chebyshev I designed
/// from a specification meeting it in absolute dB, and the Hz of a design
/// given in Hz kept in its provenance.
@Suite struct ScipyConventionOptionsTests {
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let run = Mkfilter.run(arguments: arguments + ["--emit", "json"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as! [String: Any]
        return (document["filters"] as! [[String: Any]])[0]
    }

    @Test func cheby1IsFishersChWithThePositiveRipple() throws {
        let ours = Mkfilter.run(arguments: ["--cheby1", "0.5", "-Bp", "-o", "4", "-a", "0.1", "0.2"])
        let fisher = Mkfilter.run(arguments: ["-Ch", "-0.5", "-Bp", "-o", "4", "-a", "0.1", "0.2"])
        #expect(ours.exitCode == 0 && fisher.exitCode == 0)
        // The same report but for the command line it starts with.
        #expect(ours.standardOutput.split(separator: "\n").dropFirst() == fisher.standardOutput.split(separator: "\n").dropFirst())
        #expect(ours.standardOutput.hasPrefix("Command line: mkfilter --cheby1 0.5 -Bp"))
    }

    @Test func rippleSignsAreExplained() {
        let negative = Mkfilter.run(arguments: ["--cheby1", "-0.5", "-Lp", "-o", "4", "-a", "0.1"])
        #expect(negative.exitCode != 0 && negative.standardError.contains("--cheby1 -0.5: the passband ripple must be a positive number of dB"),
                "\(negative.standardError)")
        let positive = Mkfilter.run(arguments: ["-Ch", "3", "-Lp", "-o", "4", "-a", "0.1"])
        #expect(positive.exitCode != 0 && positive.standardError.contains("must be .lt. 0.0")
                && positive.standardError.contains("--cheby1 3 takes it positive"), "\(positive.standardError)")
    }

    @Test(arguments: [
        (["--elliptic", "-Lp", "--passband-edge", "0.1", "--stopband-edge", "0.15", "--passband-loss", "3",
          "--stopband-attenuation", "2"], "mkfilter: --stopband-attenuation 2: stopband attenuation 2 dB is out of range"),
        (["--elliptic", "-Lp", "--passband-edge", "0.1", "--stopband-edge", "0.15", "--passband-loss", "1",
          "--stopband-attenuation", "1001"], "mkfilter: --stopband-attenuation 1001: stopband attenuation 1001 dB is out of range; it must be above the passband loss (1 dB) and at most 1000 dB"),
        (["--cheby2", "1001", "-Lp", "-o", "4", "-a", "0.1"], "mkfilter: --cheby2 1001: Chebyshev II stopband attenuation 1001 dB is out of range"),
        (["--elliptic", "0.5", "1001", "-Lp", "-o", "4", "-a", "0.1"], "mkfilter: --elliptic 0.5 1001: elliptic stopband attenuation 1001 dB"),
        (["-Bu", "-Lp", "-o", "4", "-a", "0.7"], "mkfilter: -a 0.7: corner = 0.7 is out of range"),
        (["-Bu", "-Lp", "-o", "4", "--sample-rate", "60", "--corner", "35"], "mkfilter: --corner 35: corner 35 Hz is at or above Nyquist"),
        (["-Bu", "-Lp", "-o", "129", "-a", "0.1"], "mkfilter: order must be in range 1 .. 128 (got 129)"),
    ] as [([String], String)])
    func errorsNameTheOptionAsTyped(_ arguments: [String], _ expected: String) {
        let run = Mkfilter.run(arguments: arguments)
        #expect(run.exitCode != 0 && run.standardError.hasPrefix(expected), "\(run.standardError)")
    }

    /// Orders above Fisher's and the old 24 design; where the poles of a
    /// one-corner filter round onto the unit circle, the refusal names the
    /// highest order that designs, and that order does design.
    @Test func highOrdersDesignOrNameTheirLimit() throws {
        for arguments in [["-Bu", "-Hp", "-o", "28", "-a", "0.215"], ["--cheby2", "60", "-Hp", "-o", "26", "-a", "0.15"],
                          ["-Be", "-Lp", "-o", "128", "-a", "0.1"], ["--elliptic", "0.5", "80", "-Lp", "-o", "69", "-a", "0.1"]] {
            let run = Mkfilter.run(arguments: arguments + ["--emit", "json"])
            #expect(run.exitCode == 0, "\(arguments): \(run.standardError)")
        }
        let refused = Mkfilter.run(arguments: ["--elliptic", "0.5", "80", "-Lp", "-o", "100", "-a", "0.1"])
        #expect(refused.exitCode != 0 && refused.standardError.contains("order 100 at alpha = 0.1 is too high for the bilinear transform in double precision: its poles round onto the unit circle"),
                "\(refused.standardError)")
        let limit = try #require(refused.standardError.range(of: "the highest order this filter allows is "))
        let highest = try #require(Int(refused.standardError[limit.upperBound...].prefix { $0.isNumber }))
        #expect(highest >= 69 && highest < 100)
        #expect(Mkfilter.run(arguments: ["--elliptic", "0.5", "80", "-Lp", "-o", "\(highest)", "-a", "0.1"]).exitCode == 0)
        #expect(Mkfilter.run(arguments: ["--elliptic", "0.5", "80", "-Lp", "-o", "\(highest + 1)", "-a", "0.1"]).exitCode != 0)
    }

    /// The example: `cheb1ord([0.2, 0.5], [0.1, 0.6], 3, 80)` meets
    /// its specification in absolute dB (Fisher's normalisation gave a
    /// passband of -0.46 ... +2.54 dB and a stopband of -78.65 dB).
    @Test func chebyshevFromASpecificationMeetsItInAbsoluteDecibels() {
        let run = Mkfilter.run(arguments: ["--cheby1", "-Bp", "--passband-edge", "0.1", "0.25", "--stopband-edge", "0.05", "0.3",
                                           "--passband-loss", "3", "--stopband-attenuation", "80"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let report = run.standardOutput
        let loss = SpecificationOptionsTests.number(in: report, line: "achieved", after: "passband loss ")
        let maximum = SpecificationOptionsTests.number(in: report, line: "achieved", after: "maximum ")
        let attenuation = SpecificationOptionsTests.number(in: report, line: "achieved", after: "stopband attenuation ")
        #expect(report.contains("order         = 9: the lowest Chebyshev"), "\(report)")
        #expect((loss ?? .infinity) <= 3 + 1e-6 && abs(maximum ?? .infinity) <= 1e-6, "\(report)")
        #expect((attenuation ?? 0) >= 80 - 1e-6, "\(report)")
    }

    /// A design given in Hz keeps the Hz and the sample rate in its
    /// provenance's command line, and that command line designs it again.
    @Test func hertzDesignsRecordTheirHertz() throws {
        let spec = try Self.json(["--elliptic", "-Lp", "--passband-edge", "5", "--stopband-edge", "7", "--passband-loss", "0.5",
                                  "--stopband-attenuation", "50", "--sample-rate", "60"])
        let specLine = (spec["provenance"] as! [String: Any])["mkfilterCommandLine"] as! String
        #expect(specLine == "mkfilter --elliptic -Lp --sample-rate 60.0 --passband-edge 5.0 --stopband-edge 7.0 --passband-loss 0.5 --stopband-attenuation 50.0")
        let corners = try Self.json(["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3"])
        let cornerLine = (corners["provenance"] as! [String: Any])["mkfilterCommandLine"] as! String
        #expect(cornerLine == "mkfilter -Bu -Bp -o 3 --sample-rate 60.0 --corner 0.5 3.0")
        for line in [specLine, cornerLine] {
            let again = try Self.json(line.split(separator: " ").dropFirst().map(String.init))
            let original = line == specLine ? spec : corners
            #expect(again["sos"] as! [[Double]] == original["sos"] as! [[Double]], "\(line)")
        }
    }
}
