import ComplexModule
import FilterDesign
import Testing

@Suite struct BesselPrototypeTests {
    /// Fisher's table agrees with the computed poles to its own accuracy.
    /// 19 of its 30 entries are the correctly rounded 12-digit values; the rest
    /// are off by up to 1.1e-10 (order 10), which is why the table is kept for
    /// mkfilter compatibility instead of being regenerated (COMPATIBILITY.md).
    @Test(arguments: 1...10) func computedPolesAgreeWithFishersTable(order: Int) {
        let computed = BesselPrototype.upperHalfPlanePoles(order: order)
        let table = BesselPrototype.mkfilterTable[order - 1]
        #expect(computed.count == table.count)
        for (p, (re, im)) in zip(computed, table) {
            #expect(abs(p.real - re) <= 2e-10 && abs(p.imaginary - im) <= 2e-10,
                    "order \(order): computed \(p), table (\(re), \(im))")
        }
    }

    /// Exact values (mpmath, 40 digits) for order 10, where the table is worst:
    /// the computed poles are right to about 1e-15.
    @Test func orderTenMatchesHighPrecisionReference() {
        let reference: [(Double, Double)] = [
            (-1.92761969137228, 0.241623470971533), (-1.84219624452483, 0.727257597757478),
            (-1.66181024136215, 1.22110021857916), (-1.36069227838454, 1.73350574266148),
            (-0.865756901708375, 2.29260483098248),
        ]
        for (p, (re, im)) in zip(BesselPrototype.upperHalfPlanePoles(order: 10), reference) {
            #expect(abs(p.real - re) < 1e-13 && abs(p.imaginary - im) < 1e-13, "\(p) vs (\(re), \(im))")
        }
    }

    /// The poles are -3 dB normalised: |H(j1)|^2 = 1/2 for H(s) = prod(-p) / prod(s - p).
    @Test(arguments: [1, 2, 3, 5, 8, 10, 15, 20]) func magnitudeIsHalfPowerAtOneRadian(order: Int) {
        let poles = BesselPrototype.poles(order: order)
        var h = Complex<Double>(1, 0)
        for p in poles { h = h * (-p) / (Complex(0, 1) - p) }
        #expect(abs(h.lengthSquared - 0.5) < 1e-12, "order \(order): |H(j1)|^2 = \(h.lengthSquared)")
        #expect(poles.count == order)
        #expect(poles.allSatisfy { $0.real < 0 })
    }
}
