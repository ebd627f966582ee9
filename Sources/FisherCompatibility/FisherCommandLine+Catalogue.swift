import FilterDesign

/// The catalogue's words (`mkfilter iirnotch --frequency 50 --quality 30
/// --sample-rate 1000`): its problems said with its options, and the words
/// that design a catalogue recipe.
extension FisherCommandLine {
    /// The option that gives `field` to a catalogue filter.
    static func catalogueOption(_ field: RecipeField) -> String {
        switch field {
        case .q: return "--quality"
        case .remezType: return "--type"
        case .gain: return "--gain"
        case .passZero: return "--pass-zero"
        case .curve: return "--curve"
        case .corners: return "--frequency"
        case .band: return "a band (-Lp, -Hp, -Bp, -Bs, -Ap)"
        case .order: return "-o"
        case .poles: return "-p"
        case .transform: return "-w or -z"
        case .extraZero: return "-Z"
        case .ripple: return "a ripple"
        case .attenuation: return "an attenuation"
        default: return field.rawValue
        }
    }

    /// A catalogue filter's problem in these words; nil for the others, and
    /// for every problem of words that name no catalogue filter.
    func catalogueMessages(_ problem: RecipeProblem) -> [String]? {
        guard let name = catalogue else { return nil }
        switch problem {
        case .familyCount:
            return ["\(name.rawValue) is a design of its own; leave out the family options (-Bu, -Be, -Ch, -Re, -Pi, --cheby1, --cheby2, --elliptic)"]
        case let .missingParameter(field, family):
            let what = [RecipeField.q: "the quality factor Q, above \(family == .iircomb ? 1 : 0)", .curve: "A or C"][field]
                ?? "one of " + RecipeReader.catalogueTypes(family).joined(separator: ", ")
            return ["\(family.rawValue) needs \(Self.catalogueOption(field)) (\(what))"]
        case let .parameterNotForFamily(field, family):
            return ["\(Self.catalogueOption(field)) does not apply to \(family.withArticle)"]
        case let .notForCatalogue(fields, family):
            return ["\(family.withArticle) takes no " + fields.map(Self.catalogueOption).joined(separator: ", ") + "; leave it out"]
        case let .unknownCatalogueWord(field, word, family, allowed):
            return ["\(Self.catalogueOption(field)) \(FisherArguments.quoted(word)) is not a type of \(family.withArticle); it must be one of \(allowed.joined(separator: ", "))"]
        case let .notForCookbookResponse(field, response):
            if field == .q {
                return ["--quality does not apply to a \(response.rawValue) biquad: the shelves have the slope S = 1"]
            }
            return ["--gain applies to peaking, lowshelf and highshelf biquads, not to a \(response.rawValue) one"]
        case .missingCorners, .sampleRateNeedsCorners:
            return ["\(name.rawValue) needs --frequency (alpha = f/fs, or Hz with --sample-rate)"]
        case .missingSampleRate:
            return ["\(name.withArticle) needs --sample-rate (its curve is defined in Hz)"]
        case .cornersTwoWays, .cornersNeedSampleRate:
            return ["give \(name.rawValue)'s frequency with --frequency (and --sample-rate for Hz), not -a or --corner"]
        default:
            return nil
        }
    }

    /// The words of a catalogue recipe: its name, the sample rate and the
    /// frequency in Hz (or the frequency as an alpha), its parameters.
    static func catalogueWords(for recipe: FilterRecipe, _ filter: CatalogueFilter) -> [String] {
        var words = [filter.name.rawValue]
        if let fs = recipe.corners.sampleRate, let hertz = recipe.corners.hertz {
            words += ["--sample-rate", "\(fs)"]
            if filter.name != .weighting { words += ["--frequency", "\(hertz.0)"] }
        } else {
            words += ["--frequency", "\(recipe.alpha1)"]
        }
        switch filter {
        case .notch(let q), .peak(let q): words += ["--quality", "\(q)"]
        case let .comb(q, response, passZero):
            words += ["--quality", "\(q)", "--type", response.rawValue] + (passZero ? ["--pass-zero"] : [])
        case .gammatone: break
        case let .cookbook(response, q, gain):
            words += ["--type", response.rawValue] + (response.takesQuality ? ["--quality", "\(q)"] : [])
                + (response.takesGain ? ["--gain", "\(gain)"] : [])
        case .weighting(let curve): words += ["--curve", curve.rawValue]
        }
        if recipe.realization == .direct { words += ["--realization", "direct"] }
        return words
    }

    /// The catalogue option that set the value `error` is about.
    func catalogueTypedOption(for error: CatalogueValueError) -> String? {
        switch error {
        case .quality, .bandwidthAboveNyquist: return typed["--quality"]
        case .combNotDivisor, .combTeeth: return typed["--frequency"]
        case .gain: return typed["--gain"]
        case .needsSampleRate, .weightingSampleRate, .gammatoneBandwidth: return typed["--sample-rate"]
        case .combDirectForm: return typed["--realization"]
        }
    }
}
