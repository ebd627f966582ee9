import FilterDesign

/// What `Verification` checks: a filter as it will run, and (when known) what
/// it was meant to be.
public struct VerificationSubject: Sendable {
    /// A name for reports (a command line, a template name).
    public var label: String
    /// The intent: family, band, corners, ripple, transform. Nil when unknown;
    /// then only the checks that need no intent are made.
    public var recipe: FilterRecipe?
    /// The filter as designed, in double precision; nil when the comparison is
    /// made elsewhere (templates, compared field by field).
    public var designed: FilterAsRun?
    /// The filter as it will run: its coefficients as `precision` stores them.
    public var asRun: FilterAsRun
    /// The arithmetic it runs in.
    public var precision: RunningPrecision
    /// The sample rate in Hz, when known (for figures in Hz and milliseconds).
    public var sampleRate: Double?
    /// The tolerance of the normalised, corners and ripple checks, relative;
    /// nil: `precision.gainTolerance`. Templates printed with fewer digits than
    /// a double holds set it to what their printing allows.
    public var gainTolerance: Double? = nil
    /// The first n outputs of the running filter for the input 1, 0, 0, ...:
    /// the real runtime (or a faithful simulation of the emitted code).
    public var runImpulse: @Sendable (Int) -> [Double]
    /// The same for the input 1, 1, 1, ...; nil when not run.
    public var runStep: (@Sendable (Int) -> [Double])? = nil
    /// Whether the sections run in `SectionCascade`'s offset form (Float's
    /// default): their poles are then set by the remainders c1 and s
    /// (`OffsetBiquad`), stored as a high and a low part and multiplied in the
    /// sample type, and **stable** judges the margin by what rounding those
    /// does (see `Verification.verify`).
    public var runsInOffsetForm = false
    /// True for a filter normalised as Fisher normalises (|H| = 1 at dc,
    /// Nyquist or the arithmetic centre of the corners; his gencode's and
    /// templates written before the scipy convention): the "normalised"
    /// check then looks there instead of at the passband's maximum.
    public var normalizedAtFisherPoint = false
    /// The extremes of the running filter's first n outputs for the input 1, 0,
    /// 0, ..., run in chunks without storing them (`ImpulseExtremes`), for
    /// impulse responses too long to keep; nil: from `runImpulse`.
    public var runImpulseExtremes: (@Sendable (Int) -> ImpulseExtremes)? = nil

    /// A subject; see the properties.
    public init(label: String, recipe: FilterRecipe?, designed: FilterAsRun?,
                asRun: FilterAsRun, precision: RunningPrecision, sampleRate: Double?,
                runImpulse: @escaping @Sendable (Int) -> [Double]) {
        self.label = label
        self.recipe = recipe
        self.designed = designed
        self.asRun = asRun
        self.precision = precision
        self.sampleRate = sampleRate
        self.runImpulse = runImpulse
    }
}
