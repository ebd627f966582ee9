import FilterDesign
import Foundation
import Testing

/// The equiripple half-band filter against scipy's `remez` for the same taps
/// and bands (Tests/Fixtures/catalogue/scipy-halfband.json,
/// scripts/halfband_reference.py): exact zeros and centre, and a largest
/// deviation no worse than scipy's on the same 16,384-point grid a band.
@Suite struct HalfBandTests {
    struct Document: Decodable {
        struct Case: Decodable {
            let taps: Int
            let passbandEdge: Double
            let maxDeviation: Double?
            let error: String?
        }
        let gridPointsPerBand: Int
        let cases: [Case]
    }

    static let document = CatalogueDesignTests.fixture("scipy-halfband.json", as: Document.self)

    /// The zero-phase amplitude sum h[c] + 2 sum_k h[c+k] cos(2 pi f k) at f.
    static func amplitude(_ h: [Double], _ f: Double) -> Double {
        let c = h.count / 2
        var a = h[c]
        for k in 1...c { a += 2 * h[c + k] * cos(2 * Double.pi * f * Double(k)) }
        return a
    }

    @Test(arguments: document.cases.indices)
    func noWorseThanScipyAndExactlyHalfBand(_ index: Int) throws {
        let c = Self.document.cases[index]
        guard let scipy = c.maxDeviation else {
            // scipy fails to converge; so would any design in doubles: ours refuses, naming precision.
            #expect(throws: HalfBandError.self) { try HalfBand.design(taps: c.taps, passbandEdge: c.passbandEdge) }
            return
        }
        let design = try HalfBand.design(taps: c.taps, passbandEdge: c.passbandEdge)
        let h = design.taps
        let centre = c.taps / 2
        #expect(h[centre] == 0.5)
        for k in stride(from: 2, through: centre, by: 2) { #expect(h[centre + k] == 0 && h[centre - k] == 0) }
        let n = Self.document.gridPointsPerBand
        var worst = 0.0
        for i in 0..<n {
            let f = c.passbandEdge * Double(i) / Double(n - 1)
            worst = max(worst, abs(Self.amplitude(h, f) - 1), abs(Self.amplitude(h, 0.5 - f)))
        }
        #expect(worst <= scipy * (1 + 1e-9), "\(c.taps) taps, edge \(c.passbandEdge): \(worst) vs scipy \(scipy)")
        // The certificate: the measured deviation within 1e-6 of the design's own.
        #expect(abs(worst - design.maximumError) <= 1e-6 * design.maximumError + 1e-15)
    }

    @Test func refusals() {
        #expect(throws: HalfBandError.taps(30)) { try HalfBand.design(taps: 30, passbandEdge: 0.2) }
        #expect(throws: HalfBandError.passbandEdge(0.25)) { try HalfBand.design(taps: 31, passbandEdge: 0.25) }
        #expect(HalfBandError.taps(30).description.hasSuffix("try 27 or 31"))
    }
}
