import FilterRuntime

/// Templates as JSON for other tools: one object per filter, every field of
/// `DigitalFilterTemplate` and its provenance.
///
/// Written by hand rather than with JSONSerialization, whose Linux version
/// prints doubles with 15-16 digits (not round-trip): here every number is
/// Swift's shortest round-trip form, keys are sorted, output is deterministic.
public enum JSONEmitter {
    /// A JSON value.
    package indirect enum Value {
        case string(String), number(Double), integer(Int), bool(Bool), array([Value]), object([(String, Value)])
    }

    /// A JSON document `{"filters": [...]}`.
    public static func document(_ templates: [DigitalFilterTemplate]) throws(EmissionError) -> String {
        var filters: [Value] = []
        for t in templates {
            guard ([t.gain, t.designSampleRate, t.cornerFrequency1, t.cornerFrequency2, t.frequency3]
                   + t.xCoefficients + t.yCoefficients).allSatisfy(\.isFinite) else {
                throw EmissionError("filter \(t.name) has a number that is not finite")
            }
            var provenance: [(String, Value)] = [
                ("family", .string(t.provenance.family)), ("transform", .string(t.provenance.transform)),
                ("mkfilterCommandLine", .string(t.provenance.mkfilterCommandLine)),
            ]
            if let r = t.provenance.rippleDecibels { provenance.append(("rippleDecibels", .number(r))) }
            if let q = t.provenance.qualityFactor { provenance.append(("qualityFactor", q.isFinite ? .number(q) : .string("Inf"))) }
            if let p = t.provenance.poleSubset { provenance.append(("poleSubset", .array(p.map { .integer($0) }))) }
            if let z = t.provenance.extraZeroFrequency { provenance.append(("extraZeroFrequency", .number(z))) }
            filters.append(.object([
                ("tag", .integer(t.tag)), ("name", .string(t.name)), ("description", .string(t.description)),
                ("filterClass", .string(t.filterClass.rawValue)), ("designSampleRate", .number(t.designSampleRate)),
                ("cornerFrequency1", .number(t.cornerFrequency1)), ("cornerFrequency2", .number(t.cornerFrequency2)),
                ("frequency3", .number(t.frequency3)), ("order", .integer(t.order)), ("gain", .number(t.gain)),
                ("zeroCount", .integer(t.zeroCount)), ("xCoefficients", .array(t.xCoefficients.map { .number($0) })),
                ("poleCount", .integer(t.poleCount)), ("yCoefficients", .array(t.yCoefficients.map { .number($0) })),
                ("provenance", .object(provenance)),
            ]))
        }
        return write(.object([("filters", .array(filters))]), indent: "") + "\n"
    }

    /// `value` as JSON text (objects' keys sorted), indented from `indent`.
    package static func write(_ value: Value, indent: String) -> String {
        let inner = indent + "  "
        switch value {
        case .string(let s): return quoted(s)
        case .number(let x): return "\(x)"
        case .integer(let i): return "\(i)"
        case .bool(let b): return b ? "true" : "false"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .object = $0 { return false } else { return true } }) {
                return "[" + items.map { write($0, indent: inner) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + write($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let fields):
            let sorted = fields.sorted { $0.0 < $1.0 }
            return "{\n" + sorted.map { inner + quoted($0.0) + ": " + write($0.1, indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// A JSON string literal: `"` `\` and control characters escaped.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
