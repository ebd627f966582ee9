import HTTPTypes
import Hummingbird

/// The routes (`FilterRoutes.router`) inside what HTTP requires of every
/// answer:
///
/// - a request without `Host`, or with two, is a 400 (HTTP/1.1 requires
///   exactly one: RFC 9112 3.2);
/// - another method than a served path's own is a 405 whose `Allow` names
///   them (`FilterRoutes.methods(path:)`: `GET, HEAD`, or `POST` on
///   `/api/recording`); an unknown path a 404; both with the JSON error;
/// - every response carries the security headers and a cache policy
///   (`SecurityHeaders.complete`).
public struct FilterResponder: HTTPResponder {
    /// The request context: Hummingbird's basic one.
    public typealias Context = FilterRequestContext

    let router: RouterResponder<FilterRequestContext>

    /// The answer to `request`.
    public func respond(to request: Request, context: Context) async throws -> Response {
        var response: Response
        if (request.head.authority ?? "").isEmpty {
            response = APIError.response(.badRequest, "the request has no Host header; HTTP/1.1 requires one", field: nil)
        } else if request.headers[Self.host] != nil {
            // The first Host became the authority; another is left among the fields.
            response = APIError.response(.badRequest, "the request has more than one Host header; HTTP/1.1 allows one", field: nil)
        } else {
            do {
                response = try await router.respond(to: request, context: context)
            } catch let error as HTTPError where error.status == .notFound {
                response = Response(status: .notFound)
            }
            if response.status == .notFound {
                response = notFound(request)
            }
        }
        if request.method == .head, response.body.contentLength ?? 0 > 0 {
            response = response.createHeadResponse()
        }
        SecurityHeaders.complete(&response.headers, status: response.status)
        return response
    }

    /// A `Host` field left among the header fields (a second one).
    static let host = HTTPField.Name("Host")!

    /// The `Allow` header's value for `path`: its methods, comma-separated
    /// (nil when the path is not served).
    public static func allowed(path: String) -> String? {
        let methods = FilterRoutes.methods(path: path)
        return methods.isEmpty ? nil : methods.map(\.rawValue).joined(separator: ", ")
    }

    /// 405 with `Allow` when the path is served by other methods, else 404.
    func notFound(_ request: Request) -> Response {
        let path = request.uri.path
        guard let allowed = Self.allowed(path: path) else {
            return APIError.response(.notFound, "no page or API at this path; the pages are /, /fir and /live, the API "
                                     + "/api/design, /api/response, /api/code, /api/filters.json, /api/fir/code, /api/fir/design, "
                                     + "/api/fir/response and POST \(RecordingRoute.path)", field: nil)
        }
        guard FilterRoutes.methods(path: path).contains(request.method) else {
            var response = APIError.response(.methodNotAllowed, "the method \(request.method.rawValue.debugDescription) is not "
                                             + "allowed here; use \(allowed)", field: nil)
            response.headers[.allow] = allowed
            return response
        }
        return APIError.response(.notFound, "not found", field: nil)
    }
}
