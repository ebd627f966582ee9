import FilterGrids
import Foundation

// filter-grids: the whole design grids in one optimised run, the checks that
// `swift test` samples in a debug build (SectionGridTests,
// SpecificationGridTests): the 936-design section grid against scipy, and the
// 672 specifications against scipy's order estimation, met by the sections
// and verified in Float and Double; the narrow filters' Float steps
// (FloatStepTests). Prints what each check measured and every
// failure; exits 1 when there is one. scripts/section-grid.sh builds and runs it.

let usage = """
    usage: filter-grids [--every N] [--full] [--fixtures DIR]

    The whole design grids against scipy's references, in a release build
    (swift run -c release filter-grids; scripts/section-grid.sh).

      --every N        check every Nth design of the section grid (default 1:
                       all 936)
      --full           verify every spec and corpus design (default: every
                       16th spec design and every 64th corpus design; verify
                       runs narrow designs' impulse responses for minutes)
      --fixtures DIR   the reference JSON (default: Tests/Fixtures/scipy of
                       this package)
      -h, --help       this text
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("filter-grids: \(message)\n".utf8))
    exit(1)
}

var every = 1, full = false, fixtures = GridFixtures.directory
var arguments = CommandLine.arguments.dropFirst()
while let word = arguments.popFirst() {
    switch word {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--full": full = true
    case "--every":
        guard let value = arguments.popFirst(), let n = Int(value), (1...936).contains(n) else {
            fail("--every needs a whole number from 1 to 936")
        }
        every = n
    case "--fixtures":
        guard let value = arguments.popFirst() else { fail("--fixtures needs a directory") }
        fixtures = URL(fileURLWithPath: value)
    default: fail("unknown option '\(word.prefix(80))'; see --help")
    }
}

let sectionCases: [SectionGrid.Case], specs: [SpecificationGrid.Spec], corpus: [SpecificationGrid.CorpusDesign]
do {
    sectionCases = everyNth(try SectionGrid.cases(in: fixtures), every)
    specs = try SpecificationGrid.specs(in: fixtures)
    corpus = try SpecificationGrid.corpus(in: fixtures)
} catch {
    fail("cannot read the reference grids in \(fixtures.path): \(error)")
}

/// Runs one check, prints its figures, its failures and its seconds.
func run(_ check: () async -> GridCheck) async -> Int {
    let started = Date()
    let result = await check()
    let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
    print("\(result.name): \(result.failures.isEmpty ? "passed" : "\(result.failures.count) FAILED") (\(seconds) s)")
    for line in result.summary { print("  " + line) }
    for failure in result.failures { print("  FAILED: " + failure) }
    return result.failures.count
}

let verifySubjects = everyNth(SpecificationGrid.subjects(specs), full ? 1 : 16)
    + everyNth(SpecificationGrid.subjects(corpus), full ? 1 : 64)
var failures = 0
failures += await run { await SectionGrid.verify(sectionCases) }
failures += await run { await SectionGrid.floatImpulse(sectionCases) }
failures += await run { await SectionGrid.sectionCoefficients(sectionCases) }
failures += await run { SpecificationGrid.orderAndCorners(specs) }
failures += await run { SpecificationGrid.specificationIsMetBySections(specs) }
failures += await run { await SpecificationGrid.verify(verifySubjects) }
failures += await run { await FloatSteps.check(FloatSteps.cases) }
do {
    let responseCorpus = try ResponseAgreement.corpus()
    failures += await run { await ResponseAgreement.check(responseCorpus, minimumStable: 1100) }
} catch {
    fail("cannot read Fisher's corpus in \(ResponseAgreement.directory.path): \(error)")
}
print("filter-grids: \(failures) failures")
exit(failures == 0 ? 0 : 1)
