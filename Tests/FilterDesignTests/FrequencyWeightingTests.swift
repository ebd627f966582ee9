import ComplexModule
import FilterDesign
import FilterRuntime
import Foundation
import RealModule
import Testing

/// IEC 61672-1's A and C weightings: the analytic curve against Annex E in
/// 40 digits (scripts/weighting_reference.py), and the designs as they run
/// (their sections in Double) against the curve: within 0.1 dB from 10 Hz
/// to 16 kHz at 44.1 and 48 kHz and to 20 kHz at 48 kHz, as the issue asks
/// (0.005 dB is what they reach), where the plain bilinear transform is
/// 6.4 dB off at 16 kHz.
@Suite struct FrequencyWeightingTests {
    struct Point: Decodable {
        var frequency_hz: Double
        var A_db: Double
        var C_db: Double
    }
    struct Document: Decodable { var points: [Point] }

    static let annexE: [Point] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/catalogue/iec61672-annex-e.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).points
    }()

    @Test func analyticCurveIsAnnexE() {
        #expect(Self.annexE.count == 34)
        for p in Self.annexE {
            #expect(abs(FrequencyWeighting.analyticDecibels(curve: .a, frequency: p.frequency_hz) - p.A_db) <= 1e-9, "\(p.frequency_hz)")
            #expect(abs(FrequencyWeighting.analyticDecibels(curve: .c, frequency: p.frequency_hz) - p.C_db) <= 1e-9, "\(p.frequency_hz)")
        }
    }

    /// The largest |dB difference| of the weighting as run from the curve,
    /// 10 Hz to `top`, on 4,000 log-spaced frequencies.
    static func largestError(_ curve: WeightingCurve, sampleRate fs: Double, to top: Double) throws -> Double {
        let recipe = try FilterRecipe(family: .catalogue(.weighting(curve)), band: nil, order: nil, corners: .hertz(1000, sampleRate: fs))
        let sections = try #require(recipe.design().secondOrderSections())
        var worst = 0.0
        for k in 0...4000 {
            let f = 10 * Double.pow(top / 10, Double(k) / 4000)
            let h = CatalogueDesignTests.sectionsResponse(sections, alpha: f / fs)
            worst = max(worst, abs(20 * Double.log10(h.length) - FrequencyWeighting.analyticDecibels(curve: curve, frequency: f)))
        }
        return worst
    }

    @Test(arguments: [(WeightingCurve.a, 44100.0, 16000.0), (.a, 48000, 16000), (.a, 48000, 20000),
                      (.c, 44100, 16000), (.c, 48000, 16000), (.c, 48000, 20000)])
    func withinATenthOfADecibelWhereTheIssueAsks(_ curve: WeightingCurve, sampleRate: Double, top: Double) throws {
        let error = try Self.largestError(curve, sampleRate: sampleRate, to: top)
        #expect(error <= 0.1)
        // What the fit reaches (scripts/weighting_reference.py prints the same table).
        #expect(error <= 0.005, "\(curve) at \(sampleRate) to \(top): \(error) dB")
    }

    @Test(arguments: [8000.0, 16000, 22050, 32000, 96000, 192000])
    func otherRatesStayWithinAHundredthBelowTheirNyquist(_ sampleRate: Double) throws {
        for curve in WeightingCurve.allCases {
            #expect(try Self.largestError(curve, sampleRate: sampleRate, to: 0.45 * sampleRate) <= 0.01)
        }
    }

    @Test func designsAreStableAndMinimumPhase() throws {
        for fs in [2001.0, 8000, 44100, 48000, 1_000_000] {
            for curve in WeightingCurve.allCases {
                let zpk = FrequencyWeighting.zPlane(curve: curve, sampleRate: fs)
                #expect(zpk.poles.allSatisfy { $0.length < 1 }, "\(curve) at \(fs)")
                #expect(zpk.zeros.allSatisfy { $0.length <= 1 + 1e-15 }, "\(curve) at \(fs)")
                #expect(zpk.poles.count == (curve == .a ? 7 : 5) && zpk.zeros.count == zpk.poles.count)
            }
        }
    }
}
