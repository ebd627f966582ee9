import RealModule
import FilterAnalysis
import FilterRequests
import FilterDesign
import FilterEmission
import FilterRuntime

/// `mkfilter verify --precision q15|q31`: a design checked as it runs in
/// CMSIS-DSP's fixed-point arithmetic (`CMSISBiquadModel`).
///
/// Checks:
/// - `stable`: the stored coefficients' poles are inside the unit circle.
/// - `no-overflow`: no stage output overflows on the inputs the scaling
///   covers. L1: for every node, the full-scale input that drives it
///   furthest in each direction (the sign of its time-reversed impulse
///   response, `FixedPointRun.worstCase`). L-infinity: a full-scale sine at
///   the peak of every node's response, faded in over the horizon.
/// - `within-bound`: the impulse, the step and a 0.9 full-scale sine at the
///   passband peak, as run, are within the predicted worst-case rounding
///   error (`FixedPointAnalysis.outputErrorBound`) of the stored coefficients
///   run in Double (which adds about 1e-15 of its own; 1e-12 is allowed).
///   L-infinity scaling promises full-scale sinusoids only: there the check
///   holds the sine (faded in over a quarter of the run: a sine switched on
///   at full amplitude starts with a step) to the bound, and a step or impulse beyond it (a filter
///   whose step overshoots saturates) is a note naming l1, as the emitted
///   code's warning says.
///
/// Figures: post-shift, output scale, predicted SNR and accuracy, and the
/// error measured on the sine against the design's exact output.
enum FixedPointVerification {
    /// Longest input the overflow and sine checks run.
    static let longestInput = 1 << 16

    static func verify(_ design: Design, commandLine: String, arithmetic: FixedPointArithmetic,
                       scaling: FixedPointScaling) throws(ApplicationError) -> VerificationItem {
        let fixed: FixedPointSections
        do { fixed = try design.fixedPointSections(arithmetic, scaling: scaling) } catch {
            throw ApplicationError("--precision \(arithmetic.name): \(error.description)", underlying: error)
        }
        guard let designed = design.secondOrderSections() else {
            throw ApplicationError("the design has no finite passband gain G; there is nothing to verify")
        }
        let a = fixed.analysis
        let count = min(a.horizon, longestInput)
        var checks: [VerificationCheck] = []
        checks.append(VerificationCheck(name: "stable", passed: a.largestPoleRadius < 1,
                                        detail: "largest pole radius of the stored coefficients " + formatC("%.9g", a.largestPoleRadius)))
        checks.append(overflowCheck(fixed, scaling: scaling, count: count))
        // L-infinity scaling promises sinusoids, not a sine switched on at
        // full amplitude (its start is a step): faded in over a quarter.
        let sine = scaling == .l1 ? FixedPointRun.sinusoid(arithmetic, alpha: a.peakAlpha, amplitude: 0.9, count: count)
            : FixedPointRun.sinusoid(arithmetic, alpha: a.peakAlpha, amplitude: 0.9, count: count, fadeIn: count / 4)
        let (bound, notes) = boundCheck(fixed, scaling: scaling, count: count, sine: sine)
        checks.append(bound)
        let scalingName = scaling == .l1 ? "L1" : "L-infinity"
        var item = VerificationItem(label: "\(commandLine) (as run in CMSIS \(arithmetic.name), \(scalingName) scaling, \(fixed.sections.count) sections)",
                                    checks: checks, figures: figures(fixed, designed: designed, sine: sine, count: count))
        item.notes = (FixedPointNotes.warning(fixed).map { [$0] } ?? []) + notes
        return item
    }

    /// Overflow on the inputs the scaling covers: at each node, the worst-case
    /// full-scale inputs (L1) or a full-scale sine at the node's peak (L-infinity).
    static func overflowCheck(_ fixed: FixedPointSections, scaling: FixedPointScaling, count: Int) -> VerificationCheck {
        var overflows = 0, runs = 0
        for k in fixed.sections.indices {
            let prefix = fixed.prefix(k + 1)
            switch scaling {
            case .l1:
                for negative in [false, true] {
                    overflows += FixedPointRun.run(prefix, FixedPointRun.worstCase(fixed, node: k, count: count, negative: negative)).overflows
                    runs += 1
                }
            case .linf:
                let alpha = FixedPointVerification.peakAlpha(of: prefix)
                let sine = FixedPointRun.sinusoid(fixed.arithmetic, alpha: alpha, amplitude: 1, count: 2 * count, fadeIn: count)
                overflows += FixedPointRun.run(prefix, sine).overflows
                runs += 1
            }
        }
        let covered = scaling == .l1 ? "worst-case full-scale inputs (sign of each node's time-reversed impulse response)"
            : "full-scale sines at each node's peak"
        return VerificationCheck(name: "no-overflow", passed: overflows == 0,
                                 detail: "\(overflows) stage outputs overflowed in \(runs) runs of \(count) samples on \(covered)")
    }

    /// As run against the stored coefficients in Double: impulse, step and
    /// the sine within the predicted bound (L-infinity: the sine, and a note
    /// when the others leave it).
    static func boundCheck(_ fixed: FixedPointSections, scaling: FixedPointScaling, count: Int,
                           sine: [Int64]) -> (check: VerificationCheck, notes: [String]) {
        let a = fixed.analysis, arithmetic = fixed.arithmetic
        var worst = 0.0, sineOverflows = 0, worstBeyondPromise = 0.0
        let promisesAnyInput = scaling == .l1
        for (index, input) in [FixedPointRun.impulse(arithmetic, count: count), FixedPointRun.step(arithmetic, count: count), sine].enumerated() {
            let (output, o) = FixedPointRun.run(fixed, input)
            let exact = FixedPointRun.exact(fixed, input)
            let run = FixedPointRun.fractions(output, arithmetic)
            var error = 0.0
            for n in run.indices { error = max(error, abs(run[n] - exact[n])) }
            if promisesAnyInput || index == 2 {
                worst = max(worst, error)
                sineOverflows += o
            } else {
                worstBeyondPromise = max(worstBeyondPromise, error)
            }
        }
        let allowed = a.outputErrorBound + 1e-12
        let tested = promisesAnyInput ? "impulse, step and 0.9 full-scale sine" : "0.9 full-scale sine (what L-infinity scaling promises)"
        let check = VerificationCheck(name: "within-bound", passed: worst <= allowed && sineOverflows == 0,
                                      detail: tested + " off the stored coefficients' exact output by "
                                          + formatC("%.3g", worst) + " at most; predicted bound " + formatC("%.3g", a.outputErrorBound))
        guard worstBeyondPromise > allowed else { return (check, []) }
        return (check, ["L-infinity scaling: a full-scale step or impulse leaves the bound (off by " + formatC("%.3g", worstBeyondPromise)
                        + ": it overflows); --fixed-point-scaling l1 is safe for any input"])
    }

    /// The scaling's figures, and the sine against the design's exact output.
    static func figures(_ fixed: FixedPointSections, designed: [Biquad], sine: [Int64], count: Int) -> [VerificationFigure] {
        let a = fixed.analysis
        let (output, _) = FixedPointRun.run(fixed, sine)
        let run = FixedPointRun.fractions(output, fixed.arithmetic)
        let ideal = FixedPointRun.designed(designed, scale: fixed.outputScale, fixed, sine)
        let settle = min(count / 2, a.horizon / 2)
        var errorPower = 0.0, signalPower = 0.0
        for n in settle..<count {
            errorPower += (run[n] - ideal[n]) * (run[n] - ideal[n])
            signalPower += ideal[n] * ideal[n]
        }
        let relative = signalPower > 0 ? (errorPower / signalPower).squareRoot() : .infinity
        var figures = [
            VerificationFigure(name: "post-shift", value: Double(fixed.postShift), unit: ""),
            VerificationFigure(name: "output scale", value: fixed.outputScale, unit: ""),
            VerificationFigure(name: "passband peak", value: a.peakAlpha, unit: "alpha"),
            VerificationFigure(name: "predicted SNR (rounding, full-scale sine at the peak)", value: a.predictedSNR, unit: "dB"),
            VerificationFigure(name: "predicted SNR against the design (with coefficient rounding)", value: a.predictedAccuracy, unit: "dB"),
            VerificationFigure(name: "response deviation from coefficient rounding, of the peak", value: a.responseDeviation, unit: ""),
            VerificationFigure(name: "worst-case output rounding error, of full scale", value: a.outputErrorBound, unit: ""),
        ]
        if relative.isFinite {
            figures.append(VerificationFigure(name: "measured error RMS of a 0.9 full-scale sine at the peak, of the output RMS",
                                              value: relative, unit: ""))
            figures.append(VerificationFigure(name: "measured SNR of that sine against the design", value: -20 * Double.log10(relative), unit: "dB"))
        }
        return figures
    }

    /// The alpha at which the cascade's response peaks (on a grid refined
    /// around its poles).
    static func peakAlpha(of s: FixedPointSections) -> Double {
        let grid = PoleZeroForm(sections: s.sections)
        var best = 0.0, alpha = 0.0
        for k in 0...4096 {
            let a = 0.5 * Double(k) / 4096
            let m = grid.response(atAlpha: a).length
            if m > best { (best, alpha) = (m, a) }
        }
        return alpha
    }
}
