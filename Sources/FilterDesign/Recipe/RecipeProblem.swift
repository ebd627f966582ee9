/// A field of a recipe (`RecipeDraft`'s fields), named as a filter set file
/// and the IIR query name it; each form spells it its own way (`-o`,
/// `"order"`, `order=`; a FIR form's `--passband-edge` and `passbandEdge`
/// are `.passband`).
public enum RecipeField: String, Sendable, Hashable, CaseIterable {
    /// The response family (Fisher's -Bu, -Be, -Ch, -Re, -Pi; `--cheby1`, `--cheby2`, `--elliptic`).
    case family
    /// The band (-Lp, -Hp, -Bp, -Bs, -Ap; firwin's `--band`).
    case band
    /// The order N (-o).
    case order
    /// The corner frequencies (-a, `--corner`).
    case corners
    /// The sample rate of frequencies in Hz (`--sample-rate`).
    case sampleRate
    /// Chebyshev or elliptic passband ripple, dB.
    case ripple
    /// Chebyshev II or elliptic stopband attenuation, dB.
    case attenuation
    /// A resonator's Q (-Re).
    case q
    /// The s-to-z mapping (-w, -z).
    case transform
    /// The prototype poles to keep (-p).
    case poles
    /// An extra zero pair (-Z).
    case extraZero
    /// A specification's passband edges (`--passband-edge`).
    case passband
    /// A specification's stopband edges (`--stopband-edge`).
    case stopband
    /// A specification's most passband loss, dB (`--passband-loss`).
    case passbandLoss
    /// A specification's least stopband attenuation, dB (`--stopband-attenuation`).
    case stopbandAttenuation

    /// A FIR design's method (`mkfilter remez`, `design=remez`).
    case design
    /// A FIR filter's number of taps (`--taps`).
    case taps
    /// Band edges in pairs, remez and firls (`--bands`).
    case bands
    /// Desired amplitudes: one per band (remez) or per edge (firls) (`--desired`).
    case desired
    /// One weight per band, remez and firls (`--weights`).
    case weights
    /// remez's filter type: band-pass, differentiator, Hilbert (`--type`);
    /// a catalogue filter's: a comb's notch or peak, a biquad's response.
    case remezType = "type"
    /// firwin's cutoff frequencies (`--cutoff`).
    case cutoffs = "cutoff"
    /// The window of firwin and firwin2 (`--window`); a Savitzky-Golay
    /// filter's window length.
    case window
    /// firwin's transition width, for a Kaiser window (`--width`).
    case width
    /// firwin without scaling the passband's centre to unity (`--no-scale`).
    case noScale
    /// firwin2's frequencies, 0 to Nyquist (`--frequencies`).
    case frequencies
    /// firwin2's gain at each frequency (`--gains`).
    case gains
    /// firwin2's antisymmetric taps, types III and IV (`--antisymmetric`).
    case antisymmetric
    /// The conversion of the linear-phase taps to minimum phase (`--minimum-phase`).
    case minimumPhase
    /// How a FIR specification designs each candidate: remez, kaiser, firls (`--method`).
    case method
    /// A peaking or shelving biquad's gain, dB (`--gain`).
    case gain
    /// A comb that passes dc (`--pass-zero`).
    case passZero
    /// A weighting's curve, A or C (`--curve`).
    case curve
    /// A Savitzky-Golay filter's polynomial order (`--polyorder`).
    case polyorder
    /// A Savitzky-Golay filter's derivative, 0 to smooth (`--deriv`).
    case derivative = "deriv"
    /// A Savitzky-Golay filter's sample spacing (`--delta`).
    case delta
    /// The sample a Savitzky-Golay filter evaluates its fit at (`--pos`).
    case position = "pos"
    /// The order of a Savitzky-Golay filter's taps, conv or dot (`--use`).
    case use
}

/// A rule that joins the fields of a `RecipeDraft`, broken: what
/// `RecipeReader` finds. Each form says it in its own words (Fisher's
/// `FisherCommandLine`, byte for byte his where he had the rule; a filter set
/// file's and a URL query's `RecipeFields`), naming the field as that form
/// spells it. Ranges of single values (an order of 200, a corner above
/// Nyquist) are `SpecificationError`s, found when the recipe is made.
public enum RecipeProblem: Sendable, Hashable {
    /// Not exactly one family (none, or several).
    case familyCount
    /// The family needs this parameter (`.ripple`, `.attenuation`, `.q`).
    case missingParameter(RecipeField, family: FilterFamily.Name)
    /// The parameter belongs to other families.
    case parameterNotForFamily(RecipeField, family: FilterFamily.Name)

    /// A resonator without exactly one of band-pass, band-stop, all-pass.
    case resonatorBand
    /// Fields a resonator does not take: `.band` (low-pass, high-pass),
    /// `.order`, `.poles`, `.transform` (other than bilinear).
    case notForResonator([RecipeField])
    /// A field a proportional-integral filter does not take (`.band`, `.poles`).
    case notForProportionalIntegral(RecipeField)
    /// A proportional-integral filter whose order is not given as 1.
    case proportionalIntegralOrder
    /// Not exactly one of low-pass, high-pass, band-pass, band-stop.
    case bandCount
    /// All-pass is a resonator's band.
    case allPassNeedsResonator
    /// No order.
    case missingOrder
    /// An order outside `FilterRecipe.orderRange`.
    case orderOutOfRange(Int)
    /// A pole index outside 0 ..< order.
    case poleIndexOutOfRange(index: Int, order: Int)
    /// A field a family with zeros on the unit circle (Chebyshev II,
    /// elliptic: `FilterFamily.Name.normalizesAtPassbandMaximum`) does not
    /// take: `.transform` other than bilinear, `.poles`, `.extraZero`.
    case notWithStopbandZeros(RecipeField, family: FilterFamily.Name)

    /// Fields a catalogue filter does not take (`.band`, `.order`, `.poles`,
    /// `.transform` other than bilinear, `.extraZero`; a weighting's
    /// `.corners`).
    case notForCatalogue([RecipeField], family: FilterFamily.Name)
    /// A catalogue filter's type or curve word that is not one of `allowed`.
    case unknownCatalogueWord(RecipeField, word: String, family: FilterFamily.Name, allowed: [String])
    /// A field the cookbook response does not take (`.q` for a shelf,
    /// `.gain` but for peaking and the shelves).
    case notForCookbookResponse(RecipeField, response: CookbookResponse)

    /// Corners both as alphas and in Hz.
    case cornersTwoWays
    /// Corners in Hz without a sample rate.
    case cornersNeedSampleRate
    /// A sample rate without corners in Hz.
    case sampleRateNeedsCorners
    /// No corners.
    case missingCorners
    /// Corners, edges or an extra zero in Hz whose sample rate, promised for
    /// later, was not given.
    case missingSampleRate

    /// A specification with not exactly one family.
    case specificationFamilyCount
    /// A family that no magnitude specification defines (Bessel, resonator, PI).
    case noSpecificationFor(FilterFamily.Name)
    /// A field that a specification chooses, or that does not apply to it.
    case notWithSpecification(RecipeField)
    /// A specification with more than one band.
    case specificationBandCount
    /// A specification without this field (`.passband`, `.stopband`,
    /// `.passbandLoss`, `.stopbandAttenuation`).
    case missingForSpecification(RecipeField)

    /// A draft read as a FIR design that names no FIR method.
    case missingDesign
    /// A FIR design's draft read as an IIR recipe.
    case firDesign(FIRMethodName)
    /// A field the FIR method does not take (an IIR field among them).
    case notForDesign(RecipeField, design: FIRMethodName)
    /// A field the FIR method needs (`.taps`, `.bands`, `.desired`,
    /// `.cutoffs`, `.frequencies`, `.gains`).
    case missingForDesign(RecipeField, design: FIRMethodName)
    /// A number of taps outside the method's `RecipeReader.tapsRange(for:)`.
    case tapsOutOfRange(Int)
    /// firwin given both a window and a transition width (which chooses
    /// Kaiser's window).
    case windowAndWidth

    /// The field the problem is about, when it is about one.
    public var field: RecipeField? {
        switch self {
        case .familyCount, .specificationFamilyCount, .noSpecificationFor: return .family
        case .missingParameter(let f, _), .parameterNotForFamily(let f, _), .notForProportionalIntegral(let f),
             .notWithSpecification(let f), .missingForSpecification(let f), .notWithStopbandZeros(let f, _):
            return f
        case .notForResonator(let fields), .notForCatalogue(let fields, _): return fields.first
        case .unknownCatalogueWord(let f, _, _, _), .notForCookbookResponse(let f, _): return f
        case .resonatorBand, .bandCount, .allPassNeedsResonator, .specificationBandCount: return .band
        case .proportionalIntegralOrder, .missingOrder, .orderOutOfRange: return .order
        case .poleIndexOutOfRange: return .poles
        case .cornersTwoWays, .cornersNeedSampleRate, .missingCorners: return .corners
        case .sampleRateNeedsCorners, .missingSampleRate: return .sampleRate
        case .notForDesign(let f, _), .missingForDesign(let f, _): return f
        case .tapsOutOfRange: return .taps
        case .missingDesign, .firDesign: return .design
        case .windowAndWidth: return .width
        }
    }
}

/// Why a draft did not become a recipe: the rules that join its fields
/// (every one broken), or the first value out of range.
public enum RecipeReadingError: Error, Sendable, Equatable {
    /// Every rule broken, in the reader's order.
    case problems([RecipeProblem])
    /// The first value out of range.
    case outOfRange(SpecificationError)
}
