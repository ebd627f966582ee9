// What `mkfilter decimator` prints: the report and the `--emit json`
// document of a `MultistageDecimator`.
import FilterDesign
import FilterJSON
import RealModule

extension MultistageDecimator {
    /// The report: the cascade, each stage (factor, rates, taps, cost,
    /// deviations), the multiplies per input sample against the single
    /// stage's, the candidates designed, and every stage's taps.
    public var report: String {
        let spec = specification
        let fs = spec.sampleRate
        let frequency = { (alpha: Double) -> String in
            fs.map { formatC("%.6g", alpha * $0) + " Hz" } ?? formatC("%.6g", alpha)
        }
        let factors = stages.map { "\($0.factor)" }.joined(separator: " x ")
        var out = "multistage decimator by \(spec.factor): \(stages.count) stage\(stages.count == 1 ? "" : "s") (\(factors)),"
            + " \(formatC("%.4g", multipliesPerInputSample)) multiplies per input sample\n"
        if let single = singleStage, let ratio = costRatio {
            out += "single stage: \(single.taps.count) taps, \(formatC("%.4g", single.multipliesPerInputSample)) multiplies per input sample;"
                + " the cascade costs \(formatC("%.3g", ratio)) of it\n"
        } else {
            out += "single stage: more than \(MultistageDecimator.tapsLimit) taps\n"
        }
        out += "passband 0 ... \(frequency(spec.passbandEdge))\(fs == nil ? " (fractions of the input rate)" : ""),"
            + " within \(formatC("%g", spec.passbandLoss)) dB peak to peak; whatever aliases onto it"
            + " attenuated by at least \(formatC("%g", spec.stopbandAttenuation)) dB\n"
        var divisor = 1
        var ripple = 0.0
        for (i, s) in stages.enumerated() {
            let inRate = fs.map { formatC("%g", $0 / Double(divisor)) + " Hz" } ?? "1/\(divisor)"
            let outRate = fs.map { formatC("%g", $0 / Double(divisor * s.factor)) + " Hz" } ?? "1/\(divisor * s.factor)"
            let decibels = 20 * Double.log10((1 + s.passbandDeviation) / (1 - s.passbandDeviation))
            ripple += decibels
            out += "stage \(i + 1): by \(s.factor), \(inRate) to \(outRate), \(s.taps.count) taps"
                + (s.isHalfBand ? " (half-band, \(s.nonzeroTaps) not 0)" : " (remez, \(s.bands.count / 2 - 1) stopband\(s.bands.count == 4 ? "" : "s"))")
                + ", \(formatC("%.4g", s.multipliesPerInputSample)) multiplies per input sample;"
                + " ripple \(formatC("%.3g", decibels)) dB, attenuation \(formatC("%.4g", -20 * Double.log10(s.stopbandDeviation))) dB\n"
            divisor *= s.factor
        }
        out += "passband ripple at most \(formatC("%.3g", ripple)) dB peak to peak (the stages' sum)\n"
        out += "candidates designed (multiplies per input sample):\n"
        for (f, cost) in designed.sorted(by: { $0.multiplies < $1.multiplies }) {
            out += "  \(f.map(String.init).joined(separator: " x ")): \(formatC("%.4g", cost))\n"
        }
        for (i, s) in stages.enumerated() {
            out += "stage \(i + 1) taps:\n"
            for (k, h) in s.taps.enumerated() { out += "  h[\(k)] = \(h)\n" }
        }
        return out
    }

    /// `--emit json`: `{"stages": [{"factor": m, "taps": [...]}, ...], ...}`,
    /// every Double exact.
    public var json: JSONValue {
        let spec = specification
        var members: [(key: String, value: JSONValue)] = [
            ("factor", .integer(spec.factor)),
            ("passbandEdge", .number(spec.passbandEdge * (spec.sampleRate ?? 1))),
            ("passbandLoss", .number(spec.passbandLoss)),
            ("stopbandAttenuation", .number(spec.stopbandAttenuation)),
            ("multipliesPerInputSample", .number(multipliesPerInputSample)),
            ("stages", .array(stages.map { s in
                .object([("factor", .integer(s.factor)), ("halfBand", .bool(s.isHalfBand)),
                         ("taps", .array(s.taps.map { .number($0) }))])
            })),
        ]
        if let fs = spec.sampleRate { members.append(("sampleRate", .number(fs))) }
        if let single = singleStage {
            members.append(("singleStage", .object([("taps", .integer(single.taps.count)),
                                                    ("multipliesPerInputSample", .number(single.multipliesPerInputSample))])))
        }
        return .object(members)
    }
}
