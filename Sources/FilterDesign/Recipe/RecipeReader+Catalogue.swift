import RealModule

/// The catalogue's rules (`CatalogueFilter`): each family's parameters, the
/// words of its type or curve, and the fields it does not take.
extension RecipeReader {
    /// The parameter fields each catalogue family takes.
    static let catalogueParameters: [FilterFamily.Name: Set<RecipeField>] = [
        .iirnotch: [.q], .iirpeak: [.q], .iircomb: [.q, .remezType, .passZero], .gammatone: [.remezType],
        .biquad: [.remezType, .q, .gain], .weighting: [.curve],
    ]

    /// The words a catalogue family's type takes (the first is its default, when it has one).
    public static func catalogueTypes(_ family: FilterFamily.Name) -> [String] {
        switch family {
        case .iircomb: return CombResponse.allCases.map(\.rawValue)
        case .biquad: return CookbookResponse.allCases.map(\.rawValue)
        case .gammatone: return ["iir"]
        default: return []
        }
    }

    /// The parameters a catalogue family needs and does not take, and the
    /// words of its type and curve.
    static func catalogueParameterProblems(_ d: RecipeDraft, _ name: FilterFamily.Name) -> [RecipeProblem] {
        var problems: [RecipeProblem] = []
        let takes = catalogueParameters[name] ?? []
        let given: [(given: Bool, field: RecipeField)] = [
            (d.quality != nil, .q), (d.catalogueType != nil || d.remezType != nil, .remezType),
            (d.gainDecibels != nil, .gain), (d.passZero, .passZero), (d.curve != nil, .curve),
            (d.ripple != nil, .ripple), (d.attenuation != nil, .attenuation),
        ]
        problems += given.filter { $0.given && !takes.contains($0.field) }.map { .parameterNotForFamily($0.field, family: name) }
        let needs: [(missing: Bool, field: RecipeField)] = [
            ([.iirnotch, .iirpeak, .iircomb].contains(name) && d.quality == nil, .q),
            (name == .biquad && d.catalogueType == nil, .remezType), (name == .weighting && d.curve == nil, .curve),
        ]
        problems += needs.filter(\.missing).map { .missingParameter($0.field, family: name) }
        if let word = d.catalogueType, takes.contains(.remezType), !catalogueTypes(name).contains(word.lowercased()) {
            problems.append(.unknownCatalogueWord(.remezType, word: word, family: name, allowed: catalogueTypes(name)))
        }
        if let word = d.curve, name == .weighting, WeightingCurve(rawValue: word.uppercased()) == nil {
            problems.append(.unknownCatalogueWord(.curve, word: word, family: name, allowed: WeightingCurve.allCases.map(\.rawValue)))
        }
        if name == .biquad, let response = d.catalogueType.flatMap({ CookbookResponse(rawValue: $0.lowercased()) }) {
            if d.quality != nil && !response.takesQuality { problems.append(.notForCookbookResponse(.q, response: response)) }
            if d.gainDecibels != nil && !response.takesGain { problems.append(.notForCookbookResponse(.gain, response: response)) }
        }
        return problems
    }

    /// What a catalogue filter does not take: a band, an order, poles, a
    /// transform, an extra zero, and (a weighting) a frequency.
    static func catalogueFieldProblems(_ d: RecipeDraft, _ name: FilterFamily.Name) -> [RecipeProblem] {
        let excluded: [(given: Bool, field: RecipeField)] = [
            (!d.bands.isEmpty, .band), (d.order != nil, .order), (d.poles != nil, .poles),
            (d.transform.map { $0 != .bilinear } ?? false, .transform),
            (d.extraZeroAlpha != nil || d.extraZeroHertz != nil, .extraZero),
            (name == .weighting && (d.alphas != nil || d.cornersHertz != nil), .corners),
        ]
        let fields = excluded.filter(\.given).map(\.field)
        return fields.isEmpty ? [] : [.notForCatalogue(fields, family: name)]
    }

    /// A weighting's sample rate: given (its frequency is 1 kHz, its own).
    static func weightingRateProblems(_ d: RecipeDraft) -> [RecipeProblem] {
        d.sampleRate == .absent ? [.missingSampleRate] : []
    }

    /// The catalogue filter `name` with the draft's parameters (the rules
    /// were checked): Q 1/sqrt(2) for a biquad without one, gain 0 dB.
    static func catalogueFilter(_ name: FilterFamily.Name, _ d: RecipeDraft) -> CatalogueFilter {
        let q: Double
        switch d.quality {
        case .finite(let value)?: q = value
        case .infinite?: q = .infinity
        case nil: q = 0.5.squareRoot()
        }
        switch name {
        case .iirpeak: return .peak(quality: q)
        case .iircomb:
            return .comb(quality: q, response: d.catalogueType.flatMap { CombResponse(rawValue: $0.lowercased()) } ?? .notch, passZero: d.passZero)
        case .gammatone: return .gammatone
        case .biquad:
            return .cookbook(d.catalogueType.flatMap { CookbookResponse(rawValue: $0.lowercased()) } ?? .peaking, quality: q,
                             gainDecibels: d.gainDecibels ?? 0)
        case .weighting: return .weighting(d.curve.flatMap { WeightingCurve(rawValue: $0.uppercased()) } ?? .a)
        default: return .notch(quality: q)
        }
    }
}
