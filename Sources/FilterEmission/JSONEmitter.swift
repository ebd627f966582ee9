import EmissionTemplates
import FilterJSON
import FilterRuntime

/// Templates as JSON for other tools: one object per filter, every field of
/// `DigitalFilterTemplate` and its provenance, keys sorted, every number in
/// Swift's shortest round-trip digits (see `JSONValue.text`).
public enum JSONEmitter {
    /// A JSON document `{"filters": [...]}`.
    public static func document(_ templates: [DigitalFilterTemplate]) throws(EmissionError) -> String {
        var filters: [JSONValue] = []
        for t in templates {
            guard ([t.gain, t.designSampleRate, t.cornerFrequency1, t.cornerFrequency2, t.frequency3]
                   + t.xCoefficients + t.yCoefficients).allSatisfy(\.isFinite) else {
                throw EmissionError("filter \(t.name) has a number that is not finite")
            }
            filters.append(.object(fields(of: t)))
        }
        return JSONValue.object([("filters", .array(filters))]).text() + "\n"
    }

    /// The members of one filter's object.
    static func fields(of t: DigitalFilterTemplate) -> [(key: String, value: JSONValue)] {
        var provenance: [(key: String, value: JSONValue)] = [
            ("family", .string(t.provenance.family)), ("transform", .string(t.provenance.transform)),
            ("mkfilterCommandLine", .string(t.provenance.mkfilterCommandLine)),
        ]
        if let r = t.provenance.rippleDecibels { provenance.append(("rippleDecibels", .number(r))) }
        if let q = t.provenance.qualityFactor { provenance.append(("qualityFactor", q.isFinite ? .number(q) : .string("Inf"))) }
        if let p = t.provenance.poleSubset { provenance.append(("poleSubset", .array(p.map { .integer($0) }))) }
        if let z = t.provenance.extraZeroFrequency { provenance.append(("extraZeroFrequency", .number(z))) }
        if let b = t.provenance.besselPoles { provenance.append(("besselPoles", .string(b))) }
        return [
            ("tag", .integer(t.tag)), ("name", .string(t.name)), ("description", .string(t.description)),
            ("filterClass", .string(t.filterClass.rawValue)), ("designSampleRate", .number(t.designSampleRate)),
            ("cornerFrequency1", .number(t.cornerFrequency1)), ("cornerFrequency2", .number(t.cornerFrequency2)),
            ("frequency3", .number(t.frequency3)), ("order", .integer(t.order)), ("gain", .number(t.gain)),
            ("zeroCount", .integer(t.zeroCount)), ("xCoefficients", .array(t.xCoefficients.map { .number($0) })),
            ("poleCount", .integer(t.poleCount)), ("yCoefficients", .array(t.yCoefficients.map { .number($0) })),
            ("provenance", .object(provenance)),
        ]
    }
}
