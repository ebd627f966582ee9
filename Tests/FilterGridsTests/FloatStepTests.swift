import FilterGrids
import Testing

/// Float step responses of narrow filters (`FilterGrids.FloatSteps`): verify
/// in Float passes and the step error stays where the section ordering and
/// the output gain brought it. A debug build checks the Chebyshev II design
/// (7 s unoptimised); `filter-grids` (`scripts/section-grid.sh`, CI) all three.
@Suite struct FloatStepTests {
    @Test func narrowFiltersStepAsDesignedInFloat() async {
        #if DEBUG
        let cases = [FloatSteps.cases[1]]
        #else
        let cases = FloatSteps.cases
        #endif
        let check = await FloatSteps.check(cases)
        check.summary.forEach { print($0) }
        #expect(check.failures.isEmpty, "\(check.failureText())")
    }
}
