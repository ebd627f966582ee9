import FilterDesign
import FilterEmission
import FilterJSON
@testable import FilterSets
import FisherCompatibility
import Testing

/// The one recipe and its codecs: each outside form (a filter set file's
/// fields, a URL query, Fisher's words, a template's provenance) reads back
/// as the recipe it was written from.
@Suite struct RecipeCodecTests {
    /// Recipes in Hz covering every family, band, transform, a pole subset and an extra zero.
    static let recipes: [FilterRecipe] = {
        var all: [FilterRecipe] = []
        let families: [FilterFamily] = [.butterworth, .bessel, .chebyshev(rippleDecibels: 0.5)]
        for family in families {
            for band in [FilterBand.lowPass, .highPass, .bandPass, .bandStop] {
                for transform in Discretization.allCases {
                    let corners: Corners = band.hasTwoCorners ? .hertz(0.5, 3, sampleRate: 60) : .hertz(5, sampleRate: 60)
                    all.append(try! FilterRecipe(family: family, band: band, order: 3, corners: corners, discretization: transform))
                }
            }
        }
        all.append(try! FilterRecipe(family: .butterworth, band: .bandStop, order: 4, corners: .hertz(2, 6.5, sampleRate: 50),
                                     poleSubset: [0, 3], extraZeroFrequency: 12.5))
        all.append(try! FilterRecipe(family: .resonator(.finite(20)), band: .bandStop, order: nil, corners: .hertz(25, sampleRate: 200)))
        all.append(try! FilterRecipe(family: .resonator(.infinite), band: .allPass, order: nil, corners: .hertz(10, sampleRate: 44.1)))
        all.append(try! FilterRecipe(family: .proportionalIntegral, band: nil, order: 1, corners: .hertz(1.5, sampleRate: 100)))
        return all
    }()

    @Test func filterSetFieldsReadBack() throws {
        for recipe in Self.recipes {
            let fields = Dictionary(uniqueKeysWithValues: RecipeFields.fields(of: recipe).map { ($0.key, $0.value) })
            var problems: [String] = []
            let definition = RecipeFields.definition(fields) { field, message in problems.append("\(field ?? ""): \(message)") }
            #expect(problems.isEmpty, "\(problems)")
            #expect(try definition?.recipe(sampleRate: recipe.corners.sampleRate!) == recipe)
        }
    }

    /// A server judges the work from the recipe whichever field carries it:
    /// Fisher's words in `mkfilter=` give the order they name; a page's own
    /// fields (`points`, `format`) are left aside; a query that does not read
    /// gives nil.
    @Test func recipeIgnoringOtherFieldsReadsEveryCarrier() {
        let fisher = RecipeQuery.recipeIgnoringOtherFields("mkfilter=--cheby2+40+-Bp+-o+128&corners=0.5,3&sampleRate=60&points=99")
        #expect(fisher?.order == 128, "\(String(describing: fisher))")
        let fields = RecipeQuery.recipeIgnoringOtherFields("family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60&format=c")
        #expect(fields?.order == 3)
        #expect(RecipeQuery.recipeIgnoringOtherFields("order=x&points=%ZZ") == nil)
    }

    @Test func urlQueryReadsBack() throws {
        for recipe in Self.recipes {
            let query = RecipeQuery.query(for: recipe, name: "a name & more", description: "100% ✓")
            let fields = try RecipeQuery.fields(query)
            #expect(try RecipeQuery.recipe(fields) == recipe, "\(query)")
            #expect(fields["name"] == .string("a name & more") && fields["description"] == .string("100% ✓"))
        }
    }

    /// Fisher's words give the corners as alphas, so they design the same filter
    /// (coefficients bit for bit) rather than the same recipe.
    @Test func fisherWordsDesignTheSameFilter() throws {
        for recipe in Self.recipes {
            let words = FisherCommandLine.words(for: recipe)
            let line = try FisherCommandLine(words)
            #expect(line.combinationErrors().isEmpty, "\(words)")
            let again = try line.checkedRecipe()
            #expect(try again.design().recurrence == recipe.design().recurrence, "\(words)")
            #expect(again.besselPoles == recipe.besselPoles)
        }
    }

    @Test func provenanceReadsBack() throws {
        for recipe in Self.recipes {
            let template = try TemplateBuilder.template(for: try recipe.design(), name: "f", description: "", tag: 0)
            #expect(try TemplateProvenance.recipe(of: template) == recipe)
        }
    }

    @Test(arguments: [
        ("family=butterworth&band=lowPass&order=NaN&corners=5&sampleRate=60", "order", "'NaN' is not a number"),
        ("family=butterworth&band=lowPass&order=2&corners=5&sampleRate=1e999", "sampleRate", "'1e999' is not a finite number"),
        ("family=butterworth&band=lowPass&order=two&corners=5&sampleRate=60", "order", "'two' is not a number"),
        ("family=butterworth&band=lowPass&order=2&order=3&corners=5&sampleRate=60", "order", "is given twice"),
        ("family=butterworth&band=lowPass&oder=2&corners=5&sampleRate=60", "oder", "did you mean \"order\"?"),
        ("family=butterwort&band=lowPass&order=2&corners=5&sampleRate=60", "family", "is not a family"),
        ("family=butterworth&band=lowPass&order=129&corners=5&sampleRate=60", "order", "order 129 is out of range"),
        ("family=butterworth&band=lowPass&order=2&corners=30&sampleRate=60", "corners", "at or above Nyquist"),
        ("family=butterworth&band=lowPass&order=2&corners=5", "sampleRate", "is missing"),
        ("family=butterworth&band=lowPass&order=2&corners=5%ZZ&sampleRate=60", "corners", "percent-encoded"),
    ])
    func badQueriesNameTheField(_ query: String, _ field: String, _ message: String) {
        do {
            _ = try RecipeQuery.recipe(try RecipeQuery.fields(query))
            Issue.record("accepted \(query)")
        } catch {
            #expect(error.field == field, "\(query): \(error)")
            #expect(error.message.contains(message), "\(query): \(error.message)")
        }
    }

    @Test func emptyFormInputsCountAsAbsent() throws {
        let recipe = try RecipeQuery.recipe(try RecipeQuery.fields("family=butterworth&band=lowPass&order=2&corners=5&sampleRate=60&ripple=&q=&name="))
        #expect(recipe == (try FilterRecipe(family: .butterworth, band: .lowPass, order: 2, corners: .hertz(5, sampleRate: 60))))
    }

    @Test func oversizedQueryIsRefused() {
        let query = "name=" + String(repeating: "x", count: RecipeQuery.maximumLength)
        #expect(throws: FieldError.self) { try RecipeQuery.fields(query) }
    }
}

/// One reader behind every form: a recipe broken the same way is refused by
/// Fisher's words, a filter set file's fields and a URL query alike, each
/// naming the field in its own spelling.
@Suite struct OneReaderTests {
    /// (Fisher's words, the same as fields (corners in Hz at 60 Hz), the
    /// problem, Fisher's word for the field, the fields' name for it).
    static let cases: [(words: String, fields: String, problems: [RecipeProblem], option: String, field: String)] = [
        ("-Bu -o 2 -a 0.1", #""family": "butterworth", "order": 2, "corners": 6"#, [.bandCount], "-Lp", "band"),
        ("-Bu -Lp -a 0.1", #""family": "butterworth", "band": "lowPass", "corners": 6"#, [.missingOrder], "-o", "order"),
        ("-Bu -Lp -o 200 -a 0.1", #""family": "butterworth", "band": "lowPass", "order": 200, "corners": 6"#, [.orderOutOfRange(200)], "order", "order"),
        ("-Bu -Lp -o 4 -p 0 5 -a 0.1", #""family": "butterworth", "band": "lowPass", "order": 4, "poles": [0, 5], "corners": 6"#,
         [.poleIndexOutOfRange(index: 5, order: 4)], "-p", "poles"),
        ("-Bu -Ap -o 2 -a 0.1", #""family": "butterworth", "band": "allPass", "order": 2, "corners": 6"#, [.bandCount, .allPassNeedsResonator], "-Re", "band"),
        ("-Re 10 -a 0.1", #""family": "resonator", "q": 10, "corners": 6"#, [.resonatorBand], "-Bp", "band"),
        ("-Re 10 -Bp -o 2 -a 0.1", #""family": "resonator", "q": 10, "band": "bandPass", "order": 2, "corners": 6"#,
         [.notForResonator([.order])], "-o", "order"),
        ("-Pi -Lp -o 1 -a 0.1", #""family": "proportionalIntegral", "band": "lowPass", "corners": 6"#,
         [.notForProportionalIntegral(.band)], "-Lp", "band"),
        ("--cheby2 -Lp -o 2 -a 0.1", #""family": "chebyshev2", "band": "lowPass", "order": 2, "corners": 6"#,
         [.missingParameter(.attenuation, family: .chebyshev2)], "--cheby2", "attenuation"),
        ("--cheby2 40 -Lp -o 4 -z -a 0.1", #""family": "chebyshev2", "attenuation": 40, "band": "lowPass", "order": 4, "transform": "matchedZ", "corners": 6"#,
         [.notWithStopbandZeros(.transform, family: .chebyshev2)], "(-z)", "transform"),
        ("--elliptic 1 40 -Lp -o 4 -p 0 1 -a 0.1", #""family": "elliptic", "ripple": 1, "attenuation": 40, "band": "lowPass", "order": 4, "poles": [0, 1], "corners": 6"#,
         [.notWithStopbandZeros(.poles, family: .elliptic)], "(-p)", "poles"),
        ("--elliptic 1 40 -Lp -o 4 -Z 0.3 -a 0.1", #""family": "elliptic", "ripple": 1, "attenuation": 40, "band": "lowPass", "order": 4, "extraZero": 18, "corners": 6"#,
         [.notWithStopbandZeros(.extraZero, family: .elliptic)], "(-Z)", "extraZero"),
        ("-Be --passband-edge 0.1 --stopband-edge 0.2 --passband-loss 1 --stopband-attenuation 40",
         #""family": "bessel", "passband": 6, "stopband": 12, "passbandLoss": 1, "stopbandAttenuation": 40"#,
         [.noSpecificationFor(.bessel)], "Bessel", "family"),
    ]

    @Test func everyFormFindsTheSameProblemAndNamesItsField() throws {
        for c in Self.cases {
            // Fisher's words.
            let line = try FisherCommandLine(c.words.split(separator: " ").map(String.init))
            #expect(RecipeReader.problems(line.draft) == c.problems, "\(c.words)")
            let messages = line.combinationErrors()
            #expect(messages.count == c.problems.count && messages.joined().contains(c.option), "\(c.words): \(messages)")

            // A filter set file's fields.
            var fileProblems: [(field: String?, message: String)] = []
            let object = try JSONValue.parse("{ \(c.fields) }")
            guard case .object(let members) = object else { Issue.record("not an object"); continue }
            let fields = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
            _ = RecipeFields.definition(fields) { fileProblems.append(($0, $1)) }
            #expect(!fileProblems.isEmpty && fileProblems.allSatisfy { $0.field == c.field }, "\(c.fields): \(fileProblems)")

            // The URL query of the same fields.
            var query = fields.map { key, value -> String in
                if case .array(let items) = value { return key + "=" + items.map(Self.text).joined(separator: ",") }
                return key + "=" + Self.text(value)
            }
            query.append("sampleRate=60")
            #expect(throws: FieldError.self, "\(c.fields)") {
                _ = try RecipeQuery.recipe(RecipeQuery.fields(query.sorted().joined(separator: "&")))
            }
            do { _ = try RecipeQuery.recipe(RecipeQuery.fields(query.sorted().joined(separator: "&"))) } catch {
                #expect(error.field == c.field, "\(query)")
            }
        }
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .number(let x): return x == x.rounded() ? "\(Int(x))" : "\(x)"
        case .integer(let n): return "\(n)"
        case .string(let s): return s
        default: return ""
        }
    }

    /// Several families on one line: each option that lacks its value is
    /// named, whatever the others give (the family count is refused too).
    @Test func eachOptionLackingItsValueIsNamed() throws {
        let cases: [(String, [String])] = [
            ("-Ch --cheby1 0.5 -Lp -o 2 -a 0.1", ["-Ch needs the passband ripple"]),
            ("--cheby2 --elliptic 0.5 40 -Lp -o 2 -a 0.1", ["--cheby2 needs the stopband attenuation"]),
            ("--cheby2 40 --elliptic -Lp -o 2 -a 0.1", ["--elliptic needs the passband ripple and the stopband attenuation"]),
        ]
        for (words, expected) in cases {
            let messages = try FisherCommandLine(words.split(separator: " ").map(String.init)).combinationErrors()
            #expect(messages.first?.hasPrefix("must specify exactly one of -Be, -Bu, -Ch, -Re, -Pi") == true, "\(words): \(messages)")
            #expect(messages.count == 1 + expected.count, "\(words): \(messages)")
            for text in expected { #expect(messages.contains { $0.hasPrefix(text) }, "\(words): \(messages)") }
        }
    }
}
