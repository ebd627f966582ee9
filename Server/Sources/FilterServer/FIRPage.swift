import FilterAnalysis
import FilterRequests
import AnalysisRequests
import FilterDesign
import FilterSets
import Hummingbird

/// The FIR design page (`/fir`): remez, firls, firwin, firwin2, savgol,
/// halfband and gammatone with their taps, or `fir`'s specification (the fewest taps that meet it), as the
/// command line designs them. A GET form whose fields are the query's
/// (`FIRQueryRequest`), so the URL reproduces the design; the response and
/// impulse plots, the report, every format that writes taps with copy and
/// download. It works without JavaScript, which shows only the chosen
/// method's fields, leaves the others (and empty ones) out of the URL and
/// adds copy buttons (`/static/fir.js`). Every reflected text is escaped.
enum FIRPage {
    /// The page for `query` (nil or empty: `FIRQueryRequest.exampleQuery`):
    /// see `DesignPageSkeleton.response(query:example:design:page:)`.
    static func response(query: String?) -> Response {
        if let query, DecimatorQueryRequest.names(query) { return DecimatorPage.response(query: query) }
        return DesignPageSkeleton.response(query: query, example: FIRQueryRequest.exampleQuery, design: design, page: page)
    }

    /// The design, its magnitude response and its impulse response (the
    /// taps) as plots, for `query`.
    static func design(_ query: String) throws(ApplicationError) -> (FIRQueryDesign, [(id: String, title: String, svg: String)]) {
        let design = try FIRQueryRequest(query: query, extraFields: DesignPageSkeleton.pageFields).run()
        let plots = try DesignPageSkeleton.responseAndImpulse(.taps(design.filter), name: design.filterName,
                                                              impulseSamples: design.filter.taps.count + 8,
                                                              options: try DesignPageSkeleton.plotOptions(design.extras),
                                                              titles: ("Magnitude response", "Impulse response (the taps)"))
        return (design, plots)
    }

    static func page(values: [String: String], design: (FIRQueryDesign, [(id: String, title: String, svg: String)])?,
                     error: ApplicationError?, status: HTTPResponse.Status) -> Response {
        DesignPageSkeleton.page(title: design.map { "mkfilter: " + $0.0.filterName } ?? "mkfilter: design a FIR filter",
                                current: "fir", query: "", form: form(values, error: error), error: error,
                                answer: design.map { answer($0.0, $0.1) }, script: StaticScripts.fir.element, status: status)
    }

    // MARK: The form

    static func form(_ values: [String: String], error: ApplicationError?) -> String {
        let controls = FormControls(values: values, error: error)
        func checkbox(_ name: String, _ label: String, methods: String) -> String {
            let checked = !(values[name] ?? "").isEmpty
            return "<label class=\"field\"><span>\(label)</span><input type=\"checkbox\" name=\"\(name)\" id=\"field-\(name)\" value=\"1\""
                + " data-methods=\"\(methods)\"\(checked ? " checked" : "")></label>\n"
        }
        var html = "<form method=\"get\" action=\"/fir\" id=\"design-form\">\n<fieldset><legend>FIR filter</legend>\n"
        html += controls.select("design", "design", FIRFields.methods + ["decimator"], empty: nil, submits: false)
        html += controls.input("taps", "taps", "1 ... \(FIRQueryRequest.maximumTaps); not for fir, savgol", size: 5,
                               methods: "remez firls firwin firwin2 halfband gammatone")
        html += controls.input("sampleRate", "sample rate (Hz)", "frequencies in Hz; else of fs", size: 6)
        html += controls.select("minimumPhase", "minimum phase", ["homomorphic", "hilbert"], empty: "(linear phase)")
        html += "</fieldset>\n<fieldset data-methods=\"remez firls\"><legend>remez, firls: bands</legend>\n"
        html += controls.input("bands", "band edges", "in pairs: 0,6,7.5,30", size: 16, methods: "remez firls")
        html += controls.input("desired", "desired", "remez: per band; firls: per edge", size: 10, methods: "remez firls")
        html += controls.input("weights", "weights", "one per band", size: 8, methods: "remez firls")
        html += controls.select("type", "type (remez)", ["bandpass", "differentiator", "hilbert"], empty: "(bandpass)", methods: "remez")
        html += "</fieldset>\n<fieldset data-methods=\"firwin firwin2\"><legend>firwin, firwin2: a window</legend>\n"
        html += controls.input("cutoff", "cutoff (firwin)", "one or more: 5", size: 10, methods: "firwin")
        html += controls.select("band", "band (firwin)", ["lowpass", "highpass", "bandpass", "bandstop"], empty: "(from the cutoffs)", methods: "firwin")
        html += controls.input("width", "Kaiser width (firwin)", "instead of a window", size: 6, methods: "firwin")
        html += checkbox("noScale", "no scaling (firwin)", methods: "firwin")
        html += controls.input("frequencies", "frequencies (firwin2)", "0 ... Nyquist: 0,5,6,30", size: 14, methods: "firwin2")
        html += controls.input("gains", "gains (firwin2)", "one per frequency", size: 10, methods: "firwin2")
        html += checkbox("antisymmetric", "antisymmetric (firwin2)", methods: "firwin2")
        html += controls.input("window", "window", "hamming, hann, tukey:0.5, dpss:3, kaiser:8.6 (scipy's)", size: 12, methods: "firwin firwin2")
        html += "</fieldset>\n<fieldset data-methods=\"fir\"><legend>fir: a specification (the fewest taps)</legend>\n"
        html += controls.input("passbandEdge", "passband edge", "one or two", size: 8, methods: "fir")
        html += controls.input("stopbandEdge", "stopband edge", "one or two", size: 8, methods: "fir")
        html += controls.input("passbandLoss", "passband ripple (dB)", "peak to peak", size: 6, methods: "fir")
        html += controls.input("stopbandAttenuation", "attenuation (dB)", "at least", size: 6, methods: "fir")
        html += controls.select("method", "method", ["remez", "kaiser", "firls"], empty: "(remez)", methods: "fir")
        html += "</fieldset>\n<fieldset data-methods=\"savgol\"><legend>savgol: Savitzky-Golay, exact</legend>\n"
        html += controls.input("window", "window length", "the taps: 11", size: 6, methods: "savgol", id: "field-savgol-window")
        html += controls.input("polyorder", "polynomial order", "below the window: 3", size: 4, methods: "savgol")
        html += controls.input("deriv", "derivative", "0 smooths", size: 4, methods: "savgol")
        html += controls.input("delta", "sample spacing", "for a derivative: 1", size: 6, methods: "savgol")
        html += controls.input("pos", "evaluated at sample", "default: the centre", size: 5, methods: "savgol")
        html += controls.select("use", "taps' order", ["conv", "dot"], empty: "(conv)", methods: "savgol")
        html += "</fieldset>\n<fieldset data-methods=\"halfband\"><legend>halfband: equiripple, N = 4k + 3</legend>\n"
        html += controls.input("passbandEdge", "passband edge", "below fs/4", size: 8, methods: "halfband", id: "field-halfband-passbandEdge")
        html += "</fieldset>\n<fieldset data-methods=\"gammatone\"><legend>gammatone: auditory (scipy's FIR; taps default 0.015 fs)</legend>\n"
        html += controls.input("frequency", "centre frequency (Hz)", "with the sample rate: 1000", size: 8, methods: "gammatone")
        html += controls.input("order", "order", "1 ... 24 (4)", size: 4, methods: "gammatone")
        html += "</fieldset>\n<fieldset data-methods=\"decimator\"><legend>decimator: the cheapest multistage decimator</legend>\n"
        html += controls.input("factor", "factor M", "2 ... \(DecimatorQueryRequest.maximumFactor)", size: 4, methods: "decimator")
        html += controls.input("passbandEdge", "passband edge", "below half the output rate", size: 8, methods: "decimator",
                               id: "field-decimator-passbandEdge")
        html += controls.input("passbandLoss", "passband ripple (dB)", "peak to peak", size: 6, methods: "decimator",
                               id: "field-decimator-passbandLoss")
        html += controls.input("stopbandAttenuation", "aliasing attenuation (dB)", "at least", size: 6, methods: "decimator",
                               id: "field-decimator-stopbandAttenuation")
        return html + DesignPageSkeleton.formEnd(controls, example: "/fir", label: "The example: remez, 31 taps")
    }

    // MARK: The answer

    static func answer(_ design: FIRQueryDesign, _ plots: [(id: String, title: String, svg: String)]) -> String {
        let q = HTML.escaped(design.canonicalQuery)
        var html = DesignPageSkeleton.summaryHead(design, commandLineID: "command-line")
        html += "<p><a href=\"/api/fir/design?\(q)\">JSON</a> · <a href=\"/api/fir/response?\(q)\" id=\"csv-link\">response CSV</a> · "
        html += "<a href=\"/fir?\(q)\" id=\"fir-link\">link to this design</a> · "
        html += "<a href=\"/live?\(q)\" id=\"live-link\">Run it on Shake!'s screen (/live)</a></p>\n"
        html += "</section>\n"
        html += DesignPageSkeleton.plots(plots)
        html += DesignPageSkeleton.report("Report", design.report)
        // A FIR filter's Swift is a FIRTemplate, not a DigitalFilterTemplate.
        html += DesignPageSkeleton.code(design, EmissionFormat.writing(.taps), title: { $0 == .swift ? "Swift (FIRTemplate)" : $0.title },
                                        api: "/api/fir/code", q: q)
        html += "<section id=\"files\"><h2>Files</h2>\n"
        html += DesignPageSkeleton.filterSetEntry(design, api: "/api/fir/filters.json", q: q)
        html += RecordingSection.html(query: design.canonicalQuery)
        return html
    }

    // MARK: The API

    /// Designs `query` and answers with `body`; every failure as a JSON error.
    static func api(query: String, extra: Set<String>, _ body: (FIRQueryDesign) throws(ApplicationError) -> Response) -> Response {
        QueryAPI.answer(FIRQueryDesign.self, query: query, extra: extra, body)
    }

    /// `/api/fir/code`: one format's code (`format=`, default swift), as a
    /// download when `download` is given.
    static func code(query: String) -> Response {
        if DecimatorQueryRequest.names(query) { return DecimatorPage.code(query: query) }
        return api(query: query, extra: ["format", "download"]) { design throws(ApplicationError) in
            let name = design.extras["format"] ?? "swift"
            guard let format = EmissionFormat(rawValue: name), format.declaration.writes.contains(.taps) else {
                throw ApplicationError("format: \(name.debugDescription) is not a format of a FIR filter; use "
                                       + EmissionFormat.names(EmissionFormat.writing(.taps)), field: "format")
            }
            return Responses.text(try design.code(format), contentType: format.contentType,
                                  download: design.extras["download"] == nil ? nil : format.fileName(filterName: design.filterName))
        }
    }

    /// `/api/fir/design`: exactly `mkfilter <command line> --emit json`.
    static func json(query: String) -> Response {
        if DecimatorQueryRequest.names(query) { return DecimatorPage.json(query: query) }
        return api(query: query, extra: []) { design throws(ApplicationError) in try QueryAPI.json(design) }
    }

    /// `/api/fir/filters.json`: the design as a filter set file, as a
    /// download when `download` is given.
    static func filterSetFile(query: String) -> Response {
        if DecimatorQueryRequest.names(query) { return DecimatorPage.noFilterSetFile() }
        return api(query: query, extra: ["download"]) { design in QueryAPI.filterSetFile(design) }
    }

    /// `/api/fir/response`: exactly `mkfilter response <command line>`.
    static func responseCSV(query: String) -> Response {
        if DecimatorQueryRequest.names(query) { return DecimatorPage.responseCSV(query: query) }
        return api(query: query, extra: []) { design throws(ApplicationError) in
            Responses.text(try ResponseRequest(filter: design.filter, kind: .response).run().csv,
                           contentType: "text/csv; charset=utf-8")
        }
    }
}
