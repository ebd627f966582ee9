import FilterApplication
import FilterJSON
import Hummingbird

/// The API's error bodies: `{"error": "...", "field": "order"}` (the field
/// when one is at fault), with a 4xx status; never a 5xx for a request.
enum APIError {
    /// The response for `error`.
    static func response(_ status: HTTPResponse.Status, _ message: String, field: String?) -> Response {
        var members: [(key: String, value: JSONValue)] = [("error", .string(message))]
        members.append(("field", field.map { .string($0) } ?? .null))
        return Responses.text(JSONValue.object(members).text() + "\n", status: status, contentType: "application/json; charset=utf-8")
    }

    /// The status for an application error: 400 when a field is at fault
    /// (the request is wrong), 422 when the fields are well formed but the
    /// filter cannot be made (an unstable design, a name without letters).
    static func status(_ error: ApplicationError) -> HTTPResponse.Status {
        error.field == nil ? .unprocessableContent : .badRequest
    }

    static func response(_ error: ApplicationError) -> Response {
        response(status(error), error.description, field: error.field)
    }
}

/// Responses with a text body.
enum Responses {
    static func text(_ text: String, status: HTTPResponse.Status = .ok, contentType: String,
                     download: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .init("X-Content-Type-Options")!: "nosniff"]
        if let download { headers[.contentDisposition] = "attachment; filename=\"\(download)\"" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
