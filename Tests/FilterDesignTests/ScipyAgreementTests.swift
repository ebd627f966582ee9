import ComplexModule
import FilterDesign
import Foundation
import RealModule
import Testing

/// The design math against scipy.signal (`butter`, `cheby1`, `bessel(norm='mag')`
/// through `iirfilter`), from the committed output of scripts/scipy_reference.py:
/// z-plane poles and denominator coefficients to 1e-9 relative, and the numerator
/// to 1e-9 relative once both are scaled to their largest coefficient (scipy
/// folds a gain into b that Fisher divides out as G).
@Suite struct ScipyAgreementTests {
    struct Case: Decodable {
        var family: String
        var ripple: Double?
        var band: String
        var order: Int
        var alphas: [Double]
        var poles: [[Double]]
        var zeros: [[Double]]
        var k: Double
        var b: [Double]
        var a: [Double]
    }
    struct Document: Decodable { var cases: [Case] }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scipy/iir-designs.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).cases
    }()

    static let tolerance = 1e-9

    @Test func corpusCoversOrdersOneToTenForEveryFamilyAndBand() {
        #expect(Self.cases.count == 1080)
        #expect(Set(Self.cases.map(\.order)) == Set(1...10))
        #expect(Set(Self.cases.map(\.band)) == ["lowPass", "highPass", "bandPass", "bandStop"])
    }

    @Test func polesAndCoefficientsAgree() throws {
        var worstPole = 0.0, worstA = 0.0, worstB = 0.0
        var failures: [String] = []
        for c in Self.cases {
            let family: FilterFamily = c.family == "butterworth" ? .butterworth
                : c.family == "bessel" ? .bessel : .chebyshev(rippleDecibels: c.ripple!)
            let spec = try FilterRecipe(
                family: family, band: FilterBand(rawValue: c.band)!, order: c.order,
                corners: .alpha(c.alphas[0], c.alphas.count > 1 ? c.alphas[1] : nil))
            let design = try spec.design()
            let label = "\(c.family) \(c.ripple.map { "\($0) dB " } ?? "")\(c.band) order \(c.order) \(c.alphas)"

            // Poles: each scipy pole has one of ours within tolerance (matched one to one).
            var ours = design.zPlane.poles
            #expect(ours.count == c.poles.count, "\(label): pole count")
            for p in c.poles {
                let theirs = Complex(p[0], p[1])
                guard let k = ours.indices.min(by: { (ours[$0] - theirs).length < (ours[$1] - theirs).length }) else { break }
                let error = (ours[k] - theirs).length / max(1, theirs.length)
                worstPole = max(worstPole, error)
                if error > Self.tolerance { failures.append("\(label): pole \(theirs) vs \(ours[k])") }
                ours.remove(at: k)
            }

            // Denominator a_k = -y_(NP-k), a_0 = 1.
            let y = design.recurrence.yCoefficients
            let a = y.reversed().map { -$0 }
            let scaleA = c.a.map(abs).max()!
            for (mine, theirs) in zip(a, c.a) {
                let error = abs(mine - theirs) / scaleA
                worstA = max(worstA, error)
                if error > Self.tolerance { failures.append("\(label): a \(mine) vs \(theirs)") }
            }
            #expect(a.count == c.a.count, "\(label): denominator length")

            // Numerator shape: b_k = x_(NZ-k), both scaled by their largest-magnitude entry.
            let b = Array(design.recurrence.xCoefficients.reversed())
            #expect(b.count == c.b.count, "\(label): numerator length")
            let pivot = c.b.indices.max(by: { abs(c.b[$0]) < abs(c.b[$1]) })!
            for (mine, theirs) in zip(b, c.b) {
                let error = abs(mine / b[pivot] - theirs / c.b[pivot])
                worstB = max(worstB, error)
                if error > Self.tolerance { failures.append("\(label): b \(mine / b[pivot]) vs \(theirs / c.b[pivot])") }
            }
        }
        print("scipy agreement over \(Self.cases.count) designs: worst pole \(worstPole), a \(worstA), b \(worstB) (relative)")
        #expect(failures.isEmpty, "\(failures.count) disagreements, first: \(failures.prefix(5))")
    }
}
