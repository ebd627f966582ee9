import FilterDesign
import FilterEmission
import FilterJSON
import FilterSets
import FisherCompatibility

/// A filter described by a web page's URL query (`RecipeQuery`: the filter
/// set file's field names), designed: what `mkfilter serve` shows and its API
/// returns. Every problem is an `ApplicationError` naming the field.
public struct QueryDesignRequest: Sendable {
    /// The query of Shake!'s 3rd-order 0.5-3 Hz Butterworth band-pass at 60 Hz.
    public static let shakeQuery = "family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60"

    /// The query, without the `?`.
    public var query: String
    /// Further fields the caller reads itself (`points`, `scale`), kept as text.
    public var extraFields: Set<String>

    /// A request for `query`; `extraFields` are accepted beside the recipe's.
    public init(query: String, extraFields: Set<String> = []) {
        self.query = query
        self.extraFields = extraFields
    }

    /// Reads and designs the filter.
    ///
    /// - Throws: `ApplicationError` with the field at fault: a field unknown,
    ///   twice or malformed, a number out of range, a corner at or above
    ///   Nyquist, a pass-through (nothing to design), a query too long (no
    ///   field), or the design's own errors.
    public func run() throws(ApplicationError) -> QueryDesign {
        let fields: [String: JSONValue]
        do { fields = try RecipeQuery.fields(query, extra: extraFields) } catch {
            throw ApplicationError(Self.message(error), field: error.field, underlying: error)
        }
        var extras: [String: String] = [:]
        for key in extraFields { if case .string(let text)? = fields[key] { extras[key] = text } }
        var recipeFields = fields
        for key in extraFields { recipeFields[key] = nil }
        var name: String?, description: String?, tag = 0
        if case .string(let text)? = fields["name"] { name = text }
        if case .string(let text)? = fields["description"] { description = text }
        for key in ["name", "description", "tag"] { recipeFields[key] = nil }
        if case .number(let x)? = fields["tag"] {
            guard x == x.rounded(), abs(x) <= 1_000_000_000 else {
                throw ApplicationError("tag: \(x) is not an integer in -1000000000 ... 1000000000", field: "tag")
            }
            tag = Int(x)
        }
        let recipe: FilterRecipe?
        do { recipe = try RecipeQuery.recipe(recipeFields) } catch {
            throw ApplicationError(Self.message(error), field: error.field, underlying: error)
        }
        guard let recipe else {
            throw ApplicationError("family: a pass-through filter has nothing to design; choose a family", field: "family")
        }
        let result: DesignResult
        do { result = DesignResult(design: try recipe.design()) } catch {
            throw ApplicationError(wrapping: error, field: Self.field(of: error, fields: fields))
        }
        let filterName = name ?? EmissionRequest.defaultName(recipe)
        let filter: DesignedFilter
        do { filter = try DesignedFilter(result.design, name: filterName, description: description ?? "", tag: tag) } catch {
            throw ApplicationError(wrapping: error)
        }
        return QueryDesign(recipe: recipe, result: result, filter: filter, name: name, description: description, tag: tag,
                           extras: extras)
    }

    /// The query field a design error is about: the corners (or the
    /// specification's edges they came from) when one is beyond double
    /// precision, the order when it is too high for its corners, `q` for an
    /// oscillator; nil when no one field is at fault.
    static func field(of error: DesignError, fields: [String: JSONValue]) -> String? {
        switch error {
        case .beyondDoublePrecision(let limit):
            if limit.problem == .orderTooHigh { return fields["order"] == nil && fields["passband"] != nil ? "passband" : "order" }
            if fields["corners"] == nil, fields["passband"] != nil { return "passband" }
            return "corners"
        case .infinitePassbandGain:
            return "q"
        case let .catalogueBeyondDoublePrecision(family, quality, _, _):
            return family == .weighting ? "sampleRate" : quality == nil ? "frequency" : "q"
        case .polynomialNotReal:
            return nil
        }
    }

    /// "field: message", as a page shows it beside the field.
    static func message(_ error: FieldError) -> String {
        error.field.map { "\($0): \(error.message)" } ?? error.message
    }
}

/// A designed filter with the name, description and tag its query gave.
public struct QueryDesign: Sendable {
    /// The recipe the query describes.
    public let recipe: FilterRecipe
    /// The design.
    public let result: DesignResult
    /// The filter built from it with its name, description and tag: the
    /// template (coefficients, sections) every format is written from.
    public let filter: DesignedFilter
    /// The name, description and tag given (`name=`, `description=`, `tag=`).
    public let name: String?, description: String?, tag: Int
    /// The caller's extra fields that were given.
    public let extras: [String: String]

    /// The filter's name: given, or family, band and order, as `mkfilter --emit` names it.
    public var filterName: String { name ?? EmissionRequest.defaultName(recipe) }
    /// Fisher's command line that designs the same filter.
    public var commandLine: String { FisherCommandLine.commandLine(for: recipe) }
    /// The query that reproduces this design (fields in a fixed order, numbers round-tripping).
    public var canonicalQuery: String { RecipeQuery.query(for: recipe, name: name, description: description) }

    /// Fisher's report.
    public var report: String { result.report(commandLine: commandLine) }

    /// The code in `format`, exactly as `mkfilter <commandLine> --emit <format>
    /// [--name ...] [--description ...] [--tag ...]` writes it.
    ///
    /// - Throws: `ApplicationError` as `EmissionRequest` does (a direct-form
    ///   filter for vDSP, CMSIS or JS, a name without letters, ...).
    public func code(_ format: EmissionFormat) throws(ApplicationError) -> String {
        var request = EmissionRequest(design: result.design, format: format, listingCommandLine: commandLine + " -l")
        request.name = name
        request.description = description ?? ""
        request.tag = tag
        request.designedFilter = filter
        return try request.run()
    }

    /// The filter's object for a `*.filters.json` file, its sample rate as the
    /// file's (one filter set with this filter).
    public var filterSetFile: String {
        var members: [(key: String, value: JSONValue)] = [("name", .string(filterName))]
        if let description { members.append(("description", .string(description))) }
        if tag != 0 { members.append(("tag", .integer(tag))) }
        members += RecipeFields.fields(of: recipe)
        let file = JSONValue.object([
            ("sampleRate", .number(recipe.corners.sampleRate ?? 1)),
            ("filters", .array([.object(members)])),
        ])
        return file.text() + "\n"
    }
}
