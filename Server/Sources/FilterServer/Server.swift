import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The web application: `FilterRoutes` on `host:port`, within `ServerLimits`.
public enum FilterServer {
    /// The application, calling `onReady` with the address to open once it
    /// listens. Raises the soft descriptor limit first and caps connections
    /// below it (`ServerLimits.connectionCap(for:)`).
    ///
    /// - Parameters:
    ///   - scheme: the scheme of the address `onReady` gets (`https` when
    ///     `wrap` adds TLS).
    ///   - wrap: the HTTP/1.1 server builder wrapped, e.g. in TLS.
    public static func application(host: String, port: Int, limits: ServerLimits = ServerLimits(), scheme: String = "http",
                                   wrap: (HTTPServerBuilder) throws -> HTTPServerBuilder = { $0 },
                                   onReady: @escaping @Sendable (String) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        var logger = Logger(label: "mkfilter-server")
        logger.logLevel = .warning
        let descriptors = DescriptorLimit.raiseSoftLimit() ?? 1024
        let cap = limits.connectionCap(for: descriptors)
        let configuration = ApplicationConfiguration(
            address: .hostname(host, port: port), serverName: "mkfilter",
            availableConnectionsDelegate: MaximumAvailableConnections(cap, logger: logger))
        return Application(
            responder: FilterRoutes.responder(heavy: HeavyWork(slots: limits.heavySlots, queue: limits.heavyQueue, designSeconds: limits.designSeconds)),
            server: try wrap(http1(limits: limits, connectionCap: cap)),
            configuration: configuration,
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                let shown = host.contains(":") ? "[\(host)]" : host
                await onReady("\(scheme)://\(shown):\(bound)/")
            },
            logger: logger
        )
    }

    /// HTTP/1.1 with the limits: the idle (and header-read) timeout, the
    /// head size (431 above it) and the connection guard, which closes the
    /// longest-idle connection once seven eighths of the cap are open;
    /// `100 Continue` for a client that expects it (`ContinueHandler`); and
    /// the close after an answer that ends its connection (HTTP/1.0 without
    /// keep-alive, a 413 upload: `ConnectionCloseHandler`).
    public static func http1(limits: ServerLimits, connectionCap cap: Int) -> HTTPServerBuilder {
        let connections = ConnectionGuard(highWater: cap - max(1, cap / 8))
        let headBytes = limits.maximumHeadBytes
        return .http1(configuration: .init(
            additionalChannelHandlers: [connections.makeHandler(), HeadLimitHandler(limit: headBytes), ContinueHandler(),
                                        ConnectionCloseHandler.installer()],
            idleTimeout: .seconds(limits.idleTimeout),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: headBytes, maxHeaderListSize: headBytes)))
    }
}
