import FilterDesign
import Testing

/// A FIR design given in Hz is refused in Hz: the message names the value as
/// it was written (35 Hz, not 0.5833...) and Nyquist at its rate; a design
/// in alphas keeps the design functions' own words.
@Suite struct FrequencyWordingTests {
    /// `recipe` designed, its refusal.
    static func refusal(_ recipe: FIRRecipe) -> String {
        do {
            _ = try recipe.design()
            Issue.record("\(recipe) designed")
            return ""
        } catch {
            return error.description
        }
    }

    @Test func theRecipesRateSaysHertz() {
        let cutoff = FIRRecipe(method: .firwin(taps: 31, cutoffs: [35.0 / 60], band: .lowpass, window: .hamming, width: nil, scale: true),
                               sampleRate: 60)
        #expect(Self.refusal(cutoff) == "cutoff 1 = 35 Hz is out of range; cutoffs must be above 0 and below 30 Hz (half the sample rate)")
        let edge = FIRRecipe(method: .remez(taps: 31, bands: [0, 10.0 / 60, 12.0 / 60, 40.0 / 60], desired: [1, 0], weights: nil, type: .bandpass),
                             sampleRate: 60)
        #expect(Self.refusal(edge) == "band edge 4 = 40 Hz is out of range; edges must be in 0 ... 30 Hz (half the sample rate)")
        let overlap = FIRRecipe(method: .remez(taps: 31, bands: [0, 10.0 / 60, 9.0 / 60, 0.5], desired: [1, 0], weights: nil, type: .bandpass),
                                sampleRate: 60)
        #expect(Self.refusal(overlap) == "bands 1 and 2 overlap or touch (edges 10 Hz and 9 Hz); leave a transition band between them")
        let width = FIRRecipe(method: .firwin(taps: 31, cutoffs: [3.0 / 60], band: .lowpass, window: .hamming, width: 40.0 / 60, scale: true),
                              sampleRate: 60)
        #expect(Self.refusal(width) == "transition width 40 Hz is out of range; it must be above 0 and at most 30 Hz (half the sample rate)")
        let ends = FIRRecipe(method: .firwin2(taps: 31, frequencies: [0, 10.0 / 60, 25.0 / 60], gains: [1, 1, 0], window: .hamming, antisymmetric: false),
                             sampleRate: 60)
        #expect(Self.refusal(ends) == "frequencies must start with 0 and end with 30 Hz (half the sample rate), got 0 Hz ... 25 Hz")
        let spec = FIRSpecification(passbandEdges: [35.0 / 60], stopbandEdges: [40.0 / 60], passbandRipple: 1, stopbandAttenuation: 40,
                                    sampleRate: 60)
        do {
            _ = try spec.design()
            Issue.record("an edge above Nyquist designed")
        } catch {
            // The field is a value, which each form spells (here as <field>).
            #expect(error.field == .passband)
            #expect(error.description(spelling: { "<\($0.rawValue)>" })
                    == "<passband> 35 Hz is out of range; an edge must be above 0 and below 30 Hz (half the sample rate)")
        }
    }

    /// Without a rate: the design functions' words, in alphas, unchanged.
    @Test func alphasKeepTheFunctionsWords() {
        let cutoff = FIRRecipe(method: .firwin(taps: 31, cutoffs: [0.6], band: .lowpass, window: .hamming, width: nil, scale: true))
        #expect(Self.refusal(cutoff) == "cutoff 1 = 0.6 is out of range; cutoffs must be above 0 and below 0.5 (fractions of the sample rate)")
        #expect(Self.refusal(cutoff) == LinearPhaseError.cutoffOutOfRange(index: 0, value: 0.6).description)
        let edge = FIRRecipe(method: .remez(taps: 31, bands: [0, 0.2, 0.25, 0.6], desired: [1, 0], weights: nil, type: .bandpass))
        #expect(Self.refusal(edge) == "band edge 4 = 0.6 is out of range; edges are fractions of the sample rate in 0 ... 0.5")
        #expect(FrequencyWording(sampleRate: 60).frequency(0.1) == "6 Hz")
        #expect(FrequencyWording(sampleRate: 44100).frequency(0.25) == "11025 Hz")
        #expect(FrequencyWording.alphas.frequency(0.1) == "0.1")
    }
}
