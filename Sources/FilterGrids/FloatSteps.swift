import FilterAnalysis
import AnalysisRequests
import FilterDesign
import FilterRequests
import FisherCompatibility

/// Float step responses of narrow filters whose output is small against a
/// constant input, measured by `verify --precision float` (the step response
/// as run against the design's exact one, of its peak), each against what it
/// was before the change named:
/// - an elliptic and a Chebyshev II band-pass that stop dc without a zero at
///   z = 1: their most dc-attenuating sections first (`SectionOrdering`, rule 4);
/// - a Chebyshev I band-stop near Nyquist: the gain on the output, every b0 a
///   power of two (`OffsetBiquad.factoringOutputGain`).
///
/// Each passes verify in Float, and its step error is within a tenth of the
/// way from what was measured after the change to what it was before.
public enum FloatSteps {
    /// One narrow design and its step errors before and after the change.
    public struct Case: Sendable {
        public let family: FilterFamily.Name
        public let passband: [Double], stopband: [Double]
        public let loss: Double, attenuation: Double
        public let before: Double, after: Double
        /// The design in a few words.
        public var label: String { "\(family) passband \(passband) stopband \(stopband) R \(loss) A \(attenuation)" }
    }

    /// The three designs (verify in Float takes about 7 s for the Chebyshev
    /// II one unoptimised, 24 s for each of the others).
    public static let cases: [Case] = [
        Case(family: .elliptic, passband: [0.120545, 0.121216], stopband: [0.119034, 0.121234], loss: 0.0204358,
             attenuation: 66.138, before: 5.1e-3, after: 5.1e-4),
        Case(family: .chebyshev2, passband: [0.0337063, 0.0338053], stopband: [0.0326968, 0.0338348], loss: 0.0369715,
             attenuation: 63.4973, before: 7.9e-4, after: 1.9e-4),
        Case(family: .chebyshev, passband: [0.462913, 0.46385], stopband: [0.46368, 0.463805], loss: 0.0411462,
             attenuation: 93.9167, before: 1.1e-3, after: 4.9e-5),
    ]

    /// verify in Float passes each of `cases`, its step within bounds.
    public static func check(_ cases: [Case]) async -> GridCheck {
        var check = GridCheck(name: "narrow filters' Float steps as designed")
        let outcomes = await parallelMap(cases) { c -> (failure: String?, error: Double?) in
            let recipe: FilterRecipe, design: Design, report: VerificationReport
            do throws(SpecificationError) {
                let spec = try MagnitudeSpecification(passband: c.passband, stopband: c.stopband, passbandLoss: c.loss,
                                                      stopbandAttenuation: c.attenuation)
                recipe = try FilterRecipe(designing: c.family, to: spec)
            } catch { return ("\(c.label): \(error.description)", nil) }
            do throws(DesignError) { design = try recipe.design() } catch { return ("\(c.label): \(error.description)", nil) }
            do throws(ApplicationError) {
                report = try VerificationRequest(.design(design, commandLine: FisherCommandLine.commandLine(for: recipe)),
                                                 precision: .float).run()
            } catch { return ("\(c.label): \(error.description)", nil) }
            guard let item = report.items.first else { return ("\(c.label): no item", nil) }
            if !item.passed {
                return ("\(c.label): " + item.checks.filter { !$0.passed }.map(\.detail).joined(separator: "; "), nil)
            }
            guard let deviation = item.figures.first(where: { $0.name.hasPrefix("step response as run") })?.value else {
                return ("\(c.label): no step figure", nil)
            }
            let bound = c.after + (c.before - c.after) / 10
            return (deviation < bound ? nil : "\(c.label): step as run off by \(deviation) of its peak (was \(c.before), measured \(c.after))", deviation)
        }
        check.failures = outcomes.compactMap(\.failure)
        check.summary.append("Float step errors of \(cases.count) narrow designs: "
                             + outcomes.map { $0.error.map { "\($0)" } ?? "none" }.joined(separator: ", "))
        return check
    }
}
