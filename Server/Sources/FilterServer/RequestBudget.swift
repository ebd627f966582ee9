import FilterDesign
import NIOConcurrencyHelpers
import NIOCore

/// One request's bound on the design it asks for (`DesignBudget`): at most
/// `seconds` from when its work starts, and nothing more once its client
/// has gone (the connection closed: `cancel()`). The work's searches and
/// iterations look at it between their steps and stop with `DesignStop`,
/// which the page and the API answer with 422 naming the bound.
public final class RequestBudget: Sendable {
    /// The longest one request's design may compute, in seconds.
    public let seconds: Int64
    private struct State {
        var cancelled = false
        var deadline: NIODeadline?
    }
    private let state = NIOLockedValueBox(State())

    /// A bound of `seconds` once the work starts.
    public init(seconds: Int64) {
        self.seconds = seconds
    }

    /// The client went away: the work stops at its next checkpoint.
    public func cancel() {
        state.withLockedValue { $0.cancelled = true }
    }

    /// Whether the client went away.
    public var isCancelled: Bool { state.withLockedValue { $0.cancelled } }

    /// `work` under the bound, its clock started now.
    public func run<T>(_ work: () -> T) -> T {
        state.withLockedValue { $0.deadline = .now() + .seconds(seconds) }
        let budget = DesignBudget { [self] in
            state.withLockedValue { state -> DesignStop? in
                if state.cancelled { return .cancelled }
                if let deadline = state.deadline, NIODeadline.now() > deadline { return .timeLimit(seconds: Double(seconds)) }
                return nil
            }
        }
        return DesignBudget.$current.withValue(budget) { work() }
    }
}
