import FilterDesign
import FilterJSON

/// The codec between a recipe and a URL query, with the filter set file's
/// field names (`RecipeFields`): `family=butterworth&band=bandPass&order=3&
/// corners=0.5,3&sampleRate=60`. A design page's URL reproduces its design.
///
/// Reading is strict: an unknown field, a field given twice, text where a
/// number belongs, NaN or infinity is an error naming the field. An empty
/// value (an HTML form's unused input) counts as absent.
public enum RecipeQuery {
    /// The longest query accepted, in bytes.
    public static let maximumLength = 4096

    /// Fields whose values are numbers, and lists of numbers (comma-separated).
    static let numberFields: Set<String> = ["order", "ripple", "attenuation", "sampleRate", "extraZero", "tag",
                                            "passbandLoss", "stopbandAttenuation", "frequency", "gain"]
    static let listFields: Set<String> = ["corners", "poles", "passband", "stopband"]
    /// Fields whose values are text.
    static let textFields: Set<String> = ["family", "band", "transform", "realization", "mkfilter", "name", "description",
                                          "type", "curve"]
    /// Fields whose values are true or false.
    static let boolFields: Set<String> = ["passZero"]

    /// The recipe a query asks for, its other fields (a page's `points`,
    /// `format`, ...) left aside: what a server needs to judge the work
    /// before doing it, whichever field (`order`, `passband`, `mkfilter`)
    /// carries the design. nil when the query does not read or designs nothing.
    public static func recipeIgnoringOtherFields(_ query: String) -> FilterRecipe? {
        let known = numberFields.union(listFields).union(textFields).union(boolFields)
        let keys = Set(query.split(separator: "&").map { String($0.split(separator: "=", maxSplits: 1).first ?? "") })
        guard var fields = try? Self.fields(query, extra: keys.subtracting(known)) else { return nil }
        for key in keys.subtracting(known).union(["name", "description", "tag"]) { fields[key] = nil }
        return (try? recipe(fields)) ?? nil
    }

    /// The fields of `query` (without the `?`), typed as a filter set file
    /// types them: numbers as numbers, `corners` and `poles` as arrays, `q`
    /// as a number or `"Inf"`.
    ///
    /// - Parameter extra: further field names the caller reads itself (a
    ///   page's `points`, `scale`), kept as text.
    /// - Throws: `FieldError` naming the field.
    public static func fields(_ query: String, extra: Set<String> = []) throws(FieldError) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        for (key, value) in try pairs(query) {
            guard numberFields.contains(key) || listFields.contains(key) || textFields.contains(key) || boolFields.contains(key)
                    || key == "q" || extra.contains(key) else {
                let known = (numberFields.union(listFields).union(textFields).union(boolFields).union(["q"]).union(extra)).sorted()
                throw FieldError(field: key, "unknown field \(quotedForMessage(key))\(RecipeFields.suggestion(key, known)); the fields are \(known.joined(separator: ", "))")
            }
            guard fields[key] == nil else { throw FieldError(field: key, "is given twice; give it once") }
            if value.isEmpty { continue }
            if textFields.contains(key) || extra.contains(key) {
                fields[key] = .string(value)
            } else if boolFields.contains(key) {
                guard let flag = ["true": true, "false": false][value] else {
                    throw FieldError(field: key, "\(quotedForMessage(value)) is not true or false")
                }
                fields[key] = .bool(flag)
            } else if key == "q" && ["inf", "infinity"].contains(value.lowercased()) {
                fields[key] = .string("Inf")
            } else if listFields.contains(key) {
                var items: [JSONValue] = []
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    items.append(.number(try number(String(item), field: key)))
                }
                fields[key] = .array(items)
            } else {
                fields[key] = .number(try number(value, field: key))
            }
        }
        return fields
    }

    /// The filter a query describes: its definition (`RecipeFields`) and the
    /// recipe at its `sampleRate`, `nil` for a pass-through.
    public static func recipe(_ fields: [String: JSONValue]) throws(FieldError) -> FilterRecipe? {
        guard case .number(let fs)? = fields["sampleRate"] else {
            throw FieldError(field: "sampleRate", "is missing; give the sample rate in Hz, e.g. sampleRate=60")
        }
        var problems: [FieldError] = []
        let definition = RecipeFields.definition(fields) { field, message in problems.append(FieldError(field: field, message)) }
        if let first = problems.first { throw first }
        return try definition?.recipe(sampleRate: fs)
    }

    /// The query of `recipe`, with a name and description when given; fields
    /// in a fixed order, numbers in Swift's shortest round-trip digits, so the
    /// query designs the same filter bit for bit.
    public static func query(for recipe: FilterRecipe, name: String? = nil, description: String? = nil) -> String {
        var pairs: [(String, String)] = []
        for (key, value) in RecipeFields.fields(of: recipe) {
            switch value {
            case .string(let s): pairs.append((key, s))
            case .bool(let b): pairs.append((key, "\(b)"))
            case .number(let x): pairs.append((key, "\(x)"))
            case .integer(let n): pairs.append((key, "\(n)"))
            case .array(let items):
                pairs.append((key, items.map { item -> String in
                    if case .integer(let n) = item { return "\(n)" }
                    if case .number(let x) = item { return "\(x)" }
                    return ""
                }.joined(separator: ",")))
            default: break
            }
        }
        pairs.append(("sampleRate", "\(recipe.corners.sampleRate ?? 1)"))
        if let name { pairs.append(("name", name)) }
        if let description { pairs.append(("description", description)) }
        return pairs.map { percentEncoded($0.0) + "=" + percentEncoded($0.1) }.joined(separator: "&")
    }

    /// The fields of `query` in order, decoded (`+` as a space, `%XX`, UTF-8),
    /// nothing else checked: for a reader of its own (`FIRFields`). Empty
    /// values are kept.
    ///
    /// - Throws: `FieldError` for a query too long, or a name or value that
    ///   is not valid percent-encoded UTF-8.
    public static func pairs(_ query: String) throws(FieldError) -> [(name: String, value: String)] {
        guard query.utf8.count <= maximumLength else {
            throw FieldError(field: nil, "the query is \(query.utf8.count) bytes long; at most \(maximumLength) are accepted")
        }
        var pairs: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = percentDecoded(parts[0]) else {
                throw FieldError(field: String(parts[0]), "is not a valid field name: each % needs two hex digits, and the bytes must be UTF-8")
            }
            guard let value = percentDecoded(parts.count > 1 ? parts[1] : "") else {
                throw FieldError(field: key, "is not valid percent-encoded UTF-8")
            }
            pairs.append((key, value))
        }
        return pairs
    }

    /// `text` percent-encoded for a query value (`percentEncoded`).
    public static func encoded(_ text: String) -> String { percentEncoded(text) }

    /// A finite number, strictly (`Double(text)`, which reads no hex floats here).
    static func number(_ text: String, field: String) throws(FieldError) -> Double {
        guard !text.isEmpty, text.allSatisfy({ "0123456789+-.eE".contains($0) }), let value = Double(text) else {
            throw FieldError(field: field, "\(quotedForMessage(text)) is not a number")
        }
        guard value.isFinite else { throw FieldError(field: field, "\(quotedForMessage(text)) is not a finite number") }
        return value
    }

    /// `+` as a space and `%XX` as its byte, then UTF-8; `nil` for a bad escape or bad UTF-8.
    static func percentDecoded<S: StringProtocol>(_ text: S) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Every byte but the unreserved `A-Z a-z 0-9 - . _ ~` (and `,`, which
    /// separates list items) as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ","):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
