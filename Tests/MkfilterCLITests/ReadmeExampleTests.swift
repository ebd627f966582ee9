import Foundation
@testable import MkfilterCLI
import Testing

/// Every README example that shows its output (a `sh` block with one
/// `swift run mkfilter` command without `--output`, followed by a plain
/// block) prints what the README
/// shows: each shown line but `...` is a line of the command's output, in order.
@Suite struct ReadmeExampleTests {
    static let readme: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// (the command's words after `swift run mkfilter`, the lines shown).
    static var examples: [([String], [String])] {
        var found: [([String], [String])] = []
        let blocks = readme.components(separatedBy: "```")
        // Odd indices are inside fences: "sh\n..." or "\n...".
        for i in stride(from: 1, to: blocks.count - 2, by: 2) where blocks[i].hasPrefix("sh\n") && blocks[i + 2].hasPrefix("\n") {
            let command = blocks[i].dropFirst(3).replacingOccurrences(of: "\\\n", with: " ")
            let lines = command.split(separator: "\n").filter { $0.hasPrefix("swift run mkfilter ") }
            guard lines.count == 1, !lines[0].contains("--output") else { continue }
            let words = lines[0].split(whereSeparator: \.isWhitespace).map(String.init)
            let shown = blocks[i + 2].split(separator: "\n").map(String.init).filter { $0 != "..." }
            found.append((Array(words.dropFirst(3)), shown))
        }
        return found
    }

    @Test func examplesPrintWhatTheReadmeShows() {
        let examples = Self.examples
        #expect(examples.count >= 3, "README examples with output: \(examples.map(\.0))")
        for (words, shown) in examples {
            let run = FIRProgram.commands.contains(words[0]) ? FIRProgram.run(words[0], arguments: Array(words.dropFirst()))
                : Mkfilter.run(arguments: words)
            #expect(run.exitCode == 0, "\(words): \(run.standardError)")
            var output = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
            for line in shown {
                guard let at = output.firstIndex(of: line) else {
                    Issue.record("mkfilter \(words.joined(separator: " ")): the README shows \(line.debugDescription), not printed in this order")
                    break
                }
                output = output[(at + 1)...]
            }
        }
    }
}
