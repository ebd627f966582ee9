import ComplexModule
import EmissionTemplates
import FilterDesign
import FilterJSON
import FilterRuntime

/// Filters as JSON for other tools: one object per filter, every field of
/// `DigitalFilterTemplate` and its provenance, keys sorted, every number in
/// Swift's shortest round-trip digits (see `JSONValue.text`), and
///
/// - `"zpk"`: `{"zeros": [[re, im], ...], "poles": [[re, im], ...], "gain": k}`,
///   the z-plane zeros, poles and the gain k that puts the passband maximum
///   at |H| = 1, as scipy and MATLAB (the filter the recurrence divided by
///   `"gain"` is);
/// - `"sos"`: `[[b0, b1, b2, 1, a1, a2], ...]`, scipy's layout, in cascade order,
///   the gain spread over the sections; their product equals the zpk.
///
/// A filter set's FIR filters follow in `"firFilters"` (only when it has
/// some): `name`, `description`, `designSampleRate`, `count`, `taps` (h[0]
/// ... h[N-1]) and `mkfilterCommandLine`.
public enum JSONEmitter {
    /// A JSON document `{"filters": [...]}`, with `"firFilters": [...]` when
    /// `fir` is not empty.
    public static func document(_ filters: [DesignedFilter], fir: [FIRTemplate] = []) throws(EmissionError) -> String {
        var objects: [JSONValue] = []
        for f in filters {
            let t = f.template
            let zpkNumbers = (f.zpk?.zeros ?? []) + (f.zpk?.poles ?? [])
            guard ([t.gain, t.designSampleRate, t.cornerFrequency1, t.cornerFrequency2, t.frequency3, f.zpk?.gain ?? 0]
                   + t.xCoefficients + t.yCoefficients + t.sections.flatMap(\.coefficients)
                   + zpkNumbers.flatMap { [$0.real, $0.imaginary] }).allSatisfy(\.isFinite) else {
                throw EmissionError("filter \(t.name) has a number that is not finite")
            }
            var members = fields(of: t)
            if let zpk = f.zpk {
                func points(_ list: [Complex<Double>]) -> JSONValue { .array(list.map { .array([.number($0.real), .number($0.imaginary)]) }) }
                members.append(("zpk", .object([("zeros", points(zpk.zeros)), ("poles", points(zpk.poles)), ("gain", .number(zpk.gain))])))
            }
            if !t.sections.isEmpty {
                members.append(("sos", .array(t.sections.map { s in
                    .array([.number(s.b0), .number(s.b1), .number(s.b2), .number(1), .number(s.a1), .number(s.a2)])
                })))
            }
            objects.append(.object(members))
        }
        var document: [(key: String, value: JSONValue)] = [("filters", .array(objects))]
        if !fir.isEmpty {
            var firObjects: [JSONValue] = []
            for t in fir {
                try FIREmitter.checkFinite(t)
                firObjects.append(.object([
                    ("name", .string(t.name)), ("description", .string(t.description)),
                    ("designSampleRate", .number(t.designSampleRate)), ("count", .integer(t.taps.count)),
                    ("taps", .array(t.taps.map { .number($0) })), ("mkfilterCommandLine", .string(t.mkfilterCommandLine)),
                ]))
            }
            document.append(("firFilters", .array(firObjects)))
        }
        return JSONValue.object(document).text() + "\n"
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
        if let a = t.provenance.attenuationDecibels { provenance.append(("attenuationDecibels", .number(a))) }
        if let e = t.provenance.passbandEdges { provenance.append(("passbandEdges", .array(e.map { .number($0) }))) }
        if let e = t.provenance.stopbandEdges { provenance.append(("stopbandEdges", .array(e.map { .number($0) }))) }
        if let l = t.provenance.passbandLoss { provenance.append(("passbandLoss", .number(l))) }
        if let a = t.provenance.stopbandAttenuation { provenance.append(("stopbandAttenuation", .number(a))) }
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
