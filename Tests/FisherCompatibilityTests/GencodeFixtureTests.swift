import Foundation
import MkfilterCLI
import Testing
import TestSupport

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

    /// The text of `c` outside its `/* */` comments.
    static func code(_ c: String) -> String { CSource.code(c) }

    /// gencode copies the listing's first line into a C comment: a `*/` in it
    /// must not end the comment early and let the rest of the line in as code
    /// (it becomes `* /`), nor may a `/*` or a trailing `??/` upset a strict
    /// compiler. The code outside the comments is the same whatever the line,
    /// and -ansic's text, its two placeholders filled in, compiles under
    /// -Wall -Wextra -Werror. Fisher's own listings are unchanged
    /// (`everyGencodeFixture`).
    /// (Its limit catches a compiler that hangs: in CI the debug suite runs
    /// beside the release lane on two cores, and its tests take up to 12
    /// minutes of wall time together; 2 minutes was exceeded there once.)
    @Test(.timeLimit(.minutes(10))) func hostileFirstLineStaysInTheComment() throws {
        let body = "G  = 4.0\nNZ = 2\n1\n2\n1\nNP = 2\n-0.5\n0.5\n-1\n"
        let hostile = ["mkfilter */ this is not C; /* -l", "*/", "*/*/*/", "/* opens one", "ends with ??/", "ends with *",
                       "control \u{1}\u{7F}\r characters */", "*/ int injected = 1; /*"]
        let cc = ["/usr/bin/cc", "/usr/bin/gcc", "/usr/local/bin/cc"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gencode-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for language in ["-ansic", "-f"] {
            let benign = GencodeProgram.run(arguments: [language], input: "mkfilter -l\n" + body).standardOutput
            for first in hostile {
                let r = GencodeProgram.run(arguments: [language], input: first + "\n" + body)
                #expect(r.exitCode == 0, "\(language) \(first.debugDescription): \(r.standardError)")
                #expect(Self.code(r.standardOutput) == Self.code(benign), "\(language) \(first.debugDescription):\n\(r.standardOutput)")
                #expect(!r.standardOutput.contains("injected = 1; /*"))
                guard language == "-ansic", let cc else { continue }
                let source = "float input, output;\n"
                    + r.standardOutput.replacingOccurrences(of: "`next input value'", with: "input")
                        .replacingOccurrences(of: "`next output value'", with: "output")
                    + "void run(void) { filterloop(); }\n"
                let file = dir.appendingPathComponent("filter.c")
                try source.write(to: file, atomically: true, encoding: .utf8)
                let build = try Subprocess.run(URL(fileURLWithPath: cc), ["-std=c99", "-Wall", "-Wextra", "-Werror", "-c", file.path,
                                                                         "-o", dir.appendingPathComponent("filter.o").path])
                #expect(build.status == 0, "\(first.debugDescription):\n\(source)\n\(build.err)")
            }
        }
        // The line is kept as it is otherwise: only the pairs are split.
        let out = GencodeProgram.run(arguments: ["-ansic"], input: "mkfilter */ x /* -l\n" + body).standardOutput
        #expect(out.contains("   Command line: mkfilter * / x / * -l */\n"))
    }
}
