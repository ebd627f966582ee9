import FilterDesign
import FilterJSON

/// The catalogue's fields (`CatalogueFilter`), in a filter set file and the
/// page's query alike: `"family": "iirnotch"` (or `"design": "iirnotch"`),
/// `"frequency"` in Hz, `"q"`, `"type"`, `"gain"` (dB), `"passZero"` and
/// `"curve"`.
extension RecipeFields {
    /// The fields only the catalogue takes.
    public static let catalogueFields = ["frequency", "type", "gain", "passZero", "curve"]

    /// The catalogue's fields, typed, into `draft`; a catalogue field given
    /// to another family, or corners given to a catalogue filter, is said to
    /// `f`. False when a value does not read.
    static func readCatalogue(_ f: FieldReader, family name: FilterFamily.Name, into draft: inout RecipeDraft) -> Bool {
        guard name.isCatalogue else {
            if let key = catalogueFields.first(where: f.has) {
                f.fail(key, "applies only to the catalogue's families (\(list(FilterFamily.Name.catalogue.map(\.rawValue)))); remove it")
                return false
            }
            return true
        }
        if f.has("corners") {
            f.fail("corners", "does not apply to \(name.withArticle): give its frequency in Hz as \"frequency\"")
            return false
        }
        var ok = true
        func value<T>(_ read: FieldRead<T>) -> T? {
            if case .invalid = read { ok = false }
            return read.value
        }
        draft.cornersHertz = value(f.number("frequency", give: "the frequency in Hz")).map { [$0] }
        draft.gainDecibels = value(f.number("gain", give: "a gain in dB"))
        draft.catalogueType = value(f.read("type", give: "one of \(list(RecipeReader.catalogueTypes(name)))") { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        })
        draft.curve = value(f.read("curve", give: "\"A\" or \"C\"") { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        })
        draft.passZero = value(f.read("passZero", give: "true or false") { value -> Bool? in
            if case .bool(let b) = value { return b }
            return nil
        }) ?? false
        return ok
    }

    /// A catalogue problem said of its field; nil for the others.
    static func catalogueMessages(_ problem: RecipeProblem, in draft: RecipeDraft) -> [(field: String, message: String)]? {
        guard let name = draft.families.first, name.isCatalogue else { return nil }
        switch problem {
        case let .missingParameter(field, family):
            let what = [RecipeField.q: "Q, a number above 0", .curve: "curve, \"A\" or \"C\""][field]
                ?? "type, one of \(list(RecipeReader.catalogueTypes(family)))"
            return [(field.rawValue, "is missing; \(family.withArticle) needs its \(what)")]
        case let .parameterNotForFamily(field, family):
            return [(field.rawValue, "does not apply to \(family.withArticle); remove it")]
        case let .notForCatalogue(fields, family):
            // A weighting's frequency is its own (1 kHz): the field is "frequency".
            return fields.map { ($0 == .corners ? "frequency" : $0.rawValue, "does not apply to \(family.withArticle); remove it") }
        case let .unknownCatalogueWord(field, word, family, _) where family == .gammatone && word == "fir":
            return [(field.rawValue, "\"fir\" is the FIR gammatone, a FIR design: give \"design\": \"gammatone\" with \"type\": \"fir\" "
                        + "(on the page: /fir?design=gammatone), not \"family\"")]
        case let .unknownCatalogueWord(field, word, family, allowed):
            return [(field.rawValue, "\(quotedForMessage(word)) is not a type of \(family.withArticle); use one of \(list(allowed))")]
        case let .notForCookbookResponse(field, response):
            return [(field.rawValue, field == .q ? "does not apply to a \(response.rawValue) biquad: the shelves have the slope S = 1; remove it"
                        : "applies to peaking, lowshelf and highshelf biquads, not to a \(response.rawValue) one; remove it")]
        case .missingCorners:
            return [("frequency", "is missing; give \(name.withArticle)'s frequency in Hz, e.g. \"frequency\": 50")]
        default:
            return nil
        }
    }

    /// The catalogue recipe's fields after its family: the frequency in Hz
    /// (a weighting's is its own), then its parameters.
    static func catalogueFields(of recipe: FilterRecipe, _ filter: CatalogueFilter) -> [(key: String, value: JSONValue)] {
        var fields: [(key: String, value: JSONValue)] = []
        if filter.name != .weighting {
            fields.append(("frequency", .number(recipe.corners.hertz?.0 ?? recipe.alpha1)))
        }
        switch filter {
        case .notch(let q), .peak(let q): fields.append(("q", .number(q)))
        case let .comb(q, response, passZero):
            fields += [("q", .number(q)), ("type", .string(response.rawValue))] + (passZero ? [("passZero", .bool(true))] : [])
        case .gammatone: break
        case let .cookbook(response, q, gain):
            fields.append(("type", .string(response.rawValue)))
            if response.takesQuality { fields.append(("q", .number(q))) }
            if response.takesGain { fields.append(("gain", .number(gain))) }
        case .weighting(let curve): fields.append(("curve", .string(curve.rawValue)))
        }
        if recipe.realization != .sections { fields.append(("realization", .string(recipe.realization.rawValue))) }
        return fields
    }
}
