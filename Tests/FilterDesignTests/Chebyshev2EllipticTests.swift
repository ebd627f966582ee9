import ComplexModule
import Foundation
import Testing
@testable import FilterDesign

/// Chebyshev II and elliptic designs against scipy.signal's `cheby2` and
/// `ellip` (`Tests/Fixtures/scipy/cheby2-elliptic.json`, from
/// `scripts/cheby2_elliptic_reference.py`): 1,152 designs, every band, orders
/// 1-24, ripples 0.01-3 dB, attenuations 20-100 dB, corners alpha 0.001-0.49.
@Suite struct Chebyshev2EllipticTests {
    struct Design: Decodable {
        let family: String
        let band: String
        let order: Int
        let alphas: [Double]
        let ripple: Double?
        let attenuation: Double
        let zeros: [[Double]]
        let poles: [[Double]]
        let k: Double
    }
    struct Inexact: Decodable {
        let index: Int
        let relativeError: Double
    }
    struct Document: Decodable {
        let designs: [Design]
        let ellipdegCheck: [Inexact]
    }

    static let document: Document = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/scipy/cheby2-elliptic.json")
        return try! JSONDecoder().decode(Document.self, from: Data(contentsOf: url))
    }()

    static func recipe(_ d: Design) throws -> FilterRecipe {
        let family: FilterFamily = d.family == "chebyshev2"
            ? .chebyshev2(attenuationDecibels: d.attenuation)
            : .elliptic(rippleDecibels: d.ripple!, attenuationDecibels: d.attenuation)
        return try FilterRecipe(family: family, band: FilterBand(rawValue: d.band)!, order: d.order,
                                corners: .alpha(d.alphas[0], d.alphas.count > 1 ? d.alphas[1] : nil))
    }

    /// The largest distance from each of `theirs` to the nearest unused one
    /// of `ours`, relative to |theirs| (absolute below 1).
    static func worstMatch(_ ours: [Complex<Double>], _ theirs: [[Double]]) -> Double {
        var remaining = ours
        var worst = 0.0
        for pair in theirs {
            let t = Complex(pair[0], pair[1])
            guard let i = remaining.indices.min(by: { (remaining[$0] - t).length < (remaining[$1] - t).length }) else { return .infinity }
            worst = max(worst, (remaining[i] - t).length / max(t.length, 1))
            remaining.remove(at: i)
        }
        return remaining.isEmpty ? worst : .infinity
    }

    @Test func corpusCoversEveryBandAndOrder() {
        let designs = Self.document.designs
        #expect(designs.count >= 1000)
        for family in ["chebyshev2", "elliptic"] {
            for band in ["lowPass", "highPass", "bandPass", "bandStop"] {
                #expect(Set(designs.filter { $0.family == family && $0.band == band }.map(\.order)) == Set(1...24))
            }
        }
    }

    /// Zeros, poles and gain equal scipy's to 1e-9 relative, except where
    /// scipy's own degree parameter 1 - m is inexact (`ellipdegCheck`: its
    /// eight-term series in a nome near 1, and 1 - m taken in doubles); there
    /// ours must meet the ripple and attenuation that scipy misses.
    @Test func zerosPolesAndGainAgreeWithScipy() throws {
        let inexact = Dictionary(uniqueKeysWithValues: Self.document.ellipdegCheck.map { ($0.index, $0.relativeError) })
        var worst = (zero: 0.0, pole: 0.0, gain: 0.0)
        var exempt = 0
        for (index, d) in Self.document.designs.enumerated() {
            let label0 = "#\(index) \(d.family) \(d.band) order \(d.order) \(d.alphas) R \(d.ripple ?? 0) A \(d.attenuation)"
            let design: FilterDesign.Design
            do { design = try Self.recipe(d).design() } catch {
                Issue.record("\(label0): \(error)")
                continue
            }
            let z = design.zPlane
            let zeroError = Self.worstMatch(z.zeros, d.zeros)
            let poleError = Self.worstMatch(z.poles, d.poles)
            let gainError = abs(z.gain - d.k) / abs(d.k)
            let label = "#\(index) \(d.family) \(d.band) order \(d.order) \(d.alphas) R \(d.ripple ?? 0) A \(d.attenuation)"
            if let scipyError = inexact[index], scipyError > 1e-9 {
                exempt += 1
                continue
            }
            worst = (max(worst.zero, zeroError), max(worst.pole, poleError), max(worst.gain, gainError))
            #expect(zeroError <= 1e-9 && poleError <= 1e-9 && gainError <= 1e-9,
                    "\(label): zeros \(zeroError), poles \(poleError), gain \(gainError)")
        }
        print("Chebyshev II and elliptic against scipy over \(Self.document.designs.count - exempt) designs: worst zero \(worst.zero), pole \(worst.pole), gain \(worst.gain) (relative); \(exempt) where scipy is inexact checked by their bands instead")
    }

    /// How well a response in dB is known when its poles are stored in
    /// Double: a pole at distance d from the unit circle is known to about
    /// 2 eps in each coordinate, which moves |H| near it by up to 4 eps / d
    /// relative; 1e-6 dB at least (the measurement's own search).
    static func decibelUncertainty(_ zpk: ZeroPoleGain) -> Double {
        let distance = zpk.poles.map { 1 - $0.length }.min() ?? 1
        return max(1e-6, 20 * log10(1 + 4 * Double.ulpOfOne / max(distance, 1e-300)))
    }

    /// Where scipy's elliptic design misses its own ripple or attenuation,
    /// ours meets both: passband loss R and stopband attenuation A to 1e-6 dB,
    /// or to what its poles' distance from the unit circle lets Double know.
    @Test func ellipticMeetsItsBandsWhereScipyDoesNot() throws {
        for entry in Self.document.ellipdegCheck {
            let d = Self.document.designs[entry.index]
            let recipe = try Self.recipe(d)
            guard let design = try? recipe.design() else { Issue.record("#\(entry.index): design failed"); continue }
            let achieved = recipe.bandRequirements!.measure(design.normalized!)
            let tolerance = Self.decibelUncertainty(design.normalized!)
            #expect(abs(achieved.passbandLoss! - d.ripple!) <= tolerance, "#\(entry.index): loss \(achieved.passbandLoss!) for R = \(d.ripple!) (tolerance \(tolerance) dB)")
            #expect(achieved.stopbandAttenuation >= d.attenuation - tolerance, "#\(entry.index): attenuation \(achieved.stopbandAttenuation) for A = \(d.attenuation) (tolerance \(tolerance) dB)")
        }
    }

    /// Every design meets its bands: passband loss at most R (elliptic),
    /// stopband attenuation at least A, measured on the zeros, poles and gain.
    @Test func everyDesignMeetsItsBands() throws {
        var worstLoss = 0.0, worstAttenuation = Double.infinity
        for (index, d) in Self.document.designs.enumerated() where index % 4 == 0 {
            let recipe = try Self.recipe(d)
            let zpk = try recipe.design().normalized!
            let achieved = recipe.bandRequirements!.measure(zpk)
            let tolerance = Self.decibelUncertainty(zpk)
            if let loss = achieved.passbandLoss {
                worstLoss = max(worstLoss, loss - d.ripple!)
                #expect(loss <= d.ripple! + tolerance, "#\(index): loss \(loss) for R = \(d.ripple!) (tolerance \(tolerance) dB)")
            }
            worstAttenuation = min(worstAttenuation, achieved.stopbandAttenuation - d.attenuation)
            #expect(achieved.stopbandAttenuation >= d.attenuation - tolerance, "#\(index): attenuation \(achieved.stopbandAttenuation) for A = \(d.attenuation) (tolerance \(tolerance) dB)")
        }
        print("bands of every fourth design: loss exceeds R by at most \(worstLoss) dB, attenuation beyond A by at least \(worstAttenuation) dB")
    }
}
