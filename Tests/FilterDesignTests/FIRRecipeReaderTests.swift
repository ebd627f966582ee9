import FilterDesign
import Testing

/// `RecipeReader` on a FIR draft: the same reader as for IIR recipes, with
/// the FIR methods' rules, each broken rule found and in the reader's order.
@Suite struct FIRRecipeReaderTests {
    /// remez, 31 taps, pass to 6 Hz and stop from 7.5 Hz at 60 Hz.
    static var remez: RecipeDraft {
        var d = RecipeDraft()
        d.firMethod = .remez
        d.taps = 31
        d.bandEdges = [0, 6, 7.5, 30]
        d.desired = [1, 0]
        d.sampleRate = .given(60)
        return d
    }

    /// The specification: pass to 6 Hz within 0.5 dB, 40 dB from 9 Hz.
    static var specification: RecipeDraft {
        var d = RecipeDraft()
        d.firMethod = .fir
        d.passband = [6]
        d.stopband = [9]
        d.passbandLoss = 0.5
        d.stopbandAttenuation = 40
        d.sampleRate = .given(60)
        return d
    }

    @Test func aCompleteDraftReadsWithItsFrequenciesInAlphas() throws {
        #expect(RecipeReader.problems(Self.remez).isEmpty)
        let expected = FIRRecipe(method: .remez(taps: 31, bands: [0, 6 / 60, 7.5 / 60, 0.5], desired: [1, 0], weights: nil,
                                                type: .bandpass), sampleRate: 60)
        #expect(try RecipeReader.firDefinition(Self.remez) == .recipe(expected))

        let spec = FIRSpecification(passbandEdges: [0.1], stopbandEdges: [0.15], passbandRipple: 0.5, stopbandAttenuation: 40,
                                    sampleRate: 60)
        #expect(try RecipeReader.firDefinition(Self.specification) == .specification(spec))

        // A rate given apart (a filter set's) is the same as one given with the fields.
        var later = Self.remez
        later.sampleRate = .later
        #expect(try RecipeReader.firDefinition(later, sampleRate: 60) == .recipe(expected))
        #expect(throws: RecipeReadingError.problems([.missingSampleRate])) { try RecipeReader.firDefinition(later) }
    }

    /// firwin's defaults: low-pass for one cutoff, band-pass for two,
    /// Hamming's window, scaled; Kaiser's for a width.
    @Test func firwinsDefaults() throws {
        var d = RecipeDraft()
        d.firMethod = .firwin
        d.taps = 15
        d.cutoffs = [0.1]
        #expect(try RecipeReader.firDefinition(d)
                == .recipe(FIRRecipe(method: .firwin(taps: 15, cutoffs: [0.1], band: .lowpass, window: .hamming, width: nil, scale: true))))
        d.cutoffs = [0.1, 0.2]
        d.width = 0.05
        d.noScale = true
        #expect(try RecipeReader.firDefinition(d)
                == .recipe(FIRRecipe(method: .firwin(taps: 15, cutoffs: [0.1, 0.2], band: .bandpass, window: .hamming, width: 0.05,
                                                     scale: false))))
    }

    /// Each rule, broken alone, gives its one problem.
    @Test func eachRuleBrokenAloneGivesItsProblem() {
        let cases: [(String, RecipeDraft, (inout RecipeDraft) -> Void, [RecipeProblem])] = [
            ("no taps", Self.remez, { $0.taps = nil }, [.missingForDesign(.taps, design: .remez)]),
            ("0 taps", Self.remez, { $0.taps = 0 }, [.tapsOutOfRange(0)]),
            // Each method's own range (remez 1 ... 10,001, firls 1 ... 10,001, firwin 1 ... 1,000,001).
            ("remez beyond its range", Self.remez, { $0.taps = 20_003 }, [.tapsOutOfRange(20_003)]),
            ("firls beyond its range", Self.remez, { $0.firMethod = .firls; $0.taps = 10_003; $0.desired = [1, 1, 0, 0] },
             [.tapsOutOfRange(10_003)]),
            ("firwin beyond its range", Self.remez,
             { $0.firMethod = .firwin; $0.bandEdges = nil; $0.desired = nil; $0.cutoffs = [5]; $0.taps = 1_000_003 },
             [.tapsOutOfRange(1_000_003)]),
            ("no bands", Self.remez, { $0.bandEdges = nil }, [.missingForDesign(.bands, design: .remez)]),
            ("no desired", Self.remez, { $0.desired = nil }, [.missingForDesign(.desired, design: .remez)]),
            ("firwin's cutoff", Self.remez, { $0.cutoffs = [0.1] }, [.notForDesign(.cutoffs, design: .remez)]),
            ("an IIR order", Self.remez, { $0.order = 4 }, [.notForDesign(.order, design: .remez)]),
            ("an IIR family", Self.remez, { $0.families = [.butterworth] }, [.notForDesign(.family, design: .remez)]),
            ("firls takes no type", Self.remez, { $0.firMethod = .firls; $0.remezType = .hilbert },
             [.notForDesign(.remezType, design: .firls)]),
            ("firwin without cutoffs", Self.remez, { $0.firMethod = .firwin; $0.bandEdges = nil; $0.desired = nil },
             [.missingForDesign(.cutoffs, design: .firwin)]),
            ("a window and a width", Self.remez,
             { $0.firMethod = .firwin; $0.bandEdges = nil; $0.desired = nil; $0.cutoffs = [5]; $0.window = .hann; $0.width = 1 },
             [.windowAndWidth]),
            ("firwin2 without gains", Self.remez,
             { $0.firMethod = .firwin2; $0.bandEdges = nil; $0.desired = nil; $0.frequencies = [0, 30] },
             [.missingForDesign(.gains, design: .firwin2)]),
            ("taps with a specification", Self.specification, { $0.taps = 31 }, [.notWithSpecification(.taps)]),
            ("no attenuation", Self.specification, { $0.stopbandAttenuation = nil }, [.missingForSpecification(.stopbandAttenuation)]),
            ("no edges", Self.specification, { $0.passband = nil; $0.stopband = nil },
             [.missingForSpecification(.passband), .missingForSpecification(.stopband)]),
            ("remez's bands with a specification", Self.specification, { $0.bandEdges = [0, 0.5] }, [.notForDesign(.bands, design: .fir)]),
        ]
        for (name, base, change, expected) in cases {
            var d = base
            change(&d)
            #expect(RecipeReader.problems(d) == expected, "\(name)")
            #expect(throws: RecipeReadingError.problems(expected), "\(name)") { try RecipeReader.firDefinition(d) }
        }
    }

    /// The reader bounds the taps by the method's own range: 20,003 taps is
    /// refused for remez (above) but read for firwin; `fir`, which
    /// refuses taps, has the widest range for its messages.
    @Test func tapsRangeIsTheMethods() throws {
        var d = Self.remez
        d.firMethod = .firwin
        d.bandEdges = nil
        d.desired = nil
        d.cutoffs = [5]
        d.taps = 20_003
        #expect(RecipeReader.problems(d).isEmpty)
        #expect(RecipeReader.tapsRange(for: .remez) == 1...10_001)
        #expect(RecipeReader.tapsRange(for: .firls) == 1...10_001)
        #expect(RecipeReader.tapsRange(for: .firwin2) == 1...1_000_001)
        #expect(RecipeReader.tapsRange(for: .fir) == 1...1_000_001)
    }

    /// A draft is read as what it names: a FIR draft is no IIR recipe, and
    /// an IIR draft no FIR design.
    @Test func eachKindOfDraftIsReadAsItself() {
        #expect(throws: RecipeReadingError.problems([.firDesign(.remez)])) { try RecipeReader.recipe(Self.remez) }
        var iir = RecipeDraft()
        iir.families = [.butterworth]
        #expect(throws: RecipeReadingError.problems([.missingDesign])) { try RecipeReader.firDefinition(iir) }
    }

    /// Every field a FIR method takes is its own or common; no method takes
    /// an IIR field but the FIR gammatone, whose centre frequency and order
    /// are the IIR gammatone's own (`.corners`, spelled "frequency", and
    /// `.order`), and `.design` names the method itself.
    @Test func theFieldsOfEachMethod() {
        let iirFields: [RecipeField] = [.family, .order, .corners, .ripple, .attenuation, .q, .transform, .poles, .extraZero]
        for method in FIRMethodName.allCases {
            #expect(RecipeReader.firMethod(method, takes: .design))
            #expect(RecipeReader.firMethod(method, takes: .sampleRate))
            for field in iirFields {
                let shared = method == .gammatone && [.corners, .order].contains(field)
                #expect(RecipeReader.firMethod(method, takes: field) == shared, "\(method) \(field)")
            }
        }
        #expect(RecipeReader.firFields(of: .gammatone) == [.remezType, .corners, .order])
        #expect(RecipeReader.firFields(of: .fir) == [.passband, .stopband, .passbandLoss, .stopbandAttenuation, .method])
    }
}
