import FilterDesign
import FilterJSON
import FilterSets
import RealModule

/// A FIR design from a URL query, as the design page's FIR form and its API
/// send it: `design=remez&taps=31&bands=0,0.2,0.25,0.5&desired=1,0`
/// (`design` is remez, firls, firwin, firwin2 or fir; the other fields are
/// `FIRFields`' in camelCase, lists comma-separated, flags 1 or 0). Empty
/// fields (a form's unused inputs) count as absent. The query is split here;
/// `FIRFields`, the form the command line's options use too, types it into
/// `RecipeReader`'s draft, and every message names the field as the query
/// spells it.
public struct FIRQueryRequest: Sendable {
    /// Remez's 31-tap low-pass of scipy's documentation, at 60 Hz: pass to
    /// 6 Hz, stop from 7.5 Hz (an accelerometer's tremor band removed).
    public static let exampleQuery = "design=remez&taps=31&bands=0,6,7.5,30&desired=1,0&sampleRate=60"
    /// The most taps a query designs (the server's bound on one request's
    /// work; the command line allows each method's `FIRMethodName.tapsRange`).
    public static let maximumTaps = 4_095

    /// The query, without the `?`.
    public var query: String
    /// Further fields the caller reads itself (`format`, `axis`), kept as text.
    public var extraFields: Set<String>

    /// A request for `query`; `extraFields` are accepted beside the design's.
    public init(query: String, extraFields: Set<String> = []) {
        self.query = query
        self.extraFields = extraFields
    }

    /// Reads and designs the filter.
    ///
    /// - Throws: `ApplicationError` with the field at fault (as spelled in
    ///   the query): unknown, twice, malformed, out of range, more than
    ///   `maximumTaps`, or the design's own error.
    public func run() throws(ApplicationError) -> FIRQueryDesign {
        let read = try self.read()
        return try FIRQueryDesign(design: read.design, fields: read.fields, name: read.name, description: read.description,
                                  extras: read.extras)
    }

    /// Each key once, in the order of its first appearance: a key given
    /// again empty, or again with the same value, is the one field (the page
    /// has two inputs of one name where two methods read it differently,
    /// savgol's window length and firwin's window; the form sends both).
    ///
    /// - Throws: `ApplicationError` for a key given two different values.
    static func merged(_ pairs: [(name: String, value: String)]) throws(ApplicationError) -> [(name: String, value: String)] {
        var merged: [(name: String, value: String)] = []
        for (key, value) in pairs {
            guard let i = merged.firstIndex(where: { $0.name == key }) else {
                merged.append((key, value))
                continue
            }
            if value.isEmpty || value == merged[i].value { continue }
            guard merged[i].value.isEmpty else { throw ApplicationError("\(key): is given twice; give it once", field: key) }
            merged[i].value = value
        }
        return merged
    }

    /// What the query asks for, read and checked but not designed: the
    /// design (taps or a specification), the fields as read, the name, the
    /// description and the caller's extra fields. A server weighs the work
    /// from it before it designs (`run()`).
    ///
    /// - Throws: `ApplicationError` as `run()` does, but for the design's own.
    public func read() throws(ApplicationError) -> (design: FIRDefinition, fields: FIRFields, name: String?,
                                                     description: String?, extras: [String: String]) {
        let pairs: [(name: String, value: String)]
        do { pairs = try RecipeQuery.pairs(query) } catch {
            throw ApplicationError(error.field.map { "\($0): " + error.message } ?? error.message, field: error.field)
        }
        var method: String?, name: String?, description: String?, extras: [String: String] = [:]
        var fieldPairs: [(name: String, value: String)] = []
        for (key, value) in try Self.merged(pairs) {
            switch key {
            case "design": method = value.isEmpty ? nil : value
            case "name": name = value.isEmpty ? nil : value
            case "description": description = value.isEmpty ? nil : value
            default:
                if extraFields.contains(key) { if !value.isEmpty { extras[key] = value } } else { fieldPairs.append((key, value)) }
            }
        }
        let chosenText = method ?? "remez"
        guard let chosen = FIRMethodName(rawValue: chosenText) else {
            throw ApplicationError("design: \(quotedForMessage(chosenText)) is not a FIR design; use \(FIRFields.methods.joined(separator: ", "))", field: "design")
        }
        var fields = FIRFields(method: chosen, spelling: .query)
        let design: FIRQueryDesign.Design
        do throws(FIRFields.Mistake) {
            try add(fieldPairs, to: &fields)
        } catch {
            throw ApplicationError(wrapping: error, field: error.field)
        }
        do throws(FIRFields.Mistake) {
            design = try Self.boundedDefinition(fields)
        } catch {
            throw ApplicationError(wrapping: error, field: error.field)
        }
        return (design, fields, name, description, extras)
    }

    /// Adds the query's design fields (those given a value) to `fields`:
    /// lists split at commas, a checkbox on (1, on, true, yes) or off.
    private func add(_ fieldPairs: [(name: String, value: String)], to fields: inout FIRFields) throws(FIRFields.Mistake) {
        for (key, value) in fieldPairs where !value.isEmpty {
            guard let canonical = fields.canonical(key) else {
                let known = (["design", "name", "description"] + extraFields.sorted()
                    + (FIRFields.common + FIRFields.fields.values.flatMap { $0 }).map(fields.spelled)).sorted()
                throw FIRFields.Mistake(description: "unknown field \(quotedForMessage(key)); the fields are " + Set(known).sorted().joined(separator: ", "),
                                        field: key, showsUsage: false)
            }
            if FIRFields.flags.contains(canonical) {
                // A checkbox: on (the form sends 1) or off.
                switch value.lowercased() {
                case "1", "on", "true", "yes": try fields.add(canonical, [])
                case "0", "off", "false", "no": break
                default:
                    throw FIRFields.Mistake(description: "\(key): \(quotedForMessage(value)) is not on or off; use 1 or 0",
                                            field: key, showsUsage: false)
                }
                continue
            }
            try fields.add(canonical, value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces })
        }
    }

    /// The design the fields define, within what the server designs: at most
    /// `maximumTaps` taps, and for a specification a search capped there and
    /// refused before it starts when Kaiser's estimate for the narrowest
    /// transition (at the larger of the attenuation and -20 log10 δp) exceeds it.
    private static func boundedDefinition(_ fields: FIRFields) throws(FIRFields.Mistake) -> FIRQueryDesign.Design {
        switch try fields.definition() {
        case .specification(var spec):
            // The search itself never designs more than the server's bound
            // (a minimum-phase design searches twice the attenuation).
            spec.tapLimit = Self.maximumTaps
            // Kaiser's estimate for the narrowest transition: a search that
            // would design thousands of taps is refused before it starts.
            let narrowest = zip(spec.passbandEdges, spec.stopbandEdges).map { abs($0 - $1) }.min() ?? 0
            let attenuation = max(spec.stopbandAttenuation, -20 * Double.log10(max(spec.passbandDeviation, 1e-300)))
            if narrowest > 0, let (estimate, _) = try? kaiserOrder(attenuation: attenuation, width: narrowest),
               estimate > Self.maximumTaps {
                throw FIRFields.Mistake(description: "this specification needs about \(estimate) taps (Kaiser's estimate), more than this server designs (at most \(Self.maximumTaps)); widen the transition, or use the command line",
                                        field: fields.spelled("stopband-edge"), showsUsage: false)
            }
            return .specification(spec)
        case .recipe(let recipe):
            guard recipe.method.taps <= Self.maximumTaps else {
                // savgol's length is its window.
                let field = fields.method == .savgol ? "window" : "taps"
                // A gammatone's count may be scipy's default, 0.015 fs: say so.
                let defaulted = fields.method == .gammatone && fields.values.allSatisfy { $0.name != "taps" }
                    ? " (scipy's default, 0.015 fs; give taps)" : ""
                throw FIRFields.Mistake(description: "\(field): \(recipe.method.taps)\(defaulted) is more than this server designs (at most \(Self.maximumTaps) taps); use the command line",
                                        field: field, showsUsage: false)
            }
            return .recipe(recipe)
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// A FIR design read from a query (`FIRQueryRequest`): the filter, how it
/// was asked for, and what the page shows of it.
public struct FIRQueryDesign: Sendable {
    /// Taps asked for, or a specification to meet.
    public typealias Design = FIRDefinition

    /// What was asked for.
    public let design: Design
    /// The fields as read (the query's spelling).
    public let fields: FIRFields
    /// The filter.
    public let filter: FIRFilter
    /// For a specification: the counts tried and whether each met it.
    public let tried: [(taps: Int, meets: Bool)]
    /// The name and description given.
    public let name: String?, description: String?
    /// The caller's extra fields that were given.
    public let extras: [String: String]

    init(design: Design, fields: FIRFields, name: String?, description: String?, extras: [String: String]) throws(ApplicationError) {
        self.design = design
        self.fields = fields
        self.name = name
        self.description = description
        self.extras = extras
        do throws(FIRDesignError) {
            let result = try design.design()
            if case .specification = design, result.filter.taps.count > FIRQueryRequest.maximumTaps {
                throw FIRDesignError("this specification needs \(result.filter.taps.count) taps, more than this server designs (at most \(FIRQueryRequest.maximumTaps)); use the command line")
            }
            (filter, tried) = (result.filter, result.tried)
        } catch {
            // Stopped by its budget (a server's time limit, a client gone): no field is at fault.
            if let stop = error.stop {
                let advice = stop == .cancelled ? "" : "; the command line designs it without this bound: " + fields.commandLine
                throw ApplicationError(error.description + advice, underlying: stop)
            }
            let (message, field) = fields.message(of: error)
            throw ApplicationError(message, field: field)
        }
    }

    /// The filter's name: given, or "remez 31 taps" and the like.
    public var filterName: String { name ?? EmissionRequest.defaultName(filter) }

    /// The command line that designs the same filter: `mkfilter remez --taps
    /// 31 --bands 0 6 7.5 30 ...`.
    public var commandLine: String { fields.commandLine }

    /// The filter's object for a `*.filters.json` file, its sample rate as
    /// the file's (1 when the query gives none: its frequencies are then
    /// fractions of the rate, as the file reads them at 1 Hz).
    public var filterSetFile: String {
        var members: [(key: String, value: JSONValue)] = [("name", .string(filterName))]
        if let description { members.append(("description", .string(description))) }
        members += fields.objectMembers
        let rate: Double
        switch design {
        case .recipe(let recipe): rate = recipe.sampleRate ?? 1
        case .specification(let specification): rate = specification.sampleRate ?? 1
        }
        let file = JSONValue.object([("sampleRate", .number(rate)), ("filters", .array([.object(members)]))])
        return file.text() + "\n"
    }

    /// The query that reproduces this design (the fields in the order given).
    public var canonicalQuery: String {
        var pairs = [("design", fields.method.rawValue)]
        pairs += fields.values.map { (fields.spelled($0.name), FIRFields.flags.contains($0.name) ? "1" : $0.values.joined(separator: ",")) }
        if let name { pairs.append(("name", name)) }
        if let description { pairs.append(("description", description)) }
        return pairs.map { RecipeQuery.encoded($0.0) + "=" + RecipeQuery.encoded($0.1) }.joined(separator: "&")
    }

    /// The report `mkfilter <commandLine>` prints.
    public var report: String {
        guard case .specification(let spec) = design else { return filter.report }
        return FIRSpecificationReport.text(spec, filter: filter, tried: tried)
    }

    /// The code in `format`, exactly as `mkfilter <commandLine> --emit
    /// <format> [--name ...] [--description ...]` writes it.
    ///
    /// - Throws: `ApplicationError` for a format that writes no FIR filter,
    ///   or the emitter's refusal (a name without letters, a tap q15
    ///   cannot hold, ...).
    public func code(_ format: EmissionFormat) throws(ApplicationError) -> String {
        var request = EmissionRequest(fir: filter, commandLine: commandLine, format: format)
        request.name = name
        request.description = description ?? ""
        return try request.run()
    }
}
