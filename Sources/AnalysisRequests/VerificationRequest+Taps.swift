import FilterAnalysis
import FilterDesign
import FilterEmission
import FilterRequests
import FilterSets
import RealModule

/// `mkfilter verify` of a FIR design (`VerificationRequest.Subject.taps`),
/// and of a generated file's `FIRTemplate` (`auditTaps`): the filter as it runs (`FIRAsRun`,
/// Double or Float taps) judged by its response against what it was asked
/// for, on the continuum (`FIRFilter.bandMeasures`: a dense grid, its peaks
/// refined by golden-section search).
///
/// - **finite**: every tap is a finite number as stored.
/// - **linear phase** (where the design is: not `--minimum-phase`, a
///   gammatone or an off-centre Savitzky-Golay filter): the stored taps are
///   exactly symmetric or antisymmetric, so the delay is (N - 1)/2 at every
///   frequency.
/// - **meets the specification** (`mkfilter fir`): each band's largest
///   deviation at most the allowed dp (passbands) or ds (stopbands).
/// - **equiripple** (`remez`): the largest weighted error over the bands at
///   most the design's, plus the 1 % of its alternation certificate (in
///   fixed point plus, per band, its weight times the rounding bound B).
/// - **as designed** (`firls`, `firwin`, `firwin2`, `savgol`, `gammatone`,
///   and minimum-phase `remez`): each band's largest
///   deviation (`firls`), or the gain's at each checkpoint (dc, the cutoffs
///   and Nyquist; `firwin2`'s frequencies; a gammatone's centre), within 1 % of the Double design's
///   or 1e-6, whichever is larger (in fixed point plus B).
///
/// In fixed point, B is what the taps correctly rounded can move |H| by
/// (`FIRRoundingBound`, a hard bound): |(|H_a| - |H|)| <= |E| with
/// E(alpha) = sum_k e_k e^{-2 pi i alpha k}, e_k = round(s h_k 2^F) 2^-F / s
/// - h_k, taken as the rigorous sup of |E| over the band (at a checkpoint
/// |E| there), plus the Double evaluation's error of the two measured
/// responses (`evaluationAllowance`). Taps rounded as `FixedPointTaps` (and
/// `--emit cmsis-q15|q31`) round them never exceed it, whatever the emitter's
/// warning says of their accuracy; a tap off by more than its rounding can.
/// (It replaces 3 q sqrt(N/12) / s, three standard deviations of |E| at one
/// frequency: the largest over a band of N points is about sqrt(2 ln N) of
/// them, 3.7 at N = 979, and correctly rounded taps failed.)
/// - fixed point (`--precision q15|q31`, CMSIS's `arm_fir_q15|q31`): **no
///   overflow** (sum |c_k| <= 2^F - 1, the proof), and the **accuracy** of a
///   faded-in 0.9 full-scale sine at the passband peak run through the
///   bit-exact model against the design times the output scale, at least
///   40 dB (a 1 % error). The bands are judged on the stored taps divided by
///   the output scale.
extension VerificationRequest {
    /// The item for `filter` run in `precision`, labelled `commandLine`.
    static func verify(_ filter: FIRFilter, commandLine: String, precision: RunningPrecision,
                       fixedPoint: FixedPointArithmetic? = nil) throws(ApplicationError) -> VerificationItem {
        let run: FIRAsRun
        if let fixedPoint { run = try FIRAsRun(filter, fixedPoint: fixedPoint) } else { run = try FIRAsRun(filter, precision: precision) }
        return verify(filter, commandLine: commandLine, run: run)
    }

    /// The item for `filter` as `run` stores it (in fixed point, its
    /// coefficients judged against the design's taps correctly rounded).
    static func verify(_ filter: FIRFilter, commandLine: String, run: FIRAsRun) -> VerificationItem {
        var checks: [VerificationCheck] = [], figures: [VerificationFigure] = []
        let name = run.fixed?.arithmetic.name ?? (run.precision == .float ? "Float" : "Double")
        if let k = run.firstNonFiniteTap {
            checks.append(VerificationCheck(name: "finite", passed: false,
                                            detail: "tap \(k) (\(filter.taps[k])) does not fit in \(name)"))
            return VerificationItem(label: commandLine, checks: checks, figures: figures)
        }
        // The taps as they act, in the design's scale: fixed point's stored
        // taps divided by the output scale, without q15's padding.
        let acting = run.fixed.map { f in f.storedTaps.prefix(filter.taps.count).map { $0 / f.outputScale } } ?? run.taps
        if let fixed = run.fixed {
            fixedPointChecks(fixed, into: &checks, &figures)
        } else {
            checks.append(VerificationCheck(name: "finite", passed: true, detail: "all \(run.taps.count) taps finite in \(name)"))
        }
        // Where the design is linear phase: not a gammatone, an off-centre
        // Savitzky-Golay filter, or one made minimum phase.
        if filter.recipe.minimumPhase == nil, filter.linearPhaseType != nil { checks.append(linearPhaseCheck(acting)) }
        var judgement = TapsJudgement(filter: filter, acting: acting, run: run, name: name)
        if let judged = filter.judgedBands {
            checks.append(judgement.meetsSpecification(judged))
        } else if let equiripple = filter.equiripple, filter.recipe.minimumPhase == nil {
            checks.append(judgement.equiripple(equiripple))
        } else {
            checks.append(judgement.asDesigned())
        }
        return VerificationItem(label: commandLine, checks: checks, figures: figures + judgement.figures)
    }

    /// Whether the taps as stored are exactly symmetric or antisymmetric.
    static func linearPhaseCheck(_ h: [Double]) -> VerificationCheck {
        let n = h.count
        let symmetric = (0..<n / 2).allSatisfy { h[$0] == h[n - 1 - $0] }
        let antisymmetric = (0..<(n + 1) / 2).allSatisfy { h[$0] == -h[n - 1 - $0] }
        return VerificationCheck(
            name: "linear phase", passed: symmetric || antisymmetric,
            detail: symmetric || antisymmetric
                ? "the taps are exactly \(symmetric ? "symmetric" : "antisymmetric"): delay \(Verification.format(Double(n - 1) / 2)) samples at every frequency"
                : "the taps as stored are neither symmetric nor antisymmetric")
    }

    /// A FIR filter's response as it acts, judged against what it was asked
    /// for; the figures measured on the way.
    struct TapsJudgement {
        let filter: FIRFilter
        /// The filter with the acting taps.
        let stored: FIRFilter
        /// Each band's largest deviation, as it acts.
        let measures: [FIRFilter.BandMeasure]
        /// The arithmetic's name.
        let name: String
        let fixedPoint: FixedPointArithmetic?
        /// Fixed point: what the taps' correct rounding can move |H| by.
        let rounding: FIRRoundingBound?
        /// The measurement's Double error (fixed point).
        let allowance: Double
        var figures: [VerificationFigure] = []

        init(filter: FIRFilter, acting: [Double], run: FIRAsRun, name: String) {
            self.filter = filter
            var stored = filter
            stored.taps = acting
            self.stored = stored
            measures = stored.bandMeasures
            self.name = name
            fixedPoint = run.fixed?.arithmetic
            rounding = run.fixed.map(FIRRoundingBound.init)
            allowance = rounding == nil ? 0 : VerificationRequest.evaluationAllowance(filter.taps, acting)
        }

        /// B over a band: the most the taps' correct rounding moves |H| there
        /// (0 unless fixed point), plus the measurement's error.
        func moved(_ lower: Double, _ upper: Double) -> Double {
            rounding.map { $0.bound(lower: lower, upper: upper) + allowance } ?? 0
        }

        /// `mkfilter fir`: each band within its tolerance.
        mutating func meetsSpecification(_ judged: FIRFilter.JudgedBands) -> VerificationCheck {
            var failed: [String] = []
            for (i, m) in measures.enumerated() {
                let allowed = judged.allowed[i]
                figures.append(VerificationFigure(name: "band \(Verification.format(m.lower))-\(Verification.format(m.upper)) deviation",
                                                  value: m.maximumDeviation, unit: "(allowed \(Verification.format(allowed)))"))
                if !(m.maximumDeviation <= allowed) {
                    failed.append("\(judged.passes[i] ? "passband" : "stopband") \(Verification.format(m.lower))-\(Verification.format(m.upper)): \(Verification.format(m.maximumDeviation)) against \(Verification.format(allowed))")
                }
            }
            return VerificationCheck(name: "meets the specification", passed: failed.isEmpty,
                                     detail: failed.isEmpty ? "every band within its tolerance in \(name), on the continuum"
                                         : failed.joined(separator: "; "))
        }

        /// `remez`: per band, weight x (deviation - B) within the certificate's 1 %.
        mutating func equiripple(_ equiripple: EquirippleDesign) -> VerificationCheck {
            let worst = measures.map { $0.maximumDeviation * $0.weight }.max() ?? 0
            let bound = equiripple.maximumError * 1.01
            let passed = measures.allSatisfy { $0.maximumDeviation * $0.weight <= bound + $0.weight * moved($0.lower, $0.upper) }
            figures.append(VerificationFigure(name: "largest weighted error", value: worst, unit: ""))
            figures.append(VerificationFigure(name: "design's weighted error", value: equiripple.maximumError, unit: ""))
            if rounding != nil {
                figures.append(VerificationFigure(name: "rounding bound", value: measures.map { $0.weight * moved($0.lower, $0.upper) }.max() ?? 0,
                                                  unit: "(weighted: the most the taps' correct rounding moves |H|)"))
            }
            return VerificationCheck(
                name: "equiripple", passed: passed,
                detail: "largest weighted error \(Verification.format(worst)) in \(name) against the design's \(Verification.format(equiripple.maximumError))"
                    + (rounding == nil ? "" : " and the taps' rounding")
                    + (passed ? "" : ": \(name)'s taps cannot carry this design to 1 %; "
                        + (fixedPoint == nil ? "run it in Double" : fixedPoint?.format == .q15 ? "use q31 or Float" : "use Float")))
        }

        /// Each band's deviation (or the gain at each checkpoint) as it acts
        /// and as designed, and B there.
        func comparedPairs() -> [(label: String, ran: Double, design: Double, moved: Double)] {
            guard measures.isEmpty else {
                return zip(measures, filter.bandMeasures).map { ran, design in
                    ("band \(Verification.format(ran.lower))-\(Verification.format(ran.upper))", ran.maximumDeviation, design.maximumDeviation,
                     moved(ran.lower, ran.upper))
                }
            }
            return filter.checkpoints.map { point in
                ("alpha \(Verification.format(point.alpha))",
                 abs(stored.magnitude(atAlpha: point.alpha) - point.asked),
                 abs(filter.magnitude(atAlpha: point.alpha) - point.asked),
                 rounding.map { $0.magnitude(atAlpha: point.alpha) + allowance } ?? 0)
            }
        }

        /// The other methods: within 1 % of the design's deviation or 1e-6
        /// of it (the measurement's own slack), plus B in fixed point.
        mutating func asDesigned() -> VerificationCheck {
            let slack = 1e-6
            var failed: [String] = []
            for p in comparedPairs() {
                figures.append(VerificationFigure(name: "\(p.label) deviation", value: p.ran, unit: "(design \(Verification.format(p.design)))"))
                if rounding != nil {
                    figures.append(VerificationFigure(name: "\(p.label) rounding bound", value: p.moved,
                                                      unit: "(the most the taps' correct rounding moves |H|)"))
                }
                if !(p.ran <= max(1.01 * p.design, p.design + slack) + p.moved) {
                    failed.append("\(p.label): \(Verification.format(p.ran)) against the design's \(Verification.format(p.design))"
                        + (rounding == nil ? "" : " and the rounding bound \(Verification.format(p.moved))"))
                }
            }
            let within = "every band or checkpoint within 1 % (or \(Verification.format(slack))) of the Double design in \(name)"
            return VerificationCheck(name: "as designed", passed: failed.isEmpty,
                                     detail: failed.isEmpty ? within + (rounding == nil ? "" : ", plus the taps' rounding bound")
                                         : failed.joined(separator: "; "))
        }
    }

    /// The Double error of the two measured responses, |H| of the design's
    /// taps h and of the acting taps a (`FIRFilter.magnitude`: its phasor
    /// within 1e-14, N products and sums each within 2^-53 of its result):
    /// sqrt(2) (1e-14 + (N + 1) 2^-53) (sum |h_k| + sum |a_k|).
    static func evaluationAllowance(_ h: [Double], _ a: [Double]) -> Double {
        let l1 = h.reduce(0) { $0 + abs($1) } + a.reduce(0) { $0 + abs($1) }
        return 2.0.squareRoot() * (1e-14 + Double(max(h.count, a.count) + 1) * 0x1p-53) * l1
    }

    /// The most products (taps x samples) the accuracy measurement runs (2^28).
    static let measurementWork = 1 << 28

    /// CMSIS's fixed-point FIR: the proof that nothing overflows, the
    /// worst-case input run through the model (full scale with the signs of
    /// the taps, reversed), and a faded-in 0.9 full-scale sine at the passband
    /// peak run through it against the design times the output scale (the
    /// measured SNR at least `FixedPointSections.usefulSNR`).
    static func fixedPointChecks(_ fixed: FixedPointTaps, into checks: inout [VerificationCheck],
                                 _ figures: inout [VerificationFigure]) {
        let a = fixed.arithmetic, c = fixed.coefficients, n = c.count
        let proven = fixed.l1Norm <= a.largestInteger
        checks.append(VerificationCheck(
            name: "no overflow", passed: proven,
            detail: "sum |c| = \(fixed.l1Norm) <= \(a.largestInteger): for any input within full scale the accumulator shifted by "
                + "\(a.fractionBits) fits \(a.cType) (no saturation, no wrap)"))
        let worst = c.reversed().map { $0 < 0 ? a.smallestInteger : ($0 > 0 ? a.largestInteger : 0) }
        let reached = fixed.run(worst).last ?? 0
        figures.append(VerificationFigure(name: "worst-case output", value: Double(reached) * a.quantum,
                                          unit: "(full scale with the taps' signs; output scale \(Verification.format(fixed.outputScale)))"))
        let analysis = fixed.analysis
        figures.append(VerificationFigure(name: "predicted SNR", value: analysis.predictedSNR, unit: "dB"))
        let measured = 4096, fade = max(n, 64)
        guard n * (n + fade + measured) <= measurementWork else {
            checks.append(VerificationCheck(
                name: "accuracy", passed: analysis.predictedSNR >= FixedPointSections.usefulSNR,
                detail: "predicted " + formatC("%.1f", analysis.predictedSNR) + " dB (\(n) taps are too many to run here)"))
            return
        }
        let x = FixedPointRun.sinusoid(a, alpha: analysis.peakAlpha, amplitude: 0.9, count: n + fade + measured, fadeIn: fade)
        let y = fixed.run(x)
        var signal = 0.0, noise = 0.0
        for i in (x.count - measured)..<x.count {
            var exact = 0.0
            for k in 0..<min(fixed.taps.count, i + 1) { exact += fixed.taps[k] * Double(x[i - k]) }
            exact *= fixed.outputScale * a.quantum
            let error = Double(y[i]) * a.quantum - exact
            signal += exact * exact
            noise += error * error
        }
        let snr = 10 * Double.log10(signal / max(noise, .leastNonzeroMagnitude))
        figures.append(VerificationFigure(name: "measured SNR", value: snr, unit: "dB (a 0.9 full-scale sine at alpha \(Verification.format(analysis.peakAlpha)))"))
        let instead = a.format == .q15 ? "use q31 or Float" : "use Float"
        checks.append(VerificationCheck(
            name: "accuracy", passed: snr >= FixedPointSections.usefulSNR,
            detail: formatC("%.1f", snr) + " dB against the design times the output scale (predicted " + formatC("%.1f", analysis.predictedSNR)
                + " dB)" + (snr >= FixedPointSections.usefulSNR ? "" : ": below \(Int(FixedPointSections.usefulSNR)) dB, \(instead)")))
    }

    /// `mkfilter verify FILE` of a FIR filter a generated Swift file declares
    /// (`FIRTemplate`): its command line (`mkfilterCommandLine`, which every
    /// generated FIR filter carries) designs it again, and
    ///
    /// - **matches its command line**: the file's taps are that design's, bit
    ///   for bit;
    /// - then the design is verified as `mkfilter verify <command line>` verifies
    ///   it (`verify(_:commandLine:precision:fixedPoint:)`: finite, linear phase, as designed or equiripple
    ///   or meeting its specification), at the precision asked for.
    ///
    /// The item for `declaration` in `file`, run in `precision`.
    static func audit(_ declaration: FIRTemplateDeclaration, file: String, precision: RunningPrecision) -> VerificationItem {
        let label = "\(file):\(declaration.line): \(SwiftSource.stringLiteral(declaration.name)) (FIRTemplate, \(declaration.commandLine.isEmpty ? "no command line" : declaration.commandLine))"
        func failed(_ detail: String) -> VerificationItem {
            VerificationItem(label: label, checks: [VerificationCheck(name: "matches its command line", passed: false, detail: detail)], figures: [])
        }
        guard let taps = declaration.taps, !taps.isEmpty else { return failed("its taps do not read as a list of numbers") }
        let words = declaration.commandLine.split(separator: " ").map(String.init)
        guard words.count >= 2, words[0] == "mkfilter", let method = FIRMethodName(rawValue: words[1]) else {
            return failed("its mkfilterCommandLine is not a FIR command (mkfilter remez|firls|firwin|firwin2|fir ...) to design it again from")
        }
        let designed: FIRFilter
        do { designed = try FIRFields(method: method, optionWords: Array(words.dropFirst(2))).design().filter } catch {
            return failed("its command line does not design: \(error.description)")
        }
        guard designed.taps == taps else {
            if designed.taps.count != taps.count {
                return failed("the file has \(taps.count) taps; its command line designs \(designed.taps.count)")
            }
            let k = zip(taps, designed.taps).enumerated().first { $0.element.0 != $0.element.1 }!.offset
            return failed("tap \(k) is \(taps[k]) in the file; its command line designs \(designed.taps[k])")
        }
        let match = VerificationCheck(name: "matches its command line", passed: true,
                                      detail: "the \(taps.count) taps are its command line's design, bit for bit")
        do {
            var item = try verify(designed, commandLine: label, precision: precision)
            item.checks.insert(match, at: 0)
            return item
        } catch {
            return VerificationItem(label: label, checks: [match, VerificationCheck(name: "runs", passed: false, detail: error.description)], figures: [])
        }
    }
}
