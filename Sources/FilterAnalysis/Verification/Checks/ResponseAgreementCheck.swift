/// The responses the **responses-agree** check computed, which the checks
/// against the design and the step figures reuse.
struct ComputedResponses {
    /// The grid, fine enough for the sharpest pole.
    let grid: FrequencyGrid
    /// The response from the coefficients as run.
    let byCoefficients: FrequencyResponse
    /// The exact (double-double) impulse response, `keptLength` samples.
    let exact: ExactSequence
    /// min(decay length, `Verification.longestImpulse`).
    let keptLength: Int
    /// Whether `exact` stops before the poles predict the decay.
    let truncated: Bool
}

extension VerificationRun {
    /// **responses-agree**: the response from the coefficients, from the poles
    /// and zeros and from the impulse response (exact, when it decays within
    /// the `Verification.longestImpulse` samples kept; else that one is
    /// skipped, saying so) agree within 1e-10 of the peak, on a grid fine
    /// enough for the sharpest pole (`Verification.grid(poleMargin:)`).
    /// Records the rounding error of `running`, the impulse response as run,
    /// against the exact one as a figure.
    mutating func checkResponsesAgree(_ form: PoleZeroForm, running: [Double], decayLength: Int) -> ComputedResponses {
        // The exact (double-double) responses are kept up to `longestImpulse`.
        let keptLength = min(decayLength, Verification.longestImpulse)
        let grid = Verification.grid(poleMargin: form.smallestPoleMargin)
        let byCoefficients = subject.asRun.response(grid: grid)
        let byPolesAndZeros = FrequencyResponse.fromPolesAndZeros(form, grid: grid)
        // When the poles predict a longer decay than is kept, the FFT of the
        // exact impulse response would be a truncated response, so the third
        // computation is skipped, and the check says so.
        let exact = subject.asRun.exactImpulse(count: keptLength)
        let exactImpulse = exact.values
        let truncated = keptLength < decayLength
        var agreement = byCoefficients.largestDifference(from: byPolesAndZeros)
        if !truncated {
            let byImpulse = FrequencyResponse.fromImpulseResponse(exactImpulse, grid: grid)
            agreement = max(agreement, byCoefficients.largestDifference(from: byImpulse),
                            byPolesAndZeros.largestDifference(from: byImpulse))
        }
        record(VerificationCheck(
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
        return ComputedResponses(grid: grid, byCoefficients: byCoefficients, exact: exact, keptLength: keptLength,
                                 truncated: truncated)
    }
}
