import AccelerometerPipeline
import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation
import Testing

/// What Apple's "5 Hz" filters really do at 60 Hz (docs/recordings-and-pipeline.md's table): the -3 dB
/// frequency measured by the verifier's measurements on the filters as they
/// run, checked against the closed forms, next to a first-order Butterworth
/// designed for 5 Hz.
@Suite struct AppleFilterResponseTests {
    static let fs = 60.0

    /// -3 dB frequency in Hz, relative to 1 (unity passband), and the gain in
    /// the passband (dc for low-pass, Nyquist for high-pass).
    static func measure(_ template: DigitalFilterTemplate) -> (corner: Double, passband: Double) {
        let m = ResponseMeasurements(PoleZeroForm(TransferFunction.runtime(template, as: Double.self)))
        let passband = m.magnitude(atAlpha: template.filterClass == .lowPass ? 0 : 0.5)
        let corners = m.halfPowerFrequencies(reference: 1)
        return (corners.count == 1 ? corners[0] * fs : .nan, passband)
    }

    static func rows() throws -> [(name: String, corner: Double, passband: Double)] {
        let lp = try AppleFirstOrderFilter(.lowPass, sampleRate: fs, cutoff: 5).template()
        let hp = try AppleFirstOrderFilter(.highPass, sampleRate: fs, cutoff: 5).template()
        func butterworth(_ band: FilterBand) throws -> DigitalFilterTemplate {
            let design = try FilterRecipe(family: .butterworth, band: band, order: 1, corners: .hertz(5, sampleRate: fs)).design()
            return try TemplateBuilder.template(for: design, name: "bu", description: "", tag: 0)
        }
        return [("Apple low-pass, cutoff 5", measure(lp).corner, measure(lp).passband),
                ("Butterworth low-pass, 1st order, 5 Hz", measure(try butterworth(.lowPass)).corner, measure(try butterworth(.lowPass)).passband),
                ("Apple high-pass, cutoff 5", measure(hp).corner, measure(hp).passband),
                ("Butterworth high-pass, 1st order, 5 Hz", measure(try butterworth(.highPass)).corner, measure(try butterworth(.highPass)).passband)]
    }

    @Test func cornersAgreeWithTheClosedForms() throws {
        let r = try Self.rows()
        // Low-pass a = dt/(dt+RC) = 1/13: |H|^2 = 1/2 at cos w = (1 + (1-a)^2 - 2a^2) / (2(1-a)) = 311/312.
        #expect(abs(r[0].corner - acos(311.0 / 312) / (2 * .pi) * Self.fs) <= 1e-9)
        #expect(abs(r[0].passband - 1) <= 1e-15)
        // High-pass a = RC/(dt+RC) = 12/13: |H|^2 = 1/2 at cos w = (1 - 3a^2) / (2a - 4a^2) = 263/264;
        // its gain at Nyquist is 2a/(1+a) = 0.96, not 1.
        #expect(abs(r[2].corner - acos(263.0 / 264) / (2 * .pi) * Self.fs) <= 1e-9)
        #expect(abs(r[2].passband - 0.96) <= 1e-15)
        // The Butterworth designs are pre-warped: -3 dB at 5 Hz exactly.
        #expect(abs(r[1].corner - 5) <= 1e-9 && abs(r[3].corner - 5) <= 1e-9)
    }

    /// docs/recordings-and-pipeline.md prints these numbers: keep it true.
    @Test func readmeTableIsWhatIsMeasured() throws {
        let readme = try String(contentsOf: PackageRoot.url.appendingPathComponent("docs/recordings-and-pipeline.md"), encoding: .utf8)
        for row in try Self.rows() {
            let line = "| \(row.name) | \(String(format: "%.3f", row.corner)) Hz | \(String(format: "%.3f", row.passband)) |"
            #expect(readme.contains(line), "README lacks: \(line)")
        }
    }
}
