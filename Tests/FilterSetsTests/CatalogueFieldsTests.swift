import FilterDesign
@testable import FilterSets
import FilterJSON
import FisherCompatibility
import Foundation
import Testing

/// The catalogue in a filter set file and the page's query (`RecipeFields`,
/// `RecipeQuery`): every recipe's fields and query read back to the same
/// recipe, bit for bit; `"design": "iirnotch"` names the family as
/// `"family"` does; a set designs at each of its rates and refuses a comb
/// where fs / f is not whole, naming the filter and the field.
@Suite struct CatalogueFieldsTests {
    static let recipes: [FilterRecipe] = {
        let filters: [(CatalogueFilter, Double, Double)] = [
            (.notch(quality: 30), 50, 1000), (.peak(quality: 4), 5, 60),
            (.comb(quality: 30, response: .peak, passZero: true), 50, 1000),
            (.comb(quality: 12.5, response: .notch, passZero: false), 100, 1000),
            (.gammatone, 1000, 16000), (.weighting(.a), 1000, 48000), (.weighting(.c), 1000, 44100),
        ] + CookbookResponse.allCases.map { (.cookbook($0, quality: 1.5, gainDecibels: -4.5), 700, 44100) }
        return filters.map { try! FilterRecipe(family: .catalogue($0.0), band: nil, order: nil, corners: .hertz($0.1, sampleRate: $0.2)) }
    }()

    @Test(arguments: recipes)
    func fieldsReadBackToTheSameRecipe(_ recipe: FilterRecipe) throws {
        let fields = Dictionary(uniqueKeysWithValues: RecipeFields.fields(of: recipe).map { ($0.key, $0.value) })
        var problems: [String] = []
        let definition = RecipeFields.definition(fields) { field, message in problems.append("\(field ?? ""): \(message)") }
        #expect(problems.isEmpty, "\(problems)")
        let again = try #require(try definition?.recipe(sampleRate: recipe.corners.sampleRate!))
        #expect(again == recipe)
    }

    @Test(arguments: recipes)
    func queryReadsBackToTheSameRecipe(_ recipe: FilterRecipe) throws {
        let query = RecipeQuery.query(for: recipe)
        #expect(try RecipeQuery.recipe(RecipeQuery.fields(query)) == recipe, "\(query)")
    }

    @Test func aSetDesignsTheCatalogueAtEachRate() throws {
        let text = """
            { "sampleRate": [1000, 2000], "namespace": "Hum",
              "filters": [
                { "name": "mains", "design": "iirnotch", "frequency": 50, "q": 30 },
                { "name": "teeth", "family": "iircomb", "frequency": 50, "q": 30, "type": "peak", "passZero": true },
                { "name": "eq", "family": "biquad", "type": "lowshelf", "frequency": 100, "gain": 3 }
              ] }
            """
        let spec = try FilterSetSpec.parse(text, file: "Hum.filters.json")
        let groups = try spec.namespaceFilters()
        #expect(groups.count == 2)
        for group in groups {
            #expect(group.templates.map(\.provenance.family) == ["iirnotch", "iircomb", "biquad"])
            #expect(group.templates.map(\.cornerFrequency1) == [50, 50, 100])
        }
    }

    @Test(arguments: [
        (#"{ "name": "teeth", "family": "iircomb", "frequency": 70, "q": 30 }"#,
         #"Hum.filters.json: filter `teeth`, field "frequency": a comb needs fs / f to be a whole number; 1000 / 70 = 14.285714285714286 is not"#),
        (#"{ "name": "n", "family": "iirnotch", "frequency": 50 }"#,
         #"Hum.filters.json: filter `n`, field "q": is missing; a notch filter (iirnotch) needs its Q, a number above 0"#),
        (#"{ "name": "n", "family": "iirnotch", "corners": 50, "q": 3 }"#,
         #"Hum.filters.json: filter `n`, field "corners": does not apply to a notch filter (iirnotch): give its frequency in Hz as "frequency""#),
        (#"{ "name": "b", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 5, "gain": 3 }"#,
         #"Hum.filters.json: filter `b`, field "gain": applies only to the catalogue's families ("iirnotch", "iirpeak", "iircomb", "gammatone", "biquad" or "weighting"); remove it"#),
        (#"{ "name": "b", "family": "biquad", "type": "shelf", "frequency": 5 }"#,
         #"Hum.filters.json: filter `b`, field "type": 'shelf' is not a type of a cookbook biquad; use one of "lowpass", "highpass", "bandpass", "notch", "allpass", "peaking", "lowshelf" or "highshelf""#),
        (#"{ "name": "w", "design": "weighting", "family": "weighting", "curve": "A" }"#,
         #"Hum.filters.json: filter `w`, field "design": "weighting" is a family, and "family" names one too; give one of them"#),
        (#"{ "name": "n", "family": "iirnotch", "frequency": 50, "q": "30" }"#,
         #"Hum.filters.json: filter `n`, field "q": is '30'; give a number above 0 or "Inf" (the string "30" is not a number: write 30 without quotes)"#),
        (#"{ "name": "g", "family": "gammatone", "type": "fir", "frequency": 50 }"#,
         #"Hum.filters.json: filter `g`, field "type": "fir" is the FIR gammatone, a FIR design: give "design": "gammatone" with "type": "fir" (on the page: /fir?design=gammatone), not "family""#),
        (#"{ "name": "g", "design": "gammatone", "type": "fir", "frequency": 500 }"#,
         #"Hum.filters.json: filter `g`, field "frequency": at the sample rate 1000 Hz, 500 Hz is not allowed; it must be above 0 and below Nyquist (500 Hz)"#),
    ])
    func badCatalogueEntriesGiveOneClearError(_ filter: String, _ expected: String) {
        let text = "{ \"sampleRate\": 1000, \"namespace\": \"Hum\", \"filters\": [ \(filter) ] }"
        do {
            let spec = try FilterSetSpec.parse(text, file: "Hum.filters.json")
            _ = try spec.namespaceFilters()
            Issue.record("expected an error for \(filter)")
        } catch {
            #expect(error.errors.map(\.description) == [expected])
        }
    }
}

extension FilterRecipe: CustomTestStringConvertible {
    public var testDescription: String { FisherCommandLine.commandLine(for: self) }
}
