import FilterRuntime

/// Turns a parsed initializer into a `TemplateDefinition`, naming the field
/// that is missing or of the wrong kind.
enum TemplateFields {
    static let cClasses: [String: FilterClass] = [
        "kFilterClassLowPass": .lowPass, "kFilterClassHighPass": .highPass,
        "kFilterClassBandPass": .bandPass, "kFilterClassBandStop": .bandStop,
    ]

    struct Context {
        let identifier: String, file: String, line: Int
        func error(_ message: String) -> TemplateSourceError {
            TemplateSourceError(file: file, line: line, "\(identifier): \(message)")
        }
        func number(_ value: SourceValue?, _ field: String) throws(TemplateSourceError) -> PrintedNumber {
            guard case .number(let n)? = value else { throw error("\(field) must be a number") }
            return n
        }
        func integer(_ value: SourceValue?, _ field: String) throws(TemplateSourceError) -> Int {
            let n = try number(value, field)
            guard let i = Int(exactly: n.value) else { throw error("\(field) must be an integer, not \(n.text)") }
            return i
        }
        func string(_ value: SourceValue?, _ field: String) throws(TemplateSourceError) -> String {
            guard case .string(let s)? = value else { throw error("\(field) must be a string literal") }
            return s
        }
        func numbers(_ value: SourceValue?, _ field: String) throws(TemplateSourceError) -> [PrintedNumber] {
            guard case .list(let items)? = value else { throw error("\(field) must be a list of numbers") }
            var out: [PrintedNumber] = []
            for item in items { out.append(try number(item, field)) }
            return out
        }
        func optionalNumber(_ value: SourceValue?, _ field: String) throws(TemplateSourceError) -> Double? {
            switch value {
            case nil, .none?: return nil
            case .name(let n)? where n == ".infinity" || n == "Double.infinity": return .infinity
            default: return try number(value, field).value
            }
        }
    }

    /// The `FilterProvenance(...)` of a Swift template, from its labelled
    /// arguments: the family, and what each family and transform needs.
    private static func swiftProvenance(_ p: [(label: String?, value: SourceValue)], _ c: Context) throws(TemplateSourceError) -> FilterProvenance {
        var provenance = FilterProvenance(family: "butterworth", transform: "bilinear", mkfilterCommandLine: "")
        var pf: [String: SourceValue] = [:]
        for (label, v) in p { if let label { pf[label] = v } }
        provenance.family = try c.string(pf["family"], "provenance.family")
        provenance.rippleDecibels = try c.optionalNumber(pf["rippleDecibels"], "provenance.rippleDecibels")
        provenance.qualityFactor = try c.optionalNumber(pf["qualityFactor"], "provenance.qualityFactor")
        provenance.transform = (try? c.string(pf["transform"], "")) ?? "bilinear"
        if case .list(let items)? = pf["poleSubset"] {
            var subset: [Int] = []
            for item in items { subset.append(try c.integer(item, "provenance.poleSubset")) }
            provenance.poleSubset = subset
        }
        provenance.extraZeroFrequency = try c.optionalNumber(pf["extraZeroFrequency"], "provenance.extraZeroFrequency")
        if pf["besselPoles"] != nil { provenance.besselPoles = try c.string(pf["besselPoles"], "provenance.besselPoles") }
        provenance.mkfilterCommandLine = (try? c.string(pf["mkfilterCommandLine"], "")) ?? ""
        provenance.attenuationDecibels = try c.optionalNumber(pf["attenuationDecibels"], "provenance.attenuationDecibels")
        if pf["passbandEdges"] != nil { provenance.passbandEdges = try c.numbers(pf["passbandEdges"], "provenance.passbandEdges").map(\.value) }
        if pf["stopbandEdges"] != nil { provenance.stopbandEdges = try c.numbers(pf["stopbandEdges"], "provenance.stopbandEdges").map(\.value) }
        provenance.passbandLoss = try c.optionalNumber(pf["passbandLoss"], "provenance.passbandLoss")
        provenance.stopbandAttenuation = try c.optionalNumber(pf["stopbandAttenuation"], "provenance.stopbandAttenuation")
        return provenance
    }

    /// A Swift template's `sections:`, a list of `Biquad(b0:b1:b2:a1:a2:)`.
    private static func swiftSections(_ value: SourceValue, _ c: Context) throws(TemplateSourceError) -> [Biquad] {
        guard case .list(let items) = value else { throw c.error("sections must be a list of Biquad(...)") }
        var sections: [Biquad] = []
        for item in items {
            guard case .call(_, let arguments) = item else { throw c.error("sections must be a list of Biquad(...)") }
            var k: [String: SourceValue] = [:]
            for (label, v) in arguments { if let label { k[label] = v } }
            sections.append(Biquad(b0: try c.number(k["b0"], "sections b0").value, b1: try c.number(k["b1"], "sections b1").value,
                                   b2: try c.number(k["b2"], "sections b2").value, a1: try c.number(k["a1"], "sections a1").value,
                                   a2: try c.number(k["a2"], "sections a2").value))
        }
        return sections
    }

    /// `DigitalFilterTemplate(tag: ..., provenance: FilterProvenance(...))`.
    static func swift(_ value: SourceValue, identifier: String, file: String, line: Int) throws(TemplateSourceError) -> TemplateDefinition {
        let c = Context(identifier: identifier, file: file, line: line)
        guard case .call(_, let arguments) = value else { throw c.error("not an initializer call") }
        var fields: [String: SourceValue] = [:]
        for (label, v) in arguments {
            guard let label else { throw c.error("every argument of DigitalFilterTemplate(...) needs its label") }
            fields[label] = v
        }
        let required = ["tag", "name", "description", "filterClass", "designSampleRate", "cornerFrequency1",
                        "cornerFrequency2", "frequency3", "order", "gain", "xCoefficients", "yCoefficients"]
        for key in required where fields[key] == nil { throw c.error("missing field \(key)") }
        guard case .name(let className)? = fields["filterClass"],
              let filterClass = FilterClass(rawValue: String(className.split(separator: ".").last ?? "")) else {
            throw c.error("filterClass must be one of " + FilterClass.allCases.map { "." + $0.rawValue }.joined(separator: ", "))
        }
        var provenance = FilterProvenance(family: "butterworth", transform: "bilinear", mkfilterCommandLine: "")
        var hasProvenance = false
        if case .call(_, let p)? = fields["provenance"] {
            hasProvenance = true
            provenance = try swiftProvenance(p, c)
        }
        let gain = try c.number(fields["gain"], "gain")
        let x = try c.numbers(fields["xCoefficients"], "xCoefficients")
        let y = try c.numbers(fields["yCoefficients"], "yCoefficients")
        var sections: [Biquad] = []
        if let value = fields["sections"] { sections = try swiftSections(value, c) }
        let template = DigitalFilterTemplate(
            tag: try c.integer(fields["tag"], "tag"), name: try c.string(fields["name"], "name"),
            description: try c.string(fields["description"], "description"), filterClass: filterClass,
            designSampleRate: try c.number(fields["designSampleRate"], "designSampleRate").value,
            cornerFrequency1: try c.number(fields["cornerFrequency1"], "cornerFrequency1").value,
            cornerFrequency2: try c.number(fields["cornerFrequency2"], "cornerFrequency2").value,
            frequency3: try c.number(fields["frequency3"], "frequency3").value,
            order: try c.integer(fields["order"], "order"), gain: gain.value,
            xCoefficients: x.map(\.value), yCoefficients: y.map(\.value), sections: sections, provenance: provenance)
        return TemplateDefinition(identifier: identifier, file: file, line: line, form: .swift, template: template,
                                  printedGain: gain, printedX: x, printedY: y, declaredCounts: nil,
                                  hasProvenance: hasProvenance)
    }

    /// `{ tag, "title", "description", kFilterClass..., fs, f1, f2, f3, order, gain,
    /// nZeros, nX, { x... }, nPoles, nY, { y... } }`.
    static func c(_ value: SourceValue, identifier: String, file: String, line: Int) throws(TemplateSourceError) -> TemplateDefinition {
        let c = Context(identifier: identifier, file: file, line: line)
        guard case .list(let v) = value else { throw c.error("not a { ... } initializer") }
        let names = ["tag", "title", "description", "filter class", "sample rate", "corner frequency 1",
                     "corner frequency 2", "frequency 3", "order", "gain", "number of zeros",
                     "number of x coefficients", "x coefficients", "number of poles",
                     "number of y coefficients", "y coefficients"]
        guard v.count == names.count else {
            throw c.error("\(v.count) values where Shake's DigitalFilterTemplate has \(names.count) (\(names.joined(separator: ", ")))")
        }
        guard case .name(let className) = v[3], let filterClass = cClasses[className] else {
            throw c.error("filter class must be one of " + cClasses.keys.sorted().joined(separator: ", "))
        }
        let gain = try c.number(v[9], "gain")
        let x = try c.numbers(v[12], "x coefficients")
        let y = try c.numbers(v[15], "y coefficients")
        let template = DigitalFilterTemplate(
            tag: try c.integer(v[0], "tag"), name: try c.string(v[1], "title"),
            description: try c.string(v[2], "description"), filterClass: filterClass,
            designSampleRate: try c.number(v[4], "sample rate").value,
            cornerFrequency1: try c.number(v[5], "corner frequency 1").value,
            cornerFrequency2: try c.number(v[6], "corner frequency 2").value,
            frequency3: try c.number(v[7], "frequency 3").value,
            order: try c.integer(v[8], "order"), gain: gain.value,
            xCoefficients: x.map(\.value), yCoefficients: y.map(\.value),
            provenance: FilterProvenance(family: "butterworth", transform: "bilinear", mkfilterCommandLine: ""))
        return TemplateDefinition(
            identifier: identifier, file: file, line: line, form: .c, template: template,
            printedGain: gain, printedX: x, printedY: y,
            declaredCounts: (try c.integer(v[10], "number of zeros"), try c.integer(v[11], "number of x coefficients"),
                             try c.integer(v[13], "number of poles"), try c.integer(v[14], "number of y coefficients")),
            hasProvenance: false)
    }
}
