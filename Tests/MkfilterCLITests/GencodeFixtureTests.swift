import Foundation
import MkfilterCLI
import Testing

/// gencode against every `gencode-*` fixture: Fisher's own listing in, his C out,
/// byte for byte. The listings whose G is `-nan` (Q = Inf band-pass and all-pass
/// resonators) are refused instead (COMPATIBILITY.md).
@Suite struct GencodeFixtureTests {
    @Test func everyGencodeFixture() {
        var identical = 0, deliberate = 0, failing: [String] = []
        for c in FixtureCorpus.mkfilter + FixtureCorpus.mkshapeMkaverage {
            guard let listing = c.listing else { continue }
            for (language, expected) in c.gencode.sorted(by: { $0.key < $1.key }) {
                let ours = GencodeProgram.run(arguments: ["-" + language], input: listing.stdout)
                if listing.stdout.contains("G  = -nan") {
                    if ours.exitCode == 1 && ours.standardOutput.isEmpty && ours.standardError.contains("gain G") {
                        deliberate += 1
                    } else {
                        failing.append("\(c.label) -\(language): expected a refusal of G = -nan")
                    }
                } else if ours.standardOutput == expected.stdout && ours.exitCode == expected.exit {
                    identical += 1
                } else {
                    failing.append("\(c.label) | gencode -\(language)\n--- expected\n\(expected.stdout)--- got\n\(ours.standardOutput)\(ours.standardError)")
                }
            }
        }
        print("gencode fixtures: \(identical) identical, \(deliberate) deliberately different, \(failing.count) failing")
        #expect(failing.isEmpty, "\(failing.count) failing; first: \(failing.prefix(2).joined(separator: "\n\n"))")
        #expect(identical + deliberate > 2900)
    }

    @Test func refusesMalformedListings() {
        let good = "mkfilter -Bu -Lp -o 1 -a 0.1 -l\nG  = 4.0\nNZ = 1\n1\n1\nNP = 1\n0.5\n-1\n"
        #expect(GencodeProgram.run(arguments: [], input: good).exitCode == 0)
        for bad in ["", "cmd\n", "cmd\nG  = abc\n", "cmd\nG  = 4\nNZ = x\n", "cmd\nG  = 4\nNZ = 1\n1\n",
                    "cmd\nG  = 4\nNZ = 1\n1\n1\nNP = 1\n0.5\n-2\n", "cmd\nG  = 4\nNZ = 2\n1\n1\n1\nNP = 1\n0.5\n-1\n",
                    "cmd\nG  = 0\nNZ = 0\n1\nNP = 0\n-1\n", "cmd\nG  = nan\nNZ = 0\n1\nNP = 0\n-1\n",
                    "cmd\nG  = 4\nNZ = 600\n", good + "junk\n"] {
            let r = GencodeProgram.run(arguments: ["-ansic"], input: bad)
            #expect(r.exitCode == 1 && r.standardOutput.isEmpty && r.standardError.hasPrefix("gencode: "), "\(bad.debugDescription)")
        }
        #expect(GencodeProgram.run(arguments: ["-java"], input: good).exitCode == 1)
    }
}
