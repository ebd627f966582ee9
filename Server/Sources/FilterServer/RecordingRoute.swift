import AccelerometerPipeline
import FilterDesign
import FilterRequests
import FilterRuntime
import AnalysisRequests
import FilterSets
import Hummingbird

/// `POST /api/recording?QUERY`: the design page's "Try on a recording". The
/// body is accelerometer CSV (`t,x,y,z`), at most
/// `RecordingTrialRequest.maximumBytes`: a larger body is refused with 413
/// while it is read (a `Content-Length` above the limit before any of it),
/// never buffered whole. It is parsed by the command line's reader (a bad
/// line is a 400 naming its line), analysed for the query's design
/// (`RecordingTrialRequest`: the spectrum SVG with the filter overlaid, the
/// trigger episodes) and forgotten: nothing is stored.
///
/// The parsing and analysis are heavy work whatever the query
/// (`FilterRoutes.bounded`): at most `HeavyWork.slots` at once on the
/// blocking pool, then a 503 with `Retry-After`, so that a flood of uploads
/// cannot starve cheap requests. The body is read (and the limit checked)
/// before a slot is taken, so a slow upload never holds one; the bytes all
/// uploads hold at once are bounded by `UploadBudget` (503 beyond it).
public enum RecordingRoute {
    /// The route's path; it answers POST only (`FilterRoutes.methods(path:)`).
    public static let path = "/api/recording"

    static func response(_ request: Request, _ context: FilterRequestContext, heavy: HeavyWork,
                         budget: UploadBudget = .shared) async -> Response {
        let query = request.uri.query ?? ""
        if query.utf8.count > RecipeQuery.maximumLength {
            return APIError.response(.contentTooLarge, "the query is \(query.utf8.count) bytes long; at most \(RecipeQuery.maximumLength) are accepted", field: nil)
        }
        let limit = RecordingTrialRequest.maximumBytes
        let tooLarge = "the recording is larger than \(limit) bytes (10 MB); send at most that, or cut it with mkfilter spectrum on the command line"
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            // The body is not read: the connection closes after the answer
            // rather than take the bytes still coming.
            var response = APIError.response(.contentTooLarge, tooLarge, field: "recording")
            response.headers[.connection] = "close"
            return response
        }
        // The bytes held, reserved from the budget as they come (all of a
        // given Content-Length at once) and given back with the answer.
        let reservation = Reservation(budget: budget)
        defer { reservation.releaseAll() }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), !reservation.grow(to: length) {
            return APIError.uploadsBusy(budget)
        }
        let bytes: [UInt8]
        do {
            guard let body = try await collect(request.body, limit: limit, reserve: reservation.grow(to:)) else {
                return reservation.refused ? APIError.uploadsBusy(budget) : APIError.response(.contentTooLarge, tooLarge, field: "recording")
            }
            bytes = body
        } catch {
            return APIError.response(.badRequest, "the recording could not be read (\(error))", field: "recording")
        }
        return await FilterRoutes.bounded(request, context, heavy, page: false, isHeavy: true) { trial(bytes, query: query) }
    }

    /// One upload's part of the budget, used by one request at a time.
    public final class Reservation: @unchecked Sendable {
        /// The budget it takes from.
        public let budget: UploadBudget
        /// Bytes taken so far; whether the budget refused more.
        public private(set) var taken = 0, refused = false
        /// Nothing taken yet.
        public init(budget: UploadBudget) { self.budget = budget }
        /// Takes from the budget up to `total` bytes in all; false when it is short.
        public func grow(to total: Int) -> Bool {
            guard total > taken else { return true }
            guard budget.reserve(total - taken) else { refused = true; return false }
            taken = total
            return true
        }
        /// Gives back everything taken.
        public func releaseAll() { budget.release(taken); taken = 0 }
    }

    /// The recording `bytes` tried on the design of `query`: the JSON answer,
    /// or the JSON error (a bad query's field, a bad line's number).
    static func trial(_ bytes: [UInt8], query: String) -> Response {
        do throws(ApplicationError) {
            let json: String
            if isFIR(query) {
                let design = try FIRQueryRequest(query: query, extraFields: DesignPageSkeleton.pageFields).run()
                let template = FIRTemplate(name: design.filterName, description: "", designSampleRate: design.filter.recipe.sampleRate ?? 1,
                                           taps: design.filter.taps, mkfilterCommandLine: design.commandLine)
                json = try RecordingTrialRequest(bytes: bytes, filter: .fir(template), filterName: design.filterName,
                                                 designSampleRate: design.filter.recipe.sampleRate).run()
            } else {
                let design = try QueryDesignRequest(query: query, extraFields: DesignPageSkeleton.pageFields).run()
                json = try RecordingTrialRequest(bytes: bytes, design: design).run()
            }
            return Responses.text(json, contentType: "application/json; charset=utf-8")
        } catch {
            return APIError.response(error)
        }
    }

    /// Whether `query` is the FIR page's: its `design` is a FIR method.
    static func isFIR(_ query: String) -> Bool {
        guard let pairs = try? RecipeQuery.pairs(query) else { return false }
        return pairs.contains { $0.name == "design" && FIRMethodName(rawValue: $0.value) != nil }
    }

    /// The body's bytes, or nil as soon as they pass `limit` or `reserve`
    /// refuses the bytes so far (the rest is not read): at most `limit` bytes
    /// are ever held, each of them reserved first.
    public static func collect<Body: AsyncSequence>(_ body: Body, limit: Int,
                                                    reserve: (Int) -> Bool = { _ in true }) async throws -> [UInt8]?
        where Body.Element == ByteBuffer {
        var bytes: [UInt8] = []
        for try await buffer in body {
            let total = bytes.count + buffer.readableBytes
            guard total <= limit, reserve(total) else { return nil }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        return bytes
    }
}
