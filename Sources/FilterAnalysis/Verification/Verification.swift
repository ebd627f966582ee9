import ComplexModule
import FilterDesign
import FilterRuntime
import RealModule

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
    public var designed: RealizedFilter?
    /// The filter as it will run: its coefficients as `precision` stores them.
    public var asRun: RealizedFilter
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
    public init(label: String, recipe: FilterRecipe?, designed: RealizedFilter?,
                asRun: RealizedFilter, precision: RunningPrecision, sampleRate: Double?,
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

/// The largest magnitude of an impulse response and of its last tenth, and
/// whether every value was finite: what the **decays** check needs.
public struct ImpulseExtremes: Sendable, Hashable {
    /// max |h[n]| over the finite values.
    public var peak: Double
    /// max |h[n]| over the last `tailLength` values.
    public var tail: Double
    /// max(1, n / 10) for n values.
    public var tailLength: Int
    /// Whether every value was finite.
    public var finite: Bool

    /// The extremes of `values`.
    public init<C: Collection>(_ values: C) where C.Element == Double {
        var accumulator = Accumulator(count: values.count)
        accumulator.add(values)
        self = accumulator.result
    }

    /// Extremes from their parts.
    public init(peak: Double, tail: Double, tailLength: Int, finite: Bool) {
        (self.peak, self.tail, self.tailLength, self.finite) = (peak, tail, tailLength, finite)
    }

    /// Gathers the extremes of `count` values given chunk by chunk.
    public struct Accumulator: Sendable {
        let count: Int, tailStart: Int
        var seen = 0, peak = 0.0, tail = 0.0, finite = true

        /// For `count` values in all.
        public init(count: Int) {
            self.count = count
            tailStart = count - max(1, count / 10)
        }

        /// The next values.
        public mutating func add<C: Collection>(_ values: C) where C.Element == Double {
            for v in values {
                let m = abs(v)
                if m.isFinite { peak = max(peak, m) } else { finite = false }
                if seen >= tailStart { tail = max(tail, m) }
                seen += 1
            }
        }

        /// The extremes so far.
        public var result: ImpulseExtremes {
            ImpulseExtremes(peak: peak, tail: tail, tailLength: max(1, count / 10), finite: finite)
        }
    }
}

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

/// A derived figure of a verified filter (name, value and unit), for reports.
public struct VerificationFigure: Sendable, Hashable {
    /// What the figure is, e.g. `-3 dB frequency`.
    public let name: String
    /// Its value (always finite).
    public let value: Double
    /// Its unit: `alpha`, `Hz`, `dB`, `samples`, `ms`, or empty.
    public let unit: String

    /// A figure; see the properties.
    public init(name: String, value: Double, unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }
}

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
    /// use. Its double-double run costs about 0.1 s per million samples and
    /// section, and the stored sequences 56 bytes a sample: 2^21 keeps verify
    /// within seconds and about 300 MB on every design the tool accepts.
    public static let longestImpulse = 1 << 21
    /// The longest impulse response run for the **decays** check (2^24
    /// samples, in chunks, not stored, when the subject can:
    /// `runImpulseExtremes`): up to 3 s for 10 sections in Float's offset
    /// form (17 ns a sample). A filter whose poles predict a longer decay has
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

    /// Verifies `subject`:
    /// - **stable**: every pole of the coefficients as run inside the unit circle
    ///   by at least 10 units of their rounding (1 - r >= 10 u). For sections
    ///   in the offset form (`VerificationSubject.runsInOffsetForm`) the
    ///   stored numbers are not a1 and a2 but integers (exact) and the
    ///   remainders c1 and s, held to about u^2 of themselves; what can move
    ///   a pole as the filter runs is the rounding of their products, u of
    ///   c1 and of s, which is far less than u near the unit circle
    ///   (s = a2 - 1 there). So the same 10 units are applied to what this
    ///   form rounds: every pole stays inside with c1 and s each off by 10 u
    ///   relative, either way (`offsetFormMargin`);
    /// - **decays**: the running filter's impulse response, run until the poles
    ///   predict 1e-17, ends below 1e-6 of its peak; when that is beyond
    ///   `longestRun` samples (in chunks beyond the `longestImpulse` kept), the
    ///   check is skipped and says so, after checking what it ran stays finite;
    /// - **normalised**: |H| = 1 at the reference frequency (dc for low-pass and
    ///   band-stop, Nyquist for high-pass, the centre for band-pass; sqrt(|H(0)||H(0.5)|)
    ///   for band-stop), within `precision.gainTolerance`;
    /// - **corners** (Butterworth and Bessel by the pre-warped bilinear
    ///   transform): |H| = 1/sqrt(2) of the peak at each corner;
    /// - **ripple** (Chebyshev by the pre-warped bilinear transform): the
    ///   passband ripple at most the specified dB, and -ripple dB at the corners;
    /// - **passband**, **stopband** (Chebyshev II, elliptic, and designs from a
    ///   magnitude specification, `FilterRecipe.bandRequirements`): the loss in
    ///   the passband at most R dB and the attenuation over the whole stopband
    ///   at least A dB, both from the passband maximum, on the response as run,
    ///   within the ripple tolerance; for Chebyshev II and elliptic, **normalised**
    ///   checks the passband maximum is 1;
    /// - **responses-agree**: the response from the coefficients, from the poles
    ///   and zeros and from the impulse response (exact, when it decays within
    ///   the `longestImpulse` samples kept; else that one is skipped, saying
    ///   so) agree within 1e-10 of the peak, on a grid fine enough for the
    ///   sharpest pole (`grid(poleMargin:)`);
    /// - **matches-design**: the response as run within `precision.designTolerance`
    ///   of the peak of the design's.
    public static func verify(_ subject: VerificationSubject) -> Verification {
        var checks: [VerificationCheck] = []
        var figures: [VerificationFigure] = []
        let p = subject.precision
        let gainTolerance = subject.gainTolerance ?? p.gainTolerance
        let rippleTolerance = RunningPrecision.rippleToleranceDecibels(gainTolerance: gainTolerance)
        func figure(_ name: String, _ value: Double, _ unit: String) {
            if value.isFinite { figures.append(VerificationFigure(name: name, value: value, unit: unit)) }
        }
        func hz(_ alpha: Double) -> String {
            subject.sampleRate.map { " (" + format(alpha * $0) + " Hz)" } ?? ""
        }
        guard subject.asRun.isFinite else {
            checks.append(VerificationCheck(name: "finite", passed: false,
                                            detail: "a coefficient or the gain is not a finite number"))
            return Verification(label: subject.label, precision: p, checks: checks, figures: figures)
        }

        // Stability, from the poles of the coefficients as they are stored.
        let form = subject.asRun.poleZeroForm
        let radius = form.largestPoleRadius
        let margin = 1 - radius
        let stable: Bool
        if subject.runsInOffsetForm, case .sections(let sections) = subject.asRun {
            let perturbed = offsetFormMargin(sections, relative: 10 * p.unitRoundoff)
            stable = margin > 0 && perturbed > 0
            checks.append(VerificationCheck(
                name: "stable", passed: stable,
                detail: "largest pole radius " + format(radius) + ", margin " + format(margin)
                    + "; with each section's c1 and s off by 10 units of their rounding, margin "
                    + format(perturbed) + (stable ? "" : " (needs > 0)")))
        } else {
            stable = margin >= 10 * p.unitRoundoff
            checks.append(VerificationCheck(
                name: "stable", passed: stable,
                detail: "largest pole radius " + format(radius) + ", margin " + format(margin)
                    + (stable ? "" : " (needs >= " + format(10 * p.unitRoundoff) + ")")))
        }
        figure("largest pole radius", radius, "")

        // Decay of the impulse response as it really runs: stored up to
        // `longestImpulse` samples (the comparisons below need it), beyond that
        // run in chunks up to `longestRun` for its extremes only.
        let predicted = TimeResponse.decayLength(largestPoleRadius: radius, poleCount: form.poles.count)
        // Past `longestRun` the check is skipped: only the samples kept are run.
        let length = (predicted ?? 4096) > longestRun ? longestImpulse : (predicted ?? 4096)
        let running = subject.runImpulse(min(length, longestImpulse))
        let extremes = length > running.count
            ? (subject.runImpulseExtremes?(length) ?? ImpulseExtremes(running)) : ImpulseExtremes(running)
        let checkedLength = length > running.count && subject.runImpulseExtremes == nil ? running.count : length
        let tailRatio = format(extremes.peak > 0 ? extremes.tail / extremes.peak : extremes.tail)
        if extremes.finite, let predicted, predicted > checkedLength {
            // Past the cap: not run on. What the poles say, and what was seen.
            checks.append(VerificationCheck(
                name: "decays", passed: true,
                detail: "skipped: the poles (largest radius " + format(radius, "%.12g") + ") predict \(predicted) samples"
                    + " to decay, beyond the \(longestRun) verify runs; the first \(checkedLength) stay finite, their last \(extremes.tailLength)"
                    + " at most " + tailRatio + " of the peak",
                skipped: true))
        } else {
            let decays = extremes.finite && extremes.peak > 0 && extremes.tail <= 1e-6 * extremes.peak && predicted != nil
            checks.append(VerificationCheck(
                name: "decays", passed: decays,
                detail: extremes.finite
                    ? "last \(extremes.tailLength) of \(checkedLength) samples at most " + tailRatio + " of the peak"
                    : "the impulse response overflows"))
        }

        guard stable, let decayLength = predicted else {
            return Verification(label: subject.label, precision: p, checks: checks, figures: figures)
        }
        // The exact (double-double) responses are kept up to `longestImpulse`.
        let keptLength = min(decayLength, longestImpulse)

        // The three computations of the response, on the coefficients as run,
        // on a grid fine enough to resolve the sharpest pole.
        let grid = Self.grid(poleMargin: form.smallestPoleMargin)
        let byCoefficients = subject.asRun.response(grid: grid)
        let byPolesAndZeros = FrequencyResponse.fromPolesAndZeros(form, grid: grid)
        // The exact impulse response, kept to `keptLength`. When the poles
        // predict a longer decay, its FFT would be a truncated response, so
        // the third computation is skipped, and the check says so.
        let exact = subject.asRun.exactImpulse(count: keptLength)
        let exactImpulse = exact.values
        let truncated = keptLength < decayLength
        var agreement = byCoefficients.largestDifference(from: byPolesAndZeros)
        if !truncated {
            let byImpulse = FrequencyResponse.fromImpulseResponse(exactImpulse, grid: grid)
            agreement = max(agreement, byCoefficients.largestDifference(from: byImpulse),
                            byPolesAndZeros.largestDifference(from: byImpulse))
        }
        checks.append(VerificationCheck(
            name: "responses-agree", passed: agreement <= 1e-10,
            detail: truncated
                ? "coefficients and poles/zeros agree within " + format(agreement) + " of the peak on \(grid.count)"
                    + " frequencies; the impulse response (FFT) skipped: the poles predict \(decayLength) samples to decay,"
                    + " beyond the \(keptLength) verify keeps"
                : "coefficients, poles/zeros and impulse response (FFT) agree within "
                    + format(agreement) + " of the peak on \(grid.count) frequencies"))
        let exactPeak = exactImpulse.map(abs).max() ?? 0
        let roundoff = zip(running.prefix(exactImpulse.count), exactImpulse).map { abs($0 - $1) }.max() ?? 0
        figure("impulse response rounding error (of its peak)", exactPeak > 0 ? roundoff / exactPeak : roundoff, "")

        // Against the design: its response, and the filter run in its arithmetic
        // against the design's exact impulse and step responses (the design's
        // impulse response is the one above when the filter runs as designed).
        if let design = subject.designed {
            let designed = design.response(grid: grid)
            let deviation = byCoefficients.largestDifference(from: designed)
            checks.append(VerificationCheck(
                name: "matches-design", passed: deviation <= p.designTolerance,
                detail: "response as run within " + format(deviation) + " of the design's peak (allowed "
                    + format(p.designTolerance) + ")" + (deviation <= p.designTolerance ? "" : p.remedy)))
            let designedExact = design == subject.asRun ? exact : design.exactImpulse(count: keptLength)
            let impulseError = relativeError(running.prefix(keptLength), designedExact.values)
            figure("impulse response as run, off the design's by (of its peak)", impulseError, "")
            checks.append(VerificationCheck(
                name: "impulse-as-run", passed: impulseError <= p.designTolerance,
                detail: "the impulse response as run" + (truncated ? " (its first \(keptLength) samples)" : "")
                    + " is within " + format(impulseError) + " of the design's peak (allowed "
                    + format(p.designTolerance) + ")" + (impulseError <= p.designTolerance ? "" : p.remedy)))
            if let runStep = subject.runStep {
                let stepLength = min(keptLength, 1 << 18)
                let stepError = relativeError(runStep(stepLength)[...], designedExact.prefix(stepLength).runningSum().values)
                figure("step response as run, off the design's by (of its peak)", stepError, "")
                checks.append(VerificationCheck(
                    name: "step-as-run", passed: stepError <= p.designTolerance,
                    detail: "the step response as run is within " + format(stepError) + " of the design's peak (allowed "
                        + format(p.designTolerance) + ")" + (stepError <= p.designTolerance ? "" : p.remedy)))
            }
        }

        let measure = ResponseMeasurements(form)
        guard let spec = subject.recipe else {
            return Verification(label: subject.label, precision: p, checks: checks, figures: figures)
        }

        // Normalisation: the passband maximum at 1 (scipy's convention,
        // `FilterRecipe.normalized`). Resonators and PI are normalised at
        // Fisher's point; Butterworth, Bessel and Chebyshev I where the band
        // transform puts the prototype's dc (|H| = 1, or 10^(-R/20) for an
        // even-order Chebyshev I), and where that is the passband's maximum
        // (the bilinear transform, all poles, no extra zero) the maximum is
        // checked too; Chebyshev II and elliptic at their passband maximum.
        let standard = spec.discretization == .bilinear && spec.poleSubset == nil && spec.extraZeroAlpha == nil
            && spec.band != nil && spec.band != .allPass
        var reference: Double
        let referenceName: String
        var target = 1.0
        let fisher = subject.normalizedAtFisherPoint || !spec.hasSPlane || spec.family == .proportionalIntegral
        if case .chebyshev(let ripple) = spec.family, let order = spec.order, order % 2 == 0, !fisher {
            target = Double.pow(10, -ripple / 20)
        }
        switch (spec.family, spec.band) {
        case (.proportionalIntegral, _), (_, .highPass?):
            reference = measure.magnitude(atAlpha: 0.5); referenceName = "Nyquist"
        case (_, .bandPass?) where fisher, (_, .allPass?):
            reference = measure.magnitude(atAlpha: 0.5 * (spec.alpha1 + spec.alpha2)); referenceName = "the centre"
        case (_, .bandPass?):
            reference = measure.magnitude(atAlpha: spec.passbandCentre); referenceName = "the centre"
        case (_, .bandStop?):
            reference = (measure.magnitude(atAlpha: 0) * measure.magnitude(atAlpha: 0.5)).squareRoot()
            referenceName = "dc and Nyquist (geometric mean)"
        default:
            reference = measure.magnitude(atAlpha: 0); referenceName = "dc"
        }
        var gainError = abs(reference / target - 1)
        var referenceText = "|H| at \(referenceName) = " + format(reference, "%.12g")
            + (target == 1 ? "" : " (" + format(target, "%.12g") + " expected)")
        let requirements = spec.bandRequirements
        let passbandIntervals: [ClosedRange<Double>]?
        switch (spec.family, spec.band) {
        case (.chebyshev2, _), (.elliptic, _): passbandIntervals = requirements?.referenceBand
        case (.butterworth, let band?), (.bessel, let band?), (.chebyshev, let band?):
            passbandIntervals = standard ? MagnitudeSpecification.intervals(band: band, edges: [spec.alpha1, spec.alpha2], inner: true) : nil
        default: passbandIntervals = nil
        }
        if !fisher || spec.family.normalizesAtPassbandMaximum, let passbandIntervals, !passbandIntervals.isEmpty {
            let maximum = passbandIntervals.map { measure.decibelRange(from: $0.lowerBound, to: $0.upperBound).maximum }.max()!
            let peakGain = Double.pow(10, maximum / 20)
            if spec.family.normalizesAtPassbandMaximum {
                gainError = abs(peakGain - 1)
                referenceText = "the passband maximum |H| = " + format(peakGain, "%.12g")
            } else {
                gainError = max(gainError, abs(peakGain - 1))
                referenceText += ", the passband maximum |H| = " + format(peakGain, "%.12g")
            }
        }
        checks.append(VerificationCheck(
            name: "normalised", passed: gainError <= gainTolerance,
            detail: referenceText + ", off by " + format(gainError)
                + " (allowed " + format(gainTolerance) + ")"))

        let corners = spec.band?.hasTwoCorners == true ? [spec.alpha1, spec.alpha2] : [spec.alpha1]
        // -3 dB is relative to the peak: a band-pass is normalised at the
        // arithmetic centre of its corners, which is not where it peaks.
        let peak = measure.peak().magnitude
        figure("peak magnitude", peak, "")
        for alpha in measure.halfPowerFrequencies(reference: peak) {
            figure("-3 dB frequency", alpha, "alpha")
            if let fs = subject.sampleRate { figure("-3 dB frequency", alpha * fs, "Hz") }
        }
        switch spec.family {
        case .butterworth where standard, .bessel where standard:
            let ratios = corners.map { measure.magnitude(atAlpha: $0) / peak }
            let worst = ratios.map { abs($0 * 2.0.squareRoot() - 1) }.max() ?? 0
            var detail = ""
            for (corner, ratio) in zip(corners, ratios) {
                if !detail.isEmpty { detail += ", " }
                detail += "|H| at " + format(corner) + hz(corner) + " = " + format(20 * Double.log10(ratio), "%.9f") + " dB"
            }
            detail += " of the peak (-3.010299957 dB expected; worst off by " + format(worst)
                + " relative, allowed " + format(gainTolerance) + ")"
            checks.append(VerificationCheck(name: "corners", passed: worst <= gainTolerance, detail: detail))
        case .chebyshev(let rippleDecibels) where standard:
            let band: [(Double, Double)]
            switch spec.band! {
            case .lowPass: band = [(0, spec.alpha1)]
            case .highPass: band = [(spec.alpha1, 0.5)]
            case .bandPass: band = [(spec.alpha1, spec.alpha2)]
            default: band = [(0, spec.alpha1), (spec.alpha2, 0.5)]
            }
            var lo = Double.infinity, hi = -Double.infinity
            for (a, b) in band {
                let range = measure.decibelRange(from: a, to: b)
                lo = min(lo, range.minimum); hi = max(hi, range.maximum)
            }
            let ripple = hi - lo
            let edge = corners.map { 20 * Double.log10(measure.magnitude(atAlpha: $0)) - hi }
            let edgeError = edge.map { abs($0 + rippleDecibels) }.max() ?? 0
            figure("passband ripple", ripple, "dB")
            checks.append(VerificationCheck(
                name: "ripple", passed: ripple <= rippleDecibels + rippleTolerance
                    && edgeError <= rippleTolerance,
                detail: "passband ripple " + format(ripple) + " dB (spec " + format(rippleDecibels)
                    + " dB), corners at " + edge.map { format($0) }.joined(separator: ", ") + " dB below the passband peak"))
        default:
            break
        }

        // Chebyshev II, elliptic, and designs from a specification: the bands
        // as run, loss and attenuation in absolute dB (from 0 dB).
        if let requirements {
            let achieved = requirements.measure { measure.magnitude(atAlpha: $0) }
            func bands(_ intervals: [ClosedRange<Double>]) -> String {
                intervals.map { format($0.lowerBound) + " ... " + format($0.upperBound) }.joined(separator: " and ")
            }
            if let loss = achieved.passbandLoss, let allowed = requirements.passbandLoss {
                figure("passband loss", loss, "dB")
                // Absolute dB: within [-R, 0] (the maximum at most 0 dB).
                let ok = loss <= allowed + rippleTolerance && achieved.passbandMaximum <= rippleTolerance
                checks.append(VerificationCheck(
                    name: "passband", passed: ok,
                    detail: "passband " + bands(requirements.passband) + ": loss at most " + format(loss) + " dB, maximum "
                        + format(achieved.passbandMaximum) + " dB (spec within -" + format(allowed) + " ... 0 dB"
                        + (ok ? ")" : ", allowed " + format(allowed + rippleTolerance) + " dB of loss, "
                            + format(rippleTolerance) + " dB above 0)" + p.remedy)))
            }
            figure("stopband attenuation", achieved.stopbandAttenuation, "dB")
            let ok = achieved.stopbandAttenuation >= requirements.stopbandAttenuation - rippleTolerance
            checks.append(VerificationCheck(
                name: "stopband", passed: ok,
                detail: "stopband " + bands(requirements.stopband) + ": attenuation at least " + format(achieved.stopbandAttenuation)
                    + " dB (spec " + format(requirements.stopbandAttenuation) + " dB"
                    + (ok ? ")" : ", allowed down to " + format(requirements.stopbandAttenuation - rippleTolerance) + ")" + p.remedy)))
        }

        // Figures: group delay at the reference, attenuation an octave out, the step.
        let centre: Double
        switch spec.band {
        case .highPass?: centre = 0.5
        case .bandPass?, .allPass?: centre = 0.5 * (spec.alpha1 + spec.alpha2)
        default: centre = spec.family == .proportionalIntegral ? 0.5 : 0
        }
        let delay = measure.groupDelay(atAlpha: centre)
        figure("group delay at " + format(centre) + hz(centre), delay, "samples")
        if let fs = subject.sampleRate { figure("group delay at " + format(centre) + hz(centre), 1000 * delay / fs, "ms") }
        let step = exact.runningSum().values
        // A final value below 1e-9 is a zero of the response at dc, rounded.
        let final = subject.asRun.dcGain
        let stepFigures = StepMeasurements(step: step, finalValue: abs(final) < 1e-9 ? 0 : final)
        if let overshoot = stepFigures.overshoot { figure("step overshoot", 100 * overshoot, "%") }
        if let settling = stepFigures.settlingSamples {
            figure("step settling time (2 %)", Double(settling), "samples")
            if let fs = subject.sampleRate { figure("step settling time (2 %)", 1000 * Double(settling) / fs, "ms") }
        }
        return Verification(label: subject.label, precision: p, checks: checks, figures: figures)
    }

    /// The smallest distance 1 - |p| from the unit circle of any pole of
    /// `sections` written in the offset form (`OffsetBiquad`) with c1 and s
    /// each multiplied by 1 + e or 1 - e (all four ways): the margin the
    /// poles keep when the products c1 (y1 - t y2) and s y2 are rounded by
    /// e relative, as the offset form runs them. Negative when a pole leaves.
    static func offsetFormMargin(_ sections: [Biquad], relative e: Double) -> Double {
        var smallest = Double.infinity
        for section in sections {
            let q = OffsetBiquad(section)
            for (dc, ds) in [(1.0, 1.0), (1, -1), (-1, 1), (-1, -1)] {
                var moved = q
                moved.c1 *= 1 + dc * e
                moved.s *= 1 + ds * e
                let form = PoleZeroForm(sections: [moved.section])
                smallest = min(smallest, 1 - form.largestPoleRadius)
            }
        }
        return smallest
    }

    /// max |a - b| / max |b|: how far a response as run is from the reference.
    static func relativeError(_ a: ArraySlice<Double>, _ b: [Double]) -> Double {
        let peak = b.map(abs).max() ?? 0
        var worst = 0.0
        for (x, y) in zip(a, b) {
            let d = abs(x - y)
            if !d.isFinite { return .infinity }
            worst = max(worst, d)
        }
        return peak > 0 ? worst / peak : worst
    }

    /// `%.6g`-style text for reports ("not a number", "infinite" for the rest).
    public static func format(_ x: Double, _ style: String = "%.6g") -> String {
        guard x.isFinite else { return x.isNaN ? "not a number" : (x > 0 ? "infinite" : "-infinite") }
        return formatC(style, x)
    }
}
