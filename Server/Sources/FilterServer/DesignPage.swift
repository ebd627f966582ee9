import FilterAnalysis
import FilterRequests
import AnalysisRequests
import FilterDesign
import FilterSets
import Hummingbird

/// The design page: Fisher's form and answer page again. A GET form with the
/// filter set file's field names, so the URL reproduces the design; the
/// report, the plots, every emitter's code with copy and download, the
/// response CSV and the filter set entry, and "Try on a recording"
/// (`RecordingSection`). It works without JavaScript, which adds copy
/// buttons, submits when a menu changes and runs "Try on a recording" (the
/// one part that needs it); the script is `/static/design.js`
/// (`StaticScripts.design`), never inline. Every reflected text is escaped
/// (`HTML.escaped`).
enum DesignPage {
    /// The page for `query` (nil or empty: Shake!'s band-pass): see
    /// `DesignPageSkeleton.response(query:example:design:page:)`.
    static func response(query: String?) -> Response {
        DesignPageSkeleton.response(query: query, example: QueryDesignRequest.shakeQuery, design: design, page: page)
    }

    /// The design and its plots (`DesignPlotsRequest`) for `query`.
    static func design(_ query: String) throws(ApplicationError) -> (QueryDesign, DesignPlots) {
        let design = try QueryDesignRequest(query: query, extraFields: DesignPageSkeleton.pageFields).run()
        var plots = DesignPlotsRequest(design: design.result.design)
        plots.template = design.filter.template
        let options = try DesignPageSkeleton.plotOptions(design.extras)
        plots.frequencyAxis = options.axis
        if let scale = options.scale { plots.scale = scale }
        return (design, try plots.run())
    }

    static func page(values: [String: String], design: (QueryDesign, DesignPlots)?, error: ApplicationError?,
                     status: HTTPResponse.Status) -> Response {
        let query = design.map { link($0.0) } ?? ""
        return DesignPageSkeleton.page(title: design.map { "mkfilter: " + $0.0.filterName } ?? "mkfilter: design a filter",
                                       current: "design", query: query, form: form(values, error: error), error: error,
                                       answer: design.map { answer($0.0, $0.1, query: query) },
                                       script: StaticScripts.design.element, status: status)
    }

    /// The query that links to this design from the page (API, downloads, /live).
    static func link(_ design: QueryDesign) -> String {
        design.canonicalQuery + (design.tag != 0 ? "&tag=\(design.tag)" : "")
    }

    // MARK: The form

    static let families = FilterFamily.Name.allCases.map(\.rawValue)
    static let bands = ["lowPass", "highPass", "bandPass", "bandStop", "allPass"]
    static let transforms = ["bilinear", "bilinearWithoutPrewarp", "matchedZ"]
    /// The catalogue's types: a comb's, then a biquad's (notch once).
    static let catalogueTypes: [String] = {
        var seen = Set<String>()
        return (CombResponse.allCases.map(\.rawValue) + CookbookResponse.allCases.map(\.rawValue)).filter { seen.insert($0).inserted }
    }()

    /// The families a field applies to, for `data-methods`: with
    /// JavaScript, only the chosen family's fields are shown and sent
    /// (`PageScripts.methodFields`), so choosing a catalogue family after a
    /// Butterworth design does not send its band, order and corners.
    static let fisherFamilies = FilterFamily.Name.allCases.filter { !$0.isCatalogue }.map(\.rawValue).joined(separator: " ")
    static let catalogueFamilies = FilterFamily.Name.catalogue.map(\.rawValue).joined(separator: " ")

    static func form(_ values: [String: String], error: ApplicationError?) -> String {
        let controls = FormControls(values: values, error: error)
        let fisher = fisherFamilies, catalogue = catalogueFamilies
        var html = "<form method=\"get\" action=\"/\" id=\"design-form\">\n<fieldset><legend>Filter</legend>\n"
        // Choosing a family shows its fields; it designs when the form is submitted.
        html += controls.select("family", "family", families, empty: nil, submits: false)
        html += controls.select("band", "band", bands, empty: "(none)", methods: fisher)
        html += controls.input("order", "order", "1 ... 128", size: 4, methods: fisher)
        html += controls.input("corners", "corners (Hz)", "one, or two: 0.5,3", size: 12, methods: fisher)
        html += controls.input("sampleRate", "sample rate (Hz)", "e.g. 60", size: 6)
        html += "</fieldset>\n<fieldset><legend>Family options</legend>\n"
        html += controls.input("ripple", "ripple (dB)", "chebyshev, elliptic", size: 6, methods: "chebyshev elliptic")
        html += controls.input("attenuation", "attenuation (dB)", "chebyshev2, elliptic", size: 6, methods: "chebyshev2 elliptic")
        html += controls.input("q", "Q", "resonator, catalogue", size: 6, methods: "resonator iirnotch iirpeak iircomb biquad")
        html += controls.select("transform", "transform", transforms, empty: "(bilinear)", methods: fisher)
        html += controls.select("realization", "realization", ["sections", "direct"], empty: "(sections)")
        html += "</fieldset>\n<fieldset data-methods=\"\(catalogue)\"><legend>The catalogue (iirnotch, iirpeak, iircomb, gammatone, biquad, weighting: no band, order or corners)</legend>\n"
        html += controls.input("frequency", "frequency (Hz)", "notch, peak, tooth, corner", size: 8,
                               methods: "iirnotch iirpeak iircomb gammatone biquad")
        html += controls.select("type", "type", catalogueTypes, empty: "(none)", methods: "iircomb biquad")
        html += controls.input("gain", "gain (dB)", "peaking, shelves", size: 5, methods: "biquad")
        html += controls.select("curve", "curve", WeightingCurve.allCases.map(\.rawValue), empty: "(none)", methods: "weighting")
        let passZero = values["passZero"] == "true"
        html += "<label class=\"field\"><span>pass zero</span><input type=\"checkbox\" name=\"passZero\" id=\"field-passZero\" value=\"true\""
            + " data-methods=\"iircomb\"" + (passZero ? " checked" : "") + "><small>iircomb</small></label>\n"
        html += "</fieldset>\n<fieldset data-methods=\"\(fisher)\"><legend>Or from a specification (instead of order and corners)</legend>\n"
        html += controls.input("passband", "passband edges (Hz)", "one or two", size: 10, methods: fisher)
        html += controls.input("stopband", "stopband edges (Hz)", "one or two", size: 10, methods: fisher)
        html += controls.input("passbandLoss", "passband loss (dB)", "at most", size: 6, methods: fisher)
        html += controls.input("stopbandAttenuation", "stopband attenuation (dB)", "at least", size: 6, methods: fisher)
        return html + DesignPageSkeleton.formEnd(controls, example: "/", label: "Shake!'s 0.5-3 Hz band-pass")
    }

    // MARK: The answer

    static func answer(_ design: QueryDesign, _ plots: DesignPlots, query: String) -> String {
        let q = HTML.escaped(query)
        var html = DesignPageSkeleton.summaryHead(design)
        html += "<p><a href=\"/live?\(q)\" id=\"live-link\">Run it on Shake!'s screen (/live)</a> · "
        html += "<a href=\"/api/design?\(q)\">JSON</a> · <a href=\"/api/response?\(q)\" id=\"csv-link\">response CSV</a> · "
        html += "<a href=\"/?\(q)\">link to this design</a></p>\n"
        for warning in design.result.warnings + plots.warnings { html += "<p class=\"error\">" + HTML.escaped(warning) + "</p>\n" }
        html += "</section>\n"
        html += DesignPageSkeleton.plots(plots.all)
        html += RecordingSection.html(query: query)
        let catalogue = design.result.design.recipe.family.name.isCatalogue
        html += DesignPageSkeleton.report(catalogue ? "The report" : "Fisher's report", design.report)
        html += DesignPageSkeleton.code(design, EmissionFormat.allCases, title: \.title, api: "/api/code", q: q)
        html += "<section id=\"files\"><h2>Files</h2>\n"
        html += "<p><a href=\"/api/response?\(q)\" download=\"response.csv\">The response as CSV</a> "
        html += "(<code>alpha,frequency_hz,magnitude,magnitude_db,phase_rad,group_delay_samples</code>, as <code>mkfilter response</code> writes it).</p>\n"
        html += DesignPageSkeleton.filterSetEntry(design, api: "/api/filters.json", q: q)
        return html
    }
}
