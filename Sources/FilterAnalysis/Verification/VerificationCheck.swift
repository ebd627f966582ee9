/// One check of a verification: passed or not, and the numbers that say why.
public struct VerificationCheck: Sendable, Hashable {
    /// A short identifier: `stable`, `decays`, `normalised`, `corners`, `ripple`,
    /// `responses-agree`, `matches-design`.
    public let name: String
    /// Whether the filter passed.
    public let passed: Bool
    /// One line of evidence.
    public let detail: String
    /// Whether the check was not made because it would run past a cap
    /// (`detail` says what was skipped and why); a skipped check counts as
    /// passed, since nothing it could make failed.
    public let skipped: Bool

    /// A check; see the properties.
    public init(name: String, passed: Bool, detail: String, skipped: Bool = false) {
        self.name = name
        self.passed = passed
        self.detail = detail
        self.skipped = skipped
    }
}
