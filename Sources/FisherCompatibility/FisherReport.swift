import ComplexModule
import FilterDesign
import RealModule

/// Fisher's human report of a design (mkfilter's `printfilter`): corners,
/// gains, poles and zeros in both planes, and the recurrence relation, each
/// number printed with his C formats.
public enum FisherReport {
    /// The report, starting with "Command line: " and the command line.
    public static func text(_ design: Design, commandLine: String) -> String {
        let spec = design.recipe
        var out = "Command line: \(commandLine)\n"
        out += requirementLines(design)
        out += formatC("raw alpha1    = %14.10f\n", spec.alpha1)
        out += formatC("raw alpha2    = %14.10f\n", spec.alpha2)
        if spec.hasSPlane && spec.discretization == .bilinear, let warped = design.warpedAlphas {
            out += formatC("warped alpha1 = %14.10f\n", warped.0)
            out += formatC("warped alpha2 = %14.10f\n", warped.1)
        }
        out += gainLine("dc    ", design.gainAtDC)
        out += gainLine("centre", design.gainAtCentre)
        out += gainLine("hf    ", design.gainAtHF)
        out += "\n"
        if let s = design.sPlane {
            out += "S-plane zeros:\n" + poleZeroLines(s.zeros)
            out += "S-plane poles:\n" + poleZeroLines(s.poles)
        }
        out += "Z-plane zeros:\n" + poleZeroLines(design.zPlane.zeros)
        out += "Z-plane poles:\n" + poleZeroLines(design.zPlane.poles)
        out += recurrence(design.recurrence)
        return out
    }

    /// For a design with band requirements (Chebyshev II, elliptic, or one
    /// designed from a specification; Fisher's families print nothing here):
    /// the bands, what they require, and what the design achieves, measured on
    /// its zeros, poles and gain. Loss and attenuation are in absolute dB, from
    /// 0 dB (where every design's passband maximum is), as scipy's tests
    /// assert a specification: the passband within [-R, 0] dB, the stopband
    /// at or below -A dB.
    static func requirementLines(_ design: Design) -> String {
        guard let requirements = design.recipe.bandRequirements, let zpk = design.normalized else { return "" }
        let achieved = requirements.measure(zpk)
        // Frequencies in Hz when the recipe has a sample rate, else as alphas.
        let fs = design.recipe.corners.sampleRate
        func frequency(_ alpha: Double) -> String { formatC("%.10g", alpha * (fs ?? 1)) }
        let unit = fs == nil ? "" : " Hz"
        func bands(_ intervals: [ClosedRange<Double>]) -> String {
            intervals.map { frequency($0.lowerBound) + " ... " + frequency($0.upperBound) + unit }.joined(separator: " and ")
        }
        var out = ""
        if let spec = design.recipe.specification, let order = design.recipe.order {
            out += "order         = \(order): the lowest \(design.recipe.family.name.displayName) that meets the specification\n"
            out += "passband      : " + bands(spec.passbandIntervals) + formatC(", loss at most %.6g dB\n", spec.passbandLoss)
            out += "stopband      : " + bands(spec.stopbandIntervals) + formatC(", attenuation at least %.6g dB\n", spec.stopbandAttenuation)
        } else {
            if let loss = requirements.passbandLoss {
                out += "passband      : " + bands(requirements.passband) + formatC(", ripple %.6g dB\n", loss)
            }
            out += "stopband      : " + bands(requirements.stopband) + formatC(", attenuation at least %.6g dB\n", requirements.stopbandAttenuation)
        }
        // Margins within 1e-9 dB of 0 are the rounding of a design that meets
        // its bound exactly; print them as 0.
        func margin(_ m: Double) -> Double { abs(m) < 1e-9 ? 0 : m }
        if let loss = achieved.passbandLoss, let allowed = requirements.passbandLoss {
            out += formatC("achieved      : passband loss %.6f dB (margin %.6f dB), maximum %.6f dB\n", loss, margin(allowed - loss),
                           margin(achieved.passbandMaximum))
        }
        out += formatC("achieved      : stopband attenuation %.6f dB (margin %.6f dB)\n",
                       achieved.stopbandAttenuation, margin(achieved.stopbandAttenuation - requirements.stopbandAttenuation))
        if design.recipe.specification != nil {
            for (spec, got) in zip(requirements.transitionBands, achieved.transitions) {
                out += "transition    : passband edge " + frequency(got.passband) + unit + " (spec " + frequency(spec.passband) + unit
                    + "), stopband edge " + frequency(got.stopband) + unit + " (spec " + frequency(spec.stopband) + unit + ")\n"
            }
        }
        return out
    }

    private static func gainLine(_ label: String, _ gain: Gain) -> String {
        switch gain {
        case .infinite:
            return "gain at \(label):   mag = " + String(repeating: " ", count: 15 - 8) + "infinite\n"
        case .finite(let h):
            let r = FisherArithmetic.magnitude(h)
            var line = "gain at \(label):   mag = " + formatC("%15.9e", r)
            if r > FisherArithmetic.epsilon {
                line += formatC("   phase = %14.10f pi", FisherArithmetic.argument(h) / Double.pi)
            }
            return line + "\n"
        }
    }

    private static func poleZeroLines(_ points: [Complex<Double>]) -> String {
        var out = ""
        var n1 = 0
        while n1 < points.count {
            out += "\t" + formatC("%14.10f + j %14.10f", points[n1].real, points[n1].imaginary)
            var n2 = n1 + 1
            while n2 < points.count && FisherArithmetic.equal(points[n2], points[n1]) { n2 += 1 }
            if n2 - n1 > 1 { out += "\t\(n2 - n1) times" }
            out += "\n"
            n1 = n2
        }
        return out + "\n"
    }

    private static func recurrence(_ r: Recurrence) -> String {
        var out = "Recurrence relation:\ny[n] = "
        let nz = r.zeroCount, np = r.poleCount
        for (i, x) in r.xCoefficients.enumerated() {
            if i > 0 { out += "     + " }
            let f = abs(x).truncatingRemainder(dividingBy: 1.0)
            let number = f < FisherArithmetic.epsilon || f > 1.0 - FisherArithmetic.epsilon
                ? formatC("%3g", x) : formatC("%14.10f", x)
            out += "(" + number + formatC(" * x[n-%2d])\n", Int32(nz - i))
        }
        out += "\n"
        for i in 0..<np {
            out += formatC("     + (%14.10f * y[n-%2d])\n", r.yCoefficients[i], Int32(np - i))
        }
        return out + "\n"
    }
}
