import Hummingbird
import Logging
import NIOCore

/// The web application: `FilterRoutes` on `host:port`.
public enum FilterServer {
    /// The application, calling `onReady` with the address to open once it listens.
    public static func application(host: String, port: Int,
                                   onReady: @escaping @Sendable (String) async -> Void = { _ in }) -> some ApplicationProtocol {
        var logger = Logger(label: "mkfilter-server")
        logger.logLevel = .warning
        return Application(
            router: FilterRoutes.router(),
            configuration: .init(address: .hostname(host, port: port), serverName: "mkfilter"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                let shown = host.contains(":") ? "[\(host)]" : host
                await onReady("http://\(shown):\(bound)/")
            },
            logger: logger
        )
    }
}
