import FilterDesign

extension VerificationRun {
    /// **passband**, **stopband** (Chebyshev II, elliptic, and designs from a
    /// magnitude specification, `FilterRecipe.bandRequirements`): the loss in
    /// the passband at most R dB and the attenuation over the whole stopband
    /// at least A dB, both in absolute dB (from 0 dB), on the response as run,
    /// within the ripple tolerance. Records both as figures.
    mutating func checkBandRequirements(_ requirements: BandRequirements, _ measure: ResponseMeasurements) {
        let p = precision
        let achieved = requirements.measure { measure.magnitude(atAlpha: $0) }
        func bands(_ intervals: [ClosedRange<Double>]) -> String {
            intervals.map { format($0.lowerBound) + " ... " + format($0.upperBound) }.joined(separator: " and ")
        }
        if let loss = achieved.passbandLoss, let allowed = requirements.passbandLoss {
            figure("passband loss", loss, "dB")
            // Absolute dB: within [-R, 0] (the maximum at most 0 dB).
            let ok = loss <= allowed + rippleTolerance && achieved.passbandMaximum <= rippleTolerance
            record(VerificationCheck(
                name: "passband", passed: ok,
                detail: "passband " + bands(requirements.passband) + ": loss at most " + format(loss) + " dB, maximum "
                    + format(achieved.passbandMaximum) + " dB (spec within -" + format(allowed) + " ... 0 dB"
                    + (ok ? ")" : ", allowed " + format(allowed + rippleTolerance) + " dB of loss, "
                        + format(rippleTolerance) + " dB above 0)" + p.remedy)))
        }
        figure("stopband attenuation", achieved.stopbandAttenuation, "dB")
        let ok = achieved.stopbandAttenuation >= requirements.stopbandAttenuation - rippleTolerance
        record(VerificationCheck(
            name: "stopband", passed: ok,
            detail: "stopband " + bands(requirements.stopband) + ": attenuation at least " + format(achieved.stopbandAttenuation)
                + " dB (spec " + format(requirements.stopbandAttenuation) + " dB"
                + (ok ? ")" : ", allowed down to " + format(requirements.stopbandAttenuation - rippleTolerance) + ")" + p.remedy)))
    }
}
