import Hummingbird

/// The routes (`FilterRoutes.router`) inside what HTTP requires of every
/// answer:
///
/// - a request without `Host` is a 400 (HTTP/1.1 requires it: RFC 9112 3.2);
/// - another method than GET or HEAD on a served path is a 405 with
///   `Allow: GET, HEAD`; an unknown path a 404; both with the JSON error;
/// - every response carries the security headers and a cache policy
///   (`SecurityHeaders.complete`).
public struct FilterResponder: HTTPResponder {
    /// The request context: Hummingbird's basic one.
    public typealias Context = BasicRequestContext

    let router: RouterResponder<BasicRequestContext>

    /// The methods every served path answers.
    public static let allowed = "GET, HEAD"

    /// The answer to `request`.
    public func respond(to request: Request, context: Context) async throws -> Response {
        var response: Response
        if (request.head.authority ?? "").isEmpty {
            response = APIError.response(.badRequest, "the request has no Host header; HTTP/1.1 requires one", field: nil)
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

    /// 405 with `Allow` when the path is served, else 404.
    func notFound(_ request: Request) -> Response {
        guard FilterRoutes.paths.contains(request.uri.path) else {
            return APIError.response(.notFound, "no page or API at this path; the pages are / and /live, the API "
                                     + "/api/design, /api/response, /api/code and /api/filters.json", field: nil)
        }
        guard request.method == .get || request.method == .head else {
            var response = APIError.response(.methodNotAllowed, "the method \(request.method.rawValue.debugDescription) is not "
                                             + "allowed here; use \(Self.allowed)", field: nil)
            response.headers[.allow] = Self.allowed
            return response
        }
        return APIError.response(.notFound, "not found", field: nil)
    }
}
