import FilterAnalysis
import FilterDesign
import Foundation
import MkfilterCLI

/// Every mkfilter command line in the reference fixtures (Tests/Fixtures/mkfilter)
/// that our designer accepts, with its design.
enum DesignCorpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mkfilter")

    struct Entry: Sendable {
        var args: [String]
        var design: Design
        var label: String { (["mkfilter"] + args).joined(separator: " ") }
    }

    static func arguments(_ file: String) -> [[String]] {
        let text = try! String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            guard object["tool"] as? String == "mkfilter" else { return nil }
            return object["args"] as? [String]
        }
    }

    /// The designs (invalid command lines, which the fixtures also hold, left out).
    static let designs: [Entry] = (arguments("mkfilter-4.6.jsonl") + arguments("mkfilter-4.6-random.jsonl"))
        .compactMap { args in (try? Mkfilter.design(arguments: args)).map { Entry(args: args, design: $0) } }
}
