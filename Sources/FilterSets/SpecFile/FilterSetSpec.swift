import FilterDesign
import FilterJSON

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
///     { "name": "raw", "family": "passThrough" },
///     { "name": "smooth", "design": "firwin", "taps": 31, "cutoff": 7 }
///   ]
/// }
/// ```
///
/// The fields of a filter are Fisher's options in words: `family` (-Bu -Be -Ch
/// -Re -Pi), `band` (-Lp -Hp -Bp -Bs -Ap), `order` (-o), `corners` in Hz (-a
/// times the sample rate), `ripple` in dB (-Ch), `q` (-Re), `transform`
/// (bilinear, -w, -z), `poles` (-p) and `extraZero` in Hz (-Z); or `mkfilter`,
/// Fisher's own options as one string, with the corners still in `corners`.
/// A FIR filter names its method in `design` and gives the FIR commands'
/// options as the design page's query names them (`FIRFields(method:object:)`).
/// `"sampleRate": [60, 100]` designs the set at each rate, one namespace per
/// rate (`AccelerometerFilters60Hz`, `AccelerometerFilters44p1Hz`). docs/command-line.md documents every field.
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
        /// How it is designed, independent of the sample rate.
        package var definition: FilterDefinition
    }

    /// The top-level fields a spec may have.
    static let topLevelFields = ["sampleRate", "namespace", "filters", "comment"]
    /// The fields an IIR filter (or a pass-through) may have.
    static let iirFilterFields = ["name", "description", "tag", "comment", "family", "band", "order", "corners",
                                  "ripple", "attenuation", "q", "transform", "poles", "extraZero", "realization", "mkfilter",
                                  "passThrough", "passband", "stopband", "passbandLoss", "stopbandAttenuation"]
                                  + RecipeFields.catalogueFields
    /// The fields of a FIR design beyond `name`, `description`, `comment` and
    /// `design`, as the design page's query names them (`FIRFields`).
    static let firDesignFields: [String] = {
        let names = FIRFields(method: .remez, spelling: .object)
        var seen = Set<String>()
        return (FIRFields.common + FIRMethodName.allCases.flatMap { FIRFields.fields[$0.rawValue] ?? [] })
            .filter { $0 != "sample-rate" && seen.insert($0).inserted }.map(names.spelled)
    }()
    /// The fields a filter may have.
    static let filterFields = iirFilterFields + ["design"] + firDesignFields.filter { !iirFilterFields.contains($0) }

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
            throw FilterSetErrors([FilterSetError(file: "\(file):\(error.line):\(error.column)", "malformed JSON: \(error.reason)", underlying: error)])
        }
        guard case .object(let members) = root else {
            throw FilterSetErrors([FilterSetError(file: file, "the file holds \(root.kindDescription); a filter set is a JSON object with \"sampleRate\" and \"filters\"")])
        }
        var errors: [FilterSetError] = []
        let top = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
        for (key, _) in members where !topLevelFields.contains(key) {
            errors.append(FilterSetError(file: file, "unknown field \"\(key)\"\(suggestion(key, topLevelFields)); a filter set has \(list(topLevelFields))"))
        }
        let rates = sampleRates(top["sampleRate"], file: file, errors: &errors)
        let namespace = namespace(top, file: file, errors: &errors)
        var entries: [Entry] = []
        switch top["filters"] {
        case nil:
            errors.append(FilterSetError(file: file, "\"filters\" is missing; give an array of filters, each with a \"name\""))
        case .array(let items)?:
            entries = filters(items, rates: rates, file: file, errors: &errors)
        case let other?:
            errors.append(FilterSetError(file: file, "\"filters\" is \(other.kindDescription); give an array of filters"))
        }
        guard errors.isEmpty else { throw FilterSetErrors(errors) }
        return FilterSetSpec(file: file, sampleRates: rates, namespace: namespace, filters: entries)
    }

    /// `"sampleRate"`: one rate or a list, each above 0 and given once.
    static func sampleRates(_ value: JSONValue?, file: String, errors: inout [FilterSetError]) -> [Double] {
        func fail(_ message: String) { errors.append(FilterSetError(file: file, message)) }
        var rates: [Double] = []
        switch value {
        case nil:
            fail("\"sampleRate\" is missing; give the sample rate in Hz, e.g. \"sampleRate\": 60")
        case .number(let fs)?:
            rates = [fs]
        case .array(let values)? where !values.isEmpty:
            for value in values {
                guard case .number(let fs) = value else {
                    fail("\"sampleRate\" lists \(value.kindDescription); give numbers of Hz, e.g. [60, 100]")
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
        return rates
    }

    /// `"namespace"` (the file's stem by default), and a `"comment"` that is a string.
    static func namespace(_ top: [String: JSONValue], file: String, errors: inout [FilterSetError]) -> String {
        var namespace = defaultNamespace(file)
        switch top["namespace"] {
        case nil: break
        case .string(let text)?: namespace = text
        case let other?:
            errors.append(FilterSetError(file: file, "\"namespace\" is \(other.kindDescription); give the name of the Swift enum as a string"))
        }
        if case .string = top["comment"] ?? .string("") {} else {
            errors.append(FilterSetError(file: file, "\"comment\" is \(top["comment"]!.kindDescription); a comment is a string"))
        }
        return namespace
    }

    /// `"filters"`: each entry read, names unique. A file that does not read
    /// fails as a whole: then the filters that did read are checked at its
    /// rates too, so that every bad filter is reported at once, each in its
    /// place.
    static func filters(_ items: [JSONValue], rates: [Double], file: String, errors: inout [FilterSetError]) -> [Entry] {
        if items.isEmpty { errors.append(FilterSetError(file: file, "\"filters\" is empty; give at least one filter")) }
        var entries: [Entry] = []
        var firstIndex: [String: Int] = [:]
        // Where each filter's messages end, and the filters that read.
        var ends: [Int] = []
        var read: [(index: Int, entry: Entry)] = []
        for (index, item) in items.enumerated() {
            defer { ends.append(errors.count) }
            var label = "filters[\(index)]"
            if case .object(let fields) = item, let name = fields.first(where: { $0.key == "name" }),
               case .string(let text) = name.value, !text.isEmpty {
                label = text
                if let first = firstIndex[text] {
                    errors.append(FilterSetError(file: file, filter: text + " (filters[\(index)])", field: "name",
                                                 "duplicate name; filters[\(first)] already has it, and each filter needs its own"))
                } else {
                    firstIndex[text] = index
                }
            }
            switch entry(item, index: index, label: label) {
            case .success(let e):
                entries.append(e)
                read.append((index, e))
            case .failure(let problems): errors += problems.errors.map {
                var e = $0
                e.file = file
                return e
            }
            }
        }
        guard !errors.isEmpty else { return entries }
        var seen = Set<Double>()
        let valid = rates.filter { $0 > 0 && seen.insert($0).inserted }
        for (index, e) in read.reversed() {
            var found: [FilterSetError] = []
            for fs in valid {
                do { try e.definition.check(sampleRate: fs) } catch {
                    let problem = FilterSetError(file: file, filter: e.name, field: error.field, error.message, underlying: error)
                    if !found.contains(problem) { found.append(problem) }
                }
            }
            errors.insert(contentsOf: found, at: ends[index])
        }
        return entries
    }

    /// `Bank.filters.json` -> `Bank`.
    static func defaultNamespace(_ file: String) -> String {
        var name = String(file.split(separator: "/").last ?? "Filters")
        for suffix in [".json", ".filters"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name.isEmpty ? "Filters" : name
    }

    /// A filter's name, description and tag (by default its position,
    /// `index`), each checked, and its comment checked to be a string; each
    /// problem goes to `fail`.
    private static func identity(_ f: [String: JSONValue], index: Int,
                                 fail: (String?, String) -> Void) -> (name: String, description: String, tag: Int) {
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
        return (name, description, tag)
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
        let unknown = members.map(\.key).filter { !filterFields.contains($0) }
        for key in unknown {
            if key == "sampleRate" {
                fail(key, "belongs to the file, not to a filter: the file's \"sampleRate\" designs every filter; remove it here")
                continue
            }
            fail(nil, "unknown field \"\(key)\"\(suggestion(key, filterFields)); a filter has \(list(iirFilterFields)), or for a FIR design \"design\" and \(list(firDesignFields))")
        }

        let (name, description, tag) = identity(f, index: index, fail: fail)

        // The design; not read past a misspelt field, whose absence would be
        // reported as well.
        guard unknown.isEmpty else { return .failure(FilterSetErrors(errors)) }
        // "design": "iirnotch" names a catalogue family, as "family" does;
        // "design": "gammatone" with "type": "fir" is the FIR method.
        if case .string(let text)? = f["design"], let family = FilterFamily.Name(rawValue: text), family.isCatalogue,
           !(family == .gammatone && f["type"] == .string("fir")) {
            if f["family"] != nil {
                fail("design", "\"\(text)\" is a family, and \"family\" names one too; give one of them")
                return .failure(FilterSetErrors(errors))
            }
            var fields = f
            fields["design"] = nil
            fields["family"] = .string(text)
            let definition = RecipeFields.definition(fields, fail: fail)
            guard errors.isEmpty, let definition else { return .failure(FilterSetErrors(errors)) }
            return .success(Entry(name: name, description: description, tag: tag, definition: definition))
        }
        if let design = f["design"] {
            let definition = firDefinition(design, members, fail: fail)
            guard errors.isEmpty, let definition else { return .failure(FilterSetErrors(errors)) }
            return .success(Entry(name: name, description: description, tag: tag, definition: definition))
        }
        // A FIR design's fields without "design": not silently left out.
        if let key = members.map(\.key).first(where: { firDesignFields.contains($0) && !iirFilterFields.contains($0) }) {
            fail(key, "belongs to a FIR design; give \"design\" (one of \(list(FIRFields.methods))), or remove it")
            return .failure(FilterSetErrors(errors))
        }
        let definition = RecipeFields.definition(f, fail: fail)
        guard errors.isEmpty, let definition else { return .failure(FilterSetErrors(errors)) }
        return .success(Entry(name: name, description: description, tag: tag, definition: definition))
    }

    /// A FIR filter's design (`"design"` and the fields `FIRFields(method:object:)`
    /// reads); its first problem goes to `fail`, and then the result is `nil`.
    static func firDefinition(_ design: JSONValue, _ members: [(key: String, value: JSONValue)],
                              fail: (String?, String) -> Void) -> FilterDefinition? {
        let methods = list(FIRFields.methods)
        guard case .string(let text) = design else {
            fail("design", "is \(design.kindDescription); give a FIR design, one of \(methods)")
            return nil
        }
        guard let method = FIRMethodName(rawValue: text) else {
            fail("design", "'\(text)' is not a FIR design\(suggestion(text, FIRFields.methods)); use one of \(methods)")
            return nil
        }
        let own = ["name", "description", "comment", "design"]
        let others = members.map(\.key).filter { !own.contains($0) && !firDesignFields.contains($0) }
        if let key = others.first {
            switch key {
            case "tag": fail(key, "does not apply to a FIR filter (a FIRTemplate has no tag); remove it")
            case "passband", "stopband":
                fail(key, "belongs to an IIR specification; a FIR specification (\"design\": \"fir\") gives \"\(key)Edge\"")
            default: fail(key, "belongs to an IIR filter (\"family\" or \"mkfilter\"), not to a FIR design (\"design\": \"\(text)\"); remove it")
            }
            return nil
        }
        do throws(FIRFields.Mistake) {
            let fields = try FIRFields(method: method, object: members.filter { !own.contains($0.key) })
            // The reader's rules, with a stand-in rate (the frequencies' ranges are checked at each rate).
            _ = try fields.atSampleRate(1).definition()
            return .fir(fields)
        } catch {
            let problem = FieldError(mistake: error)
            fail(problem.field, problem.message)
            return nil
        }
    }

    package static func describe(_ value: JSONValue) -> String { RecipeFields.describe(value) }

    package static func number(_ x: Double) -> String { messageNumber(x) }

    static func list(_ words: [String]) -> String { RecipeFields.list(words) }

    static func suggestion(_ word: String, _ candidates: [String]) -> String { RecipeFields.suggestion(word, candidates) }
}
