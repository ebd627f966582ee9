import FilterRequests
import FilterEmission
import FilterJSON
import FilterSets
import Hummingbird

/// `/live`: Shake!'s screen in the browser. The page's filter, emitted by
/// `--emit js` and loaded from `/live/filter.js`, runs per axis on the phone's `devicemotion`
/// (accelerationIncludingGravity, in g) or on a simulated source, then the
/// moving RMS and the trigger as `mkfilter pipeline` runs them; raw (red),
/// filtered (green), RMS (blue) and trigger (pink) are drawn live, and a
/// recording downloads as `t,x,y,z` CSV for `mkfilter pipeline`.
enum LivePage {
    /// Shake!'s defaults, as `mkfilter pipeline`'s: RMS window (samples), threshold (g), count (samples).
    static let rmsWindow = 30, threshold = 0.1, count = 5

    /// What `/live` needs of a page's design, IIR (the design page's) or FIR
    /// (the FIR page's): its name, command line, the query that links back,
    /// the page it came from, its rate and its `--emit js` code.
    struct Design {
        let filterName: String
        let commandLine: String
        /// The query of the page's own link.
        let link: String
        /// `/` or `/fir`.
        let page: String
        /// The rate it runs at: its own in Hz, else 60 Hz (an accelerometer's).
        let sampleRate: Double
        /// The filter's `--emit js` code, in the `LiveFilters` namespace.
        let code: () throws(ApplicationError) -> String

        /// The design of `query`: the FIR page's when its `design` is a FIR method.
        init(query: String) throws(ApplicationError) {
            if RecordingRoute.isFIR(query) {
                let design = try FIRQueryRequest(query: query, extraFields: DesignPageSkeleton.pageFields).run()
                (filterName, commandLine, link, page) = (design.filterName, design.commandLine, design.canonicalQuery, "/fir")
                sampleRate = design.filter.recipe.sampleRate ?? 60
                code = { () throws(ApplicationError) in
                    var request = EmissionRequest(fir: design.filter, commandLine: design.commandLine, format: .js)
                    request.name = design.filterName
                    request.namespace = "LiveFilters"
                    return try request.run()
                }
            } else {
                let design = try QueryDesignRequest(query: query, extraFields: DesignPageSkeleton.pageFields).run()
                (filterName, commandLine, link, page) = (design.filterName, design.commandLine, DesignPage.link(design), "/")
                sampleRate = design.recipe.corners.sampleRate ?? 60
                code = { () throws(ApplicationError) in try LivePage.filterCode(design) }
            }
        }
    }

    static func response(query rawQuery: String?) -> Response {
        let query = (rawQuery ?? "").isEmpty ? QueryDesignRequest.shakeQuery : rawQuery ?? ""
        var html: String
        var status = HTTPResponse.Status.ok
        do throws(ApplicationError) {
            if query.utf8.count > RecipeQuery.maximumLength {
                status = .contentTooLarge
                throw ApplicationError("the query is \(query.utf8.count) bytes long; at most \(RecipeQuery.maximumLength) are accepted")
            }
            let design = try Design(query: query)
            _ = try design.code()   // refused here, on the page, rather than in its script
            html = PageStyle.head(title: "mkfilter live: " + design.filterName)
            html += PageStyle.header(current: "live", query: design.page == "/" ? design.link : "")
            html += body(design)
            // The filter's code is a script of its own (the page's policy runs no inline script).
            html += "<script src=\"/live/filter.js?" + HTML.escaped(design.link) + "\"></script>\n"
            let config = JSONValue.object([("sampleRate", .number(design.sampleRate)),
                                           ("designQuery", .string(design.link)), ("designPage", .string(design.page))])
            html += "<script type=\"application/json\" id=\"live-config\">" + scriptSafe(config.text()) + "</script>\n"
            html += StaticScripts.live.element + "</body>\n</html>\n"
        } catch {
            if status == .ok { status = APIError.status(error) }
            html = PageStyle.head(title: "mkfilter live") + PageStyle.header(current: "live", query: "")
            html += "<main><h1>Shake!'s screen</h1><p class=\"error\" role=\"alert\">" + HTML.escaped(error.description) + "</p>"
            html += "<p>The live screen runs the filter's code in JavaScript. <a href=\"" + (RecordingRoute.isFIR(query) ? "/fir" : "/") + "?"
                + HTML.escaped(rawQuery ?? "") + "\">Back to the design</a>.</p></main>\n</body>\n</html>\n"
        }
        return Responses.text(html, status: status, contentType: "text/html; charset=utf-8")
    }

    /// The page's filter as `--emit js` writes it, in the `LiveFilters` namespace.
    static func filterCode(_ design: QueryDesign) throws(ApplicationError) -> String {
        var request = EmissionRequest(design: design.result.design, format: .js, listingCommandLine: design.commandLine + " -l")
        request.name = design.filterName
        request.namespace = "LiveFilters"
        request.designedFilter = design.filter
        return try request.run()
    }

    /// `/live/filter.js?QUERY`: the filter's code for `/live` (the query is
    /// the page's own link, IIR or FIR); a bad query is the API's JSON error.
    static func filterScript(query: String?) -> Response {
        do throws(ApplicationError) {
            let design = try Design(query: query ?? "")
            return Responses.text(try design.code(), contentType: "text/javascript; charset=utf-8")
        } catch {
            return APIError.response(error)
        }
    }

    /// JSON for a `<script>` element: `<` (only ever inside its strings) as `\u003C`.
    static func scriptSafe(_ json: String) -> String {
        var out = ""
        for scalar in json.unicodeScalars { if scalar == "<" { out += "\\u003C" } else { out.unicodeScalars.append(scalar) } }
        return out
    }

    static func body(_ design: Design) -> String {
        """
        <main>
        <h1>Shake!'s screen: \(HTML.escaped(design.filterName))</h1>
        <p>Per axis: source → <a href="\(design.page)?\(HTML.escaped(design.link))">the filter</a> (<code>\(HTML.escaped(design.commandLine))</code>,
        run by its <code>--emit js</code> code) → moving RMS → trigger when the RMS exceeds the threshold for
        <em>count</em> samples in a row. <span class="legend"><span style="color:#d62728">■ raw</span>
        <span style="color:#2ca02c">■ filtered</span><span style="color:#1f77b4">■ RMS</span>
        <span style="color:#e377c2">■ trigger</span></span></p>
        <div class="live-controls">
        <label class="field"><span>source</span><select id="live-source">
        <option value="simulated" selected>simulated (sine, shake bursts, gravity)</option>
        <option value="sensor">this device's accelerometer</option></select></label>
        <label class="field"><span>RMS window (samples)</span><input id="live-rms-window" type="number" min="1" max="1000" value="\(rmsWindow)" size="5"></label>
        <label class="field"><span>threshold (g)</span><input id="live-threshold" type="number" min="0" step="0.01" value="\(threshold)" size="5"></label>
        <label class="field"><span>count (samples)</span><input id="live-count" type="number" min="1" max="1000" value="\(count)" size="5"></label>
        <label class="field"><span><input id="live-show-raw" type="checkbox" checked> raw trace</span></label>
        <button type="button" id="live-pause">Pause</button>
        <button type="button" id="live-record">Record</button>
        <button type="button" id="live-try" title="Stop recording and open it on the design page, without a download">Try it on the design page</button>
        </div>
        <p id="live-status" data-samples="0">Starting…</p>
        <p id="live-note" class="note"></p>
        <div class="axis"><canvas id="live-x" width="1200" height="180" aria-label="x axis"></canvas></div>
        <div class="axis"><canvas id="live-y" width="1200" height="180" aria-label="y axis"></canvas></div>
        <div class="axis"><canvas id="live-z" width="1200" height="180" aria-label="z axis"></canvas></div>
        <p class="note">A recording downloads as <code>t,x,y,z</code> (seconds, g), which
        <code>mkfilter pipeline recording.csv --filter '\(HTML.escaped(String(design.commandLine.dropFirst("mkfilter ".count))))'</code> reads.
        On a phone, open this page over https (or localhost) and choose the accelerometer; iOS asks for permission.</p>
        </main>

        """
    }
}
