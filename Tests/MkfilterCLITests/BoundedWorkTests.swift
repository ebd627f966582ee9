@testable import MkfilterCLI
import Testing

/// Work a command would do without end is bounded or refused up front,
/// naming the limit: a direct form's double-double response, and the
/// fixed-point overflow proof of long cascades with poles by the unit circle.
@Suite struct BoundedWorkTests {
    /// 4,194,305 points at order 100 in the direct form would be recomputed
    /// in double-double everywhere (minutes): refused, naming the most points
    /// at that order; at order 4 the same count is allowed.
    @Test func directFormResponseIsBounded() {
        let refused = ResponseProgram.run(.response, arguments: ["-Bu", "-Lp", "-o", "100", "-a", "0.1", "--realization", "direct",
                                                                 "--points", "4194305"])
        #expect(refused.exitCode == 1 && refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("--points 4194305 with --realization direct at order 100"), "\(refused.standardError)")
        #expect(refused.standardError.contains("at most 166111 points at this order"))
        let fine = ResponseProgram.run(.response, arguments: ["-Bu", "-Lp", "-o", "4", "-a", "0.1", "--realization", "direct",
                                                              "--points", "100000"])
        #expect(fine.exitCode == 0, "\(fine.standardError)")
    }

    /// The slow refusals (40 s and more): 64 and 50 sections whose
    /// poles come within 1e-4 of the unit circle are refused before the
    /// proof, naming its size and Float.
    @Test func fixedPointProofIsBounded() {
        let cases: [(ResponseRequestKind, [String])] = [
            (.step, ["--cheby1", "0.5", "-Bs", "-o", "64", "-a", "0.431", "0.4999", "--precision", "q15"]),
            (.emit, ["-Bu", "-Bp", "-o", "100", "-a", "1e-05", "0.223", "--emit", "cmsis-q15"]),
        ]
        for (kind, words) in cases {
            let run = kind == .emit ? Mkfilter.run(arguments: words) : ResponseProgram.run(.step, arguments: words)
            #expect(run.exitCode == 1 && run.standardOutput.isEmpty, "\(words): \(run.standardError)")
            #expect(run.standardError.contains("the proof that no section overflows would follow")
                    && run.standardError.contains("use Float"), "\(words): \(run.standardError)")
        }
    }

    enum ResponseRequestKind { case step, emit }
}
