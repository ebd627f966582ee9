import FilterDesign

/// The verification of one filter: every check, and the figures measured.
public struct Verification: Sendable {
    /// The subject's label.
    public let label: String
    /// The precision verified.
    public let precision: RunningPrecision
    /// The checks, in the order made.
    public let checks: [VerificationCheck]
    /// The figures measured.
    public let figures: [VerificationFigure]
    /// True when every check passed.
    public var passed: Bool { checks.allSatisfy(\.passed) }
}

extension Verification {
    /// The longest impulse response stored, run and exact (2^21 samples):
    /// what the comparisons with the design and the impulse response's FFT
    /// use. The stored sequences take 56 bytes a sample, and the double-double
    /// run grows with samples times sections: 2^21 bounds both on every
    /// design the tool accepts.
    public static let longestImpulse = 1 << 21
    /// The longest impulse response run for the **decays** check (2^24
    /// samples, in chunks, not stored, when the subject can:
    /// `runImpulseExtremes`). A filter whose poles predict a longer decay has
    /// the check skipped, saying so, after the `longestImpulse` samples kept
    /// are checked to stay finite.
    public static let longestRun = 1 << 24

    /// The grid of the response checks: N = n/2 + 1 frequencies for the FFT
    /// length n, the smallest power of two with n >= 4096 and 2 pi / n <= 1 - r
    /// for the pole radius r nearest the unit circle (at most 2^22). A coarser
    /// grid can miss a resonance narrower than its spacing, and then measures
    /// every difference against a peak far below the true one.
    static func grid(poleMargin margin: Double) -> FrequencyGrid {
        var n = 4096
        while n < 1 << 22 && 2 * Double.pi / Double(n) > margin { n *= 2 }
        return FrequencyGrid(count: n / 2 + 1)
    }

    /// Verifies `subject`, check by check, in this order (each check's own
    /// documentation says what it measures and allows):
    /// - **finite**: a coefficient or the gain not finite ends the verification;
    /// - **stable** (`checkStability`) and **decays** (`checkDecay`), on the
    ///   coefficients as run; the checks below need both;
    /// - **responses-agree** (`checkResponsesAgree`): the response computed
    ///   three ways;
    /// - **matches-design**, **impulse-as-run**, **step-as-run**
    ///   (`checkAgainstDesign`), when the design is known;
    /// - with the recipe: **normalised** (`checkNormalisation`), **corners**
    ///   (`checkCorners`) or **ripple** (`checkRipple`), **passband** and
    ///   **stopband** (`checkBandRequirements`), and the figures of the
    ///   response (`recordPeakFigures`, `recordDelayAndStepFigures`).
    public static func verify(_ subject: VerificationSubject) -> Verification {
        var run = VerificationRun(subject)
        guard let stability = run.checkFiniteAndStable() else { return run.result }
        let impulse = run.checkDecay(stability)
        guard stability.stable, let decayLength = impulse.predictedLength else { return run.result }
        let responses = run.checkResponsesAgree(stability.form, running: impulse.running, decayLength: decayLength)
        if let design = subject.designed {
            run.checkAgainstDesign(design, responses, running: impulse.running)
        }
        guard let recipe = subject.recipe else { return run.result }
        let measure = run.checkAgainstRecipe(recipe, stability.form)
        run.recordDelayAndStepFigures(recipe, measure, exact: responses.exact)
        return run.result
    }

    /// The checks of `verify` that need no impulse response, cheap enough
    /// for every design a command prints or emits (they warn when one
    /// fails): **finite**, **stable**, and with the recipe **normalised**,
    /// **corners** or **ripple**, **passband** and **stopband**, as
    /// `verify(_:)` makes them.
    public static func verifyResponse(_ subject: VerificationSubject) -> Verification {
        var run = VerificationRun(subject)
        guard let stability = run.checkFiniteAndStable() else { return run.result }
        guard stability.stable, let recipe = subject.recipe else { return run.result }
        _ = run.checkAgainstRecipe(recipe, stability.form)
        return run.result
    }

    /// `%.6g`-style text for reports ("not a number", "infinite" for the rest).
    public static func format(_ x: Double, _ style: String = "%.6g") -> String {
        guard x.isFinite else { return x.isNaN ? "not a number" : (x > 0 ? "infinite" : "-infinite") }
        return formatC(style, x)
    }
}
