import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs seeded fuzz cases against every reader and checks their invariants.
///
/// Case `k` of reader `r` is generated from `SeededGenerator(seed: seed ^
/// hash(r) ^ k)`, so any finding is reproduced by its reader, seed and index
/// (`mkfilter-fuzz --reader R --seed S --from K --cases 1`). A case that runs
/// longer than `timeLimit` seconds is a hang: a watchdog prints the case and
/// ends the process with status 70, since a loop cannot be interrupted.
public struct Fuzzer: Sendable {
    /// The campaign's seed.
    public var seed: UInt64
    /// The most seconds one case may take.
    public var timeLimit: Double
    /// When set, each case's input is written here before it runs (so that a
    /// trap, which ends the process, leaves the case behind).
    public var caseFile: URL?

    /// A fuzzer; see the properties.
    public init(seed: UInt64, timeLimit: Double = 10, caseFile: URL? = nil) {
        self.seed = seed
        self.timeLimit = timeLimit
        self.caseFile = caseFile
    }

    /// One problem: which reader, which case, the input and what went wrong.
    public struct Finding: Sendable, CustomStringConvertible {
        public var reader: FuzzReader
        public var index: Int
        public var input: [String]
        public var problem: String
        public var description: String {
            let shown = input.map { $0.count > 300 ? String($0.prefix(300)) + "... (\($0.count) characters)" : $0 }
            return "\(reader.rawValue) case \(index): \(problem)\n  input: \(shown.map { String(reflecting: $0) }.joined(separator: " "))"
        }
    }

    /// What a campaign did.
    public struct Report: Sendable {
        /// Cases run, per reader.
        public var cases: [FuzzReader: Int] = [:]
        /// The problems found.
        public var findings: [Finding] = []
        /// The longest case, seconds.
        public var slowest = 0.0
        /// Total cases.
        public var total: Int { cases.values.reduce(0, +) }
    }

    /// The generator of case `index` of `reader`.
    func generator(_ reader: FuzzReader, _ index: Int) -> SeededGenerator {
        var h: UInt64 = 1469598103934665603
        for byte in reader.rawValue.utf8 { h = (h ^ UInt64(byte)) &* 1099511628211 }
        return SeededGenerator(seed: seed ^ h ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
    }

    /// Runs cases `range` of each of `readers`, calling `progress` after each
    /// reader with its count so far.
    public func run(readers: [FuzzReader] = FuzzReader.allCases, cases range: Range<Int>,
                    progress: ((FuzzReader, Int) -> Void)? = nil, onFinding: ((Finding) -> Void)? = nil) -> Report {
        var report = Report()
        // Its own directory: campaigns may run side by side in one process.
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("mkfilter-fuzz-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let watchdog = Watchdog(limit: timeLimit)
        for reader in readers {
            for index in range {
                var rng = generator(reader, index)
                let input = reader.input(&rng)
                if let caseFile { try? "\(reader.rawValue) \(index)\n\(input.joined(separator: "\n"))".write(to: caseFile, atomically: false, encoding: .utf8) }
                watchdog.start("\(reader.rawValue) case \(index) (seed \(seed)): \(input.map { String(reflecting: String($0.prefix(500))) }.joined(separator: " "))")
                let started = Date()
                let problem = reader.check(input, scratch: scratch)
                let elapsed = Date().timeIntervalSince(started)
                watchdog.stop()
                report.slowest = max(report.slowest, elapsed)
                if let problem {
                    let finding = Finding(reader: reader, index: index, input: input, problem: problem)
                    report.findings.append(finding)
                    onFinding?(finding)
                }
                // A clean directory for the next case.
                for file in (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? [] {
                    try? FileManager.default.removeItem(at: scratch.appendingPathComponent(file))
                }
                report.cases[reader, default: 0] += 1
            }
            progress?(reader, report.cases[reader] ?? 0)
        }
        return report
    }
}

/// Ends the process when a case runs past its limit.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var current: (String, Date)?
    private let limit: Double

    init(limit: Double) {
        self.limit = limit
        let thread = Thread { [weak self] in
            while let self {
                Thread.sleep(forTimeInterval: 0.25)
                self.lock.lock()
                let overdue = self.current.flatMap { Date().timeIntervalSince($0.1) > self.limit ? $0.0 : nil }
                self.lock.unlock()
                if let overdue {
                    FileHandle.standardError.write(Data("HANG: more than \(self.limit) s on \(overdue)\n".utf8))
                    exit(70)
                }
            }
        }
        thread.start()
    }

    func start(_ description: String) { lock.lock(); current = (description, Date()); lock.unlock() }
    func stop() { lock.lock(); current = nil; lock.unlock() }
}
