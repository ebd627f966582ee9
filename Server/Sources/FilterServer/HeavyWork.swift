import FilterDesign
import FilterRequests
import FilterSets
import NIOConcurrencyHelpers
import NIOPosix

/// The bound on heavy requests: designs of high order, specifications (whose
/// order is only known once estimated) and responses of many points cost
/// 0.1-5 s of CPU each (an order-128 Chebyshev II band-pass page 5.2 s, the
/// issue's 65,537-point response 0.25-0.6 s), and so does a recording tried
/// on a design (`POST /api/recording`, always heavy), where an ordinary
/// request costs 1-10 ms.
///
/// At most `slots` heavy requests are computed at once, each on a thread of
/// NIO's blocking pool rather than Swift's cooperative pool, so the
/// cooperative threads stay free for cheap requests; up to `queue` more wait
/// for a slot; beyond them `run` returns nil at once and the route answers
/// 503 with `Retry-After`.
public final class HeavyWork: Sendable {
    /// Heavy requests computed at once.
    public let slots: Int
    /// Heavy requests that may wait for a slot.
    public let queue: Int
    /// The longest one request's design may compute, in seconds
    /// (`RequestBudget`): a design still running then is stopped.
    public let designSeconds: Int64

    /// The highest order computed as a cheap request (an order-24 elliptic
    /// band-stop page takes about 45 ms).
    public static let cheapOrder = 24
    /// The most response points computed as a cheap request.
    public static let cheapPoints = 4097
    /// What `Retry-After` says, in seconds.
    public static let retryAfter = 2
    /// The most FIR taps computed as a cheap request, designed or estimated
    /// for a specification (Kaiser's estimate): the `/fir` page of a 255-tap
    /// `remez` (design, continuum check, plots) takes about 25 ms, where the
    /// example's 31 taps take 5 ms.
    public static let cheapTaps = 255
    /// The fields the FIR routes read beside the design's, all of them:
    /// a query that reads with them reads on the route it was sent to, or
    /// fails there at once.
    static let firExtraFields: Set<String> = ["axis", "scale", "format", "download"]

    struct State {
        var running = 0
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    private let state = NIOLockedValueBox(State())

    /// A bound of `slots` heavy requests at once and `queue` waiting, each
    /// design stopped after `designSeconds`.
    public init(slots: Int, queue: Int, designSeconds: Int64 = 5) {
        self.slots = max(1, slots)
        self.queue = max(0, queue)
        self.designSeconds = max(1, designSeconds)
    }

    /// Whether the request for `path` with `query` is heavy: a recipe of
    /// order above `cheapOrder` or designed from a specification, read as the
    /// design reads it from whichever field carries it (`order`, `passband`,
    /// `stopband`, or Fisher's words in `mkfilter`), or more than
    /// `cheapPoints` response points. A query that does not read is cheap,
    /// since it fails before any design.
    public static func isHeavy(query: String) -> Bool {
        let values = FormValues.parse(query)
        if let points = values["points"].flatMap({ Double($0) }), points > Double(cheapPoints) { return true }
        if let order = values["order"].flatMap({ Double($0) }), order > Double(cheapOrder) { return true }
        if !(values["passband"] ?? "").isEmpty || !(values["stopband"] ?? "").isEmpty { return true }
        // The recipe as the design will read it, from whichever field
        // carries it (`order`, `passband`, or Fisher's words in `mkfilter`).
        guard let recipe = RecipeQuery.recipeIgnoringOtherFields(query) else { return false }
        return recipe.specification != nil || (recipe.order ?? 0) > cheapOrder
    }

    /// Whether a FIR route's request (`/fir`, `/api/fir/...`) is heavy, by
    /// the work its query asks for: more than `cheapTaps` taps, a
    /// specification whose Kaiser estimate is above `cheapTaps` (the search
    /// designs a few candidates about that long), or a minimum-phase filter.
    /// A query that does not read is cheap (it fails before any design), and
    /// so is the page without a query (the example, 31 taps). A decimator
    /// (`design=decimator`) is heavy.
    public static func isHeavyFIR(query: String) -> Bool {
        // A multistage decimator designs several cascades: always heavy.
        if DecimatorQueryRequest.names(query) { return true }
        guard let read = try? FIRQueryRequest(query: query, extraFields: firExtraFields).read() else { return false }
        switch read.design {
        case .recipe(let recipe):
            return recipe.minimumPhase != nil || recipe.method.taps > cheapTaps
        case .specification(let specification):
            guard specification.minimumPhase == nil, let estimate = specification.estimatedTaps else { return true }
            return estimate > cheapTaps
        }
    }

    /// Heavy requests computing or waiting now.
    public var load: (running: Int, waiting: Int) {
        state.withLockedValue { ($0.running, $0.waiting.count) }
    }

    /// `work` on a thread of the blocking pool once a slot is free; nil at
    /// once when every slot is taken and `queue` requests already wait.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        guard await acquire() else { return nil }
        defer { release() }
        return try? await NIOThreadPool.singleton.runIfActive { work() }
    }

    /// Takes a slot, waiting in the queue if there is room; false when full.
    func acquire() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let admitted: Bool? = state.withLockedValue { state in
                if state.running < slots { state.running += 1; return true }
                guard state.waiting.count < queue else { return false }
                state.waiting.append(continuation)
                return nil
            }
            if let admitted { continuation.resume(returning: admitted) }
        }
    }

    /// Hands the slot to the first waiting request, or frees it.
    func release() {
        let next: CheckedContinuation<Bool, Never>? = state.withLockedValue { state in
            if state.waiting.isEmpty { state.running -= 1; return nil }
            return state.waiting.removeFirst()
        }
        next?.resume(returning: true)
    }
}
