import ComplexModule
import FilterAnalysis
import FilterDesign
import FilterRuntime
import Foundation
import RealModule
import Testing

/// The references `mkfilter verify` compares a filter with, against the same
/// numbers at 40 digits (`scripts/verify_accuracy_reference.py`,
/// `Tests/Fixtures/mpmath/verify-accuracy.json`): six sharp designs' sections
/// exactly as stored, their response at frequencies crowded around every
/// resonance (within 6 pole distances), and their poles and zeros.
///
/// The **responses-agree** check asks the response from the sections, from
/// the poles and zeros and from the impulse response to agree within 1e-10
/// of the peak; each must therefore be good to well below that on filters
/// whose poles lie 3e-6 from the unit circle.
@Suite struct VerificationAccuracyTests {
    struct Case: Decodable, Sendable {
        var arguments: String
        var sections: [[String]]
        var poles: [[String]]
        var zeros: [[String]]
        var response: [[String]]

        var biquads: [Biquad] {
            sections.map { r in
                Biquad(b0: Double(r[0])!, b1: Double(r[1])!, b2: Double(r[2])!, a1: Double(r[3])!, a2: Double(r[4])!)
            }
        }
        var reference: [(alpha: Double, h: Complex<Double>)] {
            response.map { (Double($0[0])!, Complex(Double($0[1])!, Double($0[2])!)) }
        }
    }
    struct Document: Decodable { var cases: [Case] }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mpmath/verify-accuracy.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url)).cases
    }()

    /// The worst |ours - reference| over a case's frequencies, relative to its
    /// peak (the largest |H| of the reference).
    static func worstError(_ c: Case, _ ours: (Double) -> Complex<Double>) -> Double {
        let reference = c.reference
        let peak = reference.map(\.h.length).max()!
        return reference.map { (ours($0.alpha) - $0.h).length / peak }.max()!
    }

    /// Each section's numerator and denominator summed as they stand, at
    /// u = e^{-jw} from the full angle: what `SectionResponse` did before it
    /// expanded them about z = +-1, for comparison.
    static func plainSections(_ sections: [Biquad], _ alpha: Double) -> Complex<Double> {
        let u = Complex<Double>(length: 1, phase: -2 * Double.pi * alpha)
        let u2 = u * u
        var h = Complex<Double>(1, 0)
        for s in sections {
            let n = Complex(s.b0, 0) + Complex(s.b1, 0) * u + Complex(s.b2, 0) * u2
            let d = Complex(1, 0) + Complex(s.a1, 0) * u + Complex(s.a2, 0) * u2
            h *= n / d
        }
        return h
    }

    /// The product of (1 - r u) over single-double roots, u from the full
    /// angle: what `PoleZeroForm` did before it kept anchors, for comparison.
    static func plainPoleZero(_ form: PoleZeroForm, _ alpha: Double) -> Complex<Double> {
        let u = Complex<Double>(length: 1, phase: -2 * Double.pi * alpha)
        var h = Complex<Double>(form.scale, 0)
        for z in form.zeros { h *= 1 - z * u }
        var d = Complex<Double>(1, 0)
        for p in form.poles { d *= 1 - p * u }
        return h / d
    }

    /// A response (`name`) against mpmath on every case: its worst error
    /// (`worstError`) at most `tolerance` of the peak. Prints each case's
    /// error and the worst, with those of `plain`, the way before (for
    /// comparison, not checked). `responses` gives both for a case.
    static func againstMpmath(_ name: String, within tolerance: Double, plain plainName: String,
                              sourceLocation: SourceLocation = #_sourceLocation,
                              _ responses: (Case) -> (ours: (Double) -> Complex<Double>, plain: (Double) -> Complex<Double>)) {
        var worst = 0.0, worstPlain = 0.0
        for c in cases {
            let (ours, plainResponse) = responses(c)
            let error = worstError(c, ours)
            let plain = worstError(c, plainResponse)
            print("\(name) \(c.arguments): \(error) of the peak (\(plainName): \(plain))")
            worst = max(worst, error)
            worstPlain = max(worstPlain, plain)
            #expect(error <= tolerance, "\(c.arguments): \(error)", sourceLocation: sourceLocation)
        }
        print("\(name) against mpmath: worst \(worst) of the peak; \(plainName) \(worstPlain)")
    }

    /// `SectionResponse` within 2e-11 of the peak at every frequency of every
    /// case (measured 7.2e-12 at worst; summed as they stand from the full
    /// angle, with no expansion about z = +-1: up to 7e-9).
    ///
    /// The frequency itself is exact (the angle in double-double, the point's
    /// residual made good to first order: `PoleZeroForm.CirclePoint`); when
    /// pi alpha, sin and cos were rounded doubles, the point was within about
    /// an ulp of e^{-jw}, which near a pole at distance d moved H by about
    /// eps w / d relative per pole: 9.7e-12 measured on the band-pass at alpha
    /// 0.05 with d = 1.1e-5 and 24 poles there. What is left is the rounding
    /// of u, its powers and the sums at the point. Designs whose poles crowd
    /// near z = +-1 agree to 1e-13.
    @Test func sectionResponseAgainstMpmath() {
        Self.againstMpmath("SectionResponse", within: 2e-11, plain: "summed as they stand") { c in
            let sections = c.biquads
            return ({ SectionResponse.response(sections, atAlpha: $0) }, { Self.plainSections(sections, $0) })
        }
    }

    /// `PoleZeroForm(sections:)` within 2e-11 of the peak, for the same reason
    /// (measured 8.8e-12, 1.2e-11 at rounded angles; roots as single doubles
    /// and u from the full angle, the form before anchors: up to 2.4e-11, 2e-11
    /// of it on a Chebyshev band-pass near dc that now agrees to 1.2e-13).
    @Test func poleZeroFormAgainstMpmath() {
        Self.againstMpmath("PoleZeroForm", within: 2e-11, plain: "single-double roots") { c in
            let form = PoleZeroForm(sections: c.biquads)
            return ({ form.response(atAlpha: $0) }, { Self.plainPoleZero(form, $0) })
        }
    }

    /// The poles and zeros of the sections, anchor + offset, within 1e-9 of
    /// their distance from the unit circle (what sets the response near them)
    /// and 1e-14 absolute.
    @Test func rootsAgainstMpmath() {
        var worstPole = 0.0
        for c in Self.cases {
            let form = PoleZeroForm(sections: c.biquads)
            for (isPole, ours, reference) in [(true, form.poleParts, c.poles), (false, form.zeroParts, c.zeros)] {
                var remaining = ours
                #expect(remaining.count == reference.count, "\(c.arguments)")
                for pair in reference {
                    let r = Complex(Double(pair[0])!, Double(pair[1])!)
                    // (anchor + offset) - r, the anchor taken away first.
                    func difference(_ p: (anchor: Double, offset: Complex<Double>)) -> Double {
                        (p.offset - Complex(r.real - p.anchor, r.imaginary)).length
                    }
                    guard let i = remaining.indices.min(by: { difference(remaining[$0]) < difference(remaining[$1]) }) else { break }
                    let distance = abs(1 - r.length)
                    let error = difference(remaining[i])
                    if isPole { worstPole = max(worstPole, error / distance) }
                    #expect(error <= max(1e-9 * distance, 1e-14), "\(c.arguments): root \(r), ours \(remaining[i])")
                    remaining.remove(at: i)
                }
            }
        }
        print("poles against mpmath: worst \(worstPole) of their distance from the unit circle")
    }

    /// A design of `scripts/verify_grid_reference.py`
    /// (`Tests/Fixtures/mpmath/verify-grid.json`): sections as stored, the
    /// FFT length of verify's grid and the exact response at its points
    /// k / n around every resonance.
    struct GridCase: Decodable, Sendable {
        var arguments: String
        var sections: [[String]]
        var fftLength: Int
        var response: [[String]]
    }
    struct GridDocument: Decodable { var cases: [GridCase] }

    static let gridCases: [GridCase] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/mpmath/verify-grid.json")
        return try! JSONDecoder().decode(GridDocument.self, from: Data(contentsOf: url)).cases
    }()

    /// The product of the factors at the point libm's sine and cosine of the
    /// rounded half angle pi alpha give, uncorrected: where `PoleZeroForm`
    /// evaluated before it took the angle in double-double, for comparison.
    static func roundedAnglePoleZero(_ form: PoleZeroForm, _ alpha: Double) -> Complex<Double> {
        let point = PoleZeroForm.CirclePoint(sine: Double.sin(Double.pi * alpha), cosine: Double.cos(Double.pi * alpha))
        var h = Complex<Double>(form.scale, 0), d = Complex<Double>(1, 0)
        for (a, w) in form.zeroParts { h *= point.oneMinus(anchor: a) - w * point.u }
        for (a, w) in form.poleParts { d *= point.oneMinus(anchor: a) - w * point.u }
        return h / d
    }

    /// The responses **responses-agree** compares, on its own grid (n = 2^22
    /// for poles 1.5e-6 from the unit circle), within 3e-11 of the peak of
    /// mpmath's at every point around the resonances: `SectionResponse` on
    /// the grid (measured 1.9e-11) and `PoleZeroForm` at k / n (1.5e-11).
    ///
    /// Evaluated where the rounded half angle pi k / n and libm's sine and
    /// cosine of it put the point, up to 4.4e-16 rad off w, the responses moved
    /// by up to 4.4e-16 / 1.5e-6 relative near each pole: 1.2e-10 from
    /// mpmath at these points, and the check failed at 1.47e-10. The remainder is the arithmetic at the
    /// point (u and its powers, the sums, each rounded: about an ulp over the
    /// distance to the nearest pole).
    @Test func gridResponsesAgainstMpmath() {
        for c in Self.gridCases {
            let sections = c.sections.map { r in
                Biquad(b0: Double(r[0])!, b1: Double(r[1])!, b2: Double(r[2])!, a1: Double(r[3])!, a2: Double(r[4])!)
            }
            let grid = FrequencyGrid(count: c.fftLength / 2 + 1)
            let bySections = SectionResponse.response(sections, grid: grid)
            let form = PoleZeroForm(sections: sections)
            let reference = c.response.map { (k: Int($0[0])!, h: Complex(Double($0[1])!, Double($0[2])!)) }
            let peak = reference.map(\.h.length).max()!
            var worst = (sections: 0.0, poleZero: 0.0, roundedAngle: 0.0)
            for (k, h) in reference {
                let alpha = grid.alpha(k)
                worst.sections = max(worst.sections, (bySections.values[k] - h).length / peak)
                worst.poleZero = max(worst.poleZero, (form.response(atAlpha: alpha) - h).length / peak)
                worst.roundedAngle = max(worst.roundedAngle, (Self.roundedAnglePoleZero(form, alpha) - h).length / peak)
            }
            print("on verify's grid, \(c.arguments): sections \(worst.sections), poles and zeros \(worst.poleZero) of the peak (at the rounded angle: \(worst.roundedAngle))")
            #expect(worst.sections <= 3e-11, "\(c.arguments): sections \(worst.sections)")
            #expect(worst.poleZero <= 3e-11, "\(c.arguments): poles and zeros \(worst.poleZero)")
        }
    }

    /// The point on the unit circle: |u| = 1 and 1 - u, 1 + u consistent with
    /// u to an ulp, at the half angles where sin and cos round worst.
    @Test func circlePointIsOnTheCircle() {
        var worst = 0.0
        for k in 0...4096 {
            let alpha = 0.5 * Double(k) / 4096
            let p = PoleZeroForm.CirclePoint(alpha: alpha)
            // |u|^2 - 1 in double-double terms: (1 - u) + (1 + u) = 2 and
            // |1 - u|^2 = 2 Re(1 - u) on the circle.
            let d = p.oneMinus
            let onCircle = abs(d.lengthSquared - 2 * d.real) / max(d.lengthSquared, 1e-300)
            worst = max(worst, onCircle)
        }
        print("circle points: |1 - u|^2 = 2 Re(1 - u) within \(worst) relative")
        #expect(worst <= 1e-15)
    }
}
