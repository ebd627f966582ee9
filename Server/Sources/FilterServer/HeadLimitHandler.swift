import FilterSets
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// A request head longer than the decoder's limit (`ServerLimits.
/// maximumHeadBytes`) answered as the API answers every bad request: 431
/// Request Header Fields Too Large with `{"error": ..., "field": null}`,
/// then the connection closed. Without it Hummingbird answers the parser's
/// overflow with a bare 400. Other parse errors pass on (a 400).
///
/// On a pipelined connection the 431 waits for the answers to the requests
/// read before the long one: it is written after the last of their ends
/// (counted as heads come in and ends go out), never in front of them.
final class HeadLimitHandler: HTTPPartDuplexHandler, RemovableChannelHandler {
    let limit: Int
    var answered = false
    /// Requests whose head has come in and whose answer has not ended.
    var unanswered = 0
    /// The 431 is owed once `unanswered` reaches 0.
    var owed = false

    init(limit: Int) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if owed { return }  // nothing after the long head is read
        if case .head = unwrapInboundIn(data) { unanswered += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        context.write(data, promise: promise)
        if case .end = part {
            unanswered = max(0, unanswered - 1)
            if owed && unanswered == 0 { answer(context: context) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parse = error as? HTTPParserError, parse == .headerOverflow else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered, !owed else { return }
        owed = true
        if unanswered == 0 { answer(context: context) }
    }

    /// The 431, then the connection closed.
    private func answer(context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        let body = APIError.body("the request head is over \(limit) bytes (the request line, and the header fields "
                                 + "counted as their names and values and 32 bytes more each); "
                                 + "a query is at most \(RecipeQuery.maximumLength) bytes", field: nil)
        var headers = SecurityHeaders.api
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLength] = String(body.readableBytes)
        headers[.connection] = "close"
        let head = HTTPResponse(status: .init(code: 431, reasonPhrase: "Request Header Fields Too Large"), headerFields: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in bound.value.close(promise: nil) }
    }
}

@available(*, unavailable)
extension HeadLimitHandler: Sendable {}
