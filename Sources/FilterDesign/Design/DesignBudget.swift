/// Why a design stopped before its end: its time ran out, or whoever asked
/// for it went away.
public enum DesignStop: Error, Sendable, Hashable, CustomStringConvertible {
    /// The design ran longer than the budget allows, in seconds.
    case timeLimit(seconds: Double)
    /// The design's caller cancelled it (a web client that closed its
    /// connection): nobody waits for the answer.
    case cancelled

    /// "the design took longer than the 5 s one request may compute" or
    /// "the design was cancelled".
    public var description: String {
        switch self {
        case let .timeLimit(seconds):
            return "the design took longer than the \(messageNumber(seconds)) s one request may compute here"
        case .cancelled:
            return "the design was cancelled"
        }
    }
}

/// A bound on the work of the designs that run under it: a deadline and a
/// cancellation, looked at (`checkpoint()`) between the steps of every
/// search and iteration whose length the input sets: each candidate of a
/// FIR specification's search, each exchange of `remez`, each column or row
/// of `firls`'s factorisations, each step of its refinement and of
/// Levinson's recursion.
///
/// The bound is bound to the work as a task-local value (`current`), so the
/// design functions keep their signatures: a server runs
/// `DesignBudget.$current.withValue(budget) { design }`, on a task or, as
/// task-locals allow, on a plain thread of a pool. Without one the budget is
/// `unlimited` and a checkpoint costs a task-local read.
///
/// FilterDesign knows no clock: the caller's `check` closure reads one
/// (and its cancellation flag) and says whether to stop.
public struct DesignBudget: Sendable {
    /// The budget bound to the work running now (`unlimited` by default).
    @TaskLocal public static var current = DesignBudget.unlimited

    /// No bound: `checkpoint()` never throws.
    public static let unlimited = DesignBudget { nil }

    private let check: @Sendable () -> DesignStop?

    /// A budget that stops the work when `check` returns a reason.
    public init(_ check: @escaping @Sendable () -> DesignStop?) {
        self.check = check
    }

    /// Throws when the work must stop: the deadline has passed, or the
    /// work was cancelled.
    ///
    /// - Throws: `DesignStop`.
    public func checkpoint() throws(DesignStop) {
        if let stop = check() { throw stop }
    }

    /// Why the work bound now must stop, or nil to go on: what an iteration
    /// that cannot throw looks at, to end early (its caller, which can,
    /// then throws the stop: a deadline passed stays passed, a
    /// cancellation stays).
    public static var stop: DesignStop? { current.check() }

    /// `DesignBudget.current.checkpoint()`.
    ///
    /// - Throws: `DesignStop`.
    public static func checkpoint() throws(DesignStop) {
        try current.checkpoint()
    }
}
