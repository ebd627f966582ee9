extension VerificationRun {
    /// Against the design, within `precision.designTolerance` of the peak:
    /// - **matches-design**: the response as run against the design's;
    /// - **impulse-as-run**: the impulse response as run (`running`) against
    ///   the design's exact one (the one in `responses` when the filter runs
    ///   as designed);
    /// - **step-as-run**, when the subject runs a step: its step response
    ///   against the running sum of the design's exact impulse response.
    mutating func checkAgainstDesign(_ design: FilterAsRun, _ responses: ComputedResponses, running: [Double]) {
        let p = precision
        let keptLength = responses.keptLength
        let designed = design.response(grid: responses.grid)
        let deviation = responses.byCoefficients.largestDifference(from: designed)
        record(VerificationCheck(
            name: "matches-design", passed: deviation <= p.designTolerance,
            detail: "response as run within " + format(deviation) + " of the design's peak (allowed "
                + format(p.designTolerance) + ")" + (deviation <= p.designTolerance ? "" : p.remedy)))
        let designedExact = design == subject.asRun ? responses.exact : design.exactImpulse(count: keptLength)
        let impulseError = Verification.relativeError(running.prefix(keptLength), designedExact.values)
        figure("impulse response as run, off the design's by (of its peak)", impulseError, "")
        record(VerificationCheck(
            name: "impulse-as-run", passed: impulseError <= p.designTolerance,
            detail: "the impulse response as run" + (responses.truncated ? " (its first \(keptLength) samples)" : "")
                + " is within " + format(impulseError) + " of the design's peak (allowed "
                + format(p.designTolerance) + ")" + (impulseError <= p.designTolerance ? "" : p.remedy)))
        if let runStep = subject.runStep {
            let stepLength = min(keptLength, 1 << 18)
            let stepError = Verification.relativeError(runStep(stepLength)[...],
                                                       designedExact.prefix(stepLength).runningSum().values)
            figure("step response as run, off the design's by (of its peak)", stepError, "")
            record(VerificationCheck(
                name: "step-as-run", passed: stepError <= p.designTolerance,
                detail: "the step response as run is within " + format(stepError) + " of the design's peak (allowed "
                    + format(p.designTolerance) + ")" + (stepError <= p.designTolerance ? "" : p.remedy)))
        }
    }
}

extension Verification {
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
}
