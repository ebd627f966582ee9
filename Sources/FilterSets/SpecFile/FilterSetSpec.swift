import FilterDesign

/// A filter set file: the sample rate once, then named filters given in Hz.
///
/// ```json
/// {
///   "sampleRate": 60,
///   "namespace": "AccelerometerFilters",
///   "filters": [
///     { "name": "gravity", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 0.5 },
///     { "name": "shake", "family": "chebyshev", "ripple": 0.5, "band": "bandPass", "order": 3, "corners": [2, 6] },
///     { "name": "hum", "mkfilter": "-Re 20 -Bs", "corners": 25 },
///     { "name": "raw", "family": "passThrough" }
///   ]
/// }
/// ```
///
/// The fields of a filter are Fisher's options in words: `family` (-Bu -Be -Ch
/// -Re -Pi), `band` (-Lp -Hp -Bp -Bs -Ap), `order` (-o), `corners` in Hz (-a
/// times the sample rate), `ripple` in dB (-Ch), `q` (-Re), `transform`
/// (bilinear, -w, -z), `poles` (-p) and `extraZero` in Hz (-Z); or `mkfilter`,
/// Fisher's own options as one string, with the corners still in `corners`.
/// `"sampleRate": [60, 100]` designs the set at each rate, one namespace per
/// rate (`AccelerometerFilters60Hz`, `AccelerometerFilters44p1Hz`). The README documents every field.
package struct FilterSetSpec: Sendable {
    /// The file as the user named it (for messages).
    package var file: String
    /// One or more sample rates in Hz.
    package var sampleRates: [Double]
    /// The Swift enum that holds the filters (suffixed with the rate when there are several).
    package var namespace: String
    /// The filters in file order.
    package var filters: [Entry]

    /// One named filter.
    package struct Entry: Sendable {
        package var name: String
        package var description: String
        package var tag: Int
        package var recipe: Recipe
    }

    /// How a filter is designed, independent of the sample rate.
    package enum Recipe: Sendable {
        /// y = x.
        case passThrough
        /// Fisher's options (family, band, order, ...) without corners, and the corners in Hz.
        case mkfilter(options: String, corners: [Double])
        /// The same, field by field.
        case fields(family: FilterFamily, band: FilterBand?, order: Int?, corners: [Double],
                    transform: Discretization, poles: [Int]?, extraZero: Double?)
    }

    /// The top-level fields a spec may have.
    static let topLevelFields = ["sampleRate", "namespace", "filters", "comment"]
    /// The fields a filter may have.
    static let filterFields = ["name", "description", "tag", "comment", "family", "band", "order", "corners",
                               "ripple", "q", "transform", "poles", "extraZero", "mkfilter", "passThrough"]
    /// The fields that describe a design field by field (not allowed with `mkfilter`).
    static let designFields = ["family", "band", "order", "ripple", "q", "transform", "poles", "extraZero", "passThrough"]
    /// Family names in spec files.
    static let families = ["butterworth", "bessel", "chebyshev", "resonator", "proportionalIntegral", "passThrough"]

    /// The namespace and sample rate of each Swift enum this spec generates.
    package var namespaces: [(name: String, sampleRate: Double)] {
        if sampleRates.count == 1 { return [(namespace, sampleRates[0])] }
        return sampleRates.map { (namespace + Self.rateSuffix($0), $0) }
    }

    /// `60Hz`, `44p1Hz` (44.1 Hz): the rate as part of a Swift identifier.
    package static func rateSuffix(_ rate: Double) -> String {
        let text = rate == rate.rounded() && abs(rate) < 1e15 ? String(Int64(rate)) : "\(rate)"
        return text.replacingDots() + "Hz"
    }
}

extension String {
    fileprivate func replacingDots() -> String { String(map { $0 == "." ? "p" : $0 }) }
}

// MARK: - Reading

extension FilterSetSpec {
    /// Reads and checks a spec from its text. Every problem is reported, each
    /// naming the filter and the field and saying what is allowed.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the name to print in messages; its stem (before `.filters.json`
    ///     or `.json`) is the default namespace.
    package static func parse(_ text: String, file: String) throws(FilterSetErrors) -> FilterSetSpec {
        let root: JSONValue
        do { root = try JSONValue.parse(text) } catch {
            throw FilterSetErrors([FilterSetError(file: file, "malformed JSON at \(error)")])
        }
        var errors: [FilterSetError] = []
        func fail(_ message: String, filter: String? = nil, field: String? = nil) {
            errors.append(FilterSetError(file: file, filter: filter, field: field, message))
        }
        guard case .object(let members) = root else {
            throw FilterSetErrors([FilterSetError(file: file, "the file holds \(root.kindDescription); a filter set is a JSON object with \"sampleRate\" and \"filters\"")])
        }
        let top = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
        for (key, _) in members where !topLevelFields.contains(key) {
            fail("unknown field \"\(key)\"\(suggestion(key, topLevelFields)); a filter set has \(list(topLevelFields))")
        }

        // Sample rate(s).
        var rates: [Double] = []
        switch top["sampleRate"] {
        case nil:
            fail("\"sampleRate\" is missing; give the sample rate in Hz, e.g. \"sampleRate\": 60")
        case .number(let fs)?:
            rates = [fs]
        case .array(let values)? where !values.isEmpty:
            for value in values {
                guard case .number(let fs) = value else {
                    fail("\"sampleRate\" lists \(value.kindDescription); give numbers of Hz, e.g. [60, 100]", field: nil)
                    continue
                }
                rates.append(fs)
            }
        case let other?:
            fail("\"sampleRate\" is \(other.kindDescription); give a number of Hz (e.g. 60) or a list of them (e.g. [60, 100])")
        }
        for fs in rates where !(fs > 0) {
            fail("\"sampleRate\" \(number(fs)) Hz is not allowed; a sample rate must be above 0")
        }
        if let repeated = rates.enumerated().first(where: { rates[..<$0.offset].contains($0.element) })?.element {
            fail("\"sampleRate\" lists \(number(repeated)) Hz twice; list each rate once")
        }

        // Namespace.
        var namespace = defaultNamespace(file)
        switch top["namespace"] {
        case nil: break
        case .string(let text)?: namespace = text
        case let other?: fail("\"namespace\" is \(other.kindDescription); give the name of the Swift enum as a string")
        }
        if case .string = top["comment"] ?? .string("") {} else {
            fail("\"comment\" is \(top["comment"]!.kindDescription); a comment is a string")
        }

        // Filters.
        var entries: [Entry] = []
        switch top["filters"] {
        case nil:
            fail("\"filters\" is missing; give an array of filters, each with a \"name\"")
        case .array(let items)?:
            if items.isEmpty { fail("\"filters\" is empty; give at least one filter") }
            var firstIndex: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                var label = "filters[\(index)]"
                if case .object(let fields) = item, let name = fields.first(where: { $0.key == "name" }),
                   case .string(let text) = name.value, !text.isEmpty {
                    label = text
                    if let first = firstIndex[text] {
                        fail("duplicate name; filters[\(first)] already has it, and each filter needs its own",
                             filter: text + " (filters[\(index)])", field: "name")
                    } else {
                        firstIndex[text] = index
                    }
                }
                switch entry(item, index: index, label: label) {
                case .success(let e): entries.append(e)
                case .failure(let problems): errors += problems.errors.map {
                    var e = $0
                    e.file = file
                    return e
                }
                }
            }
        case let other?:
            fail("\"filters\" is \(other.kindDescription); give an array of filters")
        }
        guard errors.isEmpty else { throw FilterSetErrors(errors) }
        return FilterSetSpec(file: file, sampleRates: rates, namespace: namespace, filters: entries)
    }

    /// `Bank.filters.json` -> `Bank`.
    static func defaultNamespace(_ file: String) -> String {
        var name = String(file.split(separator: "/").last ?? "Filters")
        for suffix in [".json", ".filters"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name.isEmpty ? "Filters" : name
    }

    /// One filter object.
    static func entry(_ item: JSONValue, index: Int, label: String) -> Result<Entry, FilterSetErrors> {
        var errors: [FilterSetError] = []
        func fail(_ field: String?, _ message: String) {
            errors.append(FilterSetError(file: "", filter: label, field: field, message))
        }
        guard case .object(let members) = item else {
            return .failure(FilterSetErrors([FilterSetError(file: "", filter: label, "is \(item.kindDescription); each filter is an object with a \"name\"")]))
        }
        let f = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
        for (key, _) in members where !filterFields.contains(key) {
            fail(nil, "unknown field \"\(key)\"\(suggestion(key, filterFields)); a filter has \(list(filterFields))")
        }

        // Name, description, tag.
        var name = ""
        switch f["name"] {
        case .string(let text)? where !text.isEmpty: name = text
        case .string?: fail("name", "is empty; every filter needs a name (it becomes its Swift identifier)")
        case nil: fail("name", "is missing; every filter needs a name (it becomes its Swift identifier)")
        case let other?: fail("name", "is \(other.kindDescription); give a string")
        }
        var description = ""
        switch f["description"] {
        case nil: break
        case .string(let text)?: description = text
        case let other?: fail("description", "is \(other.kindDescription); give a string")
        }
        var tag = index
        switch f["tag"] {
        case nil: break
        case .number(let t)? where t == t.rounded() && abs(t) <= 1_000_000_000: tag = Int(t)
        case let other?: fail("tag", "is \(describe(other)); give a whole number (default: the filter's position, \(index))")
        }
        if let comment = f["comment"], case .string = comment {} else if let comment = f["comment"] {
            fail("comment", "is \(comment.kindDescription); a comment is a string")
        }

        // The design.
        let recipe = recipe(f, fail: fail)
        guard errors.isEmpty, let recipe else { return .failure(FilterSetErrors(errors)) }
        return .success(Entry(name: name, description: description, tag: tag, recipe: recipe))
    }

    static func recipe(_ f: [String: JSONValue], fail: (String?, String) -> Void) -> Recipe? {
        // passThrough: true is the older spelling of "family": "passThrough".
        var familyName: String?
        switch f["passThrough"] {
        case nil, .bool(false)?: break
        case .bool(true)?: familyName = "passThrough"
        case let other?: fail("passThrough", "is \(other.kindDescription); give true (or use \"family\": \"passThrough\")")
        }

        if let options = f["mkfilter"] {
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
            do throws(UsageError) {
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                let line = try MkfilterCommandLine(words)
                if line.options.contains(.a) || line.sampleRate != nil || !line.cornersHz.isEmpty {
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
                if line.wantsListing || line.emission != .none {
                    fail("mkfilter", "asks for output options (-l, --emit, ...); give only the design options")
                    return nil
                }
            } catch {
                fail("mkfilter", error.messages.joined(separator: "; "))
                return nil
            }
            return .mkfilter(options: text, corners: corners)
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

        if familyName == "passThrough" {
            let extra = ["band", "order", "corners", "ripple", "q", "transform", "poles", "extraZero"].filter { f[$0] != nil }
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

        // Family parameters.
        let family: FilterFamily
        switch familyName {
        case "butterworth": family = .butterworth
        case "bessel": family = .bessel
        case "chebyshev":
            switch f["ripple"] {
            case .number(let r)?: family = .chebyshev(rippleDecibels: abs(r))
            case nil:
                fail("ripple", "is missing; a Chebyshev filter needs its passband ripple in dB, e.g. \"ripple\": 0.5")
                return nil
            case let other?:
                fail("ripple", "is \(other.kindDescription); give the passband ripple in dB, e.g. 0.5")
                return nil
            }
        case "resonator":
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
        default:
            family = .proportionalIntegral
        }
        if familyName != "chebyshev" { disallow("ripple", "applies only to \"family\": \"chebyshev\"") }
        if familyName != "resonator" { disallow("q", "applies only to \"family\": \"resonator\"") }

        // Band.
        var band: FilterBand?
        let bands = FilterBand.allCases.map(\.rawValue)
        switch f["band"] {
        case nil:
            if familyName != "proportionalIntegral" {
                fail("band", "is missing; give one of \(list(familyName == "resonator" ? ["bandPass", "bandStop", "allPass"] : ["lowPass", "highPass", "bandPass", "bandStop"]))")
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
            fail("order", "is \(describe(other)); give a whole number in 1 ... 10")
            ok = false
        }
        if order == nil, familyName == "proportionalIntegral" { order = 1 }

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
                       poles: poles, extraZero: extraZero)
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

    package static func describe(_ value: JSONValue) -> String {
        if case .number(let x) = value { return number(x) }
        if case .string(let s) = value { return "'\(s)'" }
        return value.kindDescription
    }

    package static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
    }

    static func list(_ words: [String]) -> String {
        let quoted = words.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// " (did you mean "family"?)" for a near miss: same letters ignoring case,
    /// or one edit away.
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
