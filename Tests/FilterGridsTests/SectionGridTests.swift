import FilterGrids
import Testing

/// The sections on the 936-design grid against scipy's own sections
/// (`FilterGrids.SectionGrid`: verify in Float and Double, Float impulse
/// responses, section coefficients).
///
/// A debug build (`swift test`) checks every 47th design (20 of them: 47 is
/// prime to the grid's 4 families, 4 bands and 13 orders, so the sample
/// walks across all of them): the double-double references of the longest
/// filters take minutes unoptimised. `filter-grids` checks the whole grid in
/// a release build (`scripts/section-grid.sh`, in CI).
@Suite struct SectionGridTests {
    static let allCases: [SectionGrid.Case] = try! SectionGrid.cases()

    /// The designs checked: all of them optimised, every 47th in a debug build.
    static let cases: [SectionGrid.Case] = {
        #if DEBUG
        return everyNth(allCases, 47)
        #else
        return allCases
        #endif
    }()

    @Test func gridIsTheOneScriptsWrote() {
        #expect(Self.allCases.count == 936)
        #expect(Set(Self.allCases.map(\.order)) == Set(Array(1...10) + [12, 16, 20]))
        #expect(Self.cases.count == 936 || Self.cases.count == 20)
        // The sample walks across every family, band and order.
        #expect(Set(Self.cases.map(\.band)).count == 4)
        #expect(Set(Self.cases.map { "\($0.family)\($0.ripple ?? 0)" }).count == 4)
    }

    /// `mkfilter verify` passes every sampled design, in Float and in Double.
    @Test(.timeLimit(.minutes(10))) func verifyPassesEveryDesignInFloatAndDouble() async {
        let check = await SectionGrid.verify(Self.cases)
        check.summary.forEach { print($0) }
        #expect(check.failures.isEmpty, "\(check.failureText())")
    }

    /// Run in Float, every impulse response is within 5 % of its peak of the
    /// exact one, and within 1 % wherever scipy's sections in float32 are.
    @Test(.timeLimit(.minutes(10))) func floatImpulseAgainstScipy() async {
        let check = await SectionGrid.floatImpulse(Self.cases)
        check.summary.forEach { print($0) }
        #expect(check.failures.isEmpty, "\(check.failureText())")
    }

    /// The stored sections equal the zeros, poles and gain as closely as
    /// scipy's `zpk2sos` does, and rounded to Float they stay stable and close.
    @Test(.timeLimit(.minutes(10))) func sectionCoefficientsAgainstScipy() async {
        let check = await SectionGrid.sectionCoefficients(Self.cases)
        check.summary.forEach { print($0) }
        #expect(check.failures.isEmpty, "\(check.failureText())")
    }

    /// The checks can fail: the design whose sections scipy rounds to float32
    /// worst, its scipy figure set to 0, fails for its Float-rounded sections
    /// (above 1e-4 of the peak), by name.
    @Test func checksReportAFailure() async {
        var impossible = Self.allCases.max { $0.scipyFloat32SosDeviation < $1.scipyFloat32SosDeviation }!
        impossible.scipyFloat32SosDeviation = 0
        let coefficients = await SectionGrid.sectionCoefficients([impossible])
        #expect(coefficients.failures.count >= 1 && coefficients.failures.allSatisfy { $0.hasPrefix(impossible.label) })
    }
}
