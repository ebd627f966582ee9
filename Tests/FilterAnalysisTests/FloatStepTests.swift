import FilterAnalysis
import FilterApplicationAnalysis
import FilterDesign
import FisherCompatibility
import Testing

/// Float step responses of narrow filters whose output is small against a
/// constant input, measured by `verify --precision float` (the step response
/// as run against the design's exact one, of its peak), each against what it
/// was before the change named:
/// - an elliptic and a Chebyshev II band-pass that stop dc without a zero at
///   z = 1: their most dc-attenuating sections first (`SectionOrdering`, rule 4);
/// - a Chebyshev I band-stop near Nyquist: the gain on the output, every b0 a
///   power of two (`OffsetBiquad.factoringOutputGain`).
@Suite struct FloatStepTests {
    /// (family, passband, stopband, R, A, step error before, measured after).
    static let designs: [(FilterFamily.Name, [Double], [Double], Double, Double, Double, Double)] = [
        (.elliptic, [0.120545, 0.121216], [0.119034, 0.121234], 0.0204358, 66.138, 5.1e-3, 5.1e-4),
        (.chebyshev2, [0.0337063, 0.0338053], [0.0326968, 0.0338348], 0.0369715, 63.4973, 7.9e-4, 1.9e-4),
        (.chebyshev, [0.462913, 0.46385], [0.46368, 0.463805], 0.0411462, 93.9167, 1.1e-3, 4.9e-5),
    ]

    @Test(arguments: 0..<3)
    func narrowFiltersStepAsDesignedInFloat(index: Int) throws {
        let (family, passband, stopband, loss, attenuation, before, after) = Self.designs[index]
        let spec = try MagnitudeSpecification(passband: passband, stopband: stopband, passbandLoss: loss,
                                              stopbandAttenuation: attenuation)
        let recipe = try FilterRecipe(designing: family, to: spec)
        let report = try VerificationRequest(.design(try recipe.design(), commandLine: FisherCommandLine.commandLine(for: recipe)),
                                             precision: .float).run()
        let item = try #require(report.items.first)
        #expect(item.passed, "\(item.checks.filter { !$0.passed }.map(\.detail))")
        let error = try #require(item.figures.first { $0.name.hasPrefix("step response as run") }?.value)
        // Within a tenth of the way from what was measured to what it was before.
        #expect(error < after + (before - after) / 10, "step as run off by \(error) of its peak (was \(before), measured \(after))")
    }
}
