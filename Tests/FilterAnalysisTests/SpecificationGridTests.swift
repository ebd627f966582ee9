import FilterAnalysis
import FilterApplicationAnalysis
import FilterDesign
import FisherCompatibility
import Foundation
import Testing

/// Design from a specification (order estimation) against scipy's
/// `buttord`, `cheb1ord`, `cheb2ord` and `ellipord` on 672 generated specs
/// (`Tests/Fixtures/scipy/order-estimation.json`, from
/// `scripts/order_estimation_reference.py`), and `verify` in Float and Double
/// on those designs and on the Chebyshev II and elliptic designs of
/// `Tests/Fixtures/scipy/cheby2-elliptic.json`. A debug build verifies every
/// 32nd design; `scripts/section-grid.sh` (CI) every 16th spec design and every
/// 64th of the corpus; `MKFILTER_FULL_GRID=1 scripts/section-grid.sh` all.
@Suite struct SpecificationGridTests {
    struct Spec: Decodable, Sendable {
        let family: String
        let band: String
        let passband: [Double]
        let stopband: [Double]
        let passbandLoss: Double
        let stopbandAttenuation: Double
        let order: Int
        let naturalAlphas: [Double]
        let tooHighOrder: Bool

        var specification: MagnitudeSpecification {
            try! MagnitudeSpecification(passband: passband, stopband: stopband, passbandLoss: passbandLoss,
                                        stopbandAttenuation: stopbandAttenuation)
        }
        var familyName: FilterFamily.Name { FilterFamily.Name(rawValue: family)! }
        var label: String {
            "\(family) \(band) passband \(passband) stopband \(stopband) R \(passbandLoss) A \(stopbandAttenuation)"
        }
    }
    struct Document: Decodable { let specs: [Spec] }

    static let specs: [Spec] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scipy/order-estimation.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).specs
    }()

    /// Every `stride`-th element (all with `MKFILTER_FULL_GRID=1`).
    static func sample<T>(_ all: [T], every stride: Int) -> [T] {
        if ProcessInfo.processInfo.environment["MKFILTER_FULL_GRID"] == "1" { return all }
        return all.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }

    /// Verify is slow on narrow, high-order designs (it runs their impulse
    /// responses in double-double until they decay, up to 2^21 samples), so:
    /// optimised, every 16th spec design and every 64th of the scipy corpus;
    /// debug, every 32nd of each whose impulse response decays within 2^14
    /// samples; `MKFILTER_FULL_GRID=1`, all of them.
    #if DEBUG
    static let specStride = 32, corpusStride = 32
    #else
    static let specStride = 16, corpusStride = 64
    #endif

    @Test func corpusCoversEveryFamilyBandAndOrder() {
        let designed = Self.specs.filter { !$0.tooHighOrder }
        #expect(designed.count >= 500)
        #expect(Self.specs.filter(\.tooHighOrder).count >= 20)
        for family in ["butterworth", "chebyshev", "chebyshev2", "elliptic"] {
            for band in ["lowPass", "highPass", "bandPass", "bandStop"] {
                #expect(designed.filter { $0.family == family && $0.band == band }.count >= 30, "\(family) \(band)")
            }
        }
    }

    /// The order scipy picks for every spec, and the natural frequencies it
    /// returns (to 1e-9 relative; band-stop's come from Brent's minimisation
    /// to 1e-5 in the pre-warped frequency, so to 2e-5 there).
    @Test func orderAndCornersAsScipy() throws {
        var worstCorner = 0.0, bandStopWorst = 0.0
        var high = (designed: 0, refused: 0)
        for spec in Self.specs {
            if spec.tooHighOrder {
                // Above the fixture's old limit of 24: scipy's order up to
                // `FilterRecipe.orderRange`, then designed or refused only
                // because double precision cannot carry it, saying so.
                guard FilterRecipe.orderRange.contains(spec.order) else {
                    #expect(throws: SpecificationError.self, "\(spec.label): scipy's order \(spec.order) is above \(FilterRecipe.orderRange)") {
                        try FilterRecipe(designing: spec.familyName, to: spec.specification)
                    }
                    continue
                }
                let recipe = try FilterRecipe(designing: spec.familyName, to: spec.specification)
                #expect(recipe.order == spec.order, "\(spec.label): order \(recipe.order!), scipy \(spec.order)")
                do {
                    _ = try recipe.design()
                    high.designed += 1
                } catch {
                    high.refused += 1
                    #expect(error.description.contains("double precision"), "\(spec.label): \(error)")
                }
                continue
            }
            let recipe = try FilterRecipe(designing: spec.familyName, to: spec.specification)
            #expect(recipe.order == spec.order, "\(spec.label): order \(recipe.order!), scipy \(spec.order)")
            let corners = [recipe.alpha1] + (recipe.corners.alpha2.map { [$0] } ?? [])
            if spec.band == "bandStop" {
                // Brent's method stops within 1e-5 of the minimum, in the
                // pre-warped frequency tan(pi alpha); two runs of it may differ by that.
                let warped = zip(corners, spec.naturalAlphas).map { abs(tan(Double.pi * $0) - tan(Double.pi * $1)) }.max()!
                bandStopWorst = max(bandStopWorst, warped)
                #expect(warped <= 2e-5, "\(spec.label): corners \(corners), scipy \(spec.naturalAlphas)")
            } else {
                let error = zip(corners, spec.naturalAlphas).map { abs($0 - $1) / $1 }.max()!
                worstCorner = max(worstCorner, error)
                #expect(error <= 1e-9, "\(spec.label): corners \(corners), scipy \(spec.naturalAlphas)")
            }
        }
        print("order estimation: \(Self.specs.count) specs, scipy's order every time; corners within \(worstCorner) relative (band-stop: \(bandStopWorst) pre-warped, absolute); above order 24: \(high.designed) designed, \(high.refused) refused for double precision")
    }

    /// Every design meets its specification in absolute dB, as scipy's
    /// tests assert it (the passband within [-R, 0] dB, the stopband at or
    /// below -A dB), measured on the response of its sections (the product of
    /// each section's zeros and poles, found from its coefficients) over the
    /// whole passband and stopband; the designs above order 24 too, where
    /// double precision carries them.
    @Test func specificationIsMetBySections() throws {
        var worstLoss = -Double.infinity, worstAttenuation = Double.infinity, worstMaximum = -Double.infinity
        var count = 0
        // Optimised (scripts/section-grid.sh): every design; debug: every
        // 4th, a quarter of the time of a serial loop over ~640 designs.
        #if DEBUG
        let checked = Self.sample(Self.specs, every: 4)
        #else
        let checked = Self.specs
        #endif
        for spec in checked where FilterRecipe.orderRange.contains(spec.order) {
            let recipe = try FilterRecipe(designing: spec.familyName, to: spec.specification)
            guard let design = try? recipe.design() else {
                #expect(spec.tooHighOrder, "\(spec.label): refused")
                continue
            }
            count += 1
            let sections = design.secondOrderSections()!
            let measure = ResponseMeasurements(PoleZeroForm(sections: sections))
            let achieved = recipe.bandRequirements!.measure { measure.magnitude(atAlpha: $0) }
            worstLoss = max(worstLoss, achieved.passbandLoss! - spec.passbandLoss)
            worstMaximum = max(worstMaximum, achieved.passbandMaximum)
            #expect(achieved.passbandMaximum <= 1e-6, "\(spec.label): passband maximum \(achieved.passbandMaximum) dB")
            worstAttenuation = min(worstAttenuation, achieved.stopbandAttenuation - spec.stopbandAttenuation)
            #expect(achieved.passbandLoss! <= spec.passbandLoss + 1e-6, "\(spec.label): loss \(achieved.passbandLoss!)")
            #expect(achieved.stopbandAttenuation >= spec.stopbandAttenuation - 1e-6, "\(spec.label): attenuation \(achieved.stopbandAttenuation)")
        }
        print("specifications met by the sections in absolute dB (\(count) designs): passband maximum at most \(worstMaximum) dB, loss beyond R at most \(worstLoss) dB, attenuation beyond A at least \(worstAttenuation) dB")
    }

    /// `mkfilter verify` passes every spec design and every Chebyshev II and
    /// elliptic design of the scipy corpus, in Float and in Double, but for
    /// the corpus designs in `beyondVerify`. (All 640 spec designs, through
    /// the command line: `scripts/verify_spec_designs.py`.)
    @Test(.timeLimit(.minutes(20)))
    func verifyPassesInFloatAndDouble() async throws {
        let specRecipes = Self.specs.filter { !$0.tooHighOrder }.map { spec in
            (try! FilterRecipe(designing: spec.familyName, to: spec.specification), spec.label)
        }
        let designs = Chebyshev2EllipticCorpus.designs.map { ($0.recipe, $0.label) }
        var subjects = Self.sample(specRecipes, every: Self.specStride) + Self.sample(designs, every: Self.corpusStride)
        #if DEBUG
        // Unoptimised double-double runs to 2^21 samples take minutes a design:
        // a debug build verifies only the sampled designs whose impulse
        // responses decay within 2^14 samples.
        subjects = subjects.filter { recipe, _ in
            guard let radius = try? recipe.design().zPlane.poles.map(\.length).max() else { return false }
            return (TimeResponse.decayLength(largestPoleRadius: radius, poleCount: 48) ?? .max) <= 1 << 14
        }
        #endif
        let results = await parallelMap(subjects) { (recipe, label) -> [String] in
            var failed: [String] = []
            let design = try! recipe.design()
            for precision in [RunningPrecision.double, .float] {
                do {
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
                    failed.append("\(label) \(precision): \(error)")
                }
            }
            return failed
        }
        var failures: [String] = [], skips: [String] = []
        for ((_, label), outcome) in zip(subjects, results) {
            let skipped = outcome.filter { $0.hasPrefix("skipped: ") }
            let failed = outcome.filter { !$0.hasPrefix("skipped: ") }
            skips += skipped
            if let limit = Self.beyondVerify[label] {
                // Still beyond verify, for the reason given: each listed check
                // fails, or is skipped with the poles' prediction as its reason.
                for (precision, check) in limit.failing {
                    #expect(failed.contains { $0.hasPrefix("\(label) \(precision): ") && $0.contains("\(check): ") },
                            "\(label): expected \(precision) \(check) to fail; \(failed)")
                }
                // Skipped with the poles' prediction, or failed on the samples
                // verify did run: either way not passed.
                for (precision, check) in limit.skipped {
                    let wasSkipped = skipped.contains { $0.hasPrefix("skipped: \(label) \(precision): \(check): ") && $0.contains("the poles") && $0.contains("predict") }
                    let didFail = failed.contains { $0.hasPrefix("\(label) \(precision): ") && $0.contains("\(check): ") }
                    #expect(wasSkipped || didFail, "\(label): expected \(precision) \(check) to be skipped or to fail; \(skipped) \(failed)")
                }
            } else {
                failures += failed
            }
        }
        print("verify over \(subjects.count) spec, Chebyshev II and elliptic designs: \(failures.count) failures (Double and Float), \(skips.count) checks skipped past verify's caps")
        for skip in skips { print("  " + skip) }
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(8).joined(separator: "\n"))")
    }

    /// Corpus designs verify cannot pass, and the checks they fail or skip.
    /// The order-17 elliptic band-pass 0.061-0.099 with 20 dB of attenuation
    /// has poles 3.8e-8 inside the unit circle: its impulse response needs
    /// about 1e9 samples to decay, beyond the 2^24 verify runs
    /// (`Verification.longestRun`), so **decays** is skipped in Double, saying
    /// why, or fails on the samples it ran (the release grid's run); in the offset form 10 units of Float's rounding of c1 move the
    /// poles 1.6e-7 outside (Float `stable` fails, and then **decays** with
    /// it). A design, not a realisation, problem: 20 dB at order 17 asks for
    /// an extreme transition.
    static let beyondVerify: [String: (failing: [(RunningPrecision, String)], skipped: [(RunningPrecision, String)])] = [
        "elliptic bandPass order 17 [0.0609172, 0.0987488] R 0.206932 A 20.0":
            (failing: [(.float, "stable")], skipped: [(.double, "decays")]),
    ]
}

/// The Chebyshev II and elliptic designs of scipy's corpus, as recipes.
enum Chebyshev2EllipticCorpus {
    struct Design: Decodable, Sendable {
        let family: String
        let band: String
        let order: Int
        let alphas: [Double]
        let ripple: Double?
        let attenuation: Double

        var recipe: FilterRecipe {
            let f: FilterFamily = family == "chebyshev2" ? .chebyshev2(attenuationDecibels: attenuation)
                : .elliptic(rippleDecibels: ripple!, attenuationDecibels: attenuation)
            return try! FilterRecipe(family: f, band: FilterBand(rawValue: band)!, order: order,
                                     corners: .alpha(alphas[0], alphas.count > 1 ? alphas[1] : nil))
        }
        var label: String { "\(family) \(band) order \(order) \(alphas) R \(ripple ?? 0) A \(attenuation)" }
    }
    struct Document: Decodable { let designs: [Design] }

    static let designs: [Design] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scipy/cheby2-elliptic.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).designs
    }()
}
