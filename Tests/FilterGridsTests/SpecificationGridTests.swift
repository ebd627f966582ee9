import FilterAnalysis
import FilterDesign
import FilterGrids
import Foundation
import Testing

/// Design from a specification (order estimation) against scipy's
/// `buttord`, `cheb1ord`, `cheb2ord` and `ellipord` on 672 generated specs,
/// and `verify` in Float and Double on those designs and on the Chebyshev II
/// and elliptic designs of scipy's corpus (`FilterGrids.SpecificationGrid`).
/// A debug build checks every 8th spec against its sections and verifies
/// every 32nd design whose impulse response decays within 2^14 samples;
/// `filter-grids` (`scripts/section-grid.sh`, CI) checks every spec and
/// verifies every 16th spec design and every 64th of the corpus
/// (`filter-grids --full`: all of them).
@Suite struct SpecificationGridTests {
    static let specs: [SpecificationGrid.Spec] = try! SpecificationGrid.specs()
    static let corpus: [SpecificationGrid.CorpusDesign] = try! SpecificationGrid.corpus()

    #if DEBUG
    static let specStride = 32, corpusStride = 32, sectionsStride = 8
    #else
    static let specStride = 16, corpusStride = 64, sectionsStride = 1
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

    /// The order scipy picks for every spec, and the natural frequencies it returns.
    @Test func orderAndCornersAsScipy() {
        let check = SpecificationGrid.orderAndCorners(Self.specs)
        check.summary.forEach { print($0) }
        #expect(check.failures.isEmpty, "\(check.failureText())")
    }

    /// Every (sampled) design meets its specification in absolute dB on the
    /// response of its sections.
    @Test func specificationIsMetBySections() {
        let check = SpecificationGrid.specificationIsMetBySections(everyNth(Self.specs, Self.sectionsStride))
        check.summary.forEach { print($0) }
        #expect(check.failures.isEmpty, "\(check.failureText())")
    }

    /// The checks can fail: a spec whose order scipy put one higher is reported.
    @Test func checksReportAFailure() throws {
        let spec = try #require(Self.specs.first { !$0.tooHighOrder })
        let json = """
            {"family": "\(spec.family)", "band": "\(spec.band)", "passband": \(spec.passband), \
            "stopband": \(spec.stopband), "passbandLoss": \(spec.passbandLoss), \
            "stopbandAttenuation": \(spec.stopbandAttenuation), "order": \(spec.order + 1), \
            "naturalAlphas": \(spec.naturalAlphas), "tooHighOrder": false}
            """
        let altered = try JSONDecoder().decode(SpecificationGrid.Spec.self, from: Data(json.utf8))
        let check = SpecificationGrid.orderAndCorners([altered])
        #expect(check.failures.count == 1 && check.failures[0].contains("scipy \(spec.order + 1)"))
    }

    /// `mkfilter verify` passes the sampled spec designs and Chebyshev II and
    /// elliptic designs of the scipy corpus, in Float and in Double, but for
    /// the corpus designs in `SpecificationGrid.beyondVerify`.
    @Test(.timeLimit(.minutes(20)))
    func verifyPassesInFloatAndDouble() async {
        var subjects = everyNth(SpecificationGrid.subjects(Self.specs), Self.specStride)
            + everyNth(SpecificationGrid.subjects(Self.corpus), Self.corpusStride)
        #if DEBUG
        // Unoptimised double-double runs to 2^21 samples take minutes a design:
        // a debug build verifies only the sampled designs whose impulse
        // responses decay within 2^14 samples.
        subjects = subjects.filter { recipe, _ in
            guard let radius = try? recipe.design().zPlane.poles.map(\.length).max() else { return false }
            return (TimeResponse.decayLength(largestPoleRadius: radius, poleCount: 48) ?? .max) <= 1 << 14
        }
        #endif
        let check = await SpecificationGrid.verify(subjects)
        check.summary.forEach { print($0) }
        #expect(check.failures.isEmpty, "\(check.failureText(limit: 8))")
    }
}
