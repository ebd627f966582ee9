// What a FIR design command prints: the report (`FIRFilter.report`), the
// specification's lines before it (`FIRSpecificationReport`), and the
// `--emit json` document (`FIRFilter.json`).
import FilterDesign
import FilterJSON
import RealModule

extension FIRFilter {
    /// The report `mkfilter remez|firls|firwin|firwin2` prints: the taps'
    /// count and type, per band the largest deviation and what it means in
    /// dB (ripple peak to peak where the band passes, attenuation where it
    /// stops), for `remez` the largest weighted error and its certificate,
    /// and the taps, one a line, in Swift's shortest round-trip digits.
    public var report: String {
        let fs = recipe.sampleRate
        let frequency = { (alpha: Double) -> String in
            fs.map { formatC("%.6g", alpha * $0) + " Hz" } ?? "alpha " + formatC("%.6g", alpha)
        }
        var out = "FIR filter by \(recipe.method.name): \(taps.count) taps"
        if let minimumPhase = recipe.minimumPhase {
            out += ", minimum phase (\(minimumPhase.rawValue), from \(linearPhaseTaps.count) linear-phase taps: |H| is the square root of theirs)\n"
        } else if let type = linearPhaseType {
            out += ", linear phase type \(type), delay \(formatC("%g", Double(taps.count - 1) / 2)) samples\n"
        } else {
            out += "\n"
        }
        if let e = equiripple {
            out += "equiripple: largest weighted error \(formatC("%.6g", e.maximumError)), at least \(formatC("%.6g", e.lowerBound))"
                + " at every point of the alternation (convergence \(formatC("%.2g", e.convergence))), \(e.iterations) iterations\n"
        }
        let measures = bandMeasures
        if !measures.isEmpty {
            out += "bands (largest deviation of |H| from the desired amplitude, on the continuum):\n"
            for (i, m) in measures.enumerated() {
                let desired = m.desiredLower == m.desiredUpper ? formatC("%g", m.desiredLower)
                    : formatC("%g", m.desiredLower) + " to " + formatC("%g", m.desiredUpper)
                out += "  \(i + 1): \(frequency(m.lower)) ... \(frequency(m.upper)), desired \(desired), weight \(formatC("%g", m.weight)):"
                    + " deviation \(formatC("%.4g", m.maximumDeviation))\(Self.decibels(m))\n"
            }
        }
        let points = checkpoints
        if !points.isEmpty {
            out += "gain at the design's frequencies (asked, achieved):\n"
            for (alpha, asked) in points {
                let achieved = magnitude(atAlpha: alpha)
                out += "  \(frequency(alpha)): \(formatC("%g", asked)), \(formatC("%.6g", achieved))"
                    + (achieved > 0 ? " (\(formatC("%.2f", 20 * Double.log10(achieved))) dB)" : "") + "\n"
            }
        }
        out += "taps:\n"
        for (k, h) in taps.enumerated() { out += "  h[\(k)] = \(h)\n" }
        return out
    }

    /// ", ripple R dB" for a band that passes (desired constant > deviation),
    /// ", attenuation A dB" for one that stops (desired 0), else "".
    static func decibels(_ m: BandMeasure) -> String {
        guard m.desiredLower == m.desiredUpper else { return "" }
        let d = abs(m.desiredLower), dev = m.maximumDeviation
        if d == 0 {
            return dev > 0 ? ", attenuation \(formatC("%.2f", -20 * Double.log10(dev))) dB" : ", attenuation: no leakage"
        }
        guard dev < d else { return "" }
        return ", ripple \(formatC("%.4g", 20 * Double.log10((d + dev) / (d - dev)))) dB peak to peak"
    }
}

/// What `mkfilter fir` (and the design page's `design=fir`) prints: the
/// specification in dB and as gains, the fewest taps that met it (and the
/// most that did not), then the filter's report.
public enum FIRSpecificationReport {
    /// The report of `filter`, designed for `spec` after trying `tried`.
    public static func text(_ spec: FIRSpecification, filter: FIRFilter, tried: [(taps: Int, meets: Bool)]) -> String {
        let n = filter.recipe.method.taps
        let failedBelow = tried.filter { !$0.meets && $0.taps < n }.map(\.taps).max()
        let minimum = spec.minimumPhase.map { _ in " (minimum phase: \(filter.taps.count) taps from \(n) linear-phase taps)" } ?? ""
        var out = "specification: ripple \(formatC("%g", spec.passbandRipple)) dB (gain within 1 +- \(formatC("%.4g", spec.passbandDeviation))), "
            + "attenuation \(formatC("%g", spec.stopbandAttenuation)) dB (gain at most \(formatC("%.4g", spec.stopbandDeviation)))\n"
        out += "met with \(n) taps by \(spec.method.rawValue)"
            + minimum + (failedBelow.map { "; \($0) do not meet it" } ?? "")
            + " (\(tried.count) designs tried)\n"
        return out + filter.report
    }
}

extension FIRFilter {
    /// The filter as JSON (`--emit json`): the taps with every Double exact,
    /// and what the report says, as numbers.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("method", .string(recipe.method.name)),
            ("taps", .array(taps.map { .number($0) })),
            ("count", .integer(taps.count)),
        ]
        if let sampleRate = recipe.sampleRate { members.append(("sampleRate", .number(sampleRate))) }
        if let minimumPhase = recipe.minimumPhase {
            members.append(("minimumPhase", .string(minimumPhase.rawValue)))
        } else {
            // A delay only where the taps have one: linear phase.
            if let type = linearPhaseType {
                members.append(("type", .string(type)))
                members.append(("delay", .number(Double(taps.count - 1) / 2)))
            }
        }
        if let e = equiripple {
            members.append(("maximumWeightedError", .number(e.maximumError)))
            members.append(("certificateLowerBound", .number(e.lowerBound)))
            members.append(("iterations", .integer(e.iterations)))
        }
        let measures = bandMeasures
        if !measures.isEmpty {
            members.append(("bands", .array(measures.map { m in
                .object([("lower", .number(m.lower)), ("upper", .number(m.upper)),
                         ("desired", .array([.number(m.desiredLower), .number(m.desiredUpper)])),
                         ("weight", .number(m.weight)), ("maximumDeviation", .number(m.maximumDeviation))])
            })))
        }
        return .object(members)
    }
}
