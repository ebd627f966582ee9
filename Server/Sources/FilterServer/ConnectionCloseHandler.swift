import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Closes a connection once its answer is written when HTTP says it ends
/// there, which Hummingbird does only for a request that says
/// `Connection: close`:
///
/// - a request that is not keep-alive (RFC 9112 9.3): HTTP/1.0 without
///   `Connection: keep-alive`, or HTTP/1.1 with `Connection: close`; the
///   answer says `Connection: close`;
/// - an answer that says `Connection: close` itself: the 413 for an upload
///   whose `Content-Length` is over the limit (`RecordingRoute`), whose body
///   is then never read. Without this Hummingbird read and dropped the whole
///   body before the next request (2 GiB in 0.9 s).
///
/// Once the answer's end is written the connection stops reading and sends
/// its FIN at once (the client has the whole answer and sees the end), and
/// closes fully after `linger`: an unread body left in the socket turns a
/// close into a reset, which could overtake the answer in the client.
///
/// And a client that closes its side of the connection (its FIN: a browser
/// tab closed, a client that gave up) has gone, as nginx takes it: the
/// connection is closed, and with it the work of the request in flight
/// (`FilterRoutes.bounded` cancels its budget when the connection closes).
/// Hummingbird keeps a half-closed connection open to answer.
///
/// It sits between NIO's HTTP/1 codec and Hummingbird's conversion to
/// HTTP types (`HTTP1ToHTTPServerCodec`), where the request's version is
/// still known: `installer()` is one of the additional channel handlers
/// (which come after the conversion) and puts it there.
final class ConnectionCloseHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// How long a closing connection waits for its client to close first.
    let linger: TimeAmount
    /// Whether each request read and not yet answered keeps the connection
    /// alive, oldest first (pipelined requests are answered in order).
    private var keepAlive: [Bool] = []
    /// The answer being written ends the connection.
    private var closesAfterAnswer = false
    /// The last answer is written: nothing more is read or passed on.
    private var closing = false

    init(linger: TimeAmount = .seconds(1)) {
        self.linger = linger
    }

    /// A handler for the additional channel handlers that puts a
    /// `ConnectionCloseHandler` before `HTTP1ToHTTPServerCodec` and removes itself.
    static func installer(linger: TimeAmount = .seconds(1)) -> any RemovableChannelHandler {
        Installer(linger: linger)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if closing { return }
        if case .head(let head) = unwrapInboundIn(data) { keepAlive.append(head.isKeepAlive) }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            closing = true
            context.close(promise: nil)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            let requestKeepsAlive = keepAlive.isEmpty ? true : keepAlive.removeFirst()
            let answerCloses = head.headers[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
            closesAfterAnswer = !requestKeepsAlive || answerCloses
            if closesAfterAnswer && !answerCloses {
                head.headers.replaceOrAdd(name: "connection", value: "close")
                context.write(wrapOutboundOut(.head(head)), promise: promise)
                return
            }
            context.write(data, promise: promise)
        case .end where closesAfterAnswer:
            closing = true
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            context.write(data, promise: written)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let linger = self.linger
            written.futureResult.whenComplete { _ in
                let context = bound.value
                let channel = context.channel
                channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in }
                context.close(mode: .output, promise: nil)
                channel.eventLoop.scheduleTask(in: linger) { channel.close(promise: nil) }
            }
        default:
            context.write(data, promise: promise)
        }
    }

    /// Puts the handler in its place, then leaves.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = Any
        let linger: TimeAmount
        init(linger: TimeAmount) { self.linger = linger }

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            if let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) {
                try? pipeline.addHandler(ConnectionCloseHandler(linger: linger), position: .before(codec))
            }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}

@available(*, unavailable)
extension ConnectionCloseHandler: Sendable {}

@available(*, unavailable)
extension ConnectionCloseHandler.Installer: Sendable {}
