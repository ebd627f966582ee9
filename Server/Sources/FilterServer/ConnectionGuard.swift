import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// Keeps room for a new client when connections crowd the server, and ends
/// requests that no longer move:
/// - once more than `highWater` connections are open, each new one closes
///   the connection that has waited longest for a request (silent,
///   trickling a head byte by byte, or kept alive after its last response)
///   or, when none is idle, the one waiting on its client (its request
///   still being read, or its answer not taken) with no progress for
///   longest (at least `stalledAfter`): a trickling upload, a client that
///   does not read its answer; a request being computed is never evicted;
/// - a request body must keep up `minimumBodyRate` bytes a second on average
///   once `bodyGrace` has passed since its head, and end within
///   `longestBody`; a response must be written whole within `longestWrite`.
///   A sweep every quarter second closes the connections that fall behind, and
///   while more than `highWater` are open the idle or stalled ones (at the
///   cap no new connection arrives to evict them).
///
/// With the connection cap (Hummingbird's `MaximumAvailableConnections`)
/// above `highWater`, neither idle nor slow sockets can use up the
/// descriptors or keep a normal client waiting.
public final class ConnectionGuard: Sendable {
    /// Connections beyond which the longest idle (or most stalled) one is closed.
    public let highWater: Int
    /// Seconds from a request head before its body's rate is checked.
    public let bodyGrace: Int64
    /// The slowest average a request body may arrive at after `bodyGrace`, bytes a second.
    public let minimumBodyRate: Int
    /// The longest a request body may take, seconds from its head.
    public let longestBody: Int64
    /// The longest a response may take to be written, seconds from its head.
    public let longestWrite: Int64
    /// How long without progress makes a busy connection evictable, seconds.
    public let stalledAfter: Int64

    struct Entry {
        let channel: any Channel
        /// When it became idle; nil while a request or response is in progress.
        var idleSince: NIODeadline?
        /// The last byte read or written.
        var lastProgress: NIODeadline
        /// When the request being read began, and its body's bytes so far.
        var requestStarted: NIODeadline?
        var bodyBytes = 0
        /// When the response being written began.
        var responseStarted: NIODeadline?
    }

    private let entries = NIOLockedValueBox<[ObjectIdentifier: Entry]>([:])
    private let sweeping = NIOLockedValueBox(false)

    /// A guard keeping at most `highWater` connections before closing idle
    /// (or stalled) ones, with the deadlines above.
    public init(highWater: Int, bodyGrace: Int64 = 15, minimumBodyRate: Int = 1024, longestBody: Int64 = 120,
                longestWrite: Int64 = 30, stalledAfter: Int64 = 1) {
        self.highWater = max(1, highWater)
        self.bodyGrace = bodyGrace
        self.minimumBodyRate = minimumBodyRate
        self.longestBody = longestBody
        self.longestWrite = longestWrite
        self.stalledAfter = stalledAfter
    }

    /// The number of connections it holds now.
    public var count: Int { entries.withLockedValue { $0.count } }

    /// A new handler for one connection's pipeline (after the HTTP codec).
    public func makeHandler() -> any RemovableChannelHandler {
        startSweeping()
        return ConnectionGuardHandler(guard: self)
    }

    func opened(_ channel: any Channel) {
        let evicted: [any Channel] = entries.withLockedValue { entries in
            let now = NIODeadline.now()
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, idleSince: now, lastProgress: now)
            return evict(from: &entries, sparing: ObjectIdentifier(channel), at: now)
        }
        for channel in evicted { channel.close(promise: nil) }
    }

    /// While more than `highWater` are open: the longest idle connection,
    /// else the one stalled longest (no progress for `stalledAfter`), taken
    /// out of `entries` to be closed; never `sparing` (the one just opened).
    private func evict(from entries: inout [ObjectIdentifier: Entry], sparing: ObjectIdentifier?,
                       at now: NIODeadline) -> [any Channel] {
        var evicted: [any Channel] = []
        while entries.count > highWater {
            let others = entries.filter { $0.key != sparing }
            let idle = others.filter { $0.value.idleSince != nil }
            // Waiting on the client: reading its request, or writing an
            // answer it does not take; a request being computed is not stalled.
            let stalled = others.filter {
                ($0.value.requestStarted != nil || $0.value.responseStarted != nil)
                    && now - $0.value.lastProgress >= .seconds(stalledAfter)
            }
            guard let victim = idle.min(by: { $0.value.idleSince! < $1.value.idleSince! })
                ?? stalled.min(by: { $0.value.lastProgress < $1.value.lastProgress }) else { break }
            entries[victim.key] = nil
            evicted.append(victim.value.channel)
        }
        return evicted
    }

    func closed(_ channel: any Channel) {
        entries.withLockedValue { $0[ObjectIdentifier(channel)] = nil }
    }

    /// A request head was read: busy, its body's clock started.
    func requestBegan(_ channel: any Channel) {
        update(channel) { entry, now in
            entry.idleSince = nil
            entry.requestStarted = now
            entry.bodyBytes = 0
        }
    }

    /// `bytes` of a request body were read.
    func bodyRead(_ channel: any Channel, _ bytes: Int) {
        update(channel) { entry, _ in entry.bodyBytes += bytes }
    }

    /// The request's end was read.
    func requestEnded(_ channel: any Channel) {
        update(channel) { entry, _ in entry.requestStarted = nil }
    }

    /// A response head is being written.
    func responseBegan(_ channel: any Channel) {
        update(channel) { entry, now in
            entry.idleSince = nil
            if entry.responseStarted == nil { entry.responseStarted = now }
        }
    }

    /// The response's end was written to the socket: idle again, unless a
    /// pipelined request is being read.
    func responseWritten(_ channel: any Channel) {
        update(channel) { entry, now in
            entry.responseStarted = nil
            if entry.requestStarted == nil { entry.idleSince = now }
        }
    }

    private func update(_ channel: any Channel, _ change: (inout Entry, NIODeadline) -> Void) {
        entries.withLockedValue { entries in
            let now = NIODeadline.now()
            guard var entry = entries[ObjectIdentifier(channel)] else { return }
            change(&entry, now)
            entry.lastProgress = now
            entries[ObjectIdentifier(channel)] = entry
        }
    }

    /// The connections that fell behind their deadlines at `now`, and while
    /// more than `highWater` are open the idle or stalled ones (as a new
    /// connection would evict them: at the cap none arrives), removed from
    /// the guard.
    func overdue(at now: NIODeadline) -> [any Channel] {
        entries.withLockedValue { entries in
            var late: [ObjectIdentifier] = []
            for (key, entry) in entries {
                if let started = entry.requestStarted {
                    let elapsed = now - started
                    if elapsed > .seconds(longestBody) { late.append(key); continue }
                    if elapsed > .seconds(bodyGrace) {
                        let due = Int64(minimumBodyRate) * (elapsed.nanoseconds - TimeAmount.seconds(bodyGrace).nanoseconds) / 1_000_000_000
                        if Int64(entry.bodyBytes) < due { late.append(key); continue }
                    }
                }
                if let started = entry.responseStarted, now - started > .seconds(longestWrite) { late.append(key) }
            }
            return late.compactMap { entries.removeValue(forKey: $0)?.channel }
                + evict(from: &entries, sparing: nil, at: now)
        }
    }

    /// Once: a task that closes the overdue connections every quarter second
    /// while the guard lives (at the cap, a new client waits for it).
    private func startSweeping() {
        let first = sweeping.withLockedValue { started in
            defer { started = true }
            return !started
        }
        guard first else { return }
        Task { [weak self] in
            while true {
                try? await Task.sleep(for: .milliseconds(250))
                guard let self else { return }
                for channel in self.overdue(at: .now()) { channel.close(promise: nil) }
            }
        }
    }
}

/// One connection's part of `ConnectionGuard`: busy from a request head to
/// the moment its response's end is written to the socket, with every byte
/// read counted.
final class ConnectionGuardHandler: HTTPPartDuplexHandler, RemovableChannelHandler {
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
        if registered {
            switch unwrapInboundIn(data) {
            case .head: connections.requestBegan(context.channel)
            case .body(let buffer): connections.bodyRead(context.channel, buffer.readableBytes)
            case .end: connections.requestEnded(context.channel)
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard registered else { return context.write(data, promise: promise) }
        switch unwrapOutboundIn(data) {
        case .head:
            connections.responseBegan(context.channel)
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            let written = promise ?? context.eventLoop.makePromise(of: Void.self)
            let (connections, channel) = (self.connections, context.channel)
            written.futureResult.whenSuccess { connections.responseWritten(channel) }
            context.write(data, promise: written)
        }
    }
}

@available(*, unavailable)
extension ConnectionGuardHandler: Sendable {}
