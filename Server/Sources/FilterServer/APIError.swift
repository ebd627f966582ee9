import FilterRequests
import FilterJSON
import Hummingbird

/// The API's error bodies: `{"error": "...", "field": "order"}` (the field
/// when one is at fault), with a 4xx status; never a 5xx for a request.
enum APIError {
    /// The response for `error`.
    static func response(_ status: HTTPResponse.Status, _ message: String, field: String?) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                 body: .init(byteBuffer: body(message, field: field)))
    }

    /// The JSON error body: `{"error": message, "field": field}` and a newline.
    static func body(_ message: String, field: String?) -> ByteBuffer {
        var members: [(key: String, value: JSONValue)] = [("error", .string(message))]
        members.append(("field", field.map { .string($0) } ?? .null))
        return ByteBuffer(string: JSONValue.object(members).text() + "\n")
    }

    /// Why a heavy request is refused, and when to try again.
    static func busyMessage(_ heavy: HeavyWork) -> String {
        "the server is busy with \(heavy.slots + heavy.queue) heavy requests "
            + "(an order above \(HeavyWork.cheapOrder), a specification, more than \(HeavyWork.cheapPoints) points, or a recording); "
            + "try again in \(HeavyWork.retryAfter) s"
    }

    /// 503 with `Retry-After`: the uploads in progress hold the whole `UploadBudget`.
    static func uploadsBusy(_ budget: UploadBudget) -> Response {
        var response = response(.serviceUnavailable, "the server is busy reading other recordings (\(budget.capacity >> 20) MB at once); try again in \(HeavyWork.retryAfter) s", field: "recording")
        response.headers[.retryAfter] = "\(HeavyWork.retryAfter)"
        return response
    }

    /// 503 with `Retry-After`: every heavy slot is taken and the queue is full.
    static func busy(_ heavy: HeavyWork) -> Response {
        var response = response(.serviceUnavailable, busyMessage(heavy), field: nil)
        response.headers[.retryAfter] = "\(HeavyWork.retryAfter)"
        return response
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
        var headers: HTTPFields = [.contentType: contentType]
        if let download { headers[.contentDisposition] = "attachment; filename=\"\(download)\"" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
