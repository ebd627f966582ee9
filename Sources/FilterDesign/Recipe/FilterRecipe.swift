/// The one typed description of a filter: what to design, in the user's units.
///
/// A recipe that exists is valid: every range in Fisher's mkfilter 4.6 is
/// enforced, plus the ones he left unchecked (alpha outside (0, 0.5), NaN,
/// infinity). `design()` then cannot fail except for a pole set that does not
/// expand to a real polynomial.
///
/// Every outside form is a codec to and from this type: Fisher's command-line
/// words (`FisherCompatibility.FisherCommandLine`), a filter set file's JSON and
/// the web page's URL query (`FilterSets.RecipeFields`), and the provenance of
/// generated code (`FilterEmission.TemplateBuilder`).
///
/// ```swift
/// let recipe = try FilterRecipe(family: .butterworth, band: .lowPass,
///                               order: 2, corners: .hertz(5, sampleRate: 60))
/// let design = try recipe.design()
/// ```
public struct FilterRecipe: Sendable, Hashable {
    /// The response family, with its parameters (ripple, Q).
    public let family: FilterFamily
    /// The band type; `nil` only for a proportional-integral filter.
    public let band: FilterBand?
    /// The order N (`orderRange`, 1...128); a resonator has none (`nil`), PI is always 1.
    public let order: Int?
    /// The corner frequencies, as alphas or in Hz with the sample rate.
    public let corners: Corners
    /// The s-to-z mapping (always `.bilinear` for resonators, which are placed in z directly).
    public let discretization: Discretization
    /// Fisher's `-p`: indices (0 ..< order) of the prototype's left-half-plane
    /// poles to keep, in conjugate pairs; `nil` keeps all.
    public let poleSubset: [Int]?
    /// Fisher's `-Z`: alpha of an extra z-plane zero pair at exp(+-j 2 pi alpha).
    public let extraZeroAlpha: Double?
    /// The extra zero in Hz exactly as given (`extraZeroFrequency:`), when it was given in Hz.
    public let extraZeroFrequency: Double?
    /// Where a Bessel prototype's poles come from: computed (the default) or
    /// Fisher's 12-digit table (what his mkfilter prints); always `.computed`
    /// for other families.
    public let besselPoles: BesselPoleSource
    /// How the design is realized to run: second-order sections (the
    /// default) or Fisher's direct-form recurrence.
    public let realization: Realization
    /// The magnitude specification the order and corners were estimated from
    /// (`init(designing:to:band:realization:)`); `nil` when they were given.
    public let specification: MagnitudeSpecification?

    /// The least passband ripple or loss, in dB, of an elliptic filter or a
    /// magnitude specification: below it 10^(R/10) - 1 loses its digits in
    /// double precision and the order estimate and the prototype with it.
    public static let minimumRippleDecibels = 1e-6

    /// The orders a prototype family designs (N; band-pass and band-stop
    /// filters have 2N poles). It is a bound on the work, not on what can be
    /// designed: scipy's own tests design order 69 (`ellipord(0.2, 0.3, 3,
    /// 1000)`), and within it a design is refused only when double precision
    /// cannot carry it (`PrecisionCheck`: poles that round onto the unit
    /// circle), with the corner or the highest order that does design.
    public static let orderRange: ClosedRange<Int> = 1...128

    /// The most stopband attenuation (Chebyshev II, elliptic, a magnitude
    /// specification) in dB: 10^(A/10) stays far inside a Double's range,
    /// and scipy's tests design to 1000 dB.
    public static let maximumAttenuationDecibels = 1000.0

    /// Builds and validates a recipe.
    ///
    /// - Throws: `SpecificationError` naming the first field that is out of range.
    public init(
        family: FilterFamily,
        band: FilterBand?,
        order: Int?,
        corners: Corners,
        discretization: Discretization = .bilinear,
        poleSubset: [Int]? = nil,
        extraZeroAlpha: Double? = nil,
        extraZeroFrequency: Double? = nil,
        besselPoles: BesselPoleSource = .computed,
        realization: Realization = .sections
    ) throws(SpecificationError) {
        if case .catalogue(let filter) = family { self.family = .catalogue(filter.canonical) } else { self.family = family }
        self.band = band
        self.order = order
        self.corners = corners
        self.discretization = discretization
        self.poleSubset = poleSubset
        // Only a Bessel prototype has a choice of poles.
        self.besselPoles = family == .bessel ? besselPoles : .computed
        self.realization = realization
        self.specification = nil
        // An extra zero in Hz needs the sample rate of the corners: alpha = f / fs.
        if let f = extraZeroFrequency {
            guard extraZeroAlpha == nil else { throw .extraZeroGivenTwice }
            guard let fs = corners.sampleRate else { throw .extraZeroNeedsSampleRate }
            self.extraZeroAlpha = f / fs
        } else {
            self.extraZeroAlpha = extraZeroAlpha
        }
        self.extraZeroFrequency = extraZeroFrequency
        try validate()
    }

    /// The filter of family `family` (Butterworth, Chebyshev, Chebyshev II or
    /// elliptic) of the lowest order that meets `specification`, designed with
    /// the corners scipy's `buttord`/`cheb1ord`/`cheb2ord`/`ellipord` give
    /// (`OrderEstimation`). The family's parameters come from the
    /// specification: a Chebyshev filter's ripple is the passband loss R, a
    /// Chebyshev II filter's attenuation is A, an elliptic filter's are R and A.
    ///
    /// - Parameters:
    ///   - family: Butterworth, Chebyshev, Chebyshev II or elliptic.
    ///   - specification: the band edges, passband loss and stopband attenuation.
    ///   - band: the band, when the caller states it too; it must be the one
    ///     the edges describe.
    ///   - realization: how the filter will run (sections by default).
    /// - Throws: `SpecificationError` for a family no magnitude specification
    ///   defines (Bessel), a band the edges contradict, or a specification that
    ///   needs an order above 128 (`orderRange`).
    public init(designing family: FilterFamily.Name, to specification: MagnitudeSpecification,
                band: FilterBand? = nil, realization: Realization = .sections) throws(SpecificationError) {
        if let band, band != specification.band {
            throw .specificationBandContradicts(given: band, edges: specification.band)
        }
        guard let estimate = OrderEstimation.estimate(family, specification) else {
            throw .specificationFamily(family)
        }
        guard Self.orderRange.contains(estimate.order) else { throw .specificationOrderTooHigh(family: family, order: estimate.order) }
        let (r, a) = (specification.passbandLoss, specification.stopbandAttenuation)
        switch family {
        case .butterworth: self.family = .butterworth
        case .chebyshev: self.family = .chebyshev(rippleDecibels: r)
        case .chebyshev2: self.family = .chebyshev2(attenuationDecibels: a)
        default: self.family = .elliptic(rippleDecibels: r, attenuationDecibels: a)
        }
        self.band = specification.band
        self.order = estimate.order
        self.corners = Corners(alpha1: estimate.corners[0], alpha2: estimate.corners.count > 1 ? estimate.corners[1] : nil,
                               sampleRate: specification.sampleRate)
        self.discretization = .bilinear
        (self.poleSubset, self.extraZeroAlpha, self.extraZeroFrequency) = (nil, nil, nil)
        self.besselPoles = .computed
        self.realization = realization
        self.specification = specification
        // The estimated corners are inside (0, 0.5) for any valid specification;
        // validating them anyway keeps the invariant that a recipe is valid.
        try validate()
    }

    /// The same filter at another sample rate, its corners (and extra zero)
    /// kept in Hz: what retargeting a generated file does. A recipe designed
    /// from a specification is designed again from it, its edges kept in Hz
    /// (the order may change).
    ///
    /// - Throws: `SpecificationError` when a frequency is at or above the new
    ///   Nyquist frequency, or the recipe's corners are alphas (no Hz to keep).
    public func atSampleRate(_ sampleRate: Double) throws(SpecificationError) -> FilterRecipe {
        if let specification {
            return try FilterRecipe(designing: family.name, to: specification.atSampleRate(sampleRate), realization: realization)
        }
        guard let hertz = corners.hertz else { throw .retargetNeedsHertz }
        let extraZero = extraZeroFrequency ?? extraZeroAlpha.map { $0 * corners.sampleRate! }
        return try FilterRecipe(family: family, band: band, order: order,
                                corners: .hertz(hertz.0, hertz.1, sampleRate: sampleRate),
                                discretization: discretization, poleSubset: poleSubset,
                                extraZeroFrequency: extraZero, besselPoles: besselPoles, realization: realization)
    }

    /// The same recipe realized as `realization`.
    public func withRealization(_ realization: Realization) throws(SpecificationError) -> FilterRecipe {
        if let specification {
            return try FilterRecipe(designing: family.name, to: specification, realization: realization)
        }
        return try FilterRecipe(family: family, band: band, order: order, corners: corners, discretization: discretization,
                         poleSubset: poleSubset, extraZeroAlpha: extraZeroFrequency == nil ? extraZeroAlpha : nil,
                         extraZeroFrequency: extraZeroFrequency, besselPoles: besselPoles, realization: realization)
    }

    /// The same recipe with Bessel poles from `source`.
    public func withBesselPoles(_ source: BesselPoleSource) throws(SpecificationError) -> FilterRecipe {
        if specification != nil { return self }  // never a Bessel filter
        return try FilterRecipe(family: family, band: band, order: order, corners: corners, discretization: discretization,
                         poleSubset: poleSubset, extraZeroAlpha: extraZeroFrequency == nil ? extraZeroAlpha : nil,
                         extraZeroFrequency: extraZeroFrequency, besselPoles: source, realization: realization)
    }

    /// The first corner as alpha = f / fs.
    public var alpha1: Double { corners.alpha1 }
    /// The second corner; equal to `alpha1` for one-corner filters (as in Fisher's code).
    public var alpha2: Double { corners.alpha2 ?? corners.alpha1 }

    /// Whether the design starts from an s-plane prototype (everything but resonators).
    public var hasSPlane: Bool { Self.familyHasSPlane(family) }

    /// Whether a family's design starts from an s-plane prototype (all but
    /// resonators and the catalogue, placed in the z-plane directly).
    public static func familyHasSPlane(_ family: FilterFamily) -> Bool {
        switch family {
        case .resonator, .catalogue: return false
        default: return true
        }
    }

    /// Checks every rule a typed recipe can break: its family's parameters'
    /// ranges here, the rules that join its fields where every form checks
    /// them (`RecipeReader.bandOrderAndPoleProblems`), then the ranges of its
    /// order, corners, extra zero and pole subset.
    private func validate() throws(SpecificationError) {
        if case .catalogue(let filter) = family, [.weighting, .gammatone].contains(filter.name), corners.sampleRate == nil {
            throw .catalogue(.needsSampleRate(filter.name))
        }
        if case .catalogue(.weighting) = family, let fs = corners.sampleRate, !(fs.isFinite && fs > 2000) {
            throw .catalogue(.weightingSampleRate(fs))
        }
        if case .catalogue(.comb) = family, realization == .direct {
            throw .catalogue(.combDirectForm(teeth: Comb.teeth(alpha: corners.alpha1) ?? 0))
        }
        try validateParameters()
        if let broken = RecipeReader.bandOrderAndPoleProblems(draft).lazy.compactMap(joinError).first { throw broken }
        if family == .bessel, besselPoles == .mkfilterTable, let order, order > 10 { throw .besselTableOrder(order) }
        try validateCorners()
        try validatePoleSubset()
    }

    /// The family's parameters in range: ripple, attenuation, Q.
    private func validateParameters() throws(SpecificationError) {
        switch family {
        case .chebyshev(let ripple):
            // Too small a ripple makes eps = 0, too large one y = 0: both unusable
            // (rippleDecibelsRange is where neither happens, which the message states).
            let y = ChebyshevPrototype.y(rippleDecibels: ripple, order: 1)
            guard ripple.isFinite, ChebyshevPrototype.rippleDecibelsRange.contains(ripple), y.isFinite, y > 0 else {
                throw .rippleOutOfRange(ripple)
            }
        case .chebyshev2(let a):
            guard a.isFinite, a > 0, a <= Self.maximumAttenuationDecibels else { throw .attenuationOutOfRange(a, ripple: nil) }
        case .elliptic(let r, let a):
            guard r.isFinite, r >= Self.minimumRippleDecibels, r < 300 else { throw .rippleOutOfRange(r, family: .elliptic) }
            // A <= R leaves no stopband below the passband (scipy: eps_p / eps_s >= 1).
            guard a.isFinite, a > r, a <= Self.maximumAttenuationDecibels else { throw .attenuationOutOfRange(a, ripple: r) }
        case .resonator(.finite(let q)):
            guard q > 0 else { throw .qualityFactorOutOfRange(q) }  // NaN fails too
        case .catalogue(let filter):
            // The corners are checked next; the catalogue's rules need them in range.
            guard corners.alpha1.isFinite, corners.alpha1 > 0, corners.alpha1 < 0.5 else { return }
            do { try filter.check(alpha: corners.alpha1, hertz: corners.frequency1, sampleRate: corners.sampleRate) } catch {
                throw .catalogue(error)
            }
        default:
            break
        }
    }

    /// The recipe's fields as a form would give them, for the reader's rules.
    private var draft: RecipeDraft {
        var d = RecipeDraft()
        d.families = [family.name]
        d.bands = band.map { [$0] } ?? []
        d.order = order
        // A weighting's frequency is its own (1 kHz), not given.
        d.alphas = family.name == .weighting ? nil : [corners.alpha1] + (corners.alpha2.map { [$0] } ?? [])
        d.transform = discretization
        d.poles = poleSubset
        d.extraZeroAlpha = extraZeroAlpha
        return d
    }

    /// A join rule the reader found broken, as this type says it (nil for
    /// the rules a typed recipe cannot break).
    private func joinError(_ problem: RecipeProblem) -> SpecificationError? {
        switch problem {
        case .resonatorBand, .bandCount, .allPassNeedsResonator, .notForProportionalIntegral(.band):
            return .bandNotAllowed(family: family, band: band)
        case .notForResonator(let fields):
            if fields.contains(.band) { return .bandNotAllowed(family: family, band: band) }
            if let order { return .orderNotAllowed(family: family, order: order) }
            if fields.contains(.transform) { return .discretizationNotAllowed(family: family, discretization: discretization) }
            return .poleSubsetNotAllowed(family: family)
        case .notForProportionalIntegral:
            return .poleSubsetNotAllowed(family: family)
        case .proportionalIntegralOrder:
            return order.map { .orderNotAllowed(family: family, order: $0) } ?? .missingOrder
        case .missingOrder:
            return .missingOrder
        case .orderOutOfRange(let order):
            return .orderOutOfRange(order)
        case let .poleIndexOutOfRange(index, order):
            return .poleIndexOutOfRange(index: index, order: order)
        case .notWithStopbandZeros(.transform, _):
            return .discretizationNotAllowed(family: family, discretization: discretization)
        case .notWithStopbandZeros(.poles, _):
            return .poleSubsetNotAllowed(family: family)
        case .notWithStopbandZeros:
            return .extraZeroNotAllowed(family: family)
        case .notForCatalogue(let fields, _):
            if fields.contains(.band) { return .bandNotAllowed(family: family, band: band) }
            if let order { return .orderNotAllowed(family: family, order: order) }
            if fields.contains(.transform) { return .discretizationNotAllowed(family: family, discretization: discretization) }
            if fields.contains(.poles) { return .poleSubsetNotAllowed(family: family) }
            return .extraZeroNotAllowed(family: family)
        default:
            return nil
        }
    }

    /// The sample rate, the number of corners for the band, each corner and
    /// the extra zero in (0, 0.5) as alphas, the corners increasing.
    private func validateCorners() throws(SpecificationError) {
        if let fs = corners.sampleRate {
            guard fs.isFinite, fs > 0 else { throw .sampleRateOutOfRange(fs) }
        }
        // A resonator is tuned to one frequency, whatever its band.
        let expected = hasSPlane && (band?.hasTwoCorners ?? false) ? 2 : 1
        let given = corners.alpha2 == nil ? 1 : 2
        guard given == expected else {
            throw .wrongNumberOfCorners(family: family, band: band, given: given)
        }
        let first = family.name.isCatalogue ? "frequency" : corners.alpha2 == nil ? "corner" : "alpha1"
        try Self.checkCorner(corners.alpha1, hertz: corners.frequency1, field: first, corners: corners)
        if let a2 = corners.alpha2 {
            try Self.checkCorner(a2, hertz: corners.frequency2, field: "alpha2", corners: corners)
            guard corners.alpha1 < a2 else { throw .cornersNotIncreasing(alpha1: corners.alpha1, alpha2: a2) }
        }
        if let az = extraZeroAlpha {
            guard az.isFinite, az > 0, az < 0.5 else {
                if let f = extraZeroFrequency, let fs = corners.sampleRate {
                    throw .cornerOutOfRange(field: "extra zero", hertz: f, sampleRate: fs)
                }
                throw .alphaOutOfRange(field: "extra zero alpha", value: az)
            }
        }
    }

    /// A pole subset not empty and in conjugate pairs (its indices' range is
    /// a join rule, checked with the order).
    private func validatePoleSubset() throws(SpecificationError) {
        guard let subset = poleSubset, let order else { return }
        guard !subset.isEmpty else { throw .emptyPoleSubset }
        let poles = AnalogPrototype.poles(family: family, order: order)
        let kept = Set(subset)
        for index in kept.sorted() {
            if let partner = AnalogPrototype.conjugatePartner(of: index, in: poles), !kept.contains(partner) {
                throw .poleSubsetBreaksConjugatePair(index: index, partner: partner)
            }
        }
    }

    private static func checkCorner(_ alpha: Double, hertz: Double?, field: String, corners: Corners) throws(SpecificationError) {
        guard alpha.isFinite, alpha > 0, alpha < 0.5 else {
            if let fs = corners.sampleRate {
                let name = ["alpha1": "corner 1", "alpha2": "corner 2"][field] ?? field
                throw .cornerOutOfRange(field: name, hertz: hertz ?? alpha * fs, sampleRate: fs)
            }
            throw .alphaOutOfRange(field: field, value: alpha)
        }
    }
}
