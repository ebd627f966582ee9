import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// Keeps room for a new client when idle connections crowd the server: once
/// more than `highWater` connections are open, each new one closes the
/// connection that has waited longest for a request (silent, trickling a head
/// byte by byte, or kept alive after its last response). Connections with a
/// request in progress are never closed by it.
///
/// With the connection cap (Hummingbird's `MaximumAvailableConnections`)
/// above `highWater`, idle sockets can neither use up the descriptors nor
/// keep a normal client waiting for the idle timeout.
public final class ConnectionGuard: Sendable {
    /// Connections beyond which the longest idle one is closed.
    public let highWater: Int

    struct Entry {
        let channel: any Channel
        /// When it became idle; nil while a request is in progress.
        var idleSince: NIODeadline?
    }

    private let entries = NIOLockedValueBox<[ObjectIdentifier: Entry]>([:])

    /// A guard keeping at most `highWater` connections before closing idle ones.
    public init(highWater: Int) {
        self.highWater = max(1, highWater)
    }

    /// The number of connections it holds now.
    public var count: Int { entries.withLockedValue { $0.count } }

    /// A new handler for one connection's pipeline (after the HTTP codec).
    public func makeHandler() -> any RemovableChannelHandler {
        ConnectionGuardHandler(guard: self)
    }

    func opened(_ channel: any Channel) {
        let evicted: (any Channel)? = entries.withLockedValue { entries in
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: .now())
            guard entries.count > highWater else { return nil }
            let idle = entries.filter { $0.key != ObjectIdentifier(channel) && $0.value.idleSince != nil }
            guard let oldest = idle.min(by: { $0.value.idleSince! < $1.value.idleSince! }) else { return nil }
            entries[oldest.key] = nil
            return oldest.value.channel
        }
        evicted?.close(promise: nil)
    }

    func closed(_ channel: any Channel) {
        entries.withLockedValue { $0[ObjectIdentifier(channel)] = nil }
    }

    func setBusy(_ channel: any Channel, _ busy: Bool) {
        entries.withLockedValue { entries in
            entries[ObjectIdentifier(channel)]?.idleSince = busy ? nil : .now()
        }
    }
}

/// One connection's part of `ConnectionGuard`: busy from a request head to
/// the end of its response.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let connections: ConnectionGuard
    var registered = false

    init(guard connections: ConnectionGuard) {
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        registered = true
        connections.opened(context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if registered { connections.closed(context.channel) }
        registered = false
    }

    func channelInactive(context: ChannelHandlerContext) {
        if registered { connections.closed(context.channel) }
        registered = false
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if registered, case .head = unwrapInboundIn(data) { connections.setBusy(context.channel, true) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if registered, case .end = unwrapOutboundIn(data) { connections.setBusy(context.channel, false) }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension ConnectionGuardHandler: Sendable {}
