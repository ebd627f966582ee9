import AnalysisRequests
import FilterDesign
import FilterRequests
import Hummingbird

/// The FIR page (`/fir`) for `design=decimator`: the cheapest multistage
/// decimator of `mkfilter decimator` (`DecimatorQueryRequest`), its
/// equivalent filter's response drawn with the specification's mask, the
/// cascade's impulse response, the report, and the code in every format the
/// command writes (json, swift, c, cmsis, cmsis-q15, cmsis-q31), each the
/// command line's text. Its API answers under `/api/fir/...` as the FIR
/// filters' does; a decimator has no filter set entry yet (422).
enum DecimatorPage {
    /// The page for `query`: the FIR page's form, the decimator's answer.
    static func response(query: String) -> Response {
        DesignPageSkeleton.response(query: query, example: FIRQueryRequest.exampleQuery, design: design, page: page)
    }

    /// The design and its plots: the equivalent filter's magnitude and
    /// phase, and the cascade's first 64 outputs for an impulse.
    static func design(_ query: String) throws(ApplicationError) -> (DecimatorQueryDesign, [(id: String, title: String, svg: String)]) {
        let design = try DecimatorQueryRequest(query: query, extraFields: DesignPageSkeleton.pageFields).run()
        let plots = try DesignPageSkeleton.responseAndImpulse(.decimator(design.decimator), name: design.filterName, impulseSamples: 64,
                                                              options: try DesignPageSkeleton.plotOptions(design.extras),
                                                              titles: ("Magnitude response (the stages' gains multiplied)",
                                                                       "Impulse response (one output every M inputs)"))
        return (design, plots)
    }

    static func page(values: [String: String], design: (DecimatorQueryDesign, [(id: String, title: String, svg: String)])?,
                     error: ApplicationError?, status: HTTPResponse.Status) -> Response {
        DesignPageSkeleton.page(title: design.map { "mkfilter: " + $0.0.filterName } ?? "mkfilter: design a decimator",
                                current: "fir", query: "", form: FIRPage.form(values, error: error), error: error,
                                answer: design.map { answer($0.0, $0.1) }, script: StaticScripts.fir.element, status: status)
    }

    static func answer(_ design: DecimatorQueryDesign, _ plots: [(id: String, title: String, svg: String)]) -> String {
        let q = HTML.escaped(design.canonicalQuery)
        var html = "<section id=\"summary\"><h2>" + HTML.escaped(design.filterName) + "</h2>\n"
        if let description = design.description { html += "<p>" + HTML.escaped(description) + "</p>\n" }
        html += "<p><code id=\"command-line\">" + HTML.escaped(design.commandLine) + "</code></p>\n"
        html += "<p><a href=\"/api/fir/design?\(q)\">JSON</a> · <a href=\"/api/fir/response?\(q)\" id=\"csv-link\">response CSV</a> · "
        html += "<a href=\"/fir?\(q)\" id=\"fir-link\">link to this design</a></p>\n</section>\n"
        html += DesignPageSkeleton.plots(plots)
        html += DesignPageSkeleton.report("Report", design.decimator.report)
        return html + DesignPageSkeleton.code(design, MultistageDecimator.emissionFormats,
                                              title: { $0 == .swift ? "Swift (DecimatingCascade)" : $0.title }, api: "/api/fir/code", q: q)
    }

    /// Designs `query` and answers with `body`; every failure as a JSON error.
    static func api(query: String, extra: Set<String>, _ body: (DecimatorQueryDesign) throws(ApplicationError) -> Response) -> Response {
        if let error = DesignPageSkeleton.tooLong(query) {
            return APIError.response(.contentTooLarge, error.description, field: nil)
        }
        do throws(ApplicationError) {
            return try body(try DecimatorQueryRequest(query: query, extraFields: extra).run())
        } catch {
            return APIError.response(error)
        }
    }

    /// `/api/fir/code?design=decimator...`: one format's code (`format=`,
    /// default swift), as a download when `download` is given.
    static func code(query: String) -> Response {
        api(query: query, extra: ["format", "download"]) { design throws(ApplicationError) in
            let name = design.extras["format"] ?? "swift"
            guard let format = EmissionFormat(rawValue: name), MultistageDecimator.emissionFormats.contains(format) else {
                throw ApplicationError("format: \(name.debugDescription) is not a format of a decimator; use "
                                       + EmissionFormat.names(MultistageDecimator.emissionFormats), field: "format")
            }
            return Responses.text(try design.code(format), contentType: format.contentType,
                                  download: design.extras["download"] == nil ? nil : format.fileName(filterName: design.filterName))
        }
    }

    /// `/api/fir/design?design=decimator...`: exactly `mkfilter decimator ... --emit json`.
    static func json(query: String) -> Response {
        api(query: query, extra: []) { design throws(ApplicationError) in
            Responses.text(try design.code(.json), contentType: "application/json; charset=utf-8")
        }
    }

    /// `/api/fir/response?design=decimator...`: exactly `mkfilter response decimator ...`.
    static func responseCSV(query: String) -> Response {
        api(query: query, extra: []) { design throws(ApplicationError) in
            Responses.text(try ResponseRequest(decimator: design.decimator, kind: .response).run().csv,
                           contentType: "text/csv; charset=utf-8")
        }
    }

    /// `/api/fir/filters.json?design=decimator...`: a decimator has no
    /// filter set entry (filter sets hold IIR and FIR filters).
    static func noFilterSetFile() -> Response {
        APIError.response(.unprocessableContent, "a decimator has no entry in a filter set file yet; use its code (format=swift, c, cmsis, ...)",
                          field: nil)
    }
}
