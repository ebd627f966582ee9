import FilterAnalysis
import FilterApplication
import FilterDesign

/// `mkfilter verify` of a FIR design: the filter as it runs (`FIRAsRun`,
/// Double or Float taps) judged by its response against what it was asked
/// for, on the continuum (`FIRFilter.bandMeasures`: a dense grid, its peaks
/// refined by golden-section search).
///
/// - **finite**: every tap is a finite number as stored.
/// - **linear phase** (not `--minimum-phase`): the stored taps are exactly
///   symmetric or antisymmetric, so the delay is (N - 1)/2 at every frequency.
/// - **meets the specification** (`mkfilter fir`): each band's largest
///   deviation at most the allowed dp (passbands) or ds (stopbands).
/// - **equiripple** (`remez`): the largest weighted error over the bands at
///   most the design's, plus the 1 % of its alternation certificate.
/// - **as designed** (`firls`, `firwin`, `firwin2`, and minimum-phase
///   `remez`): each band's largest
///   deviation (`firls`), or the gain's at each checkpoint (dc, the cutoffs
///   and Nyquist; `firwin2`'s frequencies), within 1 % of the Double design's
///   or 1e-6, whichever is larger.
public enum FIRVerification {
    /// The item for `filter` run in `precision`, labelled `commandLine`.
    public static func verify(_ filter: FIRFilter, commandLine: String,
                              precision: RunningPrecision) throws(ApplicationError) -> VerificationItem {
        let run = try FIRAsRun(filter, precision: precision)
        var checks: [VerificationCheck] = [], figures: [VerificationFigure] = []
        let name = precision == .float ? "Float" : "Double"
        if let k = run.firstNonFiniteTap {
            checks.append(VerificationCheck(name: "finite", passed: false,
                                            detail: "tap \(k) (\(filter.taps[k])) does not fit in \(name)"))
            return VerificationItem(label: commandLine, checks: checks, figures: figures)
        }
        checks.append(VerificationCheck(name: "finite", passed: true, detail: "all \(run.taps.count) taps finite in \(name)"))
        if filter.recipe.minimumPhase == nil {
            let h = run.taps, n = h.count
            let symmetric = (0..<n / 2).allSatisfy { h[$0] == h[n - 1 - $0] }
            let antisymmetric = (0..<(n + 1) / 2).allSatisfy { h[$0] == -h[n - 1 - $0] }
            checks.append(VerificationCheck(
                name: "linear phase", passed: symmetric || antisymmetric,
                detail: symmetric || antisymmetric
                    ? "the taps are exactly \(symmetric ? "symmetric" : "antisymmetric"): delay \(Verification.format(Double(n - 1) / 2)) samples at every frequency"
                    : "the taps as stored are neither symmetric nor antisymmetric"))
        }
        var stored = filter
        stored.taps = run.taps
        let measures = stored.bandMeasures
        if let judged = filter.judgedBands {
            var failed: [String] = []
            for (i, m) in measures.enumerated() {
                let allowed = judged.allowed[i]
                figures.append(VerificationFigure(name: "band \(Verification.format(m.lower))-\(Verification.format(m.upper)) deviation",
                                                  value: m.maximumDeviation, unit: "(allowed \(Verification.format(allowed)))"))
                if !(m.maximumDeviation <= allowed) {
                    failed.append("\(judged.passes[i] ? "passband" : "stopband") \(Verification.format(m.lower))-\(Verification.format(m.upper)): \(Verification.format(m.maximumDeviation)) against \(Verification.format(allowed))")
                }
            }
            checks.append(VerificationCheck(name: "meets the specification", passed: failed.isEmpty,
                                            detail: failed.isEmpty ? "every band within its tolerance in \(name), on the continuum"
                                                : failed.joined(separator: "; ")))
        } else if let equiripple = filter.equiripple, filter.recipe.minimumPhase == nil {
            let worst = measures.map { $0.maximumDeviation * $0.weight }.max() ?? 0
            let bound = equiripple.maximumError * 1.01
            figures.append(VerificationFigure(name: "largest weighted error", value: worst, unit: ""))
            figures.append(VerificationFigure(name: "design's weighted error", value: equiripple.maximumError, unit: ""))
            checks.append(VerificationCheck(
                name: "equiripple", passed: worst <= bound,
                detail: "largest weighted error \(Verification.format(worst)) in \(name) against the design's \(Verification.format(equiripple.maximumError))"
                    + (worst <= bound ? "" : ": \(name)'s taps cannot carry this design; run it in Double")))
        } else {
            let pairs: [(label: String, ran: Double, design: Double)]
            if measures.isEmpty {
                pairs = filter.checkpoints.map { point in
                    ("alpha \(Verification.format(point.alpha))",
                     abs(run.magnitude(atAlpha: point.alpha, of: filter) - point.asked),
                     abs(filter.magnitude(atAlpha: point.alpha) - point.asked))
                }
            } else {
                pairs = zip(measures, filter.bandMeasures).map { ran, design in
                    ("band \(Verification.format(ran.lower))-\(Verification.format(ran.upper))", ran.maximumDeviation, design.maximumDeviation)
                }
            }
            var failed: [String] = []
            for p in pairs {
                figures.append(VerificationFigure(name: "\(p.label) deviation", value: p.ran, unit: "(design \(Verification.format(p.design)))"))
                if !(p.ran <= max(1.01 * p.design, p.design + 1e-6)) {
                    failed.append("\(p.label): \(Verification.format(p.ran)) against the design's \(Verification.format(p.design))")
                }
            }
            checks.append(VerificationCheck(name: "as designed", passed: failed.isEmpty,
                                            detail: failed.isEmpty ? "every band or checkpoint within 1 % (or 1e-6) of the Double design in \(name)"
                                                : failed.joined(separator: "; ")))
        }
        return VerificationItem(label: commandLine, checks: checks, figures: figures)
    }
}
