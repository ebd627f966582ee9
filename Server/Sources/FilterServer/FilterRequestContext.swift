import Hummingbird
import NIOCore

/// Hummingbird's basic request context and the connection the request came
/// on: a design computed for it watches the connection's close, so that a
/// client that goes away cancels its work (`FilterRoutes.bounded`).
public struct FilterRequestContext: RequestContext {
    /// Hummingbird's storage (logger, allocator, parameters).
    public var coreContext: CoreRequestContextStorage
    /// The request's connection.
    public let channel: any Channel

    /// The context of a request on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
