import Testing
import Foundation
import FilterDesign
import MkfilterCLI

/// Every case of both reference files, run in-process: standard output
/// byte for byte, exit status equal; a failing case must fail with a message.
/// The deliberate differences (COMPATIBILITY.md) are asserted as such.
@Suite struct FixtureTests {
    /// Fisher's `-nan` gains, and what we print instead (COMPATIBILITY.md, "Undefined gains").
    static let nanGain = "mag =            -nan"

    /// The report we expect in place of Fisher's for a case whose report shows `-nan`.
    static func deliberateReport(_ args: [String], fisher: String) -> String? {
        guard fisher.contains(nanGain) else { return nil }
        if args.first == "-Pi" {
            // Integrator: pole at z = 1, so the dc gain is infinite.
            return fisher.replacingOccurrences(of: "gain at dc    :   " + nanGain, with: "gain at dc    :   mag =        infinite")
        }
        if args.starts(with: ["-Re", "Inf", "-Bp"]) {
            // Oscillator: poles on the unit circle at the centre frequency.
            return fisher.replacingOccurrences(of: "gain at centre:   " + nanGain, with: "gain at centre:   mag =        infinite")
        }
        if args.starts(with: ["-Re", "Inf", "-Bs"]) || args.starts(with: ["-Re", "Inf", "-Ap"]) {
            // Poles and zeros coincide: H(z) = 1 everywhere, by continuity at the centre too.
            return fisher.replacingOccurrences(of: "gain at centre:   " + nanGain,
                                               with: "gain at centre:   mag = 1.000000000e+00   phase =   0.0000000000 pi")
        }
        return nil
    }

    @Test func mkfilterCorpus() {
        let (identical, deliberate, failing) = Self.compare(FixtureCorpus.mkfilter)
        print("mkfilter fixtures: \(identical) identical, \(deliberate) deliberately different, \(failing.count) failing")
        #expect(failing.isEmpty, "\(failing.count) failing; first: \(failing.prefix(3).joined(separator: "\n\n"))")
        #expect(identical + deliberate == 2 * FixtureCorpus.mkfilter.count)
    }

    /// 300 random command lines outside the shared grid (orders 7 and 9, other
    /// ripples and corners, -p on every family, -w/-z/-Z mixes), answered by
    /// Fisher's own program (scripts/fisher_random_cases.py).
    @Test func mkfilterRandomCorpus() {
        let (identical, deliberate, failing) = Self.compare(FixtureCorpus.mkfilterRandom)
        print("mkfilter random fixtures: \(identical) identical, \(deliberate) deliberately different, \(failing.count) failing")
        #expect(failing.isEmpty, "\(failing.count) failing; first: \(failing.prefix(3).joined(separator: "\n\n"))")
        #expect(identical + deliberate == 2 * FixtureCorpus.mkfilterRandom.count)
    }

    static func compare(_ cases: [FixtureCase]) -> (identical: Int, deliberate: Int, failing: [String]) {
        var identical = 0, deliberate = 0, failing: [String] = []
        for c in cases {
            for (run, extra) in [(c.report!, [String]()), (c.listing!, ["-l"])] {
                let args = c.args + extra
                let ours = Mkfilter.run(arguments: args)
                let label = (["mkfilter"] + args).joined(separator: " ")
                if run.exit != 0 {
                    if let k = args.firstIndex(of: "-o"), k + 1 < args.count, let order = Int(args[k + 1]), (11...FilterRecipe.orderRange.upperBound).contains(order),
                       run.stderr.contains("order must be in range 1 .. 10") {
                        // Orders 11 ... 128, which Fisher refused, are designed (COMPATIBILITY.md §10).
                        if ours.exitCode == 0 && ours.standardOutput.contains(args.contains("-l") ? "NP = " : "Recurrence relation:") {
                            deliberate += 1
                        } else {
                            failing.append("\(label): an order Fisher refused should be designed; got exit \(ours.exitCode)\n\(ours.standardError)")
                        }
                    } else if ours.exitCode == run.exit && ours.standardOutput.isEmpty && !ours.standardError.isEmpty {
                        identical += 1
                    } else {
                        failing.append("\(label): expected failure, got exit \(ours.exitCode)\n\(ours.standardOutput)")
                    }
                    continue
                }
                if extra.isEmpty, let expected = Self.deliberateReport(c.args, fisher: run.stdout) {
                    if ours.standardOutput == expected && ours.exitCode == 0 { deliberate += 1 } else {
                        failing.append("\(label): deliberate difference not as documented\n\(ours.standardOutput)")
                    }
                    continue
                }
                if !extra.isEmpty, run.stdout.contains("G  = -nan") {
                    let ok: Bool
                    if c.args.starts(with: ["-Re", "Inf", "-Bp"]) {
                        // No finite G normalises an oscillator: refused with a reason.
                        ok = ours.exitCode == 1 && ours.standardOutput.isEmpty
                            && ours.standardError.contains("passband gain G is infinite")
                    } else {
                        // Q = Inf all-pass: H = 1, so G = 1.
                        ok = ours.exitCode == 0 && ours.standardOutput
                            == run.stdout.replacingOccurrences(of: "G  = -nan", with: "G  = 1.0000000000e+00")
                    }
                    if ok { deliberate += 1 } else { failing.append("\(label): deliberate difference not as documented\n\(ours.standardOutput)\(ours.standardError)") }
                    continue
                }
                if ours.standardOutput == run.stdout && ours.exitCode == run.exit && ours.standardError == run.stderr {
                    identical += 1
                } else {
                    failing.append("\(label)\n--- expected\n\(run.stdout)\(run.stderr)--- got (exit \(ours.exitCode))\n\(ours.standardOutput)\(ours.standardError)")
                }
            }
        }
        return (identical, deliberate, failing)
    }

    @Test func mkshapeAndMkaverageCorpus() {
        let cases = FixtureCorpus.mkshapeMkaverage + FixtureCorpus.mkshapeRandom
        var identical = 0, failing: [String] = []
        for c in cases {
            let run = c.listing!
            let ours = c.tool == "mkshape" ? Mkshape.run(arguments: c.args) : Mkaverage.run(arguments: c.args)
            let ok = run.exit == 0
                ? ours.standardOutput == run.stdout && ours.exitCode == 0 && ours.standardError.isEmpty
                : ours.exitCode == run.exit && ours.standardOutput.isEmpty && !ours.standardError.isEmpty
            if ok { identical += 1 } else {
                failing.append("\(c.label)\n--- expected\n\(run.stdout)\(run.stderr)--- got\n\(ours.standardOutput)\(ours.standardError)")
            }
        }
        print("mkshape/mkaverage fixtures (shared and random): \(identical) identical, 0 deliberately different, \(failing.count) failing")
        #expect(failing.isEmpty, "\(failing.count) failing; first: \(failing.prefix(3).joined(separator: "\n\n"))")
        #expect(identical == cases.count)
    }
}
