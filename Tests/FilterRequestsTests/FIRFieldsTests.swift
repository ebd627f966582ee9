import FilterDesign
import FilterRequests
import FilterSets
import Testing

/// The FIR forms, the command line's options and the design page's query,
/// read into one draft and checked by the one reader: each broken recipe is
/// refused by both, naming the field as each spells it.
@Suite struct FIRFieldsTests {
    /// (method, the command line's words, the same as a query, the field as
    /// the options spell it, as the query spells it, what the message says).
    static let cases: [(method: String, words: String, query: String, option: String, field: String, says: String)] = [
        ("remez", "--bands 0 0.2 0.25 0.5 --desired 1 0", "bands=0,0.2,0.25,0.5&desired=1,0", "--taps", "taps", "is required"),
        ("remez", "--taps 0 --bands 0 0.2 0.25 0.5 --desired 1 0", "taps=0&bands=0,0.2,0.25,0.5&desired=1,0", "--taps", "taps",
         "0 is not allowed"),
        ("remez", "--taps 31 --bands 0 0.2 0.25 0.5", "taps=31&bands=0,0.2,0.25,0.5", "--desired", "desired", "is required"),
        ("remez", "--taps 31 --cutoff 0.1", "taps=31&cutoff=0.1", "--cutoff", "cutoff", "(it belongs to firwin)"),
        ("firwin", "--taps 31 --cutoff 0.1 --window hann --width 0.05", "taps=31&cutoff=0.1&window=hann&width=0.05", "--width", "width",
         "not both"),
        ("firwin2", "--taps 31 --frequencies 0 0.2 0.25 0.5", "taps=31&frequencies=0,0.2,0.25,0.5", "--gains", "gains", "is required"),
        ("fir", "--passband-edge 0.1 --stopband-edge 0.15 --passband-loss 0.5",
         "passbandEdge=0.1&stopbandEdge=0.15&passbandLoss=0.5", "--stopband-attenuation", "stopbandAttenuation", "is required"),
        ("fir", "--passband-edge 0.1 --stopband-edge 0.15 --passband-loss 0.5 --stopband-attenuation 60 --taps 31",
         "passbandEdge=0.1&stopbandEdge=0.15&passbandLoss=0.5&stopbandAttenuation=60&taps=31", "--taps", "taps",
         "fir finds the number of taps itself"),
    ]

    @Test func bothFormsFindTheSameProblemAndNameItsField() throws {
        for c in Self.cases {
            let words = c.words.split(separator: " ").map(String.init)
            var optionMessage = ""
            do {
                _ = try FIRFields(method: FIRMethodName(rawValue: c.method)!, optionWords: words).definition()
                Issue.record("\(c.method) \(c.words) was read")
            } catch {
                #expect(error.field == c.option, "\(c.words): \(error)")
                optionMessage = error.description
            }
            #expect(optionMessage.contains(c.option), "\(optionMessage)")
            #expect(optionMessage.contains(c.says), "\(optionMessage)")

            do {
                _ = try FIRQueryRequest(query: "design=\(c.method)&" + c.query).run()
                Issue.record("\(c.query) was read")
            } catch {
                #expect(error.field == c.field, "\(c.query): \(error)")
                #expect(error.description.contains(c.says), "\(error)")
                #expect(!error.description.contains("--"), "the query's message speaks the query's spelling: \(error)")
            }
        }
    }

    /// The same fields design the same filter through either form.
    @Test func bothFormsDesignTheSameFilter() throws {
        let option = try FIRFields(method: .remez, optionWords: "--taps 31 --bands 0 6 7.5 30 --desired 1 0 --sample-rate 60"
            .split(separator: " ").map(String.init)).design().filter
        let query = try FIRQueryRequest(query: FIRQueryRequest.exampleQuery).run().filter
        #expect(option.taps == query.taps)
        #expect(option.recipe == query.recipe)
    }

    /// With several mistakes, the first reported is the first field's in the
    /// checking order (the common fields, then the method's own; a field's
    /// rule before its value's type), whatever order they were typed in:
    /// what mkfilter's FIR commands have always said first.
    @Test func severalMistakesReportTheFirstInTheCheckingOrder() {
        let cases: [(method: FIRMethodName, words: String, says: String)] = [
            (.remez, "--desired 1 x --bands 0 .2 .25 .5", "--taps is required (the number of taps, e.g. 31)"),
            (.firwin, "--taps 31 --band foo", "--cutoff is required (e.g. --cutoff 0.1)"),
            (.fir, "--taps 31 --passband-edge x --stopband-edge 0.15 --passband-loss 0.5 --stopband-attenuation 60",
             "--taps: fir finds the number of taps itself"),
            (.fir, "--taps", "--taps: fir finds the number of taps itself"),
            (.fir, "--taps abc --passband-edge 0.1", "--taps: fir finds the number of taps itself"),
            (.firwin, "--taps 31 --cutoff 0.1 --window hann --width -1", "--width -1.0 is not allowed"),
            (.remez, "--taps 31 --bands 0 0.2 0.25 0.5 --desired 1 0 --weights a --type x", "--type 'x' is not a type"),
            (.firwin2, "--gains 1 --frequencies 0 0.5 --taps x", "--taps 'x' is not a whole number"),
            (.remez, "--bands x --taps 31 --sample-rate 0", "--sample-rate 0.0 is not allowed"),
        ]
        for c in cases {
            let words = c.words.split(separator: " ").map(String.init)
            do {
                _ = try FIRFields(method: c.method, optionWords: words).definition()
                Issue.record("\(c.words) was read")
            } catch {
                #expect(error.description.hasPrefix(c.says), "\(c.method) \(c.words): \(error.description)")
            }
        }
    }
}

/// The design page's filter set entry for a FIR design is a spec file that
/// designs the same filter (the same taps, bit for bit), with or without a
/// sample rate.
@Suite struct FIRFilterSetEntryTests {
    @Test(arguments: [
        "design=firwin&taps=63&cutoff=5,12&band=bandpass&sampleRate=60&window=blackman&name=tremor&description=8%20to%2012%20Hz",
        "design=remez&taps=31&bands=0,6,7.5,30&desired=1,0&sampleRate=60",
        "design=firwin&taps=31&cutoff=0.1&noScale=1&window=kaiser:8",
        "design=firls&taps=41&bands=0,0.1,0.2,0.5&desired=1,1,0,0&weights=1,10&minimumPhase=homomorphic",
        "design=fir&passbandEdge=5&stopbandEdge=8&passbandLoss=0.5&stopbandAttenuation=40&sampleRate=60&method=kaiser",
    ])
    func theEntryDesignsTheSameFilter(query: String) throws {
        let page = try FIRQueryRequest(query: query).run()
        let spec = try FilterSetSpec.parse(page.filterSetFile, file: "entry.filters.json")
        let fir = try spec.namespaceFilters()[0].fir
        #expect(fir.count == 1)
        #expect(fir.first?.taps == page.filter.taps, "\(page.filterSetFile)")
        #expect(fir.first?.name == page.filterName)
        #expect(fir.first?.description == (page.description ?? ""))
    }
}
