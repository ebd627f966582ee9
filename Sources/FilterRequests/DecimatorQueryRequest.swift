import FilterDesign
import FilterSets

/// A multistage decimator from a URL query, as the FIR page's form sends it:
/// `design=decimator&factor=8&passbandEdge=40&passbandLoss=0.1&
/// stopbandAttenuation=80&sampleRate=800` (the edge in Hz with `sampleRate`,
/// else an alpha of the input rate), `mkfilter decimator`'s options in
/// camelCase. Empty fields (a form's unused inputs) count as absent, and a
/// field given again empty or with the same value is the one field
/// (`FIRQueryRequest.merged`).
public struct DecimatorQueryRequest: Sendable {
    /// The query, without the `?`.
    public var query: String
    /// Further fields the caller reads itself (`format`, `axis`), kept as text.
    public var extraFields: Set<String>
    /// The most factor a query designs: the server's bound on one request's
    /// work (the search at M = 128 takes seconds; the command line allows
    /// `MultistageDecimator.factorRange`).
    public static let maximumFactor = 64

    /// The design fields, as the query spells them.
    static let fields = ["factor", "passbandEdge", "passbandLoss", "stopbandAttenuation", "sampleRate"]

    /// A request for `query`; `extraFields` are accepted beside the design's.
    public init(query: String, extraFields: Set<String> = []) {
        self.query = query
        self.extraFields = extraFields
    }

    /// Whether `query` names the decimator (`design=decimator`).
    public static func names(_ query: String) -> Bool {
        (try? RecipeQuery.pairs(query))?.contains { $0.name == "design" && $0.value == "decimator" } ?? false
    }

    /// Reads and designs the cascade.
    ///
    /// - Throws: `ApplicationError` with the field at fault (as spelled in
    ///   the query): unknown, twice, malformed, out of range, a factor above
    ///   `maximumFactor`; the design's own error; or the stop of the budget
    ///   it runs under.
    public func run() throws(ApplicationError) -> DecimatorQueryDesign {
        let pairs: [(name: String, value: String)]
        do { pairs = try RecipeQuery.pairs(query) } catch {
            throw ApplicationError(error.field.map { "\($0): " + error.message } ?? error.message, field: error.field)
        }
        var values: [String: String] = [:], name: String?, description: String?, extras: [String: String] = [:]
        for (key, value) in try FIRQueryRequest.merged(pairs) where !value.isEmpty {
            switch key {
            case "design":
                guard value == "decimator" else { throw ApplicationError("design: \(quotedForMessage(value)) is not the decimator", field: "design") }
            case "name": name = value
            case "description": description = value
            default:
                if extraFields.contains(key) {
                    extras[key] = value
                } else if Self.fields.contains(key) {
                    values[key] = value
                } else {
                    throw ApplicationError("unknown field \(quotedForMessage(key)); the decimator's fields are "
                                           + (["design", "name", "description"] + Self.fields + extraFields.sorted()).joined(separator: ", "), field: key)
                }
            }
        }
        func number(_ key: String, _ meaning: String) throws(ApplicationError) -> Double {
            guard let text = values[key] else { throw ApplicationError("\(key): is missing (\(meaning))", field: key) }
            guard let x = Double(text), x.isFinite, x > 0 else {
                throw ApplicationError("\(key): \(quotedForMessage(text)) is not a number above 0 (\(meaning))", field: key)
            }
            return x
        }
        guard let factorText = values["factor"] else { throw ApplicationError("factor: is missing (the decimation factor M, e.g. 8)", field: "factor") }
        let range = MultistageDecimator.factorRange.lowerBound...Self.maximumFactor
        guard let factor = Int(factorText), range.contains(factor) else {
            throw ApplicationError("factor: \(quotedForMessage(factorText)) is not allowed; it must be a whole number in "
                                   + "\(range.lowerBound) ... \(range.upperBound) here (the command line goes to \(MultistageDecimator.factorRange.upperBound))",
                                   field: "factor")
        }
        let edge = try number("passbandEdge", "the passband edge, alpha or Hz")
        let loss = try number("passbandLoss", "the passband ripple in dB, peak to peak")
        let attenuation = try number("stopbandAttenuation", "the attenuation in dB")
        let rate = values["sampleRate"] == nil ? nil : try number("sampleRate", "the input's sample rate in Hz")
        let specification = MultistageDecimator.Specification(factor: factor, passbandEdge: edge / (rate ?? 1), passbandLoss: loss,
                                                               stopbandAttenuation: attenuation, sampleRate: rate)
        let decimator: MultistageDecimator
        do { decimator = try MultistageDecimator.design(specification) } catch {
            throw ApplicationError(error.description, field: Self.field(of: error))
        }
        var words = ["mkfilter", "decimator", "--factor", "\(factor)"]
        if let rate { words += ["--sample-rate", DecimatorQueryRequest.text(rate)] }
        words += ["--passband-edge", DecimatorQueryRequest.text(edge), "--passband-loss", DecimatorQueryRequest.text(loss),
                  "--stopband-attenuation", DecimatorQueryRequest.text(attenuation)]
        return DecimatorQueryDesign(decimator: decimator, name: name, description: description, commandLine: words.joined(separator: " "),
                                    extras: extras)
    }

    /// The field a design's refusal is about, as the query spells it.
    static func field(of error: DecimatorError) -> String? {
        switch error {
        case .factor: return "factor"
        case .passbandEdge: return "passbandEdge"
        case .passbandLoss: return "passbandLoss"
        case .stopbandAttenuation: return "stopbandAttenuation"
        case .noDesign, .stopped: return nil
        }
    }

    /// `x` as a query or command line writes it: whole numbers without a
    /// decimal point, the rest in Swift's shortest round-trip digits.
    static func text(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 9e15 ? String(Int64(x)) : "\(x)"
    }
}

/// A decimator designed from a query: the cascade, its name and
/// description, the command line that designs it, and the caller's extras.
public struct DecimatorQueryDesign: Sendable {
    /// The cascade.
    public let decimator: MultistageDecimator
    /// The name given; nil: "decimate by M".
    public let name: String?
    /// The description given.
    public let description: String?
    /// `mkfilter decimator ...` with the same specification.
    public let commandLine: String
    /// The caller's extra fields that were given.
    public let extras: [String: String]

    /// The name its code takes.
    public var filterName: String { name ?? "decimate by \(decimator.specification.factor)" }

    /// The code in `format`, exactly as `mkfilter decimator ... --emit
    /// <format>` writes it (`--name` when a name was given).
    public func code(_ format: EmissionFormat) throws(ApplicationError) -> String {
        try decimator.code(format, name: name, commandLine: commandLine).code
    }

    /// The query that designs it again (its fields in a fixed order).
    public var canonicalQuery: String {
        let s = decimator.specification
        var parts = ["design=decimator", "factor=\(s.factor)"]
        if let rate = s.sampleRate { parts.append("sampleRate=\(DecimatorQueryRequest.text(rate))") }
        parts += ["passbandEdge=\(DecimatorQueryRequest.text(s.passbandEdge * (s.sampleRate ?? 1)))", "passbandLoss=\(DecimatorQueryRequest.text(s.passbandLoss))",
                  "stopbandAttenuation=\(DecimatorQueryRequest.text(s.stopbandAttenuation))"]
        if let name { parts.append("name=" + RecipeQuery.encoded(name)) }
        if let description { parts.append("description=" + RecipeQuery.encoded(description)) }
        return parts.joined(separator: "&")
    }
}
