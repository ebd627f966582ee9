import FilterApplication
import FilterApplicationAnalysis
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
/// before a slot is taken, so a slow upload never holds one.
public enum RecordingRoute {
    /// The route's path; it answers POST only (`FilterRoutes.methods(path:)`).
    public static let path = "/api/recording"

    static func response(_ request: Request, heavy: HeavyWork) async -> Response {
        let query = request.uri.query ?? ""
        if query.utf8.count > RecipeQuery.maximumLength {
            return APIError.response(.contentTooLarge, "the query is \(query.utf8.count) bytes long; at most \(RecipeQuery.maximumLength) are accepted", field: nil)
        }
        let limit = RecordingTrialRequest.maximumBytes
        let tooLarge = "the recording is larger than \(limit) bytes (10 MB); send at most that, or cut it with mkfilter spectrum on the command line"
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return APIError.response(.contentTooLarge, tooLarge, field: "recording")
        }
        let bytes: [UInt8]
        do {
            guard let body = try await collect(request.body, limit: limit) else {
                return APIError.response(.contentTooLarge, tooLarge, field: "recording")
            }
            bytes = body
        } catch {
            return APIError.response(.badRequest, "the recording could not be read (\(error))", field: "recording")
        }
        return await FilterRoutes.bounded(request, heavy, page: false, alwaysHeavy: true) { trial(bytes, query: query) }
    }

    /// The recording `bytes` tried on the design of `query`: the JSON answer,
    /// or the JSON error (a bad query's field, a bad line's number).
    static func trial(_ bytes: [UInt8], query: String) -> Response {
        do throws(ApplicationError) {
            let design = try QueryDesignRequest(query: query, extraFields: DesignPage.pageFields).run()
            let json = try RecordingTrialRequest(bytes: bytes, design: design).run()
            return Responses.text(json, contentType: "application/json; charset=utf-8")
        } catch {
            return APIError.response(error)
        }
    }

    /// The body's bytes, or nil as soon as they pass `limit` (the rest is
    /// not read): at most `limit` bytes are ever held.
    public static func collect<Body: AsyncSequence>(_ body: Body, limit: Int) async throws -> [UInt8]? where Body.Element == ByteBuffer {
        var bytes: [UInt8] = []
        for try await buffer in body {
            guard bytes.count + buffer.readableBytes <= limit else { return nil }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        return bytes
    }
}
