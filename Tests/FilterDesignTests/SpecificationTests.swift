import FilterDesign
import Testing

/// Each invalid specification throws the error that names its field and range.
@Suite struct SpecificationTests {
    func spec(_ family: FilterFamily = .butterworth, _ band: FilterBand? = .lowPass, order: Int? = 4,
              _ corners: Corners = .alpha(0.1), _ discretization: Discretization = .bilinear,
              poles: [Int]? = nil, zero: Double? = nil) throws(SpecificationError) -> FilterRecipe {
        try FilterRecipe(family: family, band: band, order: order, corners: corners,
                                discretization: discretization, poleSubset: poles, extraZeroAlpha: zero)
    }

    @Test(arguments: [0.0, -0.1, 0.5, 0.7, Double.nan, Double.infinity, -Double.infinity])
    func alphaOutsideOpenInterval(alpha: Double) {
        do {
            _ = try spec(.butterworth, .lowPass, order: 2, .alpha(alpha))
            Issue.record("accepted alpha = \(alpha)")
        } catch {
            guard case let .alphaOutOfRange(field, value) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(field == "corner")
            #expect(value == alpha || (value.isNaN && alpha.isNaN))
        }
    }

    @Test func namesTheFieldAndRange() {
        do {
            _ = try spec(.butterworth, .bandPass, order: 2, .alpha(0.1, 0.6))
            Issue.record("accepted alpha2 = 0.6")
        } catch {
            #expect(error == .alphaOutOfRange(field: "alpha2", value: 0.6))
            #expect(error.description == "alpha2 = 0.6 is out of range; alpha = f / fs must be above 0 and below 0.5")
        }
    }

    @Test func hertzCornerAboveNyquistNamesBothFrequencies() {
        do {
            _ = try spec(.butterworth, .bandPass, order: 2, .hertz(20, 35, sampleRate: 60))
            Issue.record("accepted 35 Hz at 60 Hz")
        } catch {
            #expect(error.description == "corner 2 35 Hz is at or above Nyquist (30 Hz) for sample rate 60 Hz")
        }
    }

    @Test func rejectsEachInvalidField() {
        let cases: [(SpecificationError, () throws(SpecificationError) -> FilterRecipe)] = [
            (.cornersNotIncreasing(alpha1: 0.2, alpha2: 0.1), { () throws(SpecificationError) in try spec(.butterworth, .bandPass, .alpha(0.2, 0.1)) }),
            (.cornersNotIncreasing(alpha1: 0.1, alpha2: 0.1), { () throws(SpecificationError) in try spec(.butterworth, .bandStop, .alpha(0.1, 0.1)) }),
            (.orderOutOfRange(0), { () throws(SpecificationError) in try spec(order: 0) }),
            (.orderOutOfRange(129), { () throws(SpecificationError) in try spec(order: 129) }),
            (.besselTableOrder(11), { () throws(SpecificationError) in
                try FilterRecipe(family: .bessel, band: .lowPass, order: 11, corners: .alpha(0.1), besselPoles: .mkfilterTable) }),
            (.orderOutOfRange(-3), { () throws(SpecificationError) in try spec(order: -3) }),
            (.missingOrder, { () throws(SpecificationError) in try spec(order: nil) }),
            (.rippleOutOfRange(-0.5), { () throws(SpecificationError) in try spec(.chebyshev(rippleDecibels: -0.5)) }),
            (.rippleOutOfRange(0), { () throws(SpecificationError) in try spec(.chebyshev(rippleDecibels: 0)) }),
            (.rippleOutOfRange(1e-300), { () throws(SpecificationError) in try spec(.chebyshev(rippleDecibels: 1e-300)) }),
            (.rippleOutOfRange(5000), { () throws(SpecificationError) in try spec(.chebyshev(rippleDecibels: 5000)) }),
            (.qualityFactorOutOfRange(0), { () throws(SpecificationError) in try spec(.resonator(.finite(0)), .bandPass, order: nil) }),
            (.qualityFactorOutOfRange(-10), { () throws(SpecificationError) in try spec(.resonator(.finite(-10)), .bandPass, order: nil) }),
            (.bandNotAllowed(family: .resonator(.finite(10)), band: .lowPass), { () throws(SpecificationError) in try spec(.resonator(.finite(10)), .lowPass, order: nil) }),
            (.orderNotAllowed(family: .resonator(.finite(10)), order: 2), { () throws(SpecificationError) in try spec(.resonator(.finite(10)), .bandPass, order: 2) }),
            (.discretizationNotAllowed(family: .resonator(.infinite), discretization: .matchedZ), { () throws(SpecificationError) in try spec(.resonator(.infinite), .allPass, order: nil, .alpha(0.1), .matchedZ) }),
            (.bandNotAllowed(family: .butterworth, band: .allPass), { () throws(SpecificationError) in try spec(.butterworth, .allPass) }),
            (.bandNotAllowed(family: .proportionalIntegral, band: .lowPass), { () throws(SpecificationError) in try spec(.proportionalIntegral, .lowPass, order: 1) }),
            (.orderNotAllowed(family: .proportionalIntegral, order: 2), { () throws(SpecificationError) in try spec(.proportionalIntegral, nil, order: 2) }),
            (.wrongNumberOfCorners(family: .butterworth, band: .lowPass, given: 2), { () throws(SpecificationError) in try spec(.butterworth, .lowPass, .alpha(0.1, 0.2)) }),
            (.wrongNumberOfCorners(family: .butterworth, band: .bandPass, given: 1), { () throws(SpecificationError) in try spec(.butterworth, .bandPass, .alpha(0.1)) }),
            (.poleIndexOutOfRange(index: 4, order: 4), { () throws(SpecificationError) in try spec(poles: [0, 4]) }),
            (.emptyPoleSubset, { () throws(SpecificationError) in try spec(poles: []) }),
            (.poleSubsetBreaksConjugatePair(index: 0, partner: 4), { () throws(SpecificationError) in try spec(order: 5, poles: [0]) }),
            (.poleSubsetNotAllowed(family: .resonator(.finite(2))), { () throws(SpecificationError) in try spec(.resonator(.finite(2)), .bandPass, order: nil, poles: [0]) }),
            (.alphaOutOfRange(field: "extra zero alpha", value: 0.5), { () throws(SpecificationError) in try spec(zero: 0.5) }),
            (.sampleRateOutOfRange(0), { () throws(SpecificationError) in try spec(.butterworth, .lowPass, .hertz(5, sampleRate: 0)) }),
        ]
        for (expected, make) in cases {
            do {
                let accepted = try make()
                Issue.record("accepted \(accepted), expected \(expected)")
            } catch {
                #expect(error == expected)
                #expect(!error.description.isEmpty)
            }
        }
    }

    /// A Chebyshev ripple too small for the arithmetic (1e-20 dB is above 0,
    /// but 10^(r/10) rounds to 1) is named with the real bounds, which are the
    /// prototype's limits in double to three digits: just inside them the
    /// design works, just outside it would not.
    @Test func chebyshevRippleMessageNamesTheValueAndTheRealRange() throws {
        let range = ChebyshevPrototype.rippleDecibelsRange
        #expect(range == 4.83e-16 ... 319)
        for r in [range.lowerBound, range.upperBound] {
            let y = ChebyshevPrototype.y(rippleDecibels: r, order: 1)
            #expect(y.isFinite && y > 0, "\(r)")
            #expect(throws: Never.self) { try spec(.chebyshev(rippleDecibels: r)) }
        }
        // The exact limits are within 0.2 % of the ones stated.
        for r in [4.82e-16, 319.1] {
            let y = ChebyshevPrototype.y(rippleDecibels: r, order: 1)
            #expect(!(y.isFinite && y > 0), "\(r)")
        }
        func message(_ r: Double) -> String {
            do {
                _ = try spec(.chebyshev(rippleDecibels: r))
                return "accepted"
            } catch {
                #expect(error == .rippleOutOfRange(r) || r.isNaN)
                return error.description
            }
        }
        let fisher = "(the range is 4.83e-16 ... 319 dB, written negated on Fisher's command line, e.g. -Ch -0.5)"
        #expect(message(1e-20) == "Chebyshev ripple 1e-20 dB is too small; it must be at least 4.83e-16 dB, "
            + "below which 10^(ripple/10) rounds to 1 and the design would divide by 0 " + fisher)
        #expect(message(4.82e-16).hasPrefix("Chebyshev ripple 4.82e-16 dB is too small; it must be at least 4.83e-16 dB"))
        #expect(message(5000) == "Chebyshev ripple 5000 dB is too large; it must be at most 319 dB, "
            + "above which the poles' real parts round to 0 " + fisher)
        #expect(message(319.05).hasPrefix("Chebyshev ripple 319.05 dB is too large; it must be at most 319 dB"))
        for r in [0, -0.5, Double.infinity, Double.nan] {
            #expect(message(r) == "Chebyshev ripple \(messageNumber(r)) dB is out of range; it must be a finite number of dB in 4.83e-16 ... 319 "
                + "(written negated on Fisher's command line, e.g. -Ch -0.5)")
        }
        // Elliptic ripples have their own message, without Chebyshev's -Ch.
        do {
            _ = try FilterRecipe(family: .elliptic(rippleDecibels: 0, attenuationDecibels: 60), band: .lowPass, order: 4, corners: .alpha(0.1))
            Issue.record("accepted an elliptic ripple of 0 dB")
        } catch {
            #expect(error == .rippleOutOfRange(0, family: .elliptic))
            #expect(error.description == "elliptic passband ripple 0 dB is out of range; it must be a finite number of dB from 1e-06 to below 300")
        }
    }

    @Test func validSubsetsAndHertzCornersAreAccepted() throws {
        let pair = try spec(order: 4, poles: [0, 3])
        #expect(try pair.design().zPlane.poles.count == 2)
        let real = try spec(order: 5, poles: [2])  // the real pole of a 5th-order Butterworth
        #expect(try real.design().zPlane.poles.count == 1)
        let hz = try spec(.butterworth, .bandPass, order: 2, .hertz(0.5, 3, sampleRate: 60))
        #expect(hz.alpha1 == 0.5 / 60 && hz.alpha2 == 3.0 / 60)
    }

    @Test func nonRealPolynomialIsADesignError() {
        #expect(throws: DesignError.polynomialNotReal(power: 0)) {
            _ = try PolynomialExpansion.expand([.init(0.5, 0.5)])
        }
    }
}
