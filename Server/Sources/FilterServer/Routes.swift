import FilterRequests
import AnalysisRequests
import FilterSets
import Hummingbird

/// The server's routes, each a thin call into the application layer:
///
/// - `GET /` the design page (Shake!'s band-pass when there is no query);
/// - `GET /live` Shake!'s screen for the page's design, `GET /live/filter.js`
///   its filter's code (an external script, for the Content-Security-Policy);
/// - `GET /api/design` the `--emit json` document;
/// - `GET /api/response` the response CSV (`points`, 2 ... `maximumPoints`);
/// - `GET /api/code` one format's code (`format`), `GET /api/filters.json`
///   the design as a filter set file;
/// - `GET /static/design.js`, `GET /static/live.js` the pages' scripts;
/// - `POST /api/recording` a recording (CSV body, at most 10 MB) tried on
///   the design: its spectrum and trigger onsets (`RecordingRoute`), always
///   heavy work (`bounded`).
///
/// A bad query is a 4xx with `{"error": ..., "field": ...}` (pages: the page
/// with the message), a query longer than `RecipeQuery.maximumLength` a 413.
public enum FilterRoutes {
    /// The most frequencies `/api/response` computes.
    public static let maximumPoints = 65_537

    /// The paths served by GET (and HEAD).
    static let getPaths: Set<String> = Set(["/", "/live", "/live/filter.js", "/api/design", "/api/response", "/api/code",
                                            "/api/filters.json", "/fir", "/api/fir/code", "/api/fir/design",
                                            "/api/fir/response", "/favicon.ico"])
        .union(StaticScripts.all.map(\.path))
    /// The paths served by POST only.
    static let postPaths: Set<String> = [RecordingRoute.path]

    /// Every path served, for `FilterResponder`'s 405 (another method than
    /// the path's own, `methods(path:)`) and 404.
    public static let paths: Set<String> = getPaths.union(postPaths)

    /// The methods `path` answers, as its 405's `Allow` lists them: GET and
    /// HEAD, or POST for `/api/recording`; none for a path not served.
    public static func methods(path: String) -> [HTTPRequest.Method] {
        if postPaths.contains(path) { return [.post] }
        return getPaths.contains(path) ? [.get, .head] : []
    }

    /// The routes with the server's limits around them: what `mkfilter-server` serves.
    public static func responder(heavy: HeavyWork = HeavyWork(slots: ServerLimits().heavySlots,
                                                               queue: ServerLimits().heavyQueue)) -> FilterResponder {
        FilterResponder(router: router(heavy: heavy).buildResponder())
    }

    /// The router with every route (GET, and HEAD answered as GET without
    /// the body; POST for `/api/recording`); heavy requests go through `heavy`.
    public static func router(heavy: HeavyWork = HeavyWork(slots: ServerLimits().heavySlots,
                                                           queue: ServerLimits().heavyQueue)) -> Router<FilterRequestContext> {
        let router = Router(context: FilterRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.get("/") { request, context in
            await bounded(request, context, heavy, page: true) { DesignPage.response(query: request.uri.query) }
        }
        router.get("/live") { request, context in
            await bounded(request, context, heavy, page: true) { LivePage.response(query: request.uri.query) }
        }
        router.get("/live/filter.js") { request, context in
            await bounded(request, context, heavy, page: false) { LivePage.filterScript(query: request.uri.query) }
        }
        router.get("/api/design") { request, context in
            await bounded(request, context, heavy, page: false) { api(request) { design, _ throws(ApplicationError) in try QueryAPI.json(design) } }
        }
        router.get("/api/response") { request, context in
            await bounded(request, context, heavy, page: false) { api(request, extra: ["points"]) { design, extras throws(ApplicationError) in try responseCSV(design, extras) } }
        }
        router.get("/api/code") { request, context in
            await bounded(request, context, heavy, page: false) { api(request, extra: ["format", "download"]) { design, extras throws(ApplicationError) in try code(design, extras) } }
        }
        router.get("/api/filters.json") { request, context in
            await bounded(request, context, heavy, page: false) { api(request, extra: ["download"]) { design, _ in QueryAPI.filterSetFile(design) } }
        }
        router.get("/fir") { request, context in
            await bounded(request, context, heavy, page: true, isHeavy: HeavyWork.isHeavyFIR(query: request.uri.query ?? "")) { FIRPage.response(query: request.uri.query) }
        }
        router.get("/api/fir/code") { request, context in
            await bounded(request, context, heavy, page: false, isHeavy: HeavyWork.isHeavyFIR(query: request.uri.query ?? "")) { FIRPage.code(query: request.uri.query ?? "") }
        }
        router.get("/api/fir/design") { request, context in
            await bounded(request, context, heavy, page: false, isHeavy: HeavyWork.isHeavyFIR(query: request.uri.query ?? "")) { FIRPage.json(query: request.uri.query ?? "") }
        }
        router.get("/api/fir/filters.json") { request, context in
            await bounded(request, context, heavy, page: false, isHeavy: HeavyWork.isHeavyFIR(query: request.uri.query ?? "")) { FIRPage.filterSetFile(query: request.uri.query ?? "") }
        }
        router.get("/api/fir/response") { request, context in
            await bounded(request, context, heavy, page: false, isHeavy: HeavyWork.isHeavyFIR(query: request.uri.query ?? "")) { FIRPage.responseCSV(query: request.uri.query ?? "") }
        }
        for script in StaticScripts.all {
            router.get(RouterPath(stringLiteral: script.path)) { request, _ in script.response(query: request.uri.query) }
        }
        router.post(RouterPath(stringLiteral: RecordingRoute.path)) { request, context in
            await RecordingRoute.response(request, context, heavy: heavy)
        }
        router.get("/favicon.ico") { _, _ in Response(status: .noContent) }
        return router
    }

    /// `work` at once when the request is cheap; through `heavy` when it is
    /// heavy (`isHeavy`: the FIR routes' `HeavyWork.isHeavyFIR`, always for a
    /// recording; by default `HeavyWork.isHeavy` of its query), or a 503 with
    /// `Retry-After` when that is full (an HTML page for the pages, the JSON
    /// error for the rest).
    ///
    /// Either way the work runs under a `RequestBudget` of
    /// `heavy.designSeconds`, and heavy work is cancelled when the
    /// request's connection closes (while it waits for a slot too): a design
    /// that runs longer, or whose client has gone, stops at its next
    /// checkpoint (a 422 naming the bound).
    static func bounded(_ request: Request, _ context: FilterRequestContext, _ heavy: HeavyWork, page: Bool,
                        isHeavy: Bool? = nil, _ work: @escaping @Sendable () -> Response) async -> Response {
        let query = request.uri.query ?? ""
        let budget = RequestBudget(seconds: heavy.designSeconds)
        let bounded: @Sendable () -> Response = { budget.run(work) }
        // A cheap request is over in milliseconds: only its time is bounded.
        guard isHeavy ?? HeavyWork.isHeavy(query: query) else { return bounded() }
        context.channel.closeFuture.whenComplete { _ in budget.cancel() }
        if let response = await heavy.run({ budget.isCancelled ? Response(status: .noContent) : bounded() }) { return response }
        var busy = APIError.busy(heavy)
        if page {
            busy = Responses.text(PageStyle.errorPage(title: "mkfilter: busy", message: APIError.busyMessage(heavy)),
                                  status: .serviceUnavailable, contentType: "text/html; charset=utf-8")
            busy.headers[.retryAfter] = "\(HeavyWork.retryAfter)"
        }
        return busy
    }

    /// Reads the query, designs, and answers with `body`; every failure as a JSON error.
    static func api(_ request: Request, extra: Set<String> = [],
                    _ body: (QueryDesign, [String: String]) throws(ApplicationError) -> Response) -> Response {
        api(query: request.uri.query ?? "", extra: extra, body)
    }

    /// Designs `query`, and answers with `body`; every failure as a JSON error.
    static func api(query: String, extra: Set<String> = [],
                    _ body: (QueryDesign, [String: String]) throws(ApplicationError) -> Response) -> Response {
        QueryAPI.answer(QueryDesign.self, query: query, extra: extra) { design throws(ApplicationError) in try body(design, design.extras) }
    }

    /// `mkfilter response ... --points N`.
    static func responseCSV(_ design: QueryDesign, _ extras: [String: String]) throws(ApplicationError) -> Response {
        var request = ResponseRequest(design: design.result.design, kind: .response)
        if let text = extras["points"] {
            guard let n = Int(text), (2...maximumPoints).contains(n) else {
                throw ApplicationError("points: \(text.debugDescription) is not an integer in 2 ... \(maximumPoints)", field: "points")
            }
            request.points = n
        }
        return Responses.text(try request.run().csv, contentType: "text/csv; charset=utf-8")
    }

    /// One format's code, as a download when `download` is given.
    static func code(_ design: QueryDesign, _ extras: [String: String]) throws(ApplicationError) -> Response {
        let name = extras["format"] ?? "swift"
        guard let format = EmissionFormat(rawValue: name) else {
            throw ApplicationError("format: \(name.debugDescription) is not a format; use \(EmissionFormat.names(EmissionFormat.allCases))",
                                   field: "format")
        }
        return Responses.text(try design.code(format), contentType: format.contentType,
                              download: extras["download"] == nil ? nil : format.fileName(filterName: design.filterName))
    }
}
