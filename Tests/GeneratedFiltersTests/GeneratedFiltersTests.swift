import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation
import GeneratedFilters
import Testing

/// The committed Shake! filters: the designer's coefficients exactly, and
/// filters that do what their names say when run.
@Suite struct GeneratedFiltersTests {
    static let sets: [(Double, [DigitalFilterTemplate])] = [(60, ShakeFilters60Hz.all), (100, ShakeFilters100Hz.all)]

    @Test func shakesMenuIsComplete() {
        for (rate, all) in Self.sets {
            #expect(all.count == 12, "\(rate) Hz")
            #expect(all.filter { $0.filterClass == .passThrough }.count == 1)
            #expect(all.filter { $0.provenance.family == "butterworth" }.count == 11)
            #expect(all.allSatisfy { $0.designSampleRate == rate })
        }
    }

    /// Each template's numbers are the designer's recurrence, bit for bit.
    @Test func coefficientsAreTheDesignersRecurrence() throws {
        for (rate, all) in Self.sets {
            for t in all where t.filterClass != .passThrough {
                let band: FilterBand = t.filterClass == .lowPass ? .lowPass : t.filterClass == .highPass ? .highPass : .bandPass
                let spec = try FilterRecipe(
                    family: .butterworth, band: band, order: t.order,
                    corners: .hertz(t.cornerFrequency1, band == .bandPass ? t.cornerFrequency2 : nil, sampleRate: rate))
                let design = try spec.design()
                #expect(t.xCoefficients == design.recurrence.xCoefficients, "\(t.name) at \(rate) Hz: x")
                #expect(t.yCoefficients == Array(design.recurrence.yCoefficients.dropLast()), "\(t.name) at \(rate) Hz: y")
                #expect(t.gain == design.passbandGain.magnitude, "\(t.name) at \(rate) Hz: G")
            }
        }
    }

    /// The steady-state gain of the runtime filter at `frequency` Hz: a unit
    /// sine run until the transient has died away, then y = A cos + B sin fitted
    /// by least squares (exact for a sinusoid, whole periods or not).
    static func measuredGain(_ t: DigitalFilterTemplate, at frequency: Double) -> Double {
        var filter = DigitalFilter<Double>(t)
        let w = 2 * Double.pi * frequency / t.designSampleRate
        let settle = 40_000, measure = 4_000
        var cc = 0.0, ss = 0.0, cs = 0.0, yc = 0.0, ys = 0.0
        for n in 0..<(settle + measure) {
            let y = filter.process(sin(w * Double(n)))
            guard n >= settle else { continue }
            let (c, s) = (cos(w * Double(n)), sin(w * Double(n)))
            cc += c * c; ss += s * s; cs += c * s; yc += y * c; ys += y * s
        }
        let det = cc * ss - cs * cs
        let a = (yc * ss - ys * cs) / det, b = (ys * cc - yc * cs) / det
        return (a * a + b * b).squareRoot()
    }

    /// Where a pre-warped Butterworth band-pass peaks: the digital image of the
    /// geometric centre of the warped corners, atan(pi sqrt(a1' a2')) / pi.
    static func peakFrequency(_ t: DigitalFilterTemplate) -> Double {
        let warped = [t.cornerFrequency1, t.cornerFrequency2].map { tan(Double.pi * $0 / t.designSampleRate) / Double.pi }
        return atan(Double.pi * (warped[0] * warped[1]).squareRoot()) / Double.pi * t.designSampleRate
    }

    /// Unity gain at the passband maximum (dc, Nyquist, or a band-pass's
    /// peak at the image of the analog centre, scipy's convention), and
    /// -3 dB (1/sqrt 2) at every Butterworth corner.
    ///
    /// Tolerance 1e-7: the exact answer is 1/sqrt 2; what the direct-form
    /// recurrence delivers in double differs by its rounding noise, largest
    /// (7.8e-9) for the narrowest low band-pass (3rd order, 0.5-3 Hz at 100 Hz).
    @Test func gainsAreWhatTheNamesSay() {
        let halfPower = 0.5.squareRoot()
        let tolerance = 1e-7
        for (rate, all) in Self.sets {
            for t in all {
                let label = "\(t.name) at \(rate) Hz"
                switch t.filterClass {
                case .passThrough:
                    var filter = DigitalFilter<Double>(t)
                    #expect([0.5, -2, 3].map { filter.process($0) } == [0.5, -2, 3])
                case .lowPass:
                    var filter = DigitalFilter<Double>(t)
                    var y = 0.0
                    for _ in 0..<5000 { y = filter.process(1) }
                    #expect(abs(y - 1) < 1e-12, "\(label): dc gain \(y)")
                    let g = Self.measuredGain(t, at: t.cornerFrequency1)
                    #expect(abs(g - halfPower) < tolerance, "\(label): gain \(g) at the corner")
                case .highPass:
                    var filter = DigitalFilter<Double>(t)
                    var y = 0.0
                    for n in 0..<5000 { y = filter.process(n % 2 == 0 ? 1 : -1) }
                    #expect(abs(abs(y) - 1) < 1e-12, "\(label): Nyquist gain \(y)")
                    let g = Self.measuredGain(t, at: t.cornerFrequency1)
                    #expect(abs(g - halfPower) < tolerance, "\(label): gain \(g) at the corner")
                default:
                    // The passband maximum is 1 (scipy's convention), not the
                    // gain at Fisher's arithmetic centre of the corners.
                    let peak = Self.measuredGain(t, at: Self.peakFrequency(t))
                    #expect(abs(peak - 1) < tolerance, "\(label): passband maximum \(peak)")
                    for corner in [t.cornerFrequency1, t.cornerFrequency2] {
                        let g = Self.measuredGain(t, at: corner) / peak
                        #expect(abs(g - halfPower) < tolerance, "\(label): gain \(g) of the peak at \(corner) Hz")
                    }
                }
            }
        }
    }

    /// The impulse responses shipped with the filters are the runtime's.
    @Test func shippedImpulseResponsesMatchTheRuntime() {
        let pairs: [(DigitalFilterTemplate, [Double])] = [
            (ShakeFilters60Hz.butterworthLP5Hz, ShakeFilters60Hz.butterworthLP5HzImpulseResponse),
            (ShakeFilters60Hz.butterworthBP3rd05To3Hz, ShakeFilters60Hz.butterworthBP3rd05To3HzImpulseResponse),
            (ShakeFilters100Hz.butterworthBP3rd4To8Hz, ShakeFilters100Hz.butterworthBP3rd4To8HzImpulseResponse),
        ]
        for (t, shipped) in pairs {
            #expect(TemplateBuilder.impulseResponse(t, count: shipped.count) == shipped, "\(t.name)")
        }
    }
}
