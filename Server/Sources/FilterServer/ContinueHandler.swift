import AnalysisRequests
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// `Expect: 100-continue` answered with `100 Continue` as the head arrives
/// (RFC 9110 10.1.1), so that a client waiting to send its body (curl waits
/// 1 s for it, for every upload) sends it at once. A request whose
/// `Content-Length` is already above the upload limit gets no 100: its final
/// answer (413) comes without the body being read.
final class ContinueHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let request) = unwrapInboundIn(data),
           let expectation = request.headerFields[.expect], expectation.lowercased() == "100-continue" {
            let length = request.headerFields[.contentLength].flatMap { Int($0) } ?? 0
            if length <= RecordingTrialRequest.maximumBytes {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
            }
        }
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension ContinueHandler: Sendable {}
