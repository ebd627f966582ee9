import FilterFuzzing
import Foundation

// mkfilter-fuzz: seeded fuzz cases against every reader of outside input.
//   mkfilter-fuzz [--cases N] [--from K] [--seed S] [--reader R ...] [--case-file F] [--time-limit SECONDS]
// Prints the count per reader and every finding; exits 1 when there is one.

var cases = 1000, from = 0, seed: UInt64 = 1, readers: [FuzzReader] = [], caseFile: URL?, limit = 10.0
var arguments = CommandLine.arguments.dropFirst()
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("mkfilter-fuzz: \(message)\n".utf8))
    exit(1)
}
while let word = arguments.popFirst() {
    guard let value = arguments.popFirst() else {
        if word == "--help" {
            print("usage: mkfilter-fuzz [--cases N] [--from K] [--seed S] [--reader R ...] [--case-file F] [--time-limit S]")
            print("readers: " + FuzzReader.allCases.map(\.rawValue).joined(separator: ", "))
            exit(0)
        }
        fail("\(word) needs a value")
    }
    switch word {
    case "--cases":
        guard let n = Int(value), n >= 0 else { fail("--cases '\(value)' is not a count") }
        cases = n
    case "--from":
        guard let n = Int(value), n >= 0 else { fail("--from '\(value)' is not an index") }
        from = n
    case "--seed":
        guard let n = UInt64(value) else { fail("--seed '\(value)' is not an unsigned integer") }
        seed = n
    case "--reader":
        guard let r = FuzzReader(rawValue: value) else {
            fail("--reader '\(value)' is not one of " + FuzzReader.allCases.map(\.rawValue).joined(separator: ", "))
        }
        readers.append(r)
    case "--case-file": caseFile = URL(fileURLWithPath: value)
    case "--time-limit":
        guard let t = Double(value), t > 0, t.isFinite else { fail("--time-limit '\(value)' is not a positive number of seconds") }
        limit = t
    default: fail("unknown option \(word)")
    }
}
let fuzzer = Fuzzer(seed: seed, timeLimit: limit, caseFile: caseFile)
let started = Date()
let report = fuzzer.run(readers: readers.isEmpty ? FuzzReader.allCases : readers, cases: from..<(from + cases)) { reader, count in
    FileHandle.standardError.write(Data("\(reader.rawValue): \(count) cases\n".utf8))
} onFinding: { finding in
    print(finding)
}
print("\(report.total) cases (seed \(seed), from \(from)) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s: "
      + "\(report.findings.count) findings, 0 crashes, 0 hangs; slowest case \(String(format: "%.3f", report.slowest)) s")
exit(report.findings.isEmpty ? 0 : 1)
