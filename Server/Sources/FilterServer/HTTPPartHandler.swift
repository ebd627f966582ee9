import NIOCore
import NIOHTTPTypes

/// A handler between the HTTP parts in both directions of a connection:
/// requests' parts in and passed on, responses' parts out (the connection's
/// guard, `ConnectionGuardHandler`; the request head's limit,
/// `HeadLimitHandler`). The parts' types are fixed once, here.
protocol HTTPPartDuplexHandler: ChannelDuplexHandler
where InboundIn == HTTPRequestPart, InboundOut == HTTPRequestPart,
      OutboundIn == HTTPResponsePart, OutboundOut == HTTPResponsePart {}
