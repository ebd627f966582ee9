import FilterAnalysis
import AnalysisRequests
import FilterDesign
import FisherCompatibility
import Testing

/// Float sections whose zeros lie near z = 1 (Chebyshev II at low
/// frequencies): the numerator's integer part x - 2 x1 + x2 is far smaller than
/// x, and its two sums' rounding, of the size of x, used to reach the output
/// through the section's poles (1/A(1), 1.7e4). `SectionCascade` keeps those
/// rounding errors (TwoSum). Measured by `verify --precision float`: the
/// impulse response as run against the design's exact one, of its peak,
/// before and after.
@Suite struct FloatNumeratorTests {
    /// (passband, stopband, R, A) of three designs from the order-estimation
    /// fixture, and their Float impulse errors with the sums rounded.
    static let designs: [([Double], [Double], Double, Double, Double)] = [
        ([0.00110435], [0.00135739], 0.0442226, 95.9853, 1.46e-3),
        ([0.001003, 0.001264], [0.000918869, 0.00821036], 2.67645, 66.146, 1.78e-3),
        ([0.000706073, 0.00121032], [0.000504655, 0.0947269], 0.322374, 77.676, 2.1e-3),
    ]

    @Test(arguments: 0..<3)
    func lowFrequencyChebyshev2RunsAsDesignedInFloat(index: Int) throws {
        let (passband, stopband, loss, attenuation, before) = Self.designs[index]
        let spec = try MagnitudeSpecification(passband: passband, stopband: stopband, passbandLoss: loss,
                                              stopbandAttenuation: attenuation)
        let recipe = try FilterRecipe(designing: .chebyshev2, to: spec)
        let report = try VerificationRequest(.design(try recipe.design(), commandLine: FisherCommandLine.commandLine(for: recipe)),
                                             precision: .float).run()
        let item = try #require(report.items.first)
        #expect(item.passed, "\(item.checks.filter { !$0.passed }.map(\.detail))")
        let error = try #require(item.figures.first { $0.name.hasPrefix("impulse response as run") }?.value)
        // 5e-6, 1.9e-6 and 6.9e-7 measured: a hundredth of what they were, or better.
        #expect(error < before / 100, "impulse as run off by \(error) of its peak (was \(before))")
    }
}
