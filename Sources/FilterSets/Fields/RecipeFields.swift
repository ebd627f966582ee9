import FilterDesign
import FilterJSON
import FisherCompatibility

/// The codec between a filter's named fields and a `FilterRecipe`: a filter
/// set file's JSON object and the web page's URL query (`RecipeQuery`) use
/// the same names, so both go through here.
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
public enum RecipeFields {
    /// The fields that describe a design field by field (not allowed with `mkfilter`).
    public static let designFields = ["family", "band", "order", "ripple", "attenuation", "q", "transform", "poles", "extraZero", "passThrough"]
        + specificationFields
    /// The fields of a magnitude specification, in place of `order` and `corners`.
    public static let specificationFields = ["passband", "stopband", "passbandLoss", "stopbandAttenuation"]
    /// The ways a design can be realised.
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
        var familyName: String?
        let passThrough = f.read("passThrough", give: "true (or use \"family\": \"passThrough\")") { value -> Bool? in
            if case .bool(let b) = value { return b }
            return nil
        }
        if passThrough.value == true { familyName = "passThrough" }

        var realization = Realization.sections
        switch f.choice("realization", noun: "a realisation", Realization.self, oneOf: false) {
        case .absent: break
        case .value(let r): realization = r
        case .invalid: return nil
        }

        if let options = f.fields["mkfilter"] {
            guard var line = fisherWords(options, f) else { return nil }
            if case .fisherWords(var words, let corners) = line, f.has("realization") {
                words.realization = realization
                line = .fisherWords(words, corners: corners)
            }
            return line
        }

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

        guard let familyName, let name = FilterFamily.Name(rawValue: familyName) else {
            let extra = ["band", "order", "corners", "ripple", "attenuation", "q", "transform", "poles", "extraZero", "realization"]
                .filter(f.has) + specificationFields.filter(f.has)
            guard extra.isEmpty else {
                f.fail(extra[0], "does not apply to a pass-through filter; remove \(list(extra))")
                return nil
            }
            return .passThrough
        }

        var ok = true
        func disallow(_ field: String, _ reason: String) {
            if f.has(field) { f.fail(field, reason); ok = false }
        }

        if specificationFields.contains(where: f.has) {
            return specificationDefinition(name, f, realization: realization)
        }

        // Family parameters.
        let family: FilterFamily
        switch name {
        case .butterworth: family = .butterworth
        case .bessel: family = .bessel
        case .proportionalIntegral: family = .proportionalIntegral
        case .chebyshev:
            guard let r = decibels(f, "ripple", "a Chebyshev filter needs its passband ripple in dB, e.g. \"ripple\": 0.5") else { return nil }
            family = .chebyshev(rippleDecibels: abs(r))
        case .chebyshev2:
            guard let a = decibels(f, "attenuation", "a Chebyshev II filter needs its stopband attenuation in dB, e.g. \"attenuation\": 40") else { return nil }
            family = .chebyshev2(attenuationDecibels: a)
        case .elliptic:
            let r = decibels(f, "ripple", "an elliptic filter needs its passband ripple in dB, e.g. \"ripple\": 0.5")
            let a = decibels(f, "attenuation", "an elliptic filter needs its stopband attenuation in dB, e.g. \"attenuation\": 40")
            guard let r, let a else { return nil }
            family = .elliptic(rippleDecibels: r, attenuationDecibels: a)
        case .resonator:
            let q = f.read("q", missing: "a resonator needs its Q factor, a number above 0 or \"Inf\"",
                           give: "a number above 0 or \"Inf\"", describing: describe) { value -> QualityFactor? in
                switch value {
                case .number(let q): return .finite(q)
                case .string(let text) where ["inf", "infinity"].contains(text.lowercased()): return .infinite
                default: return nil
                }
            }
            guard let q = q.value else { return nil }
            family = .resonator(q)
        }
        if name != .chebyshev && name != .elliptic { disallow("ripple", "applies only to \"family\": \"chebyshev\" or \"elliptic\"") }
        if name != .chebyshev2 && name != .elliptic { disallow("attenuation", "applies only to \"family\": \"chebyshev2\" or \"elliptic\"") }
        if name != .resonator { disallow("q", "applies only to \"family\": \"resonator\"") }

        // Band.
        let band = f.choice("band", noun: "a band", FilterBand.self)
        if case .absent = band, name != .proportionalIntegral {
            f.fail("band", "is missing; give one of \(list(name == .resonator ? ["bandPass", "bandStop", "allPass"] : ["lowPass", "highPass", "bandPass", "bandStop"]))")
            ok = false
        }
        if case .invalid = band { ok = false }

        // Order.
        let orderRead = f.read("order", give: "a whole number in 1 ... \(FilterRecipe.orderRange.upperBound)",
                               describing: describe) { value -> Int? in
            guard case .number(let n) = value, n == n.rounded(), abs(n) <= 1_000_000 else { return nil }
            return Int(n)
        }
        if case .invalid = orderRead { ok = false }
        var order = orderRead.value
        if order == nil, name == .proportionalIntegral { order = 1 }

        // Transform.
        let transform = f.choice("transform", noun: "a transform", Discretization.self)
        if case .invalid = transform { ok = false }

        // Pole subset.
        let poles = f.read("poles", give: "an array of pole indices, e.g. [0, 1]") { value throws(FieldProblem) -> [Int]? in
            guard case .array(let items) = value else { return nil }
            return try items.map { item throws(FieldProblem) in
                guard case .number(let n) = item, n == n.rounded(), n >= 0, n < 1000 else {
                    throw FieldProblem(message: "lists \(describe(item)); give pole indices, whole numbers 0 ... order-1")
                }
                return Int(n)
            }
        }
        if case .invalid = poles { ok = false }

        // Extra zero.
        let extraZero = f.number("extraZero", give: "the frequency of the extra zero in Hz")
        if case .invalid = extraZero { ok = false }

        let what = band.value.map { "a \($0.displayName) filter" } ?? "the filter"
        guard let corners = cornerList(f, band: what), ok else { return nil }
        return .fields(family: family, band: band.value, order: order, corners: corners, transform: transform.value ?? .bilinear,
                       poles: poles.value, extraZero: extraZero.value, realization: realization)
    }

    /// A number of dB in field `key`; `missing` explains what it is when absent.
    static func decibels(_ f: FieldReader, _ key: String, _ missing: String) -> Double? {
        f.number(key, missing: missing, give: "a number of dB").value
    }

    /// A filter designed from a magnitude specification: `family`, optional
    /// `band`, `passband`, `stopband` (Hz), `passbandLoss`, `stopbandAttenuation`.
    static func specificationDefinition(_ name: FilterFamily.Name, _ f: FieldReader, realization: Realization) -> FilterDefinition? {
        var ok = true
        for field in ["order", "corners", "ripple", "attenuation", "q", "transform", "poles", "extraZero"] where f.has(field) {
            let why = field == "order" || field == "corners"
                ? "the specification (passband, stopband, passbandLoss, stopbandAttenuation) chooses the \(field == "order" ? "order" : "corners")"
                : field == "ripple" || field == "attenuation"
                ? "the specification's passbandLoss and stopbandAttenuation are the family's ripple and attenuation"
                : "does not apply to a design from a specification"
            f.fail(field, field == "order" || field == "corners" || field == "ripple" || field == "attenuation" ? "is not allowed with a specification: \(why)" : why)
            ok = false
        }
        guard [.butterworth, .chebyshev, .chebyshev2, .elliptic].contains(name) else {
            f.fail("family", "\"\(name.rawValue)\": a \(name.displayName) has no magnitude specification to be designed from; use \"butterworth\", \"chebyshev\", \"chebyshev2\" or \"elliptic\", or give the order and corners")
            return nil
        }
        let bands = list(["lowPass", "highPass", "bandPass", "bandStop"])
        let band = f.read("band", give: "one of \(bands)") { value throws(FieldProblem) -> FilterBand? in
            guard case .string(let text) = value else { return nil }
            guard let band = FilterBand(rawValue: text) else {
                throw FieldProblem(message: "'\(text)' is not a band; use one of \(bands), or leave it out (the edges say which)")
            }
            return band
        }
        if case .invalid = band { ok = false }
        func edges(_ key: String) -> [Double]? {
            f.read(key, missing: "a design from a specification needs passband, stopband, passbandLoss and stopbandAttenuation",
                   give: "one edge in Hz (low-pass, high-pass) or two (band-pass, band-stop)", describing: describe) {
                value throws(FieldProblem) in try FieldReader.hertz(value)
            }.value
        }
        let passband = edges("passband"), stopband = edges("stopband")
        let loss = decibels(f, "passbandLoss", "the most loss allowed in the passband, in dB")
        let attenuation = decibels(f, "stopbandAttenuation", "the least attenuation required in the stopband, in dB")
        guard ok, let passband, let stopband, let loss, let attenuation else { return nil }
        return .specification(family: name, band: band.value, passband: passband, stopband: stopband,
                              passbandLoss: loss, stopbandAttenuation: attenuation, realization: realization)
    }

    /// `"mkfilter": "-Bu -Bp -o 2"` with the corners in `"corners"`.
    static func fisherWords(_ options: JSONValue, _ f: FieldReader) -> FilterDefinition? {
        let clashing = designFields.filter(f.has)
        guard clashing.isEmpty else {
            f.fail("mkfilter", "give either \"mkfilter\" or the fields \(list(clashing)), not both")
            return nil
        }
        guard case .string(let text) = options else {
            f.fail("mkfilter", "is \(options.kindDescription); give Fisher's options as one string, e.g. \"-Bu -Bp -o 2\"")
            return nil
        }
        guard let corners = cornerList(f, band: "the filter") else { return nil }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let line: FisherCommandLine
        do { line = try FisherCommandLine(words) } catch {
            f.fail("mkfilter", error.messages.joined(separator: "; "))
            return nil
        }
        // What the fields say their own way, refused in this order.
        let refusals: [(refused: Bool, message: String)] = [
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
        return .fisherWords(line, corners: corners)
    }

    /// `"corners": 5` or `[5]` or `[0.5, 3]`.
    static func cornerList(_ f: FieldReader, band: String) -> [Double]? {
        f.read("corners", missing: "give \(band)'s corner frequencies in Hz, e.g. \"corners\": 5 or \"corners\": [0.5, 3]",
               give: "the corner frequencies in Hz, e.g. 5 or [0.5, 3]") { value throws(FieldProblem) in
            if case .array(let items) = value, !(1...2).contains(items.count) {
                throw FieldProblem(message: "lists \(items.count) frequencies; give one corner (low-pass, high-pass, resonator) or two (band-pass, band-stop), in Hz")
            }
            return try FieldReader.hertz(value)
        }.value
    }

    /// The field a recipe's range error is about.
    public static func field(of error: SpecificationError) -> String {
        switch error {
        case .alphaOutOfRange(let name, _), .cornerOutOfRange(let name, _, _):
            if name.hasPrefix("passband edge") { return "passband" }
            if name.hasPrefix("stopband edge") { return "stopband" }
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
        }
    }
}
