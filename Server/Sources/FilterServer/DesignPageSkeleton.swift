import AnalysisRequests
import FilterAnalysis
import FilterRequests
import FilterSets
import Hummingbird

/// What the design page (`/`, `DesignPage`) and the FIR page (`/fir`,
/// `FIRPage`) share: the frame around a form and its answer, the plots'
/// options, and the answer's sections (the summary, the plots, the report,
/// every format's code, the filter set entry). Each page brings its form, its
/// design and its links; every reflected text is escaped here
/// (`HTML.escaped`).
enum DesignPageSkeleton {
    /// Fields of a page beside its design's: the frequency axis and the magnitude scale.
    static let pageFields: Set<String> = ["axis", "scale"]

    /// The page for `query` (nil or empty: `example`): `design` reads and
    /// designs it (with its plots), `page` writes the page of the fields'
    /// values, the design or the error, and the status: 413 for a query too
    /// long, 400 naming the field for a bad one, 422 when the fields are fine
    /// but no filter comes of them (`APIError.status`).
    static func response<Answer>(query rawQuery: String?, example: String,
                                 design: (String) throws(ApplicationError) -> Answer,
                                 page: ([String: String], Answer?, ApplicationError?, HTTPResponse.Status) -> Response) -> Response {
        let query = (rawQuery ?? "").isEmpty ? example : rawQuery ?? ""
        let values = FormValues.parse(query)
        if let error = tooLong(query) {
            return page([:], nil, error, .contentTooLarge)
        }
        do throws(ApplicationError) {
            return page(values, try design(query), nil, .ok)
        } catch {
            return page(values, nil, error, APIError.status(error))
        }
    }

    /// The 413 for a query longer than `RecipeQuery.maximumLength`; nil when it fits.
    static func tooLong(_ query: String) -> ApplicationError? {
        guard query.utf8.count > RecipeQuery.maximumLength else { return nil }
        return ApplicationError("the query is \(query.utf8.count) bytes long; at most \(RecipeQuery.maximumLength) are accepted")
    }

    /// The plots' frequency axis (`axis=log|linear`) and magnitude scale
    /// (`scale=db|linear`), the page's own fields; nil where not given.
    ///
    /// - Throws: `ApplicationError` naming the field for any other value.
    static func plotOptions(_ extras: [String: String]) throws(ApplicationError) -> (axis: AxisScale?, scale: String?) {
        var options: (axis: AxisScale?, scale: String?) = (nil, nil)
        if let axis = extras["axis"] {
            guard let scale = AxisScale(rawValue: axis) else {
                throw ApplicationError("axis: \(axis.debugDescription) is not an axis; use log or linear", field: "axis")
            }
            options.axis = scale
        }
        if let scale = extras["scale"] {
            guard ["db", "linear"].contains(scale) else {
                throw ApplicationError("scale: \(scale.debugDescription) is not a scale; use db or linear", field: "scale")
            }
            options.scale = scale
        }
        return options
    }

    /// A taps page's two plots: the magnitude response (with the page's
    /// axis and scale) and the impulse response of `impulseSamples`, each
    /// `subject`'s `ResponseRequest` titled `name`; `titles` are the figures'.
    static func responseAndImpulse(_ subject: ResponseRequest.Subject, name: String, impulseSamples: Int,
                                   options: (axis: AxisScale?, scale: String?),
                                   titles: (response: String, impulse: String)) throws(ApplicationError) -> [(id: String, title: String, svg: String)] {
        var plots: [(id: String, title: String, svg: String)] = []
        for (kind, id, title) in [(ResponseRequest.Kind.response, "response", titles.response), (.impulse, "impulse", titles.impulse)] {
            var request: ResponseRequest
            switch subject {
            case .design(let design): request = ResponseRequest(design: design, kind: kind)
            case .taps(let filter): request = ResponseRequest(filter: filter, kind: kind)
            case .decimator(let decimator): request = ResponseRequest(decimator: decimator, kind: kind)
            }
            request.plot = true
            request.title = name
            if kind == .impulse { request.samples = impulseSamples }
            if kind == .response {
                if let axis = options.axis { request.frequencyAxis = axis }
                if let scale = options.scale { request.scale = scale }
            }
            if let svg = try request.run().svg { plots.append((id, title, svg)) }
        }
        return plots
    }

    /// The whole page: the head titled `title`, the navigation with
    /// `current` marked (its links carrying `query`), the form, the error
    /// (an alert), the answer and the page's script.
    static func page(title: String, current: String, query: String, form: String, error: ApplicationError?,
                     answer: String?, script: String, status: HTTPResponse.Status) -> Response {
        var html = PageStyle.head(title: title)
        html += PageStyle.header(current: current, query: query)
        html += "<main>\n"
        html += form
        if let error {
            html += "<p class=\"error\" id=\"error\" role=\"alert\">" + HTML.escaped(error.description) + "</p>\n"
        }
        html += answer ?? ""
        html += "</main>\n" + script + "</body>\n</html>\n"
        return Responses.text(html, status: status, contentType: "text/html; charset=utf-8")
    }

    /// The form's last part: the code's name and description, the plots'
    /// axis and scale, the Design button and a link to the page's
    /// `example` (`href`, its words `label`); it closes the form.
    static func formEnd(_ controls: FormControls, example href: String, label: String) -> String {
        var html = "</fieldset>\n<fieldset><legend>Code and plots</legend>\n"
        html += controls.input("name", "name", "its identifier in code", size: 24)
        html += controls.input("description", "description", "for the doc comment", size: 36)
        html += controls.select("axis", "frequency axis", ["log", "linear"], empty: "(auto)")
        html += controls.select("scale", "magnitude", ["db", "linear"], empty: "(dB)")
        html += "</fieldset>\n<p><button type=\"submit\" id=\"design-button\">Design</button> "
        return html + "<a href=\"\(href)\">" + label + "</a></p>\n</form>\n"
    }

    /// The summary's heading, description and command line (`<code>` with
    /// `commandLineID` when given); the page adds its links after it.
    static func summaryHead(_ design: some QueryDesigned, commandLineID: String? = nil) -> String {
        var html = "<section id=\"summary\"><h2>" + HTML.escaped(design.filterName) + "</h2>\n"
        if let description = design.description { html += "<p>" + HTML.escaped(description) + "</p>\n" }
        html += "<p><code" + (commandLineID.map { " id=\"\($0)\"" } ?? "") + ">" + HTML.escaped(design.commandLine) + "</code></p>\n"
        return html
    }

    /// The plots section: each SVG in a figure named by its title.
    static func plots(_ plots: [(id: String, title: String, svg: String)]) -> String {
        var html = "<section id=\"plots\"><h2>Plots</h2>\n<div class=\"plots\">\n"
        for plot in plots {
            html += "<figure id=\"plot-\(plot.id)\" aria-label=\"\(HTML.escaped(plot.title))\">\n" + plot.svg + "</figure>\n"
        }
        return html + "</div></section>\n"
    }

    /// The report section, headed `title`.
    static func report(_ title: String, _ text: String) -> String {
        "<section id=\"report\"><h2>" + title + "</h2>\n<pre>" + HTML.escaped(text) + "</pre></section>\n"
    }

    /// The code section: `design` in each of `formats` in a disclosure
    /// (Swift open), summarised by `title`, with its download from `api`
    /// (`/api/code`) for the escaped query `q`, or the reason it has no code.
    static func code(_ design: some QueryCoded, _ formats: [EmissionFormat], title: (EmissionFormat) -> String,
                     api: String, q: String) -> String {
        var html = "<section id=\"code\"><h2>Code</h2>\n"
        for format in formats {
            html += "<details class=\"code\" id=\"code-\(format.rawValue)\"\(format == .swift ? " open" : "")>"
            html += "<summary>" + HTML.escaped(title(format)) + "</summary>\n"
            do {
                let code = try design.code(format)
                let file = HTML.escaped(format.fileName(filterName: design.filterName))
                html += "<div class=\"actions\"><a class=\"download\" href=\"\(api)?\(q)&amp;format=\(format.rawValue)&amp;download=1\" download=\""
                    + file + "\">Download " + file + "</a></div>\n"
                html += "<pre><code>" + HTML.escaped(code) + "</code></pre>"
            } catch {
                html += "<p class=\"note\">" + HTML.escaped(error.description) + "</p>"
            }
            html += "</details>\n"
        }
        return html + "</section>\n"
    }

    /// The design's entry in a filter set file, with its download from
    /// `api` (`/api/filters.json`) named by `QueryAPI.fileStem`; it closes
    /// the files section.
    static func filterSetEntry(_ design: some QueryDesigned, api: String, q: String) -> String {
        var html = "<details class=\"code\" id=\"code-filterset\" open><summary>Its entry in a <code>*.filters.json</code> file</summary>\n"
        html += "<div class=\"actions\"><a class=\"download\" href=\"\(api)?\(q)&amp;download=1\" download=\""
            + HTML.escaped(QueryAPI.fileStem(design)) + ".filters.json\">Download</a></div>\n"
        return html + "<pre><code>" + HTML.escaped(design.filterSetFile) + "</code></pre></details>\n</section>\n"
    }
}
