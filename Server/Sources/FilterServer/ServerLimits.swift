import NIOCore

/// What the server holds to, whatever its clients do: how long a silent
/// connection stays open, how many connections it keeps, how much heavy
/// work runs at once and how large a request head may be.
///
/// The defaults suit one user's browser and a phone. `connectionCap(for:)`
/// keeps the connection cap well below the process's descriptor limit, so
/// that idle sockets can never use up the descriptors the runtime itself
/// needs (libdispatch aborts with SIGILL when it cannot open
/// `/proc/<tid>/stat`).
public struct ServerLimits: Sendable {
    /// Seconds a connection may stay silent: before its first request head
    /// is complete (a header-read timeout, slowloris included) and between
    /// requests (keep-alive). Hummingbird's `idleTimeout`.
    public var idleTimeout: Int64 = 15
    /// The most connections open at once; more wait in the kernel's backlog.
    public var maximumConnections: Int = 1024
    /// Heavy requests (`HeavyWork`) computed at once, each on its own thread.
    public var heavySlots: Int = max(1, System.coreCount - 1)
    /// Heavy requests waiting for a slot; beyond them a heavy request is a 503.
    public var heavyQueue: Int = 4
    /// The longest one request's design may compute, in seconds; a design
    /// still running then is stopped and answered with 422 naming the bound.
    public var designSeconds: Int64 = 5
    /// The longest request head (request line and header fields), in bytes;
    /// a longer one is a 431 with a JSON error.
    public var maximumHeadBytes: Int = 32 * 1024

    /// The defaults.
    public init() {}

    /// The connection cap for a process allowed `descriptors` open files:
    /// half of what is left after 64 kept for the runtime, the event loops,
    /// threads and files, never more than `maximumConnections` nor fewer than 8.
    public func connectionCap(for descriptors: Int) -> Int {
        min(maximumConnections, max(8, (descriptors - 64) / 2))
    }
}
