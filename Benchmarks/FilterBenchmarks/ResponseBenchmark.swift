// The frequency response of sections in-process against scipy.signal.sosfreqz
// in the same run (issue 28: at least 4x its speed, within 1e-14 of the peak):
// 65,537 points from 0 to Nyquist, each design's Double sections as stored.
// The accuracy is against the 40-digit response at the exact angles of a
// 4,097-point grid (`Tests/Fixtures/mpmath/section-response.json`, written
// by `scripts/section_response_reference.py`, which records sosfreqz's own
// error on the same points).
//
//   swift run -c release filter-benchmarks --response-only
import ComplexModule
import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation

/// The reference: each benchmark design's sections and their response at 40
/// digits, and sosfreqz's error, keyed by label.
struct SectionResponseReference: Decodable {
    struct Case: Decodable {
        var label: String
        var sos: [[Double]]
        var response: [[String]]
        var sosfreqzError: Double?
    }
    var points: Int
    var cases: [Case]

    static func load() -> SectionResponseReference? {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/mpmath/section-response.json")
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(SectionResponseReference.self, from: data)
    }
}

func responseBenchmark(repeats: Int) throws {
    let reference = SectionResponseReference.load()
    let designs = benchmarkDesigns()
    let grid = FrequencyGrid(count: 65_537)
    print("")
    print("frequency response of the sections, 65,537 points (ms, best of \(repeats)), against scipy.signal.sosfreqz(sos, worN=65536);")
    print("error: of the peak, against 40 digits at the exact angles of a 4,097-point grid")
    print("design                    ours   sosfreqz  speed-up (goal >= 4)   error ours  error sosfreqz (goal <= 1e-14)")
    var worstSpeedUp = Double.infinity, worstError = 0.0
    for (label, recipe) in designs {
        let template = try TemplateBuilder.template(for: try recipe.design(), name: "bench", description: "", tag: 0)
        let sections = template.sections
        var response = SectionResponse.response(sections, grid: grid)
        var best = Double.infinity
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            response = SectionResponse.response(sections, grid: grid)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        precondition(response.values.allSatisfy { $0.real.isFinite && $0.imaginary.isFinite })
        let rows = sections.map { "[\($0.b0),\($0.b1),\($0.b2),1.0,\($0.a1),\($0.a2)]" }.joined(separator: ",")
        let scipy = scipyMilliseconds(setup: "import numpy as np; sos = np.array([\(rows)])",
                                      call: "s.sosfreqz(sos, worN=65536)", repeats: repeats)
        var errorText = "(no reference)", scipyErrorText = ""
        let name = label.split(separator: " ").prefix(while: { !$0.hasPrefix("(") }).joined(separator: " ")
        if let c = reference?.cases.first(where: { $0.label == name }) {
            if c.sos == sections.map({ [$0.b0, $0.b1, $0.b2, 1, $0.a1, $0.a2] }) {
                let coarse = FrequencyGrid(count: reference!.points)
                let exact = FrequencyResponse(grid: coarse, values: c.response.map { Complex(Double($0[0])!, Double($0[1])!) })
                let error = SectionResponse.response(sections, grid: coarse).largestDifference(from: exact)
                worstError = max(worstError, error)
                errorText = String(format: "%.2e", error)
                scipyErrorText = c.sosfreqzError.map { String(format: "%.2e", $0) } ?? ""
            } else {
                errorText = "(reference has other sections: rerun scripts/section_response_reference.py)"
            }
        }
        if let scipy {
            worstSpeedUp = min(worstSpeedUp, scipy / best)
            print(String(format: "%@ %7.3f  %9.3f  %8.2f               %@    %@", label.padding(toLength: 22, withPad: " ", startingAt: 0) as NSString, best, scipy, scipy / best,
                         errorText as NSString, scipyErrorText as NSString))
        } else {
            print(String(format: "%@ %7.3f  (scipy not available)  %@", label.padding(toLength: 22, withPad: " ", startingAt: 0) as NSString, best, errorText as NSString))
        }
    }
    print(String(format: "  worst speed-up %.2f (goal >= 4), worst error %.2e of the peak (goal <= 1e-14)", worstSpeedUp, worstError))
}
