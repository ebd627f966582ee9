import Foundation

/// One invocation from Fisher's reference outputs (Tests/Fixtures/mkfilter, see its README).
struct FixtureCase: Sendable {
    struct Run: Sendable {
        var exit: Int32
        var stdout: String
        var stderr: String
    }
    var tool: String
    var args: [String]
    var report: Run?
    var listing: Run?
    /// gencode's output for the listing, by language ("ansic", "xyc", "f"), when the listing succeeded.
    var gencode: [String: Run] = [:]

    var label: String { ([tool] + args).joined(separator: " ") }
}

enum FixtureCorpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mkfilter")

    static func load(_ name: String) throws -> [FixtureCase] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            func run(_ key: String) -> FixtureCase.Run? {
                guard let r = object[key] as? [String: Any] else { return nil }
                return .init(exit: Int32(r["exit"] as! Int), stdout: r["stdout"] as! String, stderr: r["stderr"] as! String)
            }
            var c = FixtureCase(tool: object["tool"] as! String, args: object["args"] as! [String],
                                report: run("report"), listing: run("listing"))
            for language in ["ansic", "xyc", "f"] { c.gencode[language] = run("gencode-" + language) }
            return c
        }
    }

    static let mkfilter: [FixtureCase] = try! load("mkfilter-4.6.jsonl")
    static let mkfilterRandom: [FixtureCase] = try! load("mkfilter-4.6-random.jsonl")
    static let mkshapeRandom: [FixtureCase] = try! load("mkshape-4.6-random.jsonl")
    static let mkshapeMkaverage: [FixtureCase] = try! load("mkshape-mkaverage-4.6.jsonl")
}
