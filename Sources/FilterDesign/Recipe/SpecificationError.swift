/// Why a `FilterRecipe` could not be built. Each case names the field
/// and the allowed range; `description` is a sentence for a person.
public enum SpecificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A corner (or the extra zero) is not strictly between 0 and 0.5 of the sample rate.
    case alphaOutOfRange(field: String, value: Double)
    /// A corner given in Hz is at or above Nyquist (or not above 0).
    case cornerOutOfRange(field: String, hertz: Double, sampleRate: Double)
    /// The sample rate is not a finite number above 0.
    case sampleRateOutOfRange(Double)
    /// alpha1 >= alpha2 for a band-pass or band-stop filter.
    case cornersNotIncreasing(alpha1: Double, alpha2: Double)
    /// The band needs a different number of corners.
    case wrongNumberOfCorners(family: FilterFamily, band: FilterBand?, given: Int)
    /// The order is outside `FilterRecipe.orderRange` (1...128).
    case orderOutOfRange(Int)
    /// The family takes no order (resonators) or only order 1 (PI).
    case orderNotAllowed(family: FilterFamily, order: Int)
    /// The family needs an order and none was given.
    case missingOrder
    /// The passband ripple is out of range: for Chebyshev, outside
    /// `ChebyshevPrototype.rippleDecibelsRange`; for elliptic, not a finite
    /// number of dB above 0 and below 300.
    case rippleOutOfRange(Double, family: FilterFamily.Name = .chebyshev)
    /// The resonator's Q is not above 0 (or is NaN).
    case qualityFactorOutOfRange(Double)
    /// The band is not available for this family.
    case bandNotAllowed(family: FilterFamily, band: FilterBand?)
    /// Resonators and PI controllers cannot use this discretization.
    case discretizationNotAllowed(family: FilterFamily, discretization: Discretization)
    /// A pole subset was given for a family that has no s-plane prototype.
    case poleSubsetNotAllowed(family: FilterFamily)
    /// A pole index is outside 0 ..< order.
    case poleIndexOutOfRange(index: Int, order: Int)
    /// The pole subset is empty.
    case emptyPoleSubset
    /// The pole subset keeps a complex pole without its conjugate.
    case poleSubsetBreaksConjugatePair(index: Int, partner: Int)
    /// The extra zero was given both as an alpha and in Hz.
    case extraZeroGivenTwice
    /// The extra zero was given in Hz but the corners have no sample rate.
    case extraZeroNeedsSampleRate
    /// Fisher's Bessel table has orders 1 ... 10 only.
    case besselTableOrder(Int)
    /// A recipe whose corners are alphas was asked for at another sample rate.
    case retargetNeedsHertz
    /// A Chebyshev II or elliptic stopband attenuation that is not a finite
    /// number of dB above 0 (and above the ripple, for elliptic), up to `FilterRecipe.maximumAttenuationDecibels` (1000).
    case attenuationOutOfRange(Double, ripple: Double?)
    /// An extra zero (-Z) was given for a family whose zeros are its own.
    case extraZeroNotAllowed(family: FilterFamily)
    /// A specification has the wrong number of edges in a field.
    case specificationEdgeCount(field: SpecificationField, given: Int, passbandEdges: Int? = nil)
    /// A specification's two edges in a field are not increasing.
    case specificationEdgesNotIncreasing(field: SpecificationField, edges: [Double], hertz: Bool)
    /// A passband loss or stopband attenuation out of range.
    case specificationLossOutOfRange(field: SpecificationField, value: Double, passbandLoss: Double? = nil)
    /// The stopband edges overlap the passband (or touch it), so no band is described.
    case specificationBandsOverlap(passband: [Double], stopband: [Double], hertz: Bool)
    /// A band was given that the specification's edges contradict.
    case specificationBandContradicts(given: FilterBand, edges: FilterBand)
    /// A family that no magnitude specification defines (Bessel, resonator, PI).
    case specificationFamily(FilterFamily.Name)
    /// Meeting the specification takes an order above 128.
    case specificationOrderTooHigh(family: FilterFamily.Name, order: Int)
    /// A catalogue filter's value out of its range (Q, a comb's fs / f, a gain).
    case catalogue(CatalogueValueError)

    public var description: String {
        // Every case is in exactly one group.
        if case .catalogue(let error) = self { return error.description }
        return frequencyWords ?? familyWords ?? specificationWords ?? ""
    }

    /// The words for a frequency, corner or sample rate out of place; nil for the other cases.
    private var frequencyWords: String? {
        switch self {
        case let .alphaOutOfRange(field, value):
            return "\(field) = \(messageNumber(value)) is out of range; alpha = f / fs must be above 0 and below 0.5"
        case let .cornerOutOfRange(field, hz, fs):
            if hz > 0 {
                return "\(field) \(messageNumber(hz)) Hz is at or above Nyquist (\(messageNumber(fs / 2)) Hz) for sample rate \(messageNumber(fs)) Hz"
            }
            return "\(field) \(messageNumber(hz)) Hz is out of range; it must be above 0 and below Nyquist (\(messageNumber(fs / 2)) Hz)"
        case let .sampleRateOutOfRange(fs):
            return "sample rate \(messageNumber(fs)) Hz is out of range; it must be a finite number above 0"
        case let .cornersNotIncreasing(a1, a2):
            return "alpha1 = \(messageNumber(a1)) must be below alpha2 = \(messageNumber(a2)) for a band-pass or band-stop filter"
        case let .wrongNumberOfCorners(family, band, given):
            if case .resonator = family {
                return "a resonator takes one frequency; \(given) given"
            }
            guard let band else { return "\(family.withArticle) takes one corner; \(given) given" }
            let wanted = band.hasTwoCorners ? "two corners (alpha1 < alpha2)" : "one corner"
            return "a \(band.displayName) filter takes \(wanted); \(given) given"
        case .extraZeroGivenTwice:
            return "the extra zero is given twice, as an alpha and in Hz; give one"
        case .extraZeroNeedsSampleRate:
            return "the extra zero is given in Hz, so the corners need a sample rate too"
        case .retargetNeedsHertz:
            return "the corners are given as alphas (f / fs), so there are no frequencies in Hz to keep at another sample rate"
        default: return nil
        }
    }

    /// The words for an order, a family's parameter, band, transform or poles; nil for the other cases.
    private var familyWords: String? { orderAndParameterWords ?? bandTransformAndPoleWords }

    /// The words for an order or a family's parameter (ripple, attenuation, Q); nil for the other cases.
    private var orderAndParameterWords: String? {
        switch self {
        case let .orderOutOfRange(order):
            return "order \(order) is out of range; it must be in \(FilterRecipe.orderRange.lowerBound) ... \(FilterRecipe.orderRange.upperBound)"
        case let .orderNotAllowed(family, order):
            switch family {
            case .proportionalIntegral: return "a proportional-integral filter is always order 1; order \(order) given"
            default: return "\(family.withArticle) takes no order; order \(order) given"
            }
        case .missingOrder:
            return "the order is missing; it must be in \(FilterRecipe.orderRange.lowerBound) ... \(FilterRecipe.orderRange.upperBound)"
        case let .besselTableOrder(order):
            return "Fisher's Bessel table has orders 1 ... 10, not \(order); use computed poles"
        case let .rippleOutOfRange(ripple, family):
            if family == .elliptic {
                return "elliptic passband ripple \(messageNumber(ripple)) dB is out of range; it must be a finite number of dB from \(messageNumber(FilterRecipe.minimumRippleDecibels)) to below 300"
            }
            let range = ChebyshevPrototype.rippleDecibelsRange
            let (least, most) = (messageNumber(range.lowerBound), messageNumber(range.upperBound))
            let allowed = "(the range is \(least) ... \(most) dB, written negated on Fisher's command line, e.g. -Ch -0.5)"
            if ripple > 0 && ripple < range.lowerBound {
                return "Chebyshev ripple \(messageNumber(ripple)) dB is too small; it must be at least \(least) dB, "
                    + "below which 10^(ripple/10) rounds to 1 and the design would divide by 0 " + allowed
            }
            if ripple > range.upperBound && ripple.isFinite {
                return "Chebyshev ripple \(messageNumber(ripple)) dB is too large; it must be at most \(most) dB, "
                    + "above which the poles' real parts round to 0 " + allowed
            }
            return "Chebyshev ripple \(messageNumber(ripple)) dB is out of range; it must be a finite number of dB in \(least) ... \(most) "
                + "(written negated on Fisher's command line, e.g. -Ch -0.5)"
        case let .attenuationOutOfRange(a, ripple):
            if let ripple {
                return "elliptic stopband attenuation \(messageNumber(a)) dB is out of range; it must be above the passband ripple (\(messageNumber(ripple)) dB) and at most \(messageNumber(FilterRecipe.maximumAttenuationDecibels)) dB"
            }
            return "Chebyshev II stopband attenuation \(messageNumber(a)) dB is out of range; it must be a finite number of dB above 0 and at most \(messageNumber(FilterRecipe.maximumAttenuationDecibels))"
        case let .qualityFactorOutOfRange(q):
            return "resonator Q = \(messageNumber(q)) is out of range; it must be above 0 (or Inf)"
        default: return nil
        }
    }

    /// The words for a band, transform, pole subset or extra zero; nil for the other cases.
    private var bandTransformAndPoleWords: String? {
        switch self {
        case let .bandNotAllowed(family, band):
            let allowed: String
            switch family {
            case .resonator: allowed = "band-pass, band-stop or all-pass"
            case .proportionalIntegral: allowed = "no band"
            default: allowed = "low-pass, high-pass, band-pass or band-stop"
            }
            let given = band.map { "\($0.displayName)" } ?? "no band"
            return "\(family.withArticle) takes \(allowed); \(given) given"
        case let .discretizationNotAllowed(family, discretization):
            if family.normalizesAtPassbandMaximum {
                return "\(family.withArticle) is designed with the pre-warped bilinear transform, which keeps its band edges where they are asked for; \(discretization.displayName) does not apply"
            }
            return "\(family.withArticle) is placed directly in the z-plane; \(discretization.displayName) does not apply"
        case let .poleSubsetNotAllowed(family):
            if family.normalizesAtPassbandMaximum {
                return "\(family.withArticle)'s poles belong with its zeros; a pole subset does not apply"
            }
            return "\(family.withArticle) has no s-plane prototype poles to select"
        case let .poleIndexOutOfRange(index, order):
            return "pole index \(index) is out of range; for order \(order) it must be in 0 ... \(order - 1)"
        case .emptyPoleSubset:
            return "the pole subset is empty; list at least one pole index"
        case let .poleSubsetBreaksConjugatePair(index, partner):
            return "the pole subset keeps pole \(index) without its complex conjugate, pole \(partner); poles must be chosen in conjugate pairs"
        case let .extraZeroNotAllowed(family):
            return "\(family.withArticle) has its own zeros; an extra zero does not apply"
        default: return nil
        }
    }

    /// The words for a magnitude specification's edges, losses and order; nil for the other cases.
    private var specificationWords: String? {
        switch self {
        case let .specificationEdgeCount(field, given, passbandEdges):
            if let p = passbandEdges {
                return "\(field.edgeName)s: \(given) given, but the passband has \(p); give one stopband edge for one passband edge (low-pass, high-pass) and two for two (band-pass, band-stop)"
            }
            return "\(field.edgeName)s: \(given) given; give one (low-pass, high-pass) or two (band-pass, band-stop)"
        case let .specificationEdgesNotIncreasing(field, edges, hertz):
            let unit = hertz ? " Hz" : ""
            return "\(field.edgeName)s \(messageNumber(edges[0]))\(unit) and \(messageNumber(edges[1]))\(unit) must be increasing"
        case let .specificationLossOutOfRange(field, value, loss):
            if field == .passbandLoss {
                return "passband loss \(messageNumber(value)) dB is out of range; it must be a finite number of dB, at least \(messageNumber(FilterRecipe.minimumRippleDecibels)) (the most the passband may lose)"
            }
            return "stopband attenuation \(messageNumber(value)) dB is out of range; it must be above the passband loss (\(messageNumber(loss ?? 0)) dB) and at most \(messageNumber(FilterRecipe.maximumAttenuationDecibels)) dB"
        case let .specificationBandsOverlap(p, st, hertz):
            let unit = hertz ? " Hz" : ""
            let show = { (e: [Double]) in e.map { messageNumber($0) + unit }.joined(separator: " ... ") }
            if p.count == 1 {
                return "the stopband edge \(show(st)) equals the passband edge \(show(p)); a low-pass has its stopband edge above its passband edge, a high-pass below"
            }
            return "the stopband edges \(show(st)) and the passband edges \(show(p)) do not describe a band: a band-pass needs its stopband edges outside its passband (s1 < p1 < p2 < s2), a band-stop inside (p1 < s1 < s2 < p2)"
        case let .specificationBandContradicts(given, edges):
            return "the band is \(given.displayName), but the passband and stopband edges describe a \(edges.displayName) filter"
        case let .specificationFamily(name):
            return "\(name.withArticle) has no magnitude specification to be designed from; give its order and corners (order estimation is for Butterworth, Chebyshev, Chebyshev II and elliptic filters)"
        case let .specificationOrderTooHigh(name, order):
            return "meeting the specification takes \(name.withArticle) of order \(order >= 1_000_000 ? "above a million" : "\(order)"); orders go up to \(FilterRecipe.orderRange.upperBound). Widen the transition band, lower the stopband attenuation, raise the passband loss, or choose the elliptic family, which needs the lowest order"
        default: return nil
        }
    }
}

/// Why a valid specification could not be designed.
public enum DesignError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Expanding the poles or zeros into a polynomial gave a coefficient of z^k
    /// whose imaginary part exceeds 1e-10: they are not in conjugate pairs.
    case polynomialNotReal(power: Int)
    /// The gain at the normalisation point is infinite (a Q = Inf band-pass
    /// resonator: its poles lie on the unit circle there), so no finite G
    /// normalises it.
    case infinitePassbandGain
    /// A corner so close to 0 or 0.5 (or a band so narrow) that in double
    /// precision the poles round onto the unit circle or the gain overflows:
    /// refused, naming the corner and the nearest one that designs, rather
    /// than reported as "mag = infinite" or run as an unstable recursion.
    case beyondDoublePrecision(PrecisionLimit)
    /// A catalogue filter whose poles round onto the unit circle (or whose
    /// gain leaves a Double's range) in double precision: a Q so high, a
    /// frequency so near 0 or Nyquist, or a rate so high for a weighting.
    case catalogueBeyondDoublePrecision(family: FilterFamily.Name, quality: Double?, alpha: Double, sampleRate: Double?)

    public var description: String {
        switch self {
        case let .catalogueBeyondDoublePrecision(family, quality, alpha, fs):
            let at = fs.map { "\(messageNumber(alpha * $0)) Hz at \(messageNumber($0)) Hz" } ?? "alpha = \(messageNumber(alpha))"
            let what = family == .weighting ? "the sample rate \(messageNumber(fs ?? 0)) Hz puts its low poles"
                : quality.map { "Q = \(messageNumber($0)) at \(at) puts its poles" } ?? "\(at) puts its poles"
            let fix = family == .weighting ? "give a lower sample rate" : quality == nil ? "give a frequency farther from 0 and Nyquist"
                : "give a Q nearer 1, or a frequency farther from 0 and Nyquist"
            return "\(family.withArticle): \(what) on the unit circle in double precision (or its gain beyond a Double); \(fix)"
        case let .polynomialNotReal(power):
            return "coeff of z^\(power) is not real; poles/zeros are not complex conjugates"
        case .infinitePassbandGain:
            return "the passband gain G is infinite: with Q = Inf the poles lie on the unit circle at the centre frequency, so the filter is an oscillator and cannot be normalised; give a finite Q"
        case let .beyondDoublePrecision(limit):
            return limit.description
        }
    }
}

extension FilterFamily {
    /// A short name for messages (its `Name`'s).
    public var displayName: String { name.displayName }
}

extension FilterFamily.Name {
    /// A short name for messages.
    public var displayName: String {
        switch self {
        case .butterworth: return "Butterworth filter"
        case .bessel: return "Bessel filter"
        case .chebyshev: return "Chebyshev filter"
        case .chebyshev2: return "Chebyshev II filter"
        case .elliptic: return "elliptic filter"
        case .resonator: return "resonator"
        case .proportionalIntegral: return "proportional-integral filter"
        case .iirnotch: return "notch filter (iirnotch)"
        case .iirpeak: return "peak filter (iirpeak)"
        case .iircomb: return "comb filter (iircomb)"
        case .gammatone: return "gammatone filter"
        case .biquad: return "cookbook biquad"
        case .weighting: return "weighting filter"
        }
    }
}

extension FilterBand {
    /// A short name for messages.
    public var displayName: String {
        switch self {
        case .lowPass: return "low-pass"
        case .highPass: return "high-pass"
        case .bandPass: return "band-pass"
        case .bandStop: return "band-stop"
        case .allPass: return "all-pass"
        }
    }
}

extension Discretization {
    /// A short name for messages.
    public var displayName: String {
        switch self {
        case .bilinear: return "the bilinear transform"
        case .bilinearWithoutPrewarp: return "the bilinear transform without pre-warping"
        case .matchedZ: return "the matched z-transform"
        }
    }
}

extension FilterFamily {
    /// The display name after "a" or "an": "an elliptic filter".
    public var withArticle: String { name.withArticle }
}

extension FilterFamily.Name {
    /// The display name after "a" or "an": "an elliptic filter".
    public var withArticle: String {
        (displayName.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + displayName
    }
}
