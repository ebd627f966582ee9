import FilterDesign
@testable import FilterSets
import Foundation
import Testing

/// Spec files: every bad spec gives one clear error naming the file, the
/// filter and the field, and saying what is allowed.
@Suite struct SpecFileTests {
    static let file = "Bank.filters.json"

    /// `{"sampleRate": RATE, "filters": [FILTERS]}`.
    static func spec(_ filters: String, sampleRate: String = "60") -> String {
        "{\n  \"sampleRate\": \(sampleRate),\n  \"filters\": [\n    \(filters)\n  ]\n}\n"
    }

    /// The errors of a spec that must fail (designing it at each rate too).
    static func errors(_ text: String) -> [String] {
        do {
            let spec = try FilterSetSpec.parse(text, file: file)
            _ = try spec.namespaceFilters()
            Issue.record("expected an error for \(text)")
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test(arguments: [
        // unknown family
        (spec(#"{ "name": "lp", "family": "butterwort", "band": "lowPass", "order": 2, "corners": 5 }"#),
         #"Bank.filters.json: filter `lp`, field "family": 'butterwort' is not a family (did you mean "butterworth"?); use one of "butterworth", "bessel", "chebyshev", "chebyshev2", "elliptic", "resonator", "proportionalIntegral", "iirnotch", "iirpeak", "iircomb", "gammatone", "biquad", "weighting" or "passThrough""#),
        // missing corner
        (spec(#"{ "name": "lp", "family": "butterworth", "band": "lowPass", "order": 2 }"#),
         #"Bank.filters.json: filter `lp`, field "corners": is missing; give a low-pass filter's corner frequencies in Hz, e.g. "corners": 5 or "corners": [0.5, 3]"#),
        // one corner for a band
        (spec(#"{ "name": "bp", "family": "butterworth", "band": "bandPass", "order": 2, "corners": 5 }"#),
         #"Bank.filters.json: filter `bp`, field "corners": a band-pass filter takes two corners (alpha1 < alpha2); 1 given"#),
        // corner above Nyquist (the issue's example)
        (spec(#"{ "name": "bandPassWide", "family": "butterworth", "band": "bandPass", "order": 2, "corners": [5, 35] }"#),
         #"Bank.filters.json: filter `bandPassWide`, field "corners": corner 2 35 Hz is at or above Nyquist (30 Hz) for sample rate 60 Hz"#),
        // the same through Fisher's options
        (spec(#"{ "name": "bandPassWide", "mkfilter": "-Bu -Bp -o 2", "corners": [5, 35] }"#),
         #"Bank.filters.json: filter `bandPassWide`, field "corners": corner 2 35 Hz is at or above Nyquist (30 Hz) for sample rate 60 Hz"#),
        // above Nyquist at only one of two rates
        (spec(#"{ "name": "hp", "family": "bessel", "band": "highPass", "order": 3, "corners": 40 }"#, sampleRate: "[100, 60]"),
         #"Bank.filters.json: filter `hp`, field "corners": corner 40 Hz is at or above Nyquist (30 Hz) for sample rate 60 Hz"#),
        // duplicate names
        (spec(#"{ "name": "lp", "family": "passThrough" }, { "name": "lp", "family": "passThrough" }"#),
         #"Bank.filters.json: filter `lp (filters[1])`, field "name": duplicate name; filters[0] already has it, and each filter needs its own"#),
        // malformed JSON: a missing comma
        ("{\n  \"sampleRate\": 60\n  \"filters\": []\n}\n",
         #"Bank.filters.json:3:3: malformed JSON: expected ',' or '}' in an object, found '"'"#),
        // malformed JSON: a trailing comma (Foundation accepts it)
        (spec(#"{ "name": "lp", "family": "passThrough" },"#),
         #"Bank.filters.json:5:3: malformed JSON: expected a value after ',', found ']' (JSON allows no trailing comma)"#),
        // malformed JSON: a key twice (Foundation keeps the last)
        (spec(#"{ "name": "lp", "family": "butterworth", "band": "lowPass", "order": 2, "order": 4, "corners": 5 }"#),
         #"Bank.filters.json:4:77: malformed JSON: key "order" appears twice in one object (first on line 4); keep one"#),
        ("", "Bank.filters.json:1:1: malformed JSON: the file is empty; expected a JSON object"),
        // a misspelt field
        (spec(#"{ "name": "lp", "family": "butterworth", "band": "lowPass", "oder": 2, "corners": 5 }"#),
         #"Bank.filters.json: filter `lp`: unknown field "oder" (did you mean "order"?); a filter has "name", "description", "tag", "comment", "family", "band", "order", "corners", "ripple", "attenuation", "q", "transform", "poles", "extraZero", "realization", "mkfilter", "passThrough", "passband", "stopband", "passbandLoss", "stopbandAttenuation", "frequency", "type", "gain", "passZero" or "curve", or for a FIR design "design" and "taps", "minimumPhase", "bands", "desired", "weights", "type", "cutoff", "band", "window", "width", "noScale", "frequencies", "gains", "antisymmetric", "passbandEdge", "stopbandEdge", "passbandLoss", "stopbandAttenuation", "method", "polyorder", "deriv", "delta", "pos", "use", "frequency" or "order""#),
        // order out of range
        (spec(#"{ "name": "lp", "family": "butterworth", "band": "lowPass", "order": 129, "corners": 5 }"#),
         #"Bank.filters.json: filter `lp`, field "order": order 129 is out of range; it must be in 1 ... 128"#),
        // Chebyshev without its ripple
        (spec(#"{ "name": "ch", "family": "chebyshev", "band": "lowPass", "order": 2, "corners": 5 }"#),
         #"Bank.filters.json: filter `ch`, field "ripple": is missing; a Chebyshev filter needs its passband ripple in dB, e.g. "ripple": 0.5"#),
        // unknown band
        (spec(#"{ "name": "lp", "family": "bessel", "band": "lowpass", "order": 2, "corners": 5 }"#),
         #"Bank.filters.json: filter `lp`, field "band": 'lowpass' is not a band (did you mean "lowPass"?); use one of "lowPass", "highPass", "bandPass", "bandStop" or "allPass""#),
        // both forms at once
        (spec(#"{ "name": "lp", "mkfilter": "-Bu -Lp -o 2", "family": "butterworth", "corners": 5 }"#),
         #"Bank.filters.json: filter `lp`, field "mkfilter": give either "mkfilter" or the fields "family", not both"#),
        // corners inside the mkfilter options
        (spec(#"{ "name": "lp", "mkfilter": "-Bu -Lp -o 2 -a 0.1", "corners": 5 }"#),
         #"Bank.filters.json: filter `lp`, field "mkfilter": gives corners; give them in Hz in "corners" and leave -a, --sample-rate and --corner out of "mkfilter""#),
        // Fisher's combination errors
        (spec(#"{ "name": "lp", "mkfilter": "-Bu -o 2", "corners": 5 }"#),
         #"Bank.filters.json: filter `lp`, field "mkfilter": must specify exactly one of -Lp, -Hp, -Bp, -Bs"#),
        // a sample rate that is not one
        (spec(#"{ "name": "raw", "family": "passThrough" }"#, sampleRate: "0"),
         #"Bank.filters.json: "sampleRate" 0 Hz is not allowed; a sample rate must be above 0"#),
        // no sample rate
        (#"{ "filters": [ { "name": "raw", "family": "passThrough" } ] }"#,
         #"Bank.filters.json: "sampleRate" is missing; give the sample rate in Hz, e.g. "sampleRate": 60"#),
        // Chebyshev II without its attenuation
        (spec(#"{ "name": "c2", "family": "chebyshev2", "band": "lowPass", "order": 4, "corners": 8 }"#),
         #"Bank.filters.json: filter `c2`, field "attenuation": is missing; a Chebyshev II filter needs its stopband attenuation in dB, e.g. "attenuation": 40"#),
        // an attenuation for a family that has none
        (spec(#"{ "name": "lp", "family": "butterworth", "band": "lowPass", "order": 4, "corners": 8, "attenuation": 40 }"#),
         #"Bank.filters.json: filter `lp`, field "attenuation": applies only to "family": "chebyshev2" or "elliptic""#),
        // a specification and an order
        (spec(#"{ "name": "e", "family": "elliptic", "passband": 5, "stopband": 8, "passbandLoss": 1, "stopbandAttenuation": 40, "order": 4 }"#),
         #"Bank.filters.json: filter `e`, field "order": is not allowed with a specification: the specification (passband, stopband, passbandLoss, stopbandAttenuation) chooses the order"#),
        // a resonator's Q as text
        (spec(#"{ "name": "notch", "family": "resonator", "band": "bandStop", "q": "high", "corners": 50 }"#, sampleRate: "200"),
         #"Bank.filters.json: filter `notch`, field "q": is 'high'; give a number above 0 or "Inf""#),
    ])
    func badSpecGivesOneClearError(_ text: String, _ expected: String) {
        #expect(Self.errors(text) == [expected])
    }

    /// Designs from a specification: each bad specification names its field.
    @Test(arguments: [
        // Bessel: no magnitude specification defines it
        (#""family": "bessel", "passband": 5, "stopband": 8, "passbandLoss": 1, "stopbandAttenuation": 40"#, "family"),
        // a stopband inside the passband
        (#""family": "butterworth", "passband": 8, "stopband": 5, "passbandLoss": 1, "stopbandAttenuation": 40, "band": "lowPass""#, "band"),
        (#""family": "butterworth", "passband": [4, 10], "stopband": [2, 6], "passbandLoss": 1, "stopbandAttenuation": 40"#, "stopband"),
        // edges not increasing
        (#""family": "elliptic", "passband": [10, 4], "stopband": [2, 14], "passbandLoss": 1, "stopbandAttenuation": 40"#, "passband"),
        // at or above Nyquist
        (#""family": "elliptic", "passband": 5, "stopband": 30, "passbandLoss": 1, "stopbandAttenuation": 40"#, "stopband"),
        // cannot be met within order 24
        (#""family": "butterworth", "passband": 5, "stopband": 5.01, "passbandLoss": 0.1, "stopbandAttenuation": 100"#, "stopbandAttenuation"),
        // a loss that is no loss, an attenuation below the loss
        (#""family": "chebyshev", "passband": 5, "stopband": 8, "passbandLoss": 0, "stopbandAttenuation": 40"#, "passbandLoss"),
        (#""family": "chebyshev", "passband": 5, "stopband": 8, "passbandLoss": 3, "stopbandAttenuation": 2"#, "stopbandAttenuation"),
        // one field missing
        (#""family": "chebyshev2", "passband": 5, "stopband": 8, "passbandLoss": 1"#, "stopbandAttenuation"),
        // two stopband edges for one passband edge
        (#""family": "elliptic", "passband": 5, "stopband": [8, 9], "passbandLoss": 1, "stopbandAttenuation": 40"#, "stopband"),
    ])
    func badSpecificationNamesItsField(_ fields: String, _ field: String) {
        let errors = Self.errors(Self.spec(#"{ "name": "s", \#(fields) }"#))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("Bank.filters.json: filter `s`, field \"\(field)\": ") == true, "\(errors)")
    }

    /// A specification in a spec file designs the filter the typed API
    /// designs, at each rate of the file, and its template carries the
    /// specification (so a retarget re-estimates the order).
    @Test func specificationDesignsAtEveryRate() throws {
        let text = Self.spec(#"{ "name": "smooth", "family": "elliptic", "passband": 5, "stopband": 7, "passbandLoss": 0.5, "stopbandAttenuation": 50 }"#, sampleRate: "[60, 100]")
        let spec = try FilterSetSpec.parse(text, file: Self.file)
        var orders: [Int] = []
        for rate in [60.0, 100.0] {
            let recipe = try #require(try spec.recipe(of: spec.filters[0], sampleRate: rate))
            let direct = try FilterRecipe(designing: .elliptic,
                                          to: MagnitudeSpecification(passband: [5 / rate], stopband: [7 / rate],
                                                                     passbandLoss: 0.5, stopbandAttenuation: 50))
            #expect(recipe.order == direct.order)
            #expect(try recipe.design().zPlane == direct.design().zPlane)
            orders.append(try #require(recipe.order))
            let template = try spec.templates(sampleRate: rate)[0]
            #expect(template.provenance.passbandEdges == [5] && template.provenance.stopbandEdges == [7])
            #expect(template.provenance.passbandLoss == 0.5 && template.provenance.stopbandAttenuation == 50)
        }
        #expect(orders == [6, 6], "scipy's ellipord(5, 7, 0.5, 50, fs=60) and fs=100 are both 6: \(orders)")
    }

    /// The two new families read the same from fields and from the options.
    @Test func newFamiliesAgreeWithTheirOptions() throws {
        let pairs: [(String, String)] = [
            (#""family": "chebyshev2", "attenuation": 40, "band": "highPass", "order": 5"#, "--cheby2 40 -Hp -o 5"),
            (#""family": "elliptic", "ripple": 0.5, "attenuation": 60, "band": "bandStop", "order": 4"#, "--elliptic 0.5 60 -Bs -o 4"),
        ]
        for (fields, options) in pairs {
            let corners = options.contains("-Bs") ? "[2, 6.5]" : "4.25"
            let text = Self.spec(#"{ "name": "a", \#(fields), "corners": \#(corners) }, { "name": "b", "mkfilter": "\#(options)", "corners": \#(corners) }"#)
            let spec = try FilterSetSpec.parse(text, file: Self.file)
            let a = try #require(try spec.recipe(of: spec.filters[0], sampleRate: 60))
            let b = try #require(try spec.recipe(of: spec.filters[1], sampleRate: 60))
            #expect(a == b, "\(fields) vs \(options)")
        }
    }

    /// Two bad filters: both reported, each once, in file order; fields
    /// that do not go together (found as the file is read) and values out of
    /// range at the sample rate (found when the recipes are made) alike.
    @Test func everyBadFilterIsReported() {
        let text = Self.spec(#"{ "name": "a", "family": "bessel", "band": "lowPass", "order": 2, "corners": 31 }, { "name": "ok", "family": "passThrough" }, { "name": "b", "family": "butterworth", "band": "highPass", "order": 2, "corners": 45 }"#)
        let errors = Self.errors(text)
        #expect(errors.count == 2)
        #expect(errors.first?.contains("filter `a`, field \"corners\": corner 31 Hz is at or above Nyquist (30 Hz)") == true)
        #expect(errors.last?.contains("filter `b`, field \"corners\": corner 45 Hz is at or above Nyquist (30 Hz)") == true)

        let unread = Self.errors(Self.spec(#"{ "name": "a", "family": "bessel", "band": "lowPass", "corners": 5 }, { "name": "b", "family": "butterworth", "order": 2, "corners": 5 }"#))
        #expect(unread.count == 2)
        #expect(unread.first?.contains("filter `a`, field \"order\": is missing; give a whole number in 1 ... 128") == true)
        #expect(unread.last?.contains("filter `b`, field \"band\": is missing; give one of \"lowPass\", \"highPass\", \"bandPass\" or \"bandStop\"") == true)

        // Both kinds at once, in file order: a value out of range beside a
        // filter that does not read.
        let mixed = Self.errors(Self.spec(#"{ "name": "a", "family": "bessel", "band": "lowPass", "order": 2, "corners": 31 }, { "name": "b", "family": "butterworth", "order": 2, "corners": 5 }, { "name": "c", "family": "butterworth", "band": "highPass", "order": 2, "corners": 45 }"#))
        #expect(mixed.count == 3, "\(mixed)")
        #expect(mixed.first?.contains("filter `a`, field \"corners\": corner 31 Hz is at or above Nyquist (30 Hz)") == true)
        #expect(mixed.dropFirst().first?.contains("filter `b`, field \"band\": is missing") == true)
        #expect(mixed.last?.contains("filter `c`, field \"corners\": corner 45 Hz is at or above Nyquist (30 Hz)") == true)
    }

    /// A proportional-integral filter asked of a specification is refused
    /// for its family alone: the order it would default to is not reported
    /// as given.
    @Test func aSpecificationOfAProportionalIntegralFilterNamesItsFamily() {
        let errors = Self.errors(Self.spec(#"{ "name": "pi", "family": "proportionalIntegral", "passband": 5, "stopband": 10, "passbandLoss": 1, "stopbandAttenuation": 40 }"#))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("field \"family\": \"proportionalIntegral\": a proportional-integral filter has no magnitude specification") == true, "\(errors)")
    }

    /// The fields form and Fisher's options give the same specification, hence
    /// the same coefficients, bit for bit.
    @Test func fieldsAndFisherOptionsAgree() throws {
        let pairs: [(String, String)] = [
            (#""family": "butterworth", "band": "lowPass", "order": 2"#, "-Bu -Lp -o 2"),
            (#""family": "bessel", "band": "bandPass", "order": 3, "transform": "matchedZ""#, "-Be -Bp -o 3 -z"),
            (#""family": "chebyshev", "ripple": -0.5, "band": "highPass", "order": 4"#, "-Ch -0.5 -Hp -o 4"),
            (#""family": "butterworth", "band": "bandStop", "order": 4, "poles": [0, 3], "transform": "bilinearWithoutPrewarp""#, "-Bu -Bs -o 4 -p 0 3 -w"),
        ]
        for (fields, options) in pairs {
            let corners = options.contains("-Bp") || options.contains("-Bs") ? "[2, 6.5]" : "4.25"
            let text = Self.spec(#"{ "name": "a", \#(fields), "corners": \#(corners) }, { "name": "b", "mkfilter": "\#(options)", "corners": \#(corners) }"#)
            let spec = try FilterSetSpec.parse(text, file: Self.file)
            let a = try #require(try spec.recipe(of: spec.filters[0], sampleRate: 60))
            let b = try #require(try spec.recipe(of: spec.filters[1], sampleRate: 60))
            #expect(a == b, "\(fields) vs \(options)")
            let templates = try spec.templates(sampleRate: 60)
            #expect(templates[0].xCoefficients == templates[1].xCoefficients)
            #expect(templates[0].yCoefficients == templates[1].yCoefficients)
            #expect(templates[0].gain == templates[1].gain)
        }
    }

    /// docs/command-line.md's example spec reads and designs (at its rate and at 100 Hz).
    @Test func readmeExampleIsAValidSpec() throws {
        let readme = try Repository.text("docs/command-line.md")
        let section = try #require(readme.range(of: "## Filter set files"))
        let start = try #require(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        var spec = try FilterSetSpec.parse(String(readme[start.upperBound..<end.lowerBound]), file: "docs/command-line.md")
        #expect(spec.filters.count == 6)
        _ = try spec.namespaceFilters()
        spec.sampleRates = [100]
        _ = try spec.namespaceFilters()
    }

    /// Defaults: tag = position, description empty, namespace from the file name,
    /// one namespace per rate with the rate in its name.
    @Test func defaultsAndNamespaces() throws {
        let text = Self.spec(#"{ "name": "raw", "family": "passThrough" }, { "name": "lp", "tag": 7, "description": "low", "family": "butterworth", "band": "lowPass", "order": 1, "corners": 5 }"#, sampleRate: "[60, 44.1]")
        let spec = try FilterSetSpec.parse(text, file: "dir/Bank.filters.json")
        #expect(spec.namespace == "Bank")
        #expect(spec.namespaces.map(\.name) == ["Bank60Hz", "Bank44p1Hz"])
        #expect(spec.filters.map(\.tag) == [0, 7])
        #expect(spec.filters.map(\.description) == ["", "low"])
        let templates = try spec.templates(sampleRate: 44.1)
        #expect(templates[1].designSampleRate == 44.1 && templates[1].cornerFrequency1 == 5)
        let source = try FilterSetSource.singleFile(spec)
        #expect(source.contains("public enum Bank60Hz {") && source.contains("public enum Bank44p1Hz {"))
        #expect(source.components(separatedBy: "import FilterRuntime").count == 2, "one import for both enums")
    }
}
