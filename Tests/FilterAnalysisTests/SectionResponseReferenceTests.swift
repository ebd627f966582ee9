import ComplexModule
import FilterAnalysis
import FilterDesign
import FilterRuntime
import Foundation
import Testing

/// `SectionResponse` (what `mkfilter response` computes for sections) against
/// the same sections' response at 40 digits, at the grid's exact angles
/// (`scripts/section_response_reference.py`,
/// `Tests/Fixtures/mpmath/section-response.json`): the six benchmark designs,
/// 4,097 points each.
@Suite struct SectionResponseReferenceTests {
    struct Case: Decodable, Sendable {
        var label: String
        var sos: [[Double]]
        var response: [[String]]
        var sosfreqzError: Double?

        var sections: [Biquad] { sos.map { Biquad(b0: $0[0], b1: $0[1], b2: $0[2], a1: $0[4], a2: $0[5]) } }
        var values: [Complex<Double>] { response.map { Complex(Double($0[0])!, Double($0[1])!) } }
    }
    struct Document: Decodable { var points: Int; var cases: [Case] }

    static let document: Document = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mpmath/section-response.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
    }()

    /// Within 1e-14 of the peak at every point, on every design (scipy's
    /// sosfreqz on the same points: up to 4.1e-14, recorded in the fixture).
    @Test func withinOneE14OfThePeak() {
        let grid = FrequencyGrid(count: Self.document.points)
        #expect(Self.document.cases.count == 6)
        for c in Self.document.cases {
            let reference = FrequencyResponse(grid: grid, values: c.values)
            let ours = SectionResponse.response(c.sections, grid: grid)
            let error = ours.largestDifference(from: reference)
            print("\(c.label): \(c.sos.count) sections, error \(error) of the peak (sosfreqz \(c.sosfreqzError ?? .nan))")
            #expect(error <= 1e-14, "\(c.label): \(error)")
        }
    }
}
