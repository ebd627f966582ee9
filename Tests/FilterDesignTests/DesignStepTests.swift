import ComplexModule
import FilterDesign
import Foundation
import RealModule
import Testing

/// The design steps one at a time, each against its defining identity: a band
/// transform is a substitution of the frequency variable, the bilinear
/// transform another, so the factored function after the step, evaluated at a
/// point, must equal the one before it at the substituted point. And the gain
/// carried through them against scipy's `k`.
@Suite struct DesignStepTests {
    /// A prototype with zeros as well as poles (an elliptic-like low-pass), so
    /// that the zero mappings are exercised: zeros at +-2j and +-3.5j, five poles.
    static let prototype = ZeroPoleGain(
        zeros: [Complex(0, 2), Complex(0, -2), Complex(0, 3.5), Complex(0, -3.5)],
        poles: [Complex(-0.3, 0.95), Complex(-0.3, -0.95), Complex(-0.6, 0.4), Complex(-0.6, -0.4), Complex(-0.7, 0)],
        gain: 0.37)

    /// Points off the poles and zeros, in both half-planes.
    static let points = [Complex(0.3, 0.7), Complex(-0.2, 1.9), Complex(1.1, -0.4), Complex(0, 0.45), Complex(-2.5, -3.0)]

    static func relativeDifference(_ a: Complex<Double>, _ b: Complex<Double>) -> Double {
        (a - b).length / max(a.length, b.length, 1e-300)
    }

    /// Each band transform is the substitution of its frequency variable:
    /// LP s/w, HP w/s, BP (s^2 + w0^2) / (s bw), BS s bw / (s^2 + w0^2).
    @Test(arguments: [FilterBand.lowPass, .highPass, .bandPass, .bandStop])
    func bandTransformIsItsSubstitution(_ band: FilterBand) {
        for prototype in [Self.prototype, AnalogPrototype.zpk(family: .chebyshev(rippleDecibels: 0.5), order: 5, subset: nil)] {
            let (a1, a2) = (0.07, 0.19)
            let w1 = 2 * Double.pi * a1, w2 = 2 * Double.pi * a2
            let w0 = (w1 * w2).squareRoot(), bw = w2 - w1
            let mapped = BandTransform.apply(prototype, band: band, warped: a1, a2)
            #expect(mapped.poles.count == (band.hasTwoCorners ? 2 : 1) * prototype.poles.count)
            // Zeros at s = infinity stay unplaced for low-pass and band-pass (the
            // bilinear transform puts them at z = -1); high-pass moves them to
            // the origin, band-stop to +-j w0.
            let finite = (band.hasTwoCorners ? 2 : 1) * prototype.zeros.count
            let placed = band == .lowPass ? 0 : band == .bandStop ? 2 * prototype.relativeDegree : prototype.relativeDegree
            #expect(mapped.zeros.count == finite + placed)
            for s in Self.points {
                let square: Complex<Double> = s * s + Complex(w0 * w0, 0)
                let scaled: Complex<Double> = s * Complex(bw, 0)
                let t: Complex<Double>
                switch band {
                case .lowPass: t = s / Complex(w1, 0)
                case .highPass: t = Complex(w1, 0) / s
                case .bandPass: t = square / scaled
                default: t = scaled / square
                }
                let error = Self.relativeDifference(mapped.evaluate(at: s), prototype.evaluate(at: t))
                #expect(error < 1e-12, "\(band) at \(s): \(error)")
            }
        }
    }

    /// The bilinear transform z = (2 + s) / (2 - s): H_z at z(s) equals H_s at s,
    /// the zeros at infinity land at z = -1, and the gain follows.
    @Test func bilinearIsItsSubstitution() {
        let analog = BandTransform.apply(AnalogPrototype.zpk(family: .butterworth, order: 4, subset: nil), band: .bandPass,
                                         warped: 0.05, 0.12)
        for s in [Self.prototype, analog] {
            let z = Bilinear.map(s)
            #expect(z.zeros.count == s.poles.count)
            #expect(z.zeros.suffix(s.relativeDegree).allSatisfy { $0 == Complex(-1, 0) })
            for x in Self.points {
                let two = Complex<Double>(2, 0)
                let mappedPoint: Complex<Double> = (two + x) / (two - x)
                let error = Self.relativeDifference(z.evaluate(at: mappedPoint), s.evaluate(at: x))
                #expect(error < 1e-12, "at s = \(x): \(error)")
            }
        }
    }

    /// Pre-warping puts the digital corner where it is asked for: the analog
    /// corner j 2 pi alpha' maps to exp(j 2 pi alpha) on the unit circle.
    @Test func prewarpPutsTheCornerOnTheCircleAtAlpha() {
        for alpha in [0.001, 0.01, 0.0833333333, 0.2, 0.35, 0.49] {
            let z = Bilinear.map(Complex(0, 2 * Double.pi * Prewarp.warped(alpha)))
            #expect(abs(z.length - 1) < 1e-15)
            #expect(abs(Double.atan2(y: z.imaginary, x: z.real) - 2 * Double.pi * alpha) < 1e-13 * max(1, 1 / alpha))
            #expect(Prewarp.corners(alpha, alpha, discretization: .matchedZ) == (alpha, alpha))
        }
    }

    /// The normalised gain puts the passband maximum at |H| = 1 (scipy's
    /// convention): the largest |H| over the passband, searched on a fine
    /// grid, is 1 to 1e-9 and never above 1 + 1e-12. Where Fisher's point is
    /// that maximum (low-pass, high-pass and band-stop Butterworth, Bessel,
    /// odd-order Chebyshev I) k agrees with Fisher's G (from the polynomials,
    /// designs up to 10 poles; beyond, his G loses digits to cancellation in
    /// the expanded polynomials) and `passbandGain` is his G; even-order and
    /// band-pass Chebyshev I differ from it by up to the ripple.
    @Test func normalisedGainPutsThePassbandMaximumAtOne() throws {
        for family in [FilterFamily.butterworth, .bessel, .chebyshev(rippleDecibels: 1)] {
            for band in [FilterBand.lowPass, .highPass, .bandPass, .bandStop] {
                for order in [1, 2, 3, 5] {
                    let corners: Corners = band.hasTwoCorners ? .alpha(0.1, 0.2) : .alpha(0.15)
                    let recipe = try FilterRecipe(family: family, band: band, order: order, corners: corners)
                    let design = try recipe.design()
                    let k = try #require(design.normalized)
                    var peak = 0.0
                    for interval in MagnitudeSpecification.intervals(band: band, edges: [recipe.alpha1, recipe.alpha2], inner: true) {
                        for i in 0...20_000 {
                            let alpha = interval.lowerBound + (interval.upperBound - interval.lowerBound) * Double(i) / 20_000
                            peak = max(peak, k.magnitude(at: Complex(length: 1, phase: 2 * Double.pi * alpha)))
                        }
                    }
                    #expect(abs(peak - 1) < 1e-9 && peak <= 1 + 1e-12, "\(family) \(band) \(order): passband maximum \(peak)")
                    #expect(abs(k.gain * design.passbandGain.magnitude - 1) < 1e-9, "\(family) \(band) \(order)")
                    let fisher = design.fisherGain.magnitude
                    if recipe.fisherPointIsNormalizationPoint {
                        #expect(abs(k.gain * fisher - 1) < 1e-9, "\(family) \(band) \(order): k G = \(k.gain * fisher)")
                        #expect(design.passbandGain == design.fisherGain)
                    } else if family != .butterworth && family != .bessel {
                        // Chebyshev I: Fisher's G puts his point at 1, a ripple
                        // peak (even order) or a point inside the ripple (band-pass).
                        let ratio = 20 * Double.log10(k.gain * fisher)
                        #expect(ratio <= 1e-9 && ratio >= -1 - 1e-9, "\(family) \(band) \(order): \(ratio) dB")
                    }
                }
            }
        }
    }
}

/// The z-plane zeros and the gain carried through the steps, against scipy's
/// `iirfilter(..., output='zpk')` (scripts/scipy_reference.py).
@Suite struct ScipyGainAgreementTests {
    @Test func zerosAndGainAgree() throws {
        let cases = ScipyAgreementTests.cases
        var worstGain = 0.0, worstZero = 0.0
        for c in cases {
            let family: FilterFamily = c.family == "butterworth" ? .butterworth
                : c.family == "bessel" ? .bessel : .chebyshev(rippleDecibels: c.ripple!)
            let recipe = try FilterRecipe(family: family, band: FilterBand(rawValue: c.band)!, order: c.order,
                                          corners: .alpha(c.alphas[0], c.alphas.count > 1 ? c.alphas[1] : nil))
            let z = try recipe.design().zPlane
            let label = "\(c.family) \(c.band) \(c.order) \(c.alphas)"
            let gainError = abs(z.gain - c.k) / abs(c.k)
            worstGain = max(worstGain, gainError)
            #expect(gainError < 1e-9, "\(label): k \(z.gain) vs \(c.k)")
            var ours = z.zeros
            #expect(ours.count == c.zeros.count, "\(label)")
            for pair in c.zeros {
                let theirs = Complex(pair[0], pair[1])
                guard let i = ours.indices.min(by: { (ours[$0] - theirs).length < (ours[$1] - theirs).length }) else { break }
                worstZero = max(worstZero, (ours[i] - theirs).length)
                ours.remove(at: i)
            }
        }
        // scipy's zeros are exact (+-1, +-j w0 mapped); ours are the same numbers.
        #expect(worstZero < 1e-12)
        print("scipy zpk agreement over \(cases.count) designs: worst gain \(worstGain) (relative), worst zero \(worstZero)")
    }
}
