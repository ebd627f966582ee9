import FilterDesign
import FilterJSON
import FisherCompatibility

/// The codec between a filter's named fields and a `FilterRecipe`: a filter
/// set file's JSON object and the web page's URL query (`RecipeQuery`) use
/// the same names, so both go through here. Reading types each field's value
/// into a `RecipeDraft`; `RecipeReader`, the one reader that Fisher's words go
/// through too, checks how the fields join, and `messages(for:in:)` says its
/// problems in these fields' words.
///
/// | field | meaning (Fisher's option) |
/// |---|---|
/// | `family` | `butterworth` (-Bu), `bessel` (-Be), `chebyshev` (-Ch), `chebyshev2` (--cheby2), `elliptic` (--elliptic), `resonator` (-Re), `proportionalIntegral` (-Pi), `passThrough` |
/// | `band` | `lowPass`, `highPass`, `bandPass`, `bandStop` (-Lp -Hp -Bp -Bs); `allPass` (-Ap) |
/// | `order` | -o |
/// | `corners` | Hz: one or two (-a times the sample rate) |
/// | `ripple` | Chebyshev or elliptic passband ripple in dB (-Ch, --elliptic R A) |
/// | `attenuation` | Chebyshev II or elliptic stopband attenuation in dB (--cheby2 A, --elliptic R A) |
/// | `passband`, `stopband` | instead of `order` and `corners`: band edges in Hz, one or two each |
/// | `passbandLoss`, `stopbandAttenuation` | with them: the most loss in the passband, the least attenuation in the stopband, dB |
/// | `q` | resonator Q, or `"Inf"` (-Re) |
/// | `transform` | `bilinear`, `bilinearWithoutPrewarp` (-w), `matchedZ` (-z) |
/// | `poles` | prototype poles to keep (-p) |
/// | `extraZero` | Hz of an extra zero pair (-Z) |
/// | `realization` | `sections` (default) or `direct` (Fisher's recurrence) |
/// | `mkfilter` | instead of the fields above: Fisher's options as one string |
/// | `frequency`, `type`, `gain`, `passZero`, `curve` | the catalogue's (`iirnotch`, `iirpeak`, `iircomb`, `gammatone`, `biquad`, `weighting`), with `q`: `RecipeFields+Catalogue` |
public enum RecipeFields {
    /// The fields that describe a design field by field (not allowed with `mkfilter`).
    public static let designFields = ["family", "band", "order", "ripple", "attenuation", "q", "transform", "poles", "extraZero", "passThrough"]
        + specificationFields + catalogueFields
    /// The fields of a magnitude specification, in place of `order` and `corners`.
    public static let specificationFields = ["passband", "stopband", "passbandLoss", "stopbandAttenuation"]
    /// The ways a design can be realized.
    public static let realizations = Realization.allCases.map(\.rawValue)
    /// Family names, `passThrough` included.
    public static let families = FilterFamily.Name.allCases.map(\.rawValue) + ["passThrough"]

    /// Reads a filter's design from its fields. Every problem found is passed
    /// to `fail` with the field it is about; then the result is `nil`.
    public static func definition(_ fields: [String: JSONValue], fail: (String?, String) -> Void) -> FilterDefinition? {
        withoutActuallyEscaping(fail) { fail in
            definition(FieldReader(fields: fields.mapValues(\.readingIntegersAsNumbers), fail: fail))
        }
    }

    static func definition(_ f: FieldReader) -> FilterDefinition? {
        // passThrough: true is the older spelling of "family": "passThrough".
        let passThrough = f.read("passThrough", give: "true (or use \"family\": \"passThrough\")") { value -> Bool? in
            if case .bool(let b) = value { return b }
            return nil
        }
        var realization = Realization.sections
        switch f.choice("realization", noun: "a realisation", Realization.self, oneOf: false) {
        case .absent: break
        case .value(let r): realization = r
        case .invalid: return nil
        }
        if let options = f.fields["mkfilter"] {
            return fisherWords(options, f, realization: f.has("realization") ? realization : nil)
        }
        guard let family = family(f, passThrough: passThrough.value == true) else { return nil }
        guard let name = family else { return .passThrough }
        guard let draft = draft(f, family: name, realization: realization) else { return nil }
        let problems = RecipeReader.problems(draft)
        for problem in problems {
            for (field, message) in messages(for: problem, in: draft) { f.fail(field, message) }
        }
        return problems.isEmpty ? .draft(draft, words: nil) : nil
    }

    /// The family the fields name: `.some(nil)` for a pass-through (which
    /// takes no other design field), nil when they name none or two.
    static func family(_ f: FieldReader, passThrough: Bool) -> FilterFamily.Name?? {
        var familyName: String? = passThrough ? "passThrough" : nil
        switch f.choice("family", noun: "a family", families) {
        case .absent:
            if familyName == nil {
                f.fail("family", "is missing; give one of \(list(families)), or Fisher's options as \"mkfilter\"")
                return nil
            }
        case .value(let text):
            if familyName != nil, text != "passThrough" {
                f.fail("passThrough", "true contradicts \"family\": \"\(text)\"; give one")
                return nil
            }
            familyName = text
        case .invalid:
            return nil
        }
        if let familyName, let name = FilterFamily.Name(rawValue: familyName) { return .some(name) }
        let extra = ["band", "order", "corners", "ripple", "attenuation", "q", "transform", "poles", "extraZero", "realization"]
            .filter(f.has) + specificationFields.filter(f.has) + catalogueFields.filter(f.has)
        guard extra.isEmpty else {
            f.fail(extra[0], "does not apply to a pass-through filter; remove \(list(extra))")
            return nil
        }
        return .some(nil)
    }

    /// Each field's value, typed, into a draft of `family`; how the fields
    /// join is the reader's. Nil when a value does not read (each said to `f`).
    static func draft(_ f: FieldReader, family name: FilterFamily.Name, realization: Realization) -> RecipeDraft? {
        var ok = true
        func value<T>(_ read: FieldRead<T>) -> T? {
            if case .invalid = read { ok = false }
            return read.value
        }
        var draft = RecipeDraft()
        draft.families = [name]
        draft.sampleRate = .later
        draft.realization = realization
        // Filter set files design Bessel filters from computed poles (COMPATIBILITY.md §9).
        draft.besselPoles = .computed
        // A Chebyshev ripple may be written either way round (Fisher's -Ch writes it negated).
        draft.ripple = value(f.number("ripple", give: "a number of dB")).map { name == .chebyshev ? abs($0) : $0 }
        draft.attenuation = value(f.number("attenuation", give: "a number of dB"))
        draft.quality = value(f.read("q", give: "a number above 0 or \"Inf\"", describing: describe) { value -> QualityFactor? in
            switch value {
            case .number(let q): return .finite(q)
            case .string(let text) where ["inf", "infinity"].contains(text.lowercased()): return .infinite
            default: return nil
            }
        })
        let specification = specificationFields.contains(where: f.has)
        draft.bands = value(band(f, specification: specification)).map { [$0] } ?? []
        draft.order = value(f.read("order", give: "a whole number in 1 ... \(FilterRecipe.orderRange.upperBound)",
                                   describing: describe) { value -> Int? in
            guard case .number(let n) = value, n == n.rounded(), abs(n) <= 1_000_000 else { return nil }
            return Int(n)
        })
        // A proportional-integral filter is order 1 whether or not the file says so.
        if name == .proportionalIntegral, !f.has("order"), !specification { draft.order = 1 }
        draft.transform = value(f.choice("transform", noun: "a transform", Discretization.self))
        draft.poles = value(poles(f))
        draft.extraZeroHertz = value(f.number("extraZero", give: "the frequency of the extra zero in Hz"))
        draft.cornersHertz = name.isCatalogue ? nil : value(cornerList(f, band: nil))
        func edges(_ key: String) -> [Double]? {
            value(f.read(key, give: "one edge in Hz (low-pass, high-pass) or two (band-pass, band-stop)", describing: describe) {
                value throws(FieldProblem) in try FieldReader.hertz(value)
            })
        }
        draft.passband = edges("passband")
        draft.stopband = edges("stopband")
        draft.passbandLoss = value(f.number("passbandLoss", give: "a number of dB"))
        draft.stopbandAttenuation = value(f.number("stopbandAttenuation", give: "a number of dB"))
        if !readCatalogue(f, family: name, into: &draft) { ok = false }
        return ok ? draft : nil
    }

    /// `band`: any band for a recipe; for a specification, one of the four
    /// its edges can say (or none: the edges say which).
    static func band(_ f: FieldReader, specification: Bool) -> FieldRead<FilterBand> {
        guard specification else { return f.choice("band", noun: "a band", FilterBand.self) }
        let bands = list(["lowPass", "highPass", "bandPass", "bandStop"])
        return f.read("band", give: "one of \(bands)") { value throws(FieldProblem) -> FilterBand? in
            guard case .string(let text) = value else { return nil }
            guard let band = FilterBand(rawValue: text) else {
                throw FieldProblem(message: "'\(text)' is not a band; use one of \(bands), or leave it out (the edges say which)")
            }
            return band
        }
    }

    /// `poles`: the prototype's pole indices to keep.
    static func poles(_ f: FieldReader) -> FieldRead<[Int]> {
        f.read("poles", give: "an array of pole indices, e.g. [0, 1]") { value throws(FieldProblem) -> [Int]? in
            guard case .array(let items) = value else { return nil }
            return try items.map { item throws(FieldProblem) in
                guard case .number(let n) = item, n == n.rounded(), n >= 0, n < 1000 else {
                    throw FieldProblem(message: "lists \(describe(item)); give pole indices, whole numbers 0 ... order-1")
                }
                return Int(n)
            }
        }
    }

    /// A problem in a filter set file's words (and a URL query's, which has
    /// the same fields): the field it is about and what to do, one pair per
    /// field. Empty for a problem another message already covers.
    ///
    /// - Parameters:
    ///   - problem: what `RecipeReader` found.
    ///   - draft: the fields it found it in.
    public static func messages(for problem: RecipeProblem, in draft: RecipeDraft) -> [(field: String, message: String)] {
        catalogueMessages(problem, in: draft) ?? familyBandAndOrderMessages(problem, in: draft)
            ?? cornerAndSpecificationMessages(problem, in: draft)
            // A FIR draft's: these fields never make one.
            ?? [(problem.field?.rawValue ?? "family", "belongs to a FIR design, which these fields do not describe")]
    }

    /// The family's, its parameters', band's, order's and poles' problems,
    /// said of their fields; nil for the others.
    static func familyBandAndOrderMessages(_ problem: RecipeProblem, in draft: RecipeDraft) -> [(field: String, message: String)]? {
        let family = draft.families.first
        let bands = ["lowPass", "highPass", "bandPass", "bandStop"], resonatorBands = ["bandPass", "bandStop", "allPass"]
        switch problem {
        case .familyCount, .specificationFamilyCount:
            return [("family", "is missing; give one of \(list(families)), or Fisher's options as \"mkfilter\"")]
        case .missingParameter(let field, let family):
            let what = [RecipeField.ripple: "passband ripple in dB, e.g. \"ripple\": 0.5",
                        .attenuation: "stopband attenuation in dB, e.g. \"attenuation\": 40"][field]
                ?? "Q factor, a number above 0 or \"Inf\""
            return [(field.rawValue, "is missing; \(family.withArticle) needs its \(what)")]
        case .parameterNotForFamily(let field, _):
            let owners = [RecipeField.ripple: "\"chebyshev\" or \"elliptic\"", .attenuation: "\"chebyshev2\" or \"elliptic\""][field]
                ?? "\"resonator\""
            return [(field.rawValue, "applies only to \"family\": \(owners)")]
        case .resonatorBand:
            guard let band = draft.bands.first else { return [("band", "is missing; give one of \(list(resonatorBands))")] }
            return [("band", "'\(band.rawValue)' is not a resonator's band; use one of \(list(resonatorBands))")]
        case .notForResonator(let fields):
            return fields.filter { $0 != .band }.map { field in
                (field.rawValue, field == .transform
                    ? "'\(draft.transform?.rawValue ?? "")' does not apply to a resonator, which is placed in the z-plane directly; remove it"
                    : "does not apply to a resonator, which is placed in the z-plane directly (its Q sets its width); remove it")
            }
        case .notForProportionalIntegral(let field):
            return [(field.rawValue, field == .band ? "does not apply to a proportional-integral filter, which has no band; remove it"
                        : "does not apply to a proportional-integral filter: it has no prototype poles to select")]
        case .proportionalIntegralOrder:
            return [("order", SpecificationError.orderNotAllowed(family: .proportionalIntegral, order: draft.order ?? 0).description)]
        case .bandCount:
            return draft.bands.isEmpty ? [("band", "is missing; give one of \(list(bands))")] : []
        case .allPassNeedsResonator:
            return [("band", "'allPass' is a resonator's band; \(family?.withArticle ?? "the filter") takes one of \(list(bands))")]
        case .missingOrder:
            return [("order", "is missing; give a whole number in 1 ... \(FilterRecipe.orderRange.upperBound)")]
        case .orderOutOfRange(let order):
            return [("order", SpecificationError.orderOutOfRange(order).description)]
        case let .poleIndexOutOfRange(index, order):
            return [("poles", SpecificationError.poleIndexOutOfRange(index: index, order: order).description)]
        case let .notWithStopbandZeros(field, family):
            return [(field.rawValue, stopbandZerosMessage(field, family: family, in: draft))]
        default:
            return nil
        }
    }

    /// The corners', the sample rate's and a specification's problems, said
    /// of their fields; nil for the others.
    static func cornerAndSpecificationMessages(_ problem: RecipeProblem, in draft: RecipeDraft) -> [(field: String, message: String)]? {
        switch problem {
        case .missingCorners:
            let what = draft.bands.first.map { "a \($0.displayName) filter" } ?? "the filter"
            return [("corners", "is missing; give \(what)'s corner frequencies in Hz, e.g. \"corners\": 5 or \"corners\": [0.5, 3]")]
        case .cornersTwoWays, .cornersNeedSampleRate, .sampleRateNeedsCorners, .missingSampleRate:
            return [("sampleRate", "is missing; give the sample rate in Hz, e.g. \"sampleRate\": 60")]
        case .noSpecificationFor(let name):
            return [("family", "\"\(name.rawValue)\": a \(name.displayName) has no magnitude specification to be designed from; use \"butterworth\", \"chebyshev\", \"chebyshev2\" or \"elliptic\", or give the order and corners")]
        case .notWithSpecification(let field):
            switch field {
            case .order, .corners:
                return [(field.rawValue, "is not allowed with a specification: the specification (passband, stopband, passbandLoss, stopbandAttenuation) chooses the \(field == .order ? "order" : "corners")")]
            case .ripple, .attenuation:
                return [(field.rawValue, "is not allowed with a specification: the specification's passbandLoss and stopbandAttenuation are the family's ripple and attenuation")]
            default:
                return [(field.rawValue, "does not apply to a design from a specification")]
            }
        case .specificationBandCount:
            return [("band", "give one band, or leave it out (the edges say which)")]
        case .missingForSpecification(let field):
            return [(field.rawValue, "is missing; a design from a specification needs passband, stopband, passbandLoss and stopbandAttenuation")]
        default:
            return nil
        }
    }

    /// What a Chebyshev II or elliptic filter does not take (`field`:
    /// `.transform`, `.poles`, `.extraZero`), said of the field.
    static func stopbandZerosMessage(_ field: RecipeField, family: FilterFamily.Name, in draft: RecipeDraft) -> String {
        switch field {
        case .transform:
            return "'\(draft.transform?.rawValue ?? "")' does not apply to \(family.withArticle), which is designed with the "
                + "pre-warped bilinear transform (it keeps the band edges where they are asked for); remove it"
        case .poles:
            return "does not apply to \(family.withArticle): its poles belong with its zeros; remove it"
        default:
            return "does not apply to \(family.withArticle), which has its own zeros; remove it"
        }
    }

    /// `"mkfilter": "-Bu -Bp -o 2"` with the corners in `"corners"`: Fisher's
    /// words, read by `FisherCommandLine` and checked by `RecipeReader` as
    /// the command line's are, their problems in his words.
    static func fisherWords(_ options: JSONValue, _ f: FieldReader, realization: Realization?) -> FilterDefinition? {
        let clashing = designFields.filter(f.has)
        guard clashing.isEmpty else {
            f.fail("mkfilter", "give either \"mkfilter\" or the fields \(list(clashing)), not both")
            return nil
        }
        guard case .string(let text) = options else {
            f.fail("mkfilter", "is \(options.kindDescription); give Fisher's options as one string, e.g. \"-Bu -Bp -o 2\"")
            return nil
        }
        guard let corners = cornerList(f, band: "the filter").value else { return nil }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let line: FisherCommandLine
        do { line = try FisherCommandLine(words) } catch {
            f.fail("mkfilter", error.messages.joined(separator: "; "))
            return nil
        }
        // What the fields say their own way, refused in this order.
        let refusals: [(refused: Bool, message: String)] = [
            (line.catalogue != nil, "names a catalogue design; give it with the fields (\"family\": \"\(line.catalogue?.rawValue ?? "")\", \"frequency\" in Hz, \"q\", ...)"),
            (line.givesSpecification, "gives a specification; give it with the fields \(list(specificationFields)) and \"family\""),
            (line.givesCorners, "gives corners; give them in Hz in \"corners\" and leave -a, --sample-rate and --corner out of \"mkfilter\""),
            (line.options.contains(.Z), "uses -Z; give the extra zero in Hz with the fields form (\"extraZero\")"),
            (line.besselPolesGiven, "uses --bessel-poles; spec files always design Bessel filters from computed poles (COMPATIBILITY.md)"),
            (line.wantsListing, "asks for output options (-l, --emit, ...); give only the design options"),
        ]
        if let refusal = refusals.first(where: \.refused) {
            f.fail("mkfilter", refusal.message)
            return nil
        }
        var draft = line.draft
        draft.cornersHertz = corners
        draft.sampleRate = .later
        draft.besselPoles = .computed
        if let realization { draft.realization = realization }
        let errors = line.combinationErrors(in: draft)
        guard errors.isEmpty else {
            f.fail("mkfilter", errors.joined(separator: "; "))
            return nil
        }
        return .draft(draft, words: line)
    }

    /// `"corners": 5` or `[5]` or `[0.5, 3]`; when `band` names the filter,
    /// missing corners are reported as missing.
    static func cornerList(_ f: FieldReader, band: String?) -> FieldRead<[Double]> {
        f.read("corners", missing: band.map { "give \($0)'s corner frequencies in Hz, e.g. \"corners\": 5 or \"corners\": [0.5, 3]" },
               give: "the corner frequencies in Hz, e.g. 5 or [0.5, 3]") { value throws(FieldProblem) in
            if case .array(let items) = value, !(1...2).contains(items.count) {
                throw FieldProblem(message: "lists \(items.count) frequencies; give one corner (low-pass, high-pass, resonator) or two (band-pass, band-stop), in Hz")
            }
            return try FieldReader.hertz(value)
        }
    }

    /// The field a recipe's range error is about.
    public static func field(of error: SpecificationError) -> String {
        switch error {
        case .alphaOutOfRange(let name, _), .cornerOutOfRange(let name, _, _):
            if name.hasPrefix("passband edge") { return "passband" }
            if name.hasPrefix("stopband edge") { return "stopband" }
            if name == "frequency" { return "frequency" }
            return name.contains("extra zero") ? "extraZero" : "corners"
        case .sampleRateOutOfRange, .retargetNeedsHertz: return "sampleRate"
        case .cornersNotIncreasing, .wrongNumberOfCorners: return "corners"
        case .orderOutOfRange, .orderNotAllowed, .missingOrder, .besselTableOrder: return "order"
        case .rippleOutOfRange: return "ripple"
        case .qualityFactorOutOfRange: return "q"
        case .bandNotAllowed: return "band"
        case .discretizationNotAllowed: return "transform"
        case .poleSubsetNotAllowed, .poleIndexOutOfRange, .emptyPoleSubset, .poleSubsetBreaksConjugatePair: return "poles"
        case .extraZeroGivenTwice, .extraZeroNeedsSampleRate, .extraZeroNotAllowed: return "extraZero"
        case .attenuationOutOfRange: return "attenuation"
        case .specificationEdgeCount(let field, _, _), .specificationEdgesNotIncreasing(let field, _, _),
             .specificationLossOutOfRange(let field, _, _):
            return field.rawValue
        case .specificationBandsOverlap: return "stopband"
        case .specificationBandContradicts: return "band"
        case .specificationFamily: return "family"
        case .specificationOrderTooHigh: return "stopbandAttenuation"
        case .catalogue(let error):
            switch error {
            case .quality, .bandwidthAboveNyquist: return "q"
            case .combNotDivisor, .combTeeth: return "frequency"
            case .gain: return "gain"
            case .needsSampleRate, .weightingSampleRate, .gammatoneBandwidth: return "sampleRate"
            case .combDirectForm: return "realization"
            }
        }
    }
}
