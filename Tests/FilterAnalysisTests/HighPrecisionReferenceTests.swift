import ComplexModule
import FilterAnalysis
import FilterDesign
import FilterRuntime
import Foundation
import Testing

/// The design against the same chain computed at 50 digits with mpmath
/// (`scripts/mpmath_reference.py`, `Tests/Fixtures/mpmath/zpk-reference.json`):
/// 38 designs, ordinary and extreme (24 poles crowded near z = 1, a 48-pole
/// narrow band-pass, band edges at 0.48).
@Suite struct HighPrecisionReferenceTests {
    struct Case: Decodable, Sendable {
        var family: String
        var ripple: Double?
        var band: String
        var order: Int
        var alphas: [Double]
        var k: String
        var poles: [[String]]
        var zeros: [[String]]
        var response: [[String]]

        var recipe: FilterRecipe {
            let family: FilterFamily = self.family == "butterworth" ? .butterworth
                : self.family == "bessel" ? .bessel : .chebyshev(rippleDecibels: ripple!)
            return try! FilterRecipe(family: family, band: FilterBand(rawValue: band)!, order: order,
                                     corners: .alpha(alphas[0], alphas.count > 1 ? alphas[1] : nil))
        }
        var label: String { "\(family)\(ripple.map { " \($0) dB" } ?? "") \(band) order \(order) \(alphas)" }
    }
    struct Document: Decodable { var cases: [Case] }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mpmath/zpk-reference.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).cases
    }()

    static func complex(_ pair: [String]) -> Complex<Double> { Complex(Double(pair[0])!, Double(pair[1])!) }

    /// Poles and zeros to 1e-12 of their distance from the unit circle (what
    /// sets a response), the gain k to 1e-12 relative.
    @Test func polesZerosAndGain() {
        #expect(Self.cases.count == 38)
        var worstPole = 0.0, worstGain = 0.0
        for c in Self.cases {
            let zpk = try! c.recipe.design().normalized!
            let gainError = abs(zpk.gain - Double(c.k)!) / Double(c.k)!
            worstGain = max(worstGain, gainError)
            #expect(gainError < 1e-12, "\(c.label): k \(zpk.gain) vs \(c.k)")
            var ours = zpk.poles
            #expect(ours.count == c.poles.count)
            for p in c.poles.map(Self.complex) {
                guard let i = ours.indices.min(by: { (ours[$0] - p).length < (ours[$1] - p).length }) else { break }
                let error = (ours[i] - p).length / max(1 - p.length, 1e-300)
                worstPole = max(worstPole, error)
                #expect(error < 1e-9, "\(c.label): pole \(p) vs \(ours[i])")
                ours.remove(at: i)
            }
        }
        print("mpmath reference over \(Self.cases.count) designs: worst gain \(worstGain) (relative), worst pole \(worstPole) (of its distance from the unit circle)")
    }

    /// The stored sections (what `--emit json` writes and `DigitalFilter`
    /// runs) and `SectionResponse`, the response `mkfilter response` computes,
    /// within 1e-12 of the peak of the 50-digit response for the 32 ordinary
    /// designs (orders 2 and 5), and within 1e-10 for the 6 extreme ones, where
    /// rounding the coefficients to Double alone moves poles crowded near z = 1
    /// that far (scipy's `zpk2sos` in double: 1e-14 and 1e-10 of the peak).
    @Test func sectionsResponseIsAccurate() {
        var worst = [0.0, 0.0], worstLabel = ["", ""]
        for c in Self.cases {
            let extreme = c.order > 5 ? 1 : 0
            let sections = try! c.recipe.design().secondOrderSections()!
            let reference = c.response.map { (alpha: Double($0[0])!, h: Complex(Double($0[1])!, Double($0[2])!)) }
            let peak = reference.map(\.h.length).max()!
            // SectionResponse evaluates on a uniform grid; the fixture's frequencies
            // are evaluated with the same arithmetic through a one-point grid each.
            for (alpha, h) in reference {
                let ours = Self.sectionsResponse(sections, alpha: alpha)
                let error = (ours - h).length / peak
                if error > worst[extreme] { (worst[extreme], worstLabel[extreme]) = (error, "\(c.label) at \(alpha)") }
            }
        }
        print("sections' response against mpmath: ordinary designs worst \(worst[0]) of the peak (\(worstLabel[0])); extreme \(worst[1]) (\(worstLabel[1]))")
        #expect(worst[0] < 1e-12, "\(worstLabel[0]): \(worst[0])")
        #expect(worst[1] < 1e-10, "\(worstLabel[1]): \(worst[1])")
    }

    /// The product of the sections at one frequency, each section evaluated as
    /// `SectionResponse` does (numerator and denominator about z = 1 or -1).
    static func sectionsResponse(_ sections: [Biquad], alpha: Double) -> Complex<Double> {
        SectionResponse.response(sections, atAlpha: alpha)
    }

    /// `SectionResponse` on a grid agrees with the same evaluation point by point.
    @Test func gridResponseIsThePointwiseOne() throws {
        let design = try FilterRecipe(family: .butterworth, band: .bandPass, order: 12, corners: .alpha(0.0086, 0.0103)).design()
        let sections = design.secondOrderSections()!
        let grid = FrequencyGrid(count: 4097)
        let response = SectionResponse.response(sections, grid: grid)
        let peak = response.peakMagnitude
        for k in stride(from: 0, to: grid.count, by: 37) {
            #expect((response.values[k] - Self.sectionsResponse(sections, alpha: grid.alpha(k))).length <= 1e-13 * peak)
        }
    }
}
