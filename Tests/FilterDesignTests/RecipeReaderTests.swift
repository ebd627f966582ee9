import FilterDesign
import Testing

/// `RecipeReader`: the rules that join a draft's fields, checked once for
/// every form, each broken rule found and in the reader's order.
@Suite struct RecipeReaderTests {
    /// A fourth-order Butterworth low-pass at alpha 0.1: reads.
    static var lowPass: RecipeDraft {
        var d = RecipeDraft()
        d.families = [.butterworth]
        d.bands = [.lowPass]
        d.order = 4
        d.alphas = [0.1]
        return d
    }

    @Test func aCompleteDraftReads() throws {
        #expect(RecipeReader.problems(Self.lowPass).isEmpty)
        let recipe = try RecipeReader.recipe(Self.lowPass)
        #expect(recipe == (try FilterRecipe(family: .butterworth, band: .lowPass, order: 4, corners: .alpha(0.1))))
    }

    /// Each rule, broken alone, gives its one problem.
    @Test func eachRuleBrokenAloneGivesItsProblem() {
        let cases: [(String, (inout RecipeDraft) -> Void, [RecipeProblem])] = [
            ("no family", { $0.families = [] }, [.familyCount]),
            ("two families", { $0.families = [.butterworth, .bessel] }, [.familyCount]),
            ("Chebyshev without ripple", { $0.families = [.chebyshev] }, [.missingParameter(.ripple, family: .chebyshev)]),
            ("elliptic without both", { $0.families = [.elliptic] },
             [.missingParameter(.ripple, family: .elliptic), .missingParameter(.attenuation, family: .elliptic)]),
            ("ripple on a Butterworth", { $0.ripple = 0.5 }, [.parameterNotForFamily(.ripple, family: .butterworth)]),
            ("Q on a Butterworth", { $0.quality = .finite(10) }, [.parameterNotForFamily(.q, family: .butterworth)]),
            ("no band", { $0.bands = [] }, [.bandCount]),
            ("two bands", { $0.bands = [.lowPass, .highPass] }, [.bandCount]),
            ("all-pass", { $0.bands = [.allPass] }, [.bandCount, .allPassNeedsResonator]),
            ("no order", { $0.order = nil }, [.missingOrder]),
            ("order 129", { $0.order = 129 }, [.orderOutOfRange(129)]),
            ("pole 4 of order 4", { $0.poles = [0, 4] }, [.poleIndexOutOfRange(index: 4, order: 4)]),
            ("no corners", { $0.alphas = nil }, [.missingCorners]),
            ("corners two ways", { $0.cornersHertz = [5]; $0.sampleRate = .given(60) }, [.cornersTwoWays]),
            ("Hz without a rate", { $0.alphas = nil; $0.cornersHertz = [5] }, [.cornersNeedSampleRate]),
            ("a rate without Hz", { $0.alphas = nil; $0.sampleRate = .given(60) }, [.sampleRateNeedsCorners]),
        ]
        for (name, change, expected) in cases {
            var d = Self.lowPass
            change(&d)
            #expect(RecipeReader.problems(d) == expected, "\(name)")
            #expect(throws: RecipeReadingError.problems(expected), "\(name)") { try RecipeReader.recipe(d) }
        }
    }

    @Test func resonatorsAndProportionalIntegralFiltersHaveTheirOwnRules() {
        var resonator = RecipeDraft()
        resonator.families = [.resonator]
        resonator.quality = .finite(20)
        resonator.bands = [.lowPass]
        resonator.order = 2
        resonator.transform = .matchedZ
        resonator.alphas = [0.1]
        #expect(RecipeReader.problems(resonator) == [.resonatorBand, .notForResonator([.band, .order, .transform])])
        resonator.bands = [.bandPass]
        resonator.order = nil
        resonator.transform = .bilinear
        #expect(RecipeReader.problems(resonator).isEmpty)

        var pi = RecipeDraft()
        pi.families = [.proportionalIntegral]
        pi.bands = [.lowPass]
        pi.poles = [0]
        pi.alphas = [0.1]
        #expect(RecipeReader.problems(pi) == [.notForProportionalIntegral(.band), .proportionalIntegralOrder,
                                              .notForProportionalIntegral(.poles)])
    }

    /// Chebyshev II and elliptic filters have their zeros on the unit
    /// circle: no transform but the pre-warped bilinear one, no pole subset,
    /// no extra zero, each reported, in that order; and a typed recipe breaking
    /// the same rule is refused with the same finding.
    @Test func familiesWithStopbandZerosTakeNoTransformPolesOrExtraZero() {
        var d = Self.lowPass
        d.families = [.elliptic]
        d.ripple = 1
        d.attenuation = 40
        #expect(RecipeReader.problems(d).isEmpty)
        d.transform = .bilinear
        #expect(RecipeReader.problems(d).isEmpty)
        d.transform = .bilinearWithoutPrewarp
        d.poles = [0, 1]
        d.extraZeroAlpha = 0.3
        #expect(RecipeReader.problems(d) == [.notWithStopbandZeros(.transform, family: .elliptic),
                                             .notWithStopbandZeros(.poles, family: .elliptic),
                                             .notWithStopbandZeros(.extraZero, family: .elliptic)])
        d.families = [.chebyshev2]
        d.ripple = nil
        d.transform = nil
        d.poles = nil
        #expect(RecipeReader.problems(d) == [.notWithStopbandZeros(.extraZero, family: .chebyshev2)])
        d.families = [.butterworth]
        d.attenuation = nil
        #expect(RecipeReader.problems(d).isEmpty)

        #expect(throws: SpecificationError.extraZeroNotAllowed(family: .chebyshev2(attenuationDecibels: 40))) {
            try FilterRecipe(family: .chebyshev2(attenuationDecibels: 40), band: .lowPass, order: 4, corners: .alpha(0.1), extraZeroAlpha: 0.3)
        }
        #expect(throws: SpecificationError.discretizationNotAllowed(family: .elliptic(rippleDecibels: 1, attenuationDecibels: 40),
                                                                    discretization: .matchedZ)) {
            try FilterRecipe(family: .elliptic(rippleDecibels: 1, attenuationDecibels: 40), band: .lowPass, order: 4,
                             corners: .alpha(0.1), discretization: .matchedZ, poleSubset: [0, 1])
        }
    }

    @Test func aSpecificationTakesNoOrderOrCorners() throws {
        var d = RecipeDraft()
        d.families = [.bessel]
        d.order = 3
        d.alphas = [0.1]
        d.ripple = 1
        d.passband = [0.1]
        d.stopbandAttenuation = 40
        #expect(RecipeReader.problems(d) == [
            .noSpecificationFor(.bessel), .notWithSpecification(.ripple), .notWithSpecification(.order),
            .notWithSpecification(.corners), .missingForSpecification(.stopband), .missingForSpecification(.passbandLoss),
        ])
        var ok = RecipeDraft()
        ok.families = [.elliptic]
        (ok.passband, ok.stopband, ok.passbandLoss, ok.stopbandAttenuation) = ([5], [7], 0.5, 50)
        ok.sampleRate = .later
        #expect(RecipeReader.problems(ok).isEmpty)
        #expect(throws: RecipeReadingError.problems([.missingSampleRate])) { try RecipeReader.recipe(ok) }
        let recipe = try RecipeReader.recipe(ok, sampleRate: 60)
        #expect(recipe.order == 6, "scipy's ellipord(5, 7, 0.5, 50, fs=60) is 6")
    }

    /// A value out of range is the recipe's own check, with its typed error.
    @Test func aValueOutOfRangeIsTheRecipesError() {
        var d = Self.lowPass
        d.alphas = [0.6]
        #expect(RecipeReader.problems(d).isEmpty)
        #expect(throws: RecipeReadingError.outOfRange(.alphaOutOfRange(field: "corner", value: 0.6))) { try RecipeReader.recipe(d) }
    }
}
