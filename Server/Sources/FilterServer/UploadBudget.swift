import NIOConcurrencyHelpers

/// The bytes of recordings held at once, across every upload: each upload
/// reserves its bytes as they arrive (its `Content-Length` at once when
/// given) and gives them back when its answer is made. An upload that would
/// pass the budget is refused with 503 and `Retry-After`, so that many
/// concurrent 10 MB uploads cannot grow the server's memory past the budget
/// (64 of them took 533 MB before there was one).
public final class UploadBudget: Sendable {
    /// The bytes all uploads may hold together.
    public let capacity: Int
    private let held = NIOLockedValueBox(0)

    /// A budget of `capacity` bytes.
    public init(capacity: Int) { self.capacity = max(0, capacity) }

    /// The server's: 32 MB, three uploads of the 10 MB limit at once (their
    /// parsing roughly doubles what the bytes take).
    public static let shared = UploadBudget(capacity: 32 << 20)

    /// Bytes held now.
    public var inUse: Int { held.withLockedValue { $0 } }

    /// Takes `bytes` from the budget; false (nothing taken) when it has not that much left.
    public func reserve(_ bytes: Int) -> Bool {
        held.withLockedValue { held in
            guard bytes >= 0, held + bytes <= capacity else { return false }
            held += bytes
            return true
        }
    }

    /// Gives back `bytes` taken by `reserve`.
    public func release(_ bytes: Int) {
        held.withLockedValue { $0 = max(0, $0 - bytes) }
    }
}
