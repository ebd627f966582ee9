import FilterDesign

extension VerificationRun {
    /// Records the peak magnitude and the -3 dB frequencies (relative to the
    /// peak; in Hz too when the sample rate is known); returns the peak.
    mutating func recordPeakFigures(_ measure: ResponseMeasurements) -> Double {
        let peak = measure.peak().magnitude
        figure("peak magnitude", peak, "")
        for alpha in measure.halfPowerFrequencies(reference: peak) {
            figure("-3 dB frequency", alpha, "alpha")
            if let fs = subject.sampleRate { figure("-3 dB frequency", alpha * fs, "Hz") }
        }
        return peak
    }

    /// Records the group delay at the reference frequency (Nyquist for
    /// high-pass and PI, the centre for band-pass and all-pass, else dc), and
    /// the step response's overshoot and 2 % settling time, from `exact`, the
    /// exact impulse response (in milliseconds too when the sample rate is
    /// known).
    mutating func recordDelayAndStepFigures(_ spec: FilterRecipe, _ measure: ResponseMeasurements,
                                            exact: ExactSequence) {
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
    }
}
