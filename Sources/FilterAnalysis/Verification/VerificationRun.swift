import FilterDesign

/// A verification being made: the subject, the tolerances its checks allow,
/// and the checks and figures recorded so far. Each check is a method of its
/// own (Checks/), and `Verification.verify` calls them in order.
struct VerificationRun {
    /// What is verified.
    let subject: VerificationSubject
    /// Its arithmetic.
    let precision: RunningPrecision
    /// The relative tolerance of the normalised, corners and ripple checks.
    let gainTolerance: Double
    /// The same in dB, for the ripple and band checks.
    let rippleTolerance: Double
    /// The checks made so far, in order.
    private(set) var checks: [VerificationCheck] = []
    /// The figures measured so far, in order.
    private(set) var figures: [VerificationFigure] = []

    /// A run of the checks on `subject`, none made yet.
    init(_ subject: VerificationSubject) {
        self.subject = subject
        precision = subject.precision
        gainTolerance = subject.gainTolerance ?? subject.precision.gainTolerance
        rippleTolerance = RunningPrecision.rippleToleranceDecibels(gainTolerance: gainTolerance)
    }

    /// Records `check`.
    mutating func record(_ check: VerificationCheck) {
        checks.append(check)
    }

    /// Records a figure, unless its value is not finite.
    mutating func figure(_ name: String, _ value: Double, _ unit: String) {
        if value.isFinite { figures.append(VerificationFigure(name: name, value: value, unit: unit)) }
    }

    /// " (f Hz)" for the frequency `alpha` when the sample rate is known, else "".
    func hz(_ alpha: Double) -> String {
        subject.sampleRate.map { " (" + format(alpha * $0) + " Hz)" } ?? ""
    }

    /// `Verification.format`.
    func format(_ x: Double, _ style: String = "%.6g") -> String {
        Verification.format(x, style)
    }

    /// The verification as made so far.
    var result: Verification {
        Verification(label: subject.label, precision: precision, checks: checks, figures: figures)
    }
}
