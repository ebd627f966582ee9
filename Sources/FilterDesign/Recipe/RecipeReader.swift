/// The one reader of a recipe: checks the rules that join a `RecipeDraft`'s
/// fields, once for every form (Fisher's words, a filter set file, a URL
/// query), and makes the `FilterRecipe`, which checks each value's range.
///
/// The rules, in the order they are reported (Fisher's `checkoptions` order,
/// so that his messages come out as his mkfilter 4.6 prints them):
///
/// - From a specification: exactly one family, one of Butterworth,
///   Chebyshev, Chebyshev II, elliptic; no ripple or attenuation (the
///   specification's loss and attenuation are those), no order, corners,
///   poles, transform or extra zero; at most one band; all four of passband,
///   stopband, passband loss and stopband attenuation.
/// - Otherwise: exactly one family, with its parameters (Chebyshev: ripple;
///   Chebyshev II: attenuation; elliptic: both; resonator: Q) and no other
///   family's. A resonator takes exactly one of band-pass, band-stop and
///   all-pass, and no low-pass or high-pass, order, poles or transform other
///   than bilinear. A proportional-integral filter takes no band and no
///   poles, and is order 1. Every other family takes exactly one of
///   low-pass, high-pass, band-pass and band-stop (all-pass is a
///   resonator's), and an order in `FilterRecipe.orderRange` with its pole
///   indices in 0 ..< order; a Chebyshev II or elliptic filter (zeros on the
///   unit circle) takes no transform but the pre-warped bilinear one, no
///   poles and no extra zero. Then the corners: as alphas or in Hz with a
///   sample rate, not both, and given.
/// - A catalogue filter (`CatalogueFilter`): its parameters
///   (`catalogueParameterProblems`), no band, order, poles, transform or
///   extra zero, one frequency (a weighting: none, and a sample rate).
/// - A FIR draft (`RecipeDraft.firMethod`): the rules of
///   `firProblems(_:method:)`, and `firDefinition(_:sampleRate:)` makes its
///   `FIRDefinition`.
public enum RecipeReader {
    /// Every rule `draft` breaks, in the order above; empty when it reads.
    ///
    /// - Parameter draft: the fields as a form gave them.
    /// - Returns: the problems, each for its form to say.
    public static func problems(_ draft: RecipeDraft) -> [RecipeProblem] {
        if let method = draft.firMethod { return firProblems(draft, method: method) }
        return draft.givesSpecification ? specificationProblems(draft) : orderAndCornerProblems(draft)
    }

    /// The families a magnitude specification designs (`OrderEstimation`).
    public static let specificationFamilies: [FilterFamily.Name] = [.butterworth, .chebyshev, .chebyshev2, .elliptic]

    static func specificationProblems(_ d: RecipeDraft) -> [RecipeProblem] {
        var problems: [RecipeProblem] = []
        if d.families.count != 1 {
            problems.append(.specificationFamilyCount)
        } else if !specificationFamilies.contains(d.families[0]) {
            problems.append(.noSpecificationFor(d.families[0]))
        }
        let excluded: [(given: Bool, field: RecipeField)] = [
            (d.ripple != nil, .ripple), (d.attenuation != nil, .attenuation), (d.quality != nil, .q),
            (d.order != nil, .order), (d.alphas != nil || d.cornersHertz != nil, .corners),
            (d.poles != nil, .poles), (d.transform != nil, .transform),
            (d.extraZeroAlpha != nil || d.extraZeroHertz != nil, .extraZero),
        ]
        problems += excluded.filter(\.given).map { .notWithSpecification($0.field) }
        if d.bands.count > 1 { problems.append(.specificationBandCount) }
        let needed: [(missing: Bool, field: RecipeField)] = [
            (d.passband == nil, .passband), (d.stopband == nil, .stopband),
            (d.passbandLoss == nil, .passbandLoss), (d.stopbandAttenuation == nil, .stopbandAttenuation),
        ]
        problems += needed.filter(\.missing).map { .missingForSpecification($0.field) }
        return problems
    }

    static func orderAndCornerProblems(_ d: RecipeDraft) -> [RecipeProblem] {
        var problems: [RecipeProblem] = []
        if d.families.count != 1 { problems.append(.familyCount) }
        // A catalogue design with another family: that is the one problem (the other's rules do not apply).
        if d.families.count > 1, d.families.contains(where: \.isCatalogue) { return problems }
        if d.families.count == 1, d.families[0].isCatalogue {
            let name = d.families[0]
            return catalogueParameterProblems(d, name) + catalogueFieldProblems(d, name)
                + (name == .weighting ? weightingRateProblems(d) : cornerProblems(d))
        }
        problems += parameterProblems(d)
        problems += bandOrderAndPoleProblems(d)
        problems += cornerProblems(d)
        return problems
    }

    /// The family's parameters, given, and no other family's.
    static func parameterProblems(_ d: RecipeDraft) -> [RecipeProblem] {
        var problems: [RecipeProblem] = []
        for name in FilterFamily.Name.allCases where d.families.contains(name) {
            let needs: [(missing: Bool, field: RecipeField)]
            switch name {
            case .chebyshev: needs = [(d.ripple == nil, .ripple)]
            case .chebyshev2: needs = [(d.attenuation == nil, .attenuation)]
            case .elliptic: needs = [(d.ripple == nil, .ripple), (d.attenuation == nil, .attenuation)]
            case .resonator: needs = [(d.quality == nil, .q)]
            default: needs = []
            }
            problems += needs.filter(\.missing).map { .missingParameter($0.field, family: name) }
        }
        if d.families.count == 1 {
            let name = d.families[0]
            let foreign: [(given: Bool, field: RecipeField, owners: [FilterFamily.Name])] = [
                (d.ripple != nil, .ripple, [.chebyshev, .elliptic]),
                (d.attenuation != nil, .attenuation, [.chebyshev2, .elliptic]),
                (d.quality != nil, .q, [.resonator]),
            ]
            problems += foreign.filter { $0.given && !$0.owners.contains(name) }.map { .parameterNotForFamily($0.field, family: name) }
        }
        return problems
    }

    /// Band, order, transform, poles and extra zero, by family: the rules a
    /// typed `FilterRecipe` can break too (it checks them here).
    static func bandOrderAndPoleProblems(_ d: RecipeDraft) -> [RecipeProblem] {
        var problems: [RecipeProblem] = []
        if d.families.count == 1, d.families[0].isCatalogue {
            return catalogueFieldProblems(d, d.families[0])
        }
        if d.families.contains(.resonator) {
            if d.bands.filter({ [FilterBand.bandPass, .bandStop, .allPass].contains($0) }).count != 1 { problems.append(.resonatorBand) }
            let excluded: [(given: Bool, field: RecipeField)] = [
                (d.bands.contains(.lowPass) || d.bands.contains(.highPass), .band), (d.order != nil, .order),
                (d.poles != nil, .poles), (d.transform.map { $0 != .bilinear } ?? false, .transform),
            ]
            let fields = excluded.filter(\.given).map(\.field)
            if !fields.isEmpty { problems.append(.notForResonator(fields)) }
        } else if d.families.contains(.proportionalIntegral) {
            if !d.bands.isEmpty { problems.append(.notForProportionalIntegral(.band)) }
            if d.order != 1 { problems.append(.proportionalIntegralOrder) }
            if d.poles != nil { problems.append(.notForProportionalIntegral(.poles)) }
        } else {
            if d.bands.filter({ $0 != .allPass }).count != 1 { problems.append(.bandCount) }
            if d.bands.contains(.allPass) { problems.append(.allPassNeedsResonator) }
            if let order = d.order {
                if !FilterRecipe.orderRange.contains(order) {
                    problems.append(.orderOutOfRange(order))
                } else if let bad = d.poles?.first(where: { !(0..<order).contains($0) }) {
                    problems.append(.poleIndexOutOfRange(index: bad, order: order))
                }
            } else {
                problems.append(.missingOrder)
            }
            problems += stopbandZeroProblems(d)
        }
        return problems
    }

    /// What a family with zeros on the unit circle (Chebyshev II, elliptic)
    /// does not take: a transform other than the pre-warped bilinear one, a
    /// pole subset, an extra zero (`FilterFamily.Name.normalizesAtPassbandMaximum`).
    static func stopbandZeroProblems(_ d: RecipeDraft) -> [RecipeProblem] {
        guard d.families.count == 1, d.families[0].normalizesAtPassbandMaximum else { return [] }
        let excluded: [(given: Bool, field: RecipeField)] = [
            (d.transform.map { $0 != .bilinear } ?? false, .transform), (d.poles != nil, .poles),
            (d.extraZeroAlpha != nil || d.extraZeroHertz != nil, .extraZero),
        ]
        return excluded.filter(\.given).map { .notWithStopbandZeros($0.field, family: d.families[0]) }
    }

    /// Corners: as alphas, or in Hz with a sample rate.
    static func cornerProblems(_ d: RecipeDraft) -> [RecipeProblem] {
        let givenRate: Bool = { if case .given = d.sampleRate { return true } else { return false } }()
        let hertz = givenRate || d.cornersHertz != nil
        if d.alphas != nil && hertz {
            return [.cornersTwoWays]
        } else if hertz && (d.sampleRate == .absent || d.cornersHertz == nil) {
            return [d.sampleRate == .absent ? .cornersNeedSampleRate : .sampleRateNeedsCorners]
        } else if d.alphas == nil && !hertz {
            return [.missingCorners]
        }
        return []
    }

    /// The recipe `draft` describes.
    ///
    /// - Parameters:
    ///   - draft: the fields as a form gave them.
    ///   - sampleRate: the sample rate of a draft whose rate comes later
    ///     (`RecipeDraft.SampleRate.later`); ignored otherwise.
    /// - Throws: `RecipeReadingError.problems` with every rule broken (a FIR
    ///   draft: `.firDesign`), or `.outOfRange` with the
    ///   first value out of range.
    public static func recipe(_ draft: RecipeDraft, sampleRate: Double? = nil) throws(RecipeReadingError) -> FilterRecipe {
        if let method = draft.firMethod { throw .problems([.firDesign(method)]) }
        let problems = problems(draft)
        guard problems.isEmpty, let name = draft.families.first else { throw .problems(problems) }
        let rate = try rate(of: draft, later: sampleRate)
        if draft.givesSpecification {
            // All four are there: `problems(draft)` found none missing.
            guard let passband = draft.passband, let stopband = draft.stopband,
                  let loss = draft.passbandLoss, let attenuation = draft.stopbandAttenuation else {
                throw .problems(specificationProblems(draft))
            }
            do throws(SpecificationError) {
                let specification: MagnitudeSpecification
                if let fs = rate {
                    specification = try MagnitudeSpecification(passbandHertz: passband, stopbandHertz: stopband, sampleRate: fs,
                                                               passbandLoss: loss, stopbandAttenuation: attenuation)
                } else {
                    specification = try MagnitudeSpecification(passband: passband, stopband: stopband,
                                                               passbandLoss: loss, stopbandAttenuation: attenuation)
                }
                return try FilterRecipe(designing: name, to: specification, band: draft.bands.first, realization: draft.realization)
            } catch {
                throw .outOfRange(error)
            }
        }
        let corners: Corners
        if name == .weighting, let fs = rate {
            corners = .hertz(1000, sampleRate: fs)  // the weighting's own frequency, where it is 0 dB
        } else if let alphas = draft.alphas, let first = alphas.first {
            corners = .alpha(first, alphas.count > 1 ? alphas[1] : nil)
        } else if let hertz = draft.cornersHertz, let first = hertz.first, let fs = rate {
            corners = .hertz(first, hertz.count > 1 ? hertz[1] : nil, sampleRate: fs)
        } else {
            throw .problems([.missingCorners])
        }
        do throws(SpecificationError) {
            return try FilterRecipe(
                family: family(name, draft), band: draft.bands.first, order: name == .resonator ? nil : draft.order,
                corners: corners, discretization: draft.transform ?? .bilinear, poleSubset: draft.poles,
                extraZeroAlpha: draft.extraZeroAlpha, extraZeroFrequency: draft.extraZeroHertz,
                besselPoles: draft.besselPoles, realization: draft.realization)
        } catch {
            throw .outOfRange(error)
        }
    }

    /// The sample rate of `draft`'s frequencies in Hz: none, the one given
    /// with its fields, or `later` for a rate given apart.
    ///
    /// - Throws: `.problems([.missingSampleRate])` when the rate comes later
    ///   and `later` is nil.
    static func rate(of draft: RecipeDraft, later: Double?) throws(RecipeReadingError) -> Double? {
        switch draft.sampleRate {
        case .absent: return nil
        case .given(let fs): return fs
        case .later:
            guard let later else { throw .problems([.missingSampleRate]) }
            return later
        }
    }

    /// The family `name` with the draft's parameters (present: the rules were checked).
    static func family(_ name: FilterFamily.Name, _ d: RecipeDraft) -> FilterFamily {
        switch name {
        case .butterworth: return .butterworth
        case .bessel: return .bessel
        case .chebyshev: return .chebyshev(rippleDecibels: d.ripple ?? 0)
        case .chebyshev2: return .chebyshev2(attenuationDecibels: d.attenuation ?? 0)
        case .elliptic: return .elliptic(rippleDecibels: d.ripple ?? 0, attenuationDecibels: d.attenuation ?? 0)
        case .resonator: return .resonator(d.quality ?? .infinite)
        case .proportionalIntegral: return .proportionalIntegral
        case .iirnotch, .iirpeak, .iircomb, .gammatone, .biquad, .weighting: return .catalogue(catalogueFilter(name, d))
        }
    }
}
