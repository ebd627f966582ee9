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
    /// The order is outside 1...24.
    case orderOutOfRange(Int)
    /// The family takes no order (resonators) or only order 1 (PI).
    case orderNotAllowed(family: FilterFamily, order: Int)
    /// The family needs an order and none was given.
    case missingOrder
    /// The Chebyshev ripple is not a finite number of dB above 0.
    case rippleOutOfRange(Double)
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

    public var description: String {
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
            guard let band else { return "a \(family.displayName) takes one corner; \(given) given" }
            let wanted = band.hasTwoCorners ? "two corners (alpha1 < alpha2)" : "one corner"
            return "a \(band.displayName) filter takes \(wanted); \(given) given"
        case let .orderOutOfRange(order):
            return "order \(order) is out of range; it must be in 1 ... 24"
        case let .orderNotAllowed(family, order):
            switch family {
            case .proportionalIntegral: return "a proportional-integral filter is always order 1; order \(order) given"
            default: return "a \(family.displayName) takes no order; order \(order) given"
            }
        case .missingOrder:
            return "the order is missing; it must be in 1 ... 24"
        case let .rippleOutOfRange(ripple):
            return "Chebyshev ripple \(messageNumber(ripple)) dB is out of range; it must be a finite number of dB above 0 and below about 300 dB (written negated on Fisher's command line, e.g. -Ch -0.5)"
        case let .qualityFactorOutOfRange(q):
            return "resonator Q = \(messageNumber(q)) is out of range; it must be above 0 (or Inf)"
        case let .bandNotAllowed(family, band):
            let allowed: String
            switch family {
            case .resonator: allowed = "band-pass, band-stop or all-pass"
            case .proportionalIntegral: allowed = "no band"
            default: allowed = "low-pass, high-pass, band-pass or band-stop"
            }
            let given = band.map { "\($0.displayName)" } ?? "no band"
            return "a \(family.displayName) takes \(allowed); \(given) given"
        case let .discretizationNotAllowed(family, discretization):
            return "a \(family.displayName) is placed directly in the z-plane; \(discretization.displayName) does not apply"
        case let .poleSubsetNotAllowed(family):
            return "a \(family.displayName) has no s-plane prototype poles to select"
        case let .poleIndexOutOfRange(index, order):
            return "pole index \(index) is out of range; for order \(order) it must be in 0 ... \(order - 1)"
        case .emptyPoleSubset:
            return "the pole subset is empty; list at least one pole index"
        case let .poleSubsetBreaksConjugatePair(index, partner):
            return "the pole subset keeps pole \(index) without its complex conjugate, pole \(partner); poles must be chosen in conjugate pairs"
        case .extraZeroGivenTwice:
            return "the extra zero is given twice, as an alpha and in Hz; give one"
        case .extraZeroNeedsSampleRate:
            return "the extra zero is given in Hz, so the corners need a sample rate too"
        case let .besselTableOrder(order):
            return "Fisher's Bessel table has orders 1 ... 10, not \(order); use computed poles (--bessel-poles computed)"
        case .retargetNeedsHertz:
            return "the corners are given as alphas (f / fs), so there are no frequencies in Hz to keep at another sample rate"
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

    public var description: String {
        switch self {
        case let .polynomialNotReal(power):
            return "coeff of z^\(power) is not real; poles/zeros are not complex conjugates"
        case .infinitePassbandGain:
            return "the passband gain G is infinite: with Q = Inf the poles lie on the unit circle at the centre frequency, so the filter is an oscillator and cannot be normalised; give a finite Q"
        }
    }
}

extension FilterFamily {
    /// A short name for messages.
    public var displayName: String {
        switch self {
        case .butterworth: return "Butterworth filter"
        case .bessel: return "Bessel filter"
        case .chebyshev: return "Chebyshev filter"
        case .resonator: return "resonator"
        case .proportionalIntegral: return "proportional-integral filter"
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
        case .bilinearWithoutPrewarp: return "the bilinear transform without pre-warping (-w)"
        case .matchedZ: return "the matched z-transform (-z)"
        }
    }
}
