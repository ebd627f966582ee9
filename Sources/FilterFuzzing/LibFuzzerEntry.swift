import Foundation

/// The readers driven by libFuzzer (coverage-guided) instead of seeded
/// mutations: each `Fuzz/Sources/fuzz-<reader>` executable is one
/// `LLVMFuzzerTestOneInput` that hands its bytes here, and the reader's
/// invariants (`FuzzReader.check`) are kept exactly as in the seeded
/// campaign. A broken invariant traps, so that libFuzzer keeps the input
/// as a crash file and minimises it (`scripts/fuzz.sh`).
///
/// Bytes become the reader's input as follows: the text formats take them
/// as UTF-8 (invalid sequences replaced, except for the pipeline's CSV,
/// which is written to its file byte for byte, so its reader meets them);
/// `argv`, `recordingOptions` and `firOptions` split them into words at each
/// newline (at most 32 words).
/// (libFuzzer's driver itself is called from the Fuzz/ package, the only
/// place linked with it.)
public enum LibFuzzerEntry {
    /// The scratch directory of this process, emptied before each case.
    nonisolated(unsafe) private static var scratch: URL?

    /// Checks one input; traps (`fatalError`) when an invariant is broken.
    /// Returns 0, as libFuzzer expects.
    public static func run(_ reader: FuzzReader, _ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let directory = freshScratch()
        let problem: String?
        switch reader {
        case .argv, .recordingOptions, .firOptions:
            let words = bytes.split(separator: 10, omittingEmptySubsequences: false).prefix(32)
                .map { String(decoding: $0, as: UTF8.self) }
            guard !words.isEmpty else { return 0 }
            problem = reader.check(Array(words), scratch: directory)
        case .pipelineCSV:
            let csv = directory.appendingPathComponent("in.csv")
            guard (try? Data(bytes).write(to: csv)) != nil else { return 0 }
            let output = directory.appendingPathComponent("out.csv"), svg = directory.appendingPathComponent("out.svg")
            let result = CommandLineRunner.run(["pipeline", csv.path, "--output", output.path, "--svg", svg.path])
            problem = FuzzReader.outcome(result, scratch: directory, inputs: ["in.csv"])
        default:
            problem = reader.check([String(decoding: bytes, as: UTF8.self)], scratch: directory)
        }
        if let problem { fatalError("\(reader.rawValue): \(problem)") }
        return 0
    }

    /// An empty directory for this case (created once per process).
    private static func freshScratch() -> URL {
        let manager = FileManager.default
        if let scratch {
            for name in (try? manager.contentsOfDirectory(atPath: scratch.path)) ?? [] {
                try? manager.removeItem(at: scratch.appendingPathComponent(name))
            }
            return scratch
        }
        let url = manager.temporaryDirectory.appendingPathComponent("mkfilter-libfuzzer-\(getpid())")
        try? manager.createDirectory(at: url, withIntermediateDirectories: true)
        scratch = url
        return url
    }
}

