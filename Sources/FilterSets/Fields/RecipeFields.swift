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
        let f = fields.mapValues(\.readingIntegersAsNumbers)
        // passThrough: true is the older spelling of "family": "passThrough".
        var familyName: String?
        switch f["passThrough"] {
        case nil, .bool(false)?: break
        case .bool(true)?: familyName = "passThrough"
        case let other?: fail("passThrough", "is \(other.kindDescription); give true (or use \"family\": \"passThrough\")")
        }

        var realization = Realization.sections
        switch f["realization"] {
        case nil: break
        case .string(let text)?:
            guard let r = Realization(rawValue: text) else {
                fail("realization", "'\(text)' is not a realisation\(suggestion(text, realizations)); use \(list(realizations))")
                return nil
            }
            realization = r
        case let other?:
            fail("realization", "is \(other.kindDescription); give \(list(realizations))")
            return nil
        }

        if let options = f["mkfilter"] {
            guard var line = fisherWords(options, f, fail: fail) else { return nil }
            if case .fisherWords(var words, let corners) = line, f["realization"] != nil {
                words.realization = realization
                line = .fisherWords(words, corners: corners)
            }
            return line
        }

        switch f["family"] {
        case nil:
            if familyName == nil {
                fail("family", "is missing; give one of \(list(families)), or Fisher's options as \"mkfilter\"")
                return nil
            }
        case .string(let text)?:
            guard families.contains(text) else {
                fail("family", "'\(text)' is not a family\(suggestion(text, families)); use one of \(list(families))")
                return nil
            }
            if familyName != nil, text != "passThrough" {
                fail("passThrough", "true contradicts \"family\": \"\(text)\"; give one")
                return nil
            }
            familyName = text
        case let other?:
            fail("family", "is \(other.kindDescription); give one of \(list(families))")
            return nil
        }

        guard let familyName, let name = FilterFamily.Name(rawValue: familyName) else {
            let extra = ["band", "order", "corners", "ripple", "attenuation", "q", "transform", "poles", "extraZero", "realization"]
                .filter { f[$0] != nil } + specificationFields.filter { f[$0] != nil }
            guard extra.isEmpty else {
                fail(extra[0], "does not apply to a pass-through filter; remove \(list(extra))")
                return nil
            }
            return .passThrough
        }

        var ok = true
        func disallow(_ field: String, _ reason: String) {
            if f[field] != nil { fail(field, reason); ok = false }
        }

        if specificationFields.contains(where: { f[$0] != nil }) {
            return specificationDefinition(name, f, realization: realization, fail: fail)
        }

        // Family parameters.
        let family: FilterFamily
        switch name {
        case .butterworth: family = .butterworth
        case .bessel: family = .bessel
        case .proportionalIntegral: family = .proportionalIntegral
        case .chebyshev:
            guard let r = decibels(f, "ripple", "a Chebyshev filter needs its passband ripple in dB, e.g. \"ripple\": 0.5", fail: fail) else { return nil }
            family = .chebyshev(rippleDecibels: abs(r))
        case .chebyshev2:
            guard let a = decibels(f, "attenuation", "a Chebyshev II filter needs its stopband attenuation in dB, e.g. \"attenuation\": 40", fail: fail) else { return nil }
            family = .chebyshev2(attenuationDecibels: a)
        case .elliptic:
            let r = decibels(f, "ripple", "an elliptic filter needs its passband ripple in dB, e.g. \"ripple\": 0.5", fail: fail)
            let a = decibels(f, "attenuation", "an elliptic filter needs its stopband attenuation in dB, e.g. \"attenuation\": 40", fail: fail)
            guard let r, let a else { return nil }
            family = .elliptic(rippleDecibels: r, attenuationDecibels: a)
        case .resonator:
            switch f["q"] {
            case .number(let q)?: family = .resonator(.finite(q))
            case .string(let text)? where ["inf", "infinity"].contains(text.lowercased()): family = .resonator(.infinite)
            case nil:
                fail("q", "is missing; a resonator needs its Q factor, a number above 0 or \"Inf\"")
                return nil
            case let other?:
                fail("q", "is \(describe(other)); give a number above 0 or \"Inf\"")
                return nil
            }
        }
        if name != .chebyshev && name != .elliptic { disallow("ripple", "applies only to \"family\": \"chebyshev\" or \"elliptic\"") }
        if name != .chebyshev2 && name != .elliptic { disallow("attenuation", "applies only to \"family\": \"chebyshev2\" or \"elliptic\"") }
        if name != .resonator { disallow("q", "applies only to \"family\": \"resonator\"") }

        // Band.
        var band: FilterBand?
        let bands = FilterBand.allCases.map(\.rawValue)
        switch f["band"] {
        case nil:
            if name != .proportionalIntegral {
                fail("band", "is missing; give one of \(list(name == .resonator ? ["bandPass", "bandStop", "allPass"] : ["lowPass", "highPass", "bandPass", "bandStop"]))")
                ok = false
            }
        case .string(let text)?:
            if let b = FilterBand(rawValue: text) { band = b } else {
                fail("band", "'\(text)' is not a band\(suggestion(text, bands)); use one of \(list(bands))")
                ok = false
            }
        case let other?:
            fail("band", "is \(other.kindDescription); give one of \(list(bands))")
            ok = false
        }

        // Order.
        var order: Int?
        switch f["order"] {
        case nil: break
        case .number(let n)? where n == n.rounded() && abs(n) <= 1_000_000: order = Int(n)
        case let other?:
            fail("order", "is \(describe(other)); give a whole number in 1 ... \(FilterRecipe.orderRange.upperBound)")
            ok = false
        }
        if order == nil, name == .proportionalIntegral { order = 1 }

        // Transform.
        var transform = Discretization.bilinear
        let transforms = Discretization.allCases.map(\.rawValue)
        switch f["transform"] {
        case nil: break
        case .string(let text)?:
            if let t = Discretization(rawValue: text) { transform = t } else {
                fail("transform", "'\(text)' is not a transform\(suggestion(text, transforms)); use one of \(list(transforms))")
                ok = false
            }
        case let other?:
            fail("transform", "is \(other.kindDescription); give one of \(list(transforms))")
            ok = false
        }

        // Pole subset.
        var poles: [Int]?
        switch f["poles"] {
        case nil: break
        case .array(let items)?:
            var indices: [Int] = []
            for item in items {
                guard case .number(let n) = item, n == n.rounded(), n >= 0, n < 1000 else {
                    fail("poles", "lists \(describe(item)); give pole indices, whole numbers 0 ... order-1")
                    ok = false
                    break
                }
                indices.append(Int(n))
            }
            poles = indices
        case let other?:
            fail("poles", "is \(other.kindDescription); give an array of pole indices, e.g. [0, 1]")
            ok = false
        }

        // Extra zero.
        var extraZero: Double?
        switch f["extraZero"] {
        case nil: break
        case .number(let z)?: extraZero = z
        case let other?:
            fail("extraZero", "is \(other.kindDescription); give the frequency of the extra zero in Hz")
            ok = false
        }

        let what = band.map { "a \($0.displayName) filter" } ?? "the filter"
        guard let corners = cornerList(f["corners"], band: what, fail: fail), ok else { return nil }
        return .fields(family: family, band: band, order: order, corners: corners, transform: transform,
                       poles: poles, extraZero: extraZero, realization: realization)
    }

    /// A number of dB in field `key`; `missing` explains what it is when absent.
    static func decibels(_ f: [String: JSONValue], _ key: String, _ missing: String, fail: (String?, String) -> Void) -> Double? {
        switch f[key] {
        case .number(let x)?: return x
        case nil: fail(key, "is missing; \(missing)")
        case let other?: fail(key, "is \(other.kindDescription); give a number of dB")
        }
        return nil
    }

    /// A filter designed from a magnitude specification: `family`, optional
    /// `band`, `passband`, `stopband` (Hz), `passbandLoss`, `stopbandAttenuation`.
    static func specificationDefinition(_ name: FilterFamily.Name, _ f: [String: JSONValue], realization: Realization,
                                        fail: (String?, String) -> Void) -> FilterDefinition? {
        var ok = true
        for field in ["order", "corners", "ripple", "attenuation", "q", "transform", "poles", "extraZero"] where f[field] != nil {
            let why = field == "order" || field == "corners"
                ? "the specification (passband, stopband, passbandLoss, stopbandAttenuation) chooses the \(field == "order" ? "order" : "corners")"
                : field == "ripple" || field == "attenuation"
                ? "the specification's passbandLoss and stopbandAttenuation are the family's ripple and attenuation"
                : "does not apply to a design from a specification"
            fail(field, field == "order" || field == "corners" || field == "ripple" || field == "attenuation" ? "is not allowed with a specification: \(why)" : why)
            ok = false
        }
        guard [.butterworth, .chebyshev, .chebyshev2, .elliptic].contains(name) else {
            fail("family", "\"\(name.rawValue)\": a \(name.displayName) has no magnitude specification to be designed from; use \"butterworth\", \"chebyshev\", \"chebyshev2\" or \"elliptic\", or give the order and corners")
            return nil
        }
        var band: FilterBand?
        if case .string(let text)? = f["band"] {
            band = FilterBand(rawValue: text)
            if band == nil {
                fail("band", "'\(text)' is not a band; use one of \(list(["lowPass", "highPass", "bandPass", "bandStop"])), or leave it out (the edges say which)")
                ok = false
            }
        } else if let other = f["band"] {
            fail("band", "is \(other.kindDescription); give one of \(list(["lowPass", "highPass", "bandPass", "bandStop"]))")
            ok = false
        }
        func edges(_ key: String) -> [Double]? {
            switch f[key] {
            case .number(let x)?: return [x]
            case .array(let items)? where (1...2).contains(items.count):
                var values: [Double] = []
                for item in items {
                    guard case .number(let x) = item else { fail(key, "lists \(item.kindDescription); give frequencies in Hz"); return nil }
                    values.append(x)
                }
                return values
            case nil: fail(key, "is missing; a design from a specification needs passband, stopband, passbandLoss and stopbandAttenuation")
            case let other?: fail(key, "is \(describe(other)); give one edge in Hz (low-pass, high-pass) or two (band-pass, band-stop)")
            }
            return nil
        }
        let passband = edges("passband"), stopband = edges("stopband")
        let loss = decibels(f, "passbandLoss", "the most loss allowed in the passband, in dB", fail: fail)
        let attenuation = decibels(f, "stopbandAttenuation", "the least attenuation required in the stopband, in dB", fail: fail)
        guard ok, let passband, let stopband, let loss, let attenuation else { return nil }
        return .specification(family: name, band: band, passband: passband, stopband: stopband,
                              passbandLoss: loss, stopbandAttenuation: attenuation, realization: realization)
    }

    /// `"mkfilter": "-Bu -Bp -o 2"` with the corners in `"corners"`.
    static func fisherWords(_ options: JSONValue, _ f: [String: JSONValue], fail: (String?, String) -> Void) -> FilterDefinition? {
        let clashing = designFields.filter { f[$0] != nil }
        guard clashing.isEmpty else {
            fail("mkfilter", "give either \"mkfilter\" or the fields \(list(clashing)), not both")
            return nil
        }
        guard case .string(let text) = options else {
            fail("mkfilter", "is \(options.kindDescription); give Fisher's options as one string, e.g. \"-Bu -Bp -o 2\"")
            return nil
        }
        guard let corners = cornerList(f["corners"], band: "the filter", fail: fail) else { return nil }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let line: FisherCommandLine
        do { line = try FisherCommandLine(words) } catch {
            fail("mkfilter", error.messages.joined(separator: "; "))
            return nil
        }
        if line.givesSpecification {
            fail("mkfilter", "gives a specification; give it with the fields \(list(specificationFields)) and \"family\"")
            return nil
        }
        if line.givesCorners {
            fail("mkfilter", "gives corners; give them in Hz in \"corners\" and leave -a, --sample-rate and --corner out of \"mkfilter\"")
            return nil
        }
        if line.options.contains(.Z) {
            fail("mkfilter", "uses -Z; give the extra zero in Hz with the fields form (\"extraZero\")")
            return nil
        }
        if line.besselPolesGiven {
            fail("mkfilter", "uses --bessel-poles; spec files always design Bessel filters from computed poles (COMPATIBILITY.md)")
            return nil
        }
        if line.wantsListing {
            fail("mkfilter", "asks for output options (-l, --emit, ...); give only the design options")
            return nil
        }
        return .fisherWords(line, corners: corners)
    }

    /// `"corners": 5` or `[5]` or `[0.5, 3]`.
    static func cornerList(_ value: JSONValue?, band: String, fail: (String?, String) -> Void) -> [Double]? {
        switch value {
        case nil:
            fail("corners", "is missing; give \(band)'s corner frequencies in Hz, e.g. \"corners\": 5 or \"corners\": [0.5, 3]")
            return nil
        case .number(let f)?:
            return [f]
        case .array(let items)? where (1...2).contains(items.count):
            var corners: [Double] = []
            for item in items {
                guard case .number(let f) = item else {
                    fail("corners", "lists \(item.kindDescription); give frequencies in Hz")
                    return nil
                }
                corners.append(f)
            }
            return corners
        case .array(let items)?:
            fail("corners", "lists \(items.count) frequencies; give one corner (low-pass, high-pass, resonator) or two (band-pass, band-stop), in Hz")
            return nil
        case let other?:
            fail("corners", "is \(other.kindDescription); give the corner frequencies in Hz, e.g. 5 or [0.5, 3]")
            return nil
        }
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

// MARK: - Recipe to fields

extension RecipeFields {
    /// The fields of `recipe`, as a filter set file writes a filter (without
    /// its name, and without the sample rate, which the file gives once):
    /// corners and extra zero in Hz (alphas are Hz at a sample rate of 1).
    public static func fields(of recipe: FilterRecipe) -> [(key: String, value: JSONValue)] {
        let fs = recipe.corners.sampleRate ?? 1
        let hertz = recipe.corners.hertz ?? (recipe.alpha1, recipe.corners.alpha2)
        var fields: [(key: String, value: JSONValue)] = [("family", .string(recipe.family.name.rawValue))]
        if let spec = recipe.specification {
            let scale = spec.sampleRate ?? 1
            let hz = { (edges: [Double]) -> JSONValue in edges.count == 1 ? .number(edges[0]) : .array(edges.map { .number($0) }) }
            fields += [("band", .string(spec.band.rawValue)),
                       ("passband", hz(spec.passbandHertz ?? spec.passband.map { $0 * scale })),
                       ("stopband", hz(spec.stopbandHertz ?? spec.stopband.map { $0 * scale })),
                       ("passbandLoss", .number(spec.passbandLoss)), ("stopbandAttenuation", .number(spec.stopbandAttenuation))]
            if recipe.realization != .sections { fields.append(("realization", .string(recipe.realization.rawValue))) }
            return fields
        }
        switch recipe.family {
        case .chebyshev(let ripple): fields.append(("ripple", .number(ripple)))
        case .chebyshev2(let a): fields.append(("attenuation", .number(a)))
        case .elliptic(let r, let a): fields += [("ripple", .number(r)), ("attenuation", .number(a))]
        case .resonator(.finite(let q)): fields.append(("q", .number(q)))
        case .resonator(.infinite): fields.append(("q", .string("Inf")))
        default: break
        }
        if let band = recipe.band { fields.append(("band", .string(band.rawValue))) }
        if let order = recipe.order, recipe.family != .proportionalIntegral { fields.append(("order", .integer(order))) }
        fields.append(("corners", hertz.1.map { .array([.number(hertz.0), .number($0)]) } ?? .number(hertz.0)))
        if recipe.hasSPlane && recipe.discretization != .bilinear {
            fields.append(("transform", .string(recipe.discretization.rawValue)))
        }
        if let poles = recipe.poleSubset { fields.append(("poles", .array(poles.map { .integer($0) }))) }
        if let z = recipe.extraZeroFrequency ?? recipe.extraZeroAlpha.map({ $0 * fs }) { fields.append(("extraZero", .number(z))) }
        if recipe.realization != .sections { fields.append(("realization", .string(recipe.realization.rawValue))) }
        return fields
    }
}

// MARK: - Messages

extension RecipeFields {
    /// A value for a message: a number as `FilterSetSpec.number`, a string in quotes.
    public static func describe(_ value: JSONValue) -> String {
        if case .number(let x) = value { return messageNumber(x) }
        if case .string(let s) = value { return "'\(s)'" }
        return value.kindDescription
    }

    /// `"a", "b" or "c"`.
    static func list(_ words: [String]) -> String {
        let quoted = words.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// " (did you mean "family"?)" for a near miss: same letters ignoring case,
    /// or one or two edits away.
    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var previous = row[0]
                row[0] = i
                for j in stride(from: 1, through: b.count, by: 1) {
                    let current = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = current
                }
            }
            return a.isEmpty ? b.count : row[b.count]
        }
        let lower = Array(word.lowercased())
        let best = candidates.map { ($0, distance(lower, Array($0.lowercased()))) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 2 else { return "" }
        return " (did you mean \"\(best.0)\"?)"
    }
}
