import FilterAnalysis
import AnalysisRequests
import FilterDesign
import FilterRequests
import FisherCompatibility
import Foundation

/// Design from a specification (order estimation) against scipy's
/// `buttord`, `cheb1ord`, `cheb2ord` and `ellipord` on 672 generated specs
/// (`Tests/Fixtures/scipy/order-estimation.json`, from
/// `scripts/order_estimation_reference.py`), and `verify` in Float and Double
/// on those designs and on the Chebyshev II and elliptic designs of
/// `Tests/Fixtures/scipy/cheby2-elliptic.json`.
public enum SpecificationGrid {
    /// One generated specification and what scipy made of it.
    public struct Spec: Decodable, Sendable {
        public let family: String
        public let band: String
        public let passband: [Double]
        public let stopband: [Double]
        public let passbandLoss: Double
        public let stopbandAttenuation: Double
        public let order: Int
        public let naturalAlphas: [Double]
        public let tooHighOrder: Bool

        /// The specification as the design core takes it.
        public var specification: MagnitudeSpecification {
            try! MagnitudeSpecification(passband: passband, stopband: stopband, passbandLoss: passbandLoss,
                                        stopbandAttenuation: stopbandAttenuation)
        }
        /// The family designed to it.
        public var familyName: FilterFamily.Name { FilterFamily.Name(rawValue: family)! }
        /// The specification in a few words, for a failure's line.
        public var label: String {
            "\(family) \(band) passband \(passband) stopband \(stopband) R \(passbandLoss) A \(stopbandAttenuation)"
        }
    }
    struct Document: Decodable { let specs: [Spec] }

    /// One Chebyshev II or elliptic design of scipy's corpus.
    public struct CorpusDesign: Decodable, Sendable {
        public let family: String
        public let band: String
        public let order: Int
        public let alphas: [Double]
        public let ripple: Double?
        public let attenuation: Double

        /// The design as a recipe.
        public var recipe: FilterRecipe {
            let f: FilterFamily = family == "chebyshev2" ? .chebyshev2(attenuationDecibels: attenuation)
                : .elliptic(rippleDecibels: ripple!, attenuationDecibels: attenuation)
            return try! FilterRecipe(family: f, band: FilterBand(rawValue: band)!, order: order,
                                     corners: .alpha(alphas[0], alphas.count > 1 ? alphas[1] : nil))
        }
        /// The design in a few words, for a failure's line.
        public var label: String { "\(family) \(band) order \(order) \(alphas) R \(ripple ?? 0) A \(attenuation)" }
    }
    struct CorpusDocument: Decodable { let designs: [CorpusDesign] }

    /// Every spec of `order-estimation.json` in `directory`.
    public static func specs(in directory: URL = GridFixtures.directory) throws -> [Spec] {
        try GridFixtures.decode(Document.self, "order-estimation.json", in: directory).specs
    }

    /// Every design of `cheby2-elliptic.json` in `directory`.
    public static func corpus(in directory: URL = GridFixtures.directory) throws -> [CorpusDesign] {
        try GridFixtures.decode(CorpusDocument.self, "cheby2-elliptic.json", in: directory).designs
    }

    /// The order scipy picks for every spec, and the natural frequencies it
    /// returns (to 1e-9 relative; band-stop's come from Brent's minimisation
    /// to 1e-5 in the pre-warped frequency, so to 2e-5 there). Above the
    /// fixture's old limit of 24: scipy's order up to `FilterRecipe.orderRange`,
    /// then designed or refused only because double precision cannot carry it,
    /// saying so; above the range, refused.
    public static func orderAndCorners(_ specs: [Spec]) -> GridCheck {
        var check = GridCheck(name: "order estimation against scipy's")
        var worstCorner = 0.0, bandStopWorst = 0.0
        var high = (designed: 0, refused: 0)
        for spec in specs {
            let recipe: FilterRecipe
            do {
                recipe = try FilterRecipe(designing: spec.familyName, to: spec.specification)
            } catch {
                if !(spec.tooHighOrder && !FilterRecipe.orderRange.contains(spec.order)) {
                    check.failures.append("\(spec.label): \(error.description) (scipy's order \(spec.order))")
                }
                continue
            }
            if spec.tooHighOrder && !FilterRecipe.orderRange.contains(spec.order) {
                check.failures.append("\(spec.label): scipy's order \(spec.order) is above \(FilterRecipe.orderRange), yet designed")
                continue
            }
            if recipe.order != spec.order {
                check.failures.append("\(spec.label): order \(recipe.order.map(String.init) ?? "none"), scipy \(spec.order)")
            }
            if spec.tooHighOrder {
                do {
                    _ = try recipe.design()
                    high.designed += 1
                } catch {
                    high.refused += 1
                    if case .beyondDoublePrecision = error {} else { check.failures.append("\(spec.label): \(error.description)") }
                }
                continue
            }
            let corners = [recipe.alpha1] + (recipe.corners.alpha2.map { [$0] } ?? [])
            if spec.band == "bandStop" {
                // Brent's method stops within 1e-5 of the minimum, in the
                // pre-warped frequency tan(pi alpha); two runs of it may differ by that.
                let warped = zip(corners, spec.naturalAlphas).map { abs(tan(Double.pi * $0) - tan(Double.pi * $1)) }.max()!
                bandStopWorst = max(bandStopWorst, warped)
                if !(warped <= 2e-5) { check.failures.append("\(spec.label): corners \(corners), scipy \(spec.naturalAlphas)") }
            } else {
                let error = zip(corners, spec.naturalAlphas).map { abs($0 - $1) / $1 }.max()!
                worstCorner = max(worstCorner, error)
                if !(error <= 1e-9) { check.failures.append("\(spec.label): corners \(corners), scipy \(spec.naturalAlphas)") }
            }
        }
        check.summary.append("order estimation: \(specs.count) specs, \(check.failures.isEmpty ? "scipy's order every time" : "\(check.failures.count) failures"); corners within \(worstCorner) relative (band-stop: \(bandStopWorst) pre-warped, absolute); above order 24: \(high.designed) designed, \(high.refused) refused for double precision")
        return check
    }

    /// Every design meets its specification in absolute dB, as scipy's
    /// tests assert it (the passband within [-R, 0] dB, the stopband at or
    /// below -A dB), measured on the response of its sections (the product of
    /// each section's zeros and poles, found from its coefficients) over the
    /// whole passband and stopband; the designs above order 24 too, where
    /// double precision carries them.
    public static func specificationIsMetBySections(_ specs: [Spec]) -> GridCheck {
        var check = GridCheck(name: "specifications met by the sections")
        var worstLoss = -Double.infinity, worstAttenuation = Double.infinity, worstMaximum = -Double.infinity
        var count = 0
        for spec in specs where FilterRecipe.orderRange.contains(spec.order) {
            let recipe: FilterRecipe
            do {
                recipe = try FilterRecipe(designing: spec.familyName, to: spec.specification)
            } catch {
                check.failures.append("\(spec.label): \(error.description)")
                continue
            }
            // Refused only where scipy's order is above the old limit of 24
            // (double precision cannot carry every such design).
            guard let design = try? recipe.design() else {
                if !spec.tooHighOrder { check.failures.append("\(spec.label): refused") }
                continue
            }
            count += 1
            let sections = design.secondOrderSections()!
            let measure = ResponseMeasurements(PoleZeroForm(sections: sections))
            let achieved = recipe.bandRequirements!.measure { measure.magnitude(atAlpha: $0) }
            worstLoss = max(worstLoss, achieved.passbandLoss! - spec.passbandLoss)
            worstMaximum = max(worstMaximum, achieved.passbandMaximum)
            worstAttenuation = min(worstAttenuation, achieved.stopbandAttenuation - spec.stopbandAttenuation)
            if !(achieved.passbandMaximum <= 1e-6) { check.failures.append("\(spec.label): passband maximum \(achieved.passbandMaximum) dB") }
            if !(achieved.passbandLoss! <= spec.passbandLoss + 1e-6) { check.failures.append("\(spec.label): loss \(achieved.passbandLoss!)") }
            if !(achieved.stopbandAttenuation >= spec.stopbandAttenuation - 1e-6) {
                check.failures.append("\(spec.label): attenuation \(achieved.stopbandAttenuation)")
            }
        }
        check.summary.append("specifications met by the sections in absolute dB (\(count) designs): passband maximum at most \(worstMaximum) dB, loss beyond R at most \(worstLoss) dB, attenuation beyond A at least \(worstAttenuation) dB")
        return check
    }

    /// A design `verify` runs: its recipe and its label.
    public typealias Subject = (recipe: FilterRecipe, label: String)

    /// The spec designs (not those above the old order limit), as subjects.
    public static func subjects(_ specs: [Spec]) -> [Subject] {
        specs.filter { !$0.tooHighOrder }.map { spec in
            (try! FilterRecipe(designing: spec.familyName, to: spec.specification), spec.label)
        }
    }

    /// The corpus designs, as subjects.
    public static func subjects(_ corpus: [CorpusDesign]) -> [Subject] {
        corpus.map { ($0.recipe, $0.label) }
    }

    /// What verify says of one design in Double and in Float: a line per
    /// failed item ("label precision: check: detail; ..."), and a line per
    /// check skipped past verify's caps ("skipped: label precision: check: detail").
    private static func verifyOutcome(_ recipe: FilterRecipe, label: String) -> [String] {
        var failed: [String] = []
        let design = try! recipe.design()
        for precision in [RunningPrecision.double, .float] {
            do throws(ApplicationError) {
                let report = try VerificationRequest(.design(design, commandLine: FisherCommandLine.commandLine(for: recipe)), precision: precision).run()
                for item in report.items where !item.passed {
                    failed.append("\(label) \(precision): " + item.checks.filter { !$0.passed }.map { "\($0.name): \($0.detail)" }.joined(separator: "; "))
                }
                for item in report.items {
                    for check in item.checks where check.skipped {
                        failed.append("skipped: \(label) \(precision): \(check.name): \(check.detail)")
                    }
                }
            } catch {
                failed.append("\(label) \(precision): \(error.description)")
            }
        }
        return failed
    }

    /// `mkfilter verify` passes every subject, in Float and in Double, but for
    /// the designs in `beyondVerify`, which fail or skip exactly the checks
    /// listed there. Checks skipped past verify's caps are summarised.
    public static func verify(_ subjects: [Subject]) async -> GridCheck {
        var check = GridCheck(name: "verify over the spec and corpus designs")
        let results = await parallelMap(subjects) { (recipe, label) -> [String] in
            verifyOutcome(recipe, label: label)
        }
        var skips: [String] = []
        for ((_, label), outcome) in zip(subjects, results) {
            let skipped = outcome.filter { $0.hasPrefix("skipped: ") }
            let failed = outcome.filter { !$0.hasPrefix("skipped: ") }
            skips += skipped
            guard let limit = beyondVerify[label] else {
                check.failures += failed
                continue
            }
            // Still beyond verify, for the reason given: each listed check
            // fails, or is skipped with the poles' prediction as its reason.
            for (precision, name) in limit.failing
            where !failed.contains(where: { $0.hasPrefix("\(label) \(precision): ") && $0.contains("\(name): ") }) {
                check.failures.append("\(label): expected \(precision) \(name) to fail; \(failed)")
            }
            // Skipped with the poles' prediction, or failed on the samples
            // verify did run: either way not passed.
            for (precision, name) in limit.skipped {
                let wasSkipped = skipped.contains { $0.hasPrefix("skipped: \(label) \(precision): \(name): ") && $0.contains("the poles") && $0.contains("predict") }
                let didFail = failed.contains { $0.hasPrefix("\(label) \(precision): ") && $0.contains("\(name): ") }
                if !(wasSkipped || didFail) {
                    check.failures.append("\(label): expected \(precision) \(name) to be skipped or to fail; \(skipped) \(failed)")
                }
            }
        }
        check.summary.append("verify over \(subjects.count) spec, Chebyshev II and elliptic designs: \(check.failures.count) failures (Double and Float), \(skips.count) checks skipped past verify's caps")
        check.summary += skips.map { "  " + $0 }
        return check
    }

    /// Corpus designs verify cannot pass, and the checks they fail or skip.
    /// The order-17 elliptic band-pass 0.061-0.099 with 20 dB of attenuation
    /// has poles 3.8e-8 inside the unit circle: its impulse response needs
    /// about 1e9 samples to decay, beyond the 2^24 verify runs
    /// (`Verification.longestRun`), so **decays** is skipped in Double, saying
    /// why, or fails on the samples it ran (the release grid's run); in the
    /// offset form 10 units of Float's rounding of c1 move the poles 1.6e-7
    /// outside (Float `stable` fails, and then **decays** with it). A design,
    /// not a realization, problem: 20 dB at order 17 asks for an extreme
    /// transition.
    public static let beyondVerify: [String: (failing: [(RunningPrecision, String)], skipped: [(RunningPrecision, String)])] = [
        "elliptic bandPass order 17 [0.0609172, 0.0987488] R 0.206932 A 20.0":
            (failing: [(.float, "stable")], skipped: [(.double, "decays")]),
    ]
}
