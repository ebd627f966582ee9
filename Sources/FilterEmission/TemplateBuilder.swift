import FilterDesign
import FilterRuntime

/// Turns designs into `DigitalFilterTemplate`s with full-precision coefficients
/// (not the 10 digits of Fisher's listing) and their provenance.
public enum TemplateBuilder {
    /// The template for `design`.
    ///
    /// - Parameters:
    ///   - sampleRate: Hz; defaults to the specification's, else 1 (frequencies
    ///     are then in cycles per sample).
    /// - Throws: `EmissionError` when G is not finite (a Q = Inf band-pass resonator).
    public static func template(for design: Design, name: String, description: String, tag: Int,
                                sampleRate: Double? = nil) throws(EmissionError) -> DigitalFilterTemplate {
        let spec = design.specification
        guard case .finite(let g) = design.passbandGain else {
            throw EmissionError("filter \(name): the passband gain G is infinite (Q = Inf band-pass resonator); it cannot be normalised")
        }
        let fs = sampleRate ?? spec.corners.sampleRate ?? 1.0
        let filterClass: FilterClass
        switch (spec.family, spec.band) {
        case (.proportionalIntegral, _): filterClass = .proportionalIntegral
        case (_, .lowPass?): filterClass = .lowPass
        case (_, .highPass?): filterClass = .highPass
        case (_, .bandPass?): filterClass = .bandPass
        case (_, .bandStop?): filterClass = .bandStop
        case (_, .allPass?): filterClass = .allPass
        case (_, nil): filterClass = .passThrough
        }
        let ripple: Double?, q: Double?
        switch spec.family {
        case .chebyshev(let r): (ripple, q) = (r, nil)
        case .resonator(.finite(let value)): (ripple, q) = (nil, value)
        case .resonator(.infinite): (ripple, q) = (nil, .infinity)
        default: (ripple, q) = (nil, nil)
        }
        // Frequencies in Hz exactly as the specification was given them (so that a
        // redesign at another rate starts from the same numbers), else alpha * fs.
        let corners = spec.corners.sampleRate == fs ? spec.corners.hertz : nil
        let corner1 = corners?.0 ?? spec.alpha1 * fs
        let corner2 = corners.map { $0.1 ?? 0 } ?? spec.corners.alpha2.map { $0 * fs } ?? 0
        let extraZero = spec.corners.sampleRate == fs ? spec.extraZeroFrequency ?? spec.extraZeroAlpha.map { $0 * fs }
            : spec.extraZeroAlpha.map { $0 * fs }
        let provenance = FilterProvenance(
            family: familyName(spec.family), rippleDecibels: ripple, qualityFactor: q,
            transform: spec.hasSPlane ? spec.discretization.rawValue : "none",
            poleSubset: spec.poleSubset, extraZeroFrequency: extraZero,
            mkfilterCommandLine: MkfilterEquivalent.commandLine(for: spec))
        let y = design.recurrence.yCoefficients
        return DigitalFilterTemplate(
            tag: tag, name: name, description: description, filterClass: filterClass,
            designSampleRate: fs, cornerFrequency1: corner1, cornerFrequency2: corner2,
            frequency3: extraZero ?? 0,
            order: spec.order ?? 2, gain: FisherArithmetic.magnitude(g),
            xCoefficients: design.recurrence.xCoefficients,
            yCoefficients: Array(y.dropLast()),
            provenance: provenance)
    }

    /// The family's name in provenance records.
    public static func familyName(_ family: FilterFamily) -> String {
        switch family {
        case .butterworth: return "butterworth"
        case .bessel: return "bessel"
        case .chebyshev: return "chebyshev"
        case .resonator: return "resonator"
        case .proportionalIntegral: return "proportionalIntegral"
        }
    }

    /// Shake!'s pass-through entry: y = x.
    public static func passThrough(name: String, description: String, tag: Int, sampleRate: Double) -> DigitalFilterTemplate {
        DigitalFilterTemplate(
            tag: tag, name: name, description: description, filterClass: .passThrough,
            designSampleRate: sampleRate, cornerFrequency1: 0, order: 0, gain: 1,
            xCoefficients: [1], yCoefficients: [],
            provenance: FilterProvenance(family: "none", transform: "none", mkfilterCommandLine: ""))
    }

    /// The first `count` samples of the template's impulse response, run in Double.
    public static func impulseResponse(_ template: DigitalFilterTemplate, count: Int = 32) -> [Double] {
        var filter = DigitalFilter<Double>(template)
        return (0..<count).map { filter.process($0 == 0 ? 1.0 : 0.0) }
    }
}

/// The mkfilter command line (with `-a` alphas) that designs a specification.
public enum MkfilterEquivalent {
    /// e.g. `mkfilter -Bu -Bp -o 3 -a 0.008333333333333333 0.05`.
    public static func commandLine(for spec: FilterSpecification) -> String {
        var words = ["mkfilter"]
        switch spec.family {
        case .butterworth: words.append("-Bu")
        case .bessel: words.append("-Be")
        case .chebyshev(let ripple): words += ["-Ch", "\(-ripple)"]
        case .resonator(.finite(let q)): words += ["-Re", "\(q)"]
        case .resonator(.infinite): words += ["-Re", "Inf"]
        case .proportionalIntegral: words.append("-Pi")
        }
        switch spec.band {
        case .lowPass?: words.append("-Lp")
        case .highPass?: words.append("-Hp")
        case .bandPass?: words.append("-Bp")
        case .bandStop?: words.append("-Bs")
        case .allPass?: words.append("-Ap")
        case nil: break
        }
        if let order = spec.order { words += ["-o", "\(order)"] }
        words += ["-a", "\(spec.alpha1)"]
        if let a2 = spec.corners.alpha2 { words.append("\(a2)") }
        switch spec.discretization {
        case .bilinear: break
        case .bilinearWithoutPrewarp: words.append("-w")
        case .matchedZ: words.append("-z")
        }
        if let subset = spec.poleSubset { words += ["-p"] + subset.map { "\($0)" } }
        if let z = spec.extraZeroAlpha { words += ["-Z", "\(z)"] }
        return words.joined(separator: " ")
    }
}
