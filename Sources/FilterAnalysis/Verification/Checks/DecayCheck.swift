/// What the **decays** check ran: the impulse response kept, and the length
/// the poles predict for its decay.
struct RunImpulse {
    /// The running filter's impulse response, up to
    /// `Verification.longestImpulse` samples.
    let running: [Double]
    /// The samples the poles predict to decay to 1e-17 (nil: they do not).
    let predictedLength: Int?
}

extension VerificationRun {
    /// **decays**: the running filter's impulse response, run until the poles
    /// predict 1e-17, ends below 1e-6 of its peak. It is stored up to
    /// `Verification.longestImpulse` samples (the comparisons need it), and
    /// beyond that run in chunks up to `Verification.longestRun` for its
    /// extremes only; when the predicted length is beyond that, the check is
    /// skipped and says so, after checking what it ran stays finite.
    mutating func checkDecay(_ stability: Stability) -> RunImpulse {
        let longestImpulse = Verification.longestImpulse, longestRun = Verification.longestRun
        let radius = stability.radius
        let predicted = TimeResponse.predictedDecayLength(largestPoleRadius: radius, poleCount: stability.form.poles.count)
        // Past `longestRun` the check is skipped: only the samples kept are run.
        let length = (predicted ?? 4096) > longestRun ? longestImpulse : (predicted ?? 4096)
        let running = subject.runImpulse(min(length, longestImpulse))
        let extremes = length > running.count
            ? (subject.runImpulseExtremes?(length) ?? ImpulseExtremes(running)) : ImpulseExtremes(running)
        let checkedLength = length > running.count && subject.runImpulseExtremes == nil ? running.count : length
        let tailRatio = format(extremes.peak > 0 ? extremes.tail / extremes.peak : extremes.tail)
        if extremes.finite, let predicted, predicted > checkedLength {
            // Past the cap: not run on. What the poles say, and what was seen.
            record(VerificationCheck(
                name: "decays", passed: true,
                detail: "skipped: the poles (largest radius " + format(radius, "%.12g") + ") predict \(predicted) samples"
                    + " to decay, beyond the \(longestRun) verify runs; the first \(checkedLength) stay finite, their last \(extremes.tailLength)"
                    + " at most " + tailRatio + " of the peak",
                skipped: true))
        } else {
            let decays = extremes.finite && extremes.peak > 0 && extremes.tail <= 1e-6 * extremes.peak && predicted != nil
            record(VerificationCheck(
                name: "decays", passed: decays,
                detail: extremes.finite
                    ? "last \(extremes.tailLength) of \(checkedLength) samples at most " + tailRatio + " of the peak"
                    : "the impulse response overflows"))
        }
        return RunImpulse(running: running, predictedLength: predicted)
    }
}
