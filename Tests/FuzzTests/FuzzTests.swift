import FilterFuzzing
import Testing

/// A bounded fuzz campaign over every reader (the long one is
/// `scripts/fuzz-seeded.sh`; libFuzzer: `scripts/fuzz.sh`): no trap, no hang, no non-finite result, no file left
/// after an error, and messages that name the file, line or field.
@Suite struct FuzzTests {
    #if DEBUG
    static let casesPerReader = 20
    #else
    static let casesPerReader = 1500
    #endif

    @Test(arguments: FuzzReader.allCases)
    func readerKeepsItsInvariants(_ reader: FuzzReader) {
        let report = Fuzzer(seed: 20261123, timeLimit: 20).run(readers: [reader], cases: 0..<Self.casesPerReader)
        #expect(report.total == Self.casesPerReader)
        #expect(report.findings.isEmpty, "\(report.findings.count) findings:\n\(report.findings.prefix(5).map(\.description).joined(separator: "\n"))")
    }

    /// The invariants can fail: a non-finite word is found, and an unclosed
    /// comment is caught.
    @Test func invariantsCanFail() {
        #expect(FuzzReader.nonFiniteWord("y = nan, 1") == "nan")
        #expect(FuzzReader.nonFiniteWord("mag = 1.5 infinite-ish") == nil)
        #expect(!FuzzReader.commentsAreBalanced("/* a */ x */"))
        #expect(FuzzReader.commentsAreBalanced("/* a */ \"*/\" x"))
    }
}
