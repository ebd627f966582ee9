import FilterDesign
import FilterRuntime
import FisherCompatibility

/// The codec between a `FilterRecipe` and what a `DigitalFilterTemplate`
/// records of it: the class, order, corners and sample rate in Shake!'s fields,
/// the rest (family and its parameters, transform, pole subset, extra zero,
/// Bessel pole source) in its `FilterProvenance`. Retargeting and the audit
/// redesign a template from this, never from its command-line text.
public enum TemplateProvenance {
    /// The provenance record of `recipe`; `extraZero` in Hz.
    public static func provenance(of recipe: FilterRecipe, extraZero: Double?) -> FilterProvenance {
        let ripple: Double?, q: Double?
        var attenuation: Double? = nil
        switch recipe.family {
        case .chebyshev(let r): (ripple, q) = (r, nil)
        case .chebyshev2(let a): (ripple, q, attenuation) = (nil, nil, a)
        case .elliptic(let r, let a): (ripple, q, attenuation) = (r, nil, a)
        case .resonator(.finite(let value)): (ripple, q) = (nil, value)
        case .resonator(.infinite): (ripple, q) = (nil, .infinity)
        case .catalogue(let filter): (ripple, q) = (nil, filter.quality)
        default: (ripple, q) = (nil, nil)
        }
        let spec = recipe.specification
        return FilterProvenance(
            family: recipe.family.name.rawValue, rippleDecibels: ripple, qualityFactor: q,
            transform: recipe.hasSPlane ? recipe.discretization.rawValue : "none",
            poleSubset: recipe.poleSubset, extraZeroFrequency: extraZero,
            besselPoles: recipe.family == .bessel && recipe.besselPoles == .mkfilterTable ? "table" : nil,
            mkfilterCommandLine: FisherCommandLine.commandLine(for: recipe),
            attenuationDecibels: attenuation,
            passbandEdges: spec.map { s in s.passbandHertz ?? s.passband.map { $0 * (s.sampleRate ?? 1) } },
            stopbandEdges: spec.map { s in s.stopbandHertz ?? s.stopband.map { $0 * (s.sampleRate ?? 1) } },
            passbandLoss: spec?.passbandLoss, stopbandAttenuation: spec?.stopbandAttenuation)
    }

    /// The family the provenance names, with the parameters it needs from
    /// the provenance: the ripple (Chebyshev, elliptic), the attenuation
    /// (Chebyshev II, elliptic) or the quality factor Q (resonator).
    private static func family(of p: FilterProvenance) throws(ProvenanceError) -> FilterFamily {
        switch FilterFamily.Name(rawValue: p.family) {
        case .butterworth?: return .butterworth
        case .bessel?: return .bessel
        case .chebyshev?:
            guard let ripple = p.rippleDecibels else { throw ProvenanceError("a Chebyshev filter without its ripple in the provenance") }
            return .chebyshev(rippleDecibels: ripple)
        case .chebyshev2?:
            guard let a = p.attenuationDecibels else { throw ProvenanceError("a Chebyshev II filter without its attenuation in the provenance") }
            return .chebyshev2(attenuationDecibels: a)
        case .elliptic?:
            guard let r = p.rippleDecibels, let a = p.attenuationDecibels else {
                throw ProvenanceError("an elliptic filter without its ripple and attenuation in the provenance")
            }
            return .elliptic(rippleDecibels: r, attenuationDecibels: a)
        case .resonator?:
            guard let q = p.qualityFactor else { throw ProvenanceError("a resonator without its Q in the provenance") }
            return .resonator(q.isInfinite ? .infinite : .finite(q))
        case .proportionalIntegral?: return .proportionalIntegral
        case let name? where name.isCatalogue:
            // The catalogue's parameters are in its command line, its own
            // words' exact round trip (`FisherCommandLine.words(for:)`).
            let words = Array(p.mkfilterCommandLine.split(separator: " ").dropFirst().map(String.init))
            do { return try FisherCommandLine(words).checkedRecipe().family } catch {
                throw ProvenanceError("\(name.withArticle) whose command line does not read: \(p.mkfilterCommandLine)")
            }
        case nil, .some:
            throw ProvenanceError("family \"\(p.family)\" cannot be redesigned (these can be: "
                                  + FilterFamily.Name.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
    }

    /// The recipe `template` records, designed at `sampleRate` (by default
    /// the one it was designed for), its corners and extra zero kept in Hz.
    ///
    /// - Throws: `ProvenanceError` for a pass-through (no design), a family
    ///   that cannot be redesigned (FIR shapes), a missing ripple or Q, an
    ///   unknown transform, or a recipe that is out of range at `sampleRate`.
    public static func recipe(of template: DigitalFilterTemplate, sampleRate: Double? = nil) throws(ProvenanceError) -> FilterRecipe {
        let p = template.provenance
        let family = try Self.family(of: p)
        guard template.filterClass != .passThrough else { throw ProvenanceError("a pass-through has no design") }
        let band = template.filterClass.band
        let isResonator = !FilterRecipe.familyHasSPlane(family)
        if family.name.isCatalogue {
            do {
                let recipe = try FilterRecipe(family: family, band: nil, order: nil,
                                              corners: .hertz(template.cornerFrequency1, sampleRate: sampleRate ?? template.designSampleRate),
                                              realization: template.sections.isEmpty ? .direct : .sections)
                return recipe
            } catch {
                throw ProvenanceError(error.description)
            }
        }
        let discretization: Discretization
        if isResonator || p.transform == "none" {
            discretization = .bilinear
        } else if let d = Discretization(rawValue: p.transform) {
            discretization = d
        } else {
            throw ProvenanceError("transform \"\(p.transform)\" is not one of "
                                  + Discretization.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let twoCorners = !isResonator && (band?.hasTwoCorners ?? false)
        let fs = sampleRate ?? template.designSampleRate
        let realization: Realization = template.sections.isEmpty ? .direct : .sections
        if let pass = p.passbandEdges, let stop = p.stopbandEdges, let loss = p.passbandLoss, let attenuation = p.stopbandAttenuation {
            // Designed from a specification: designed again from it.
            do {
                let spec = try MagnitudeSpecification(passbandHertz: pass, stopbandHertz: stop, sampleRate: fs,
                                                      passbandLoss: loss, stopbandAttenuation: attenuation)
                return try FilterRecipe(designing: family.name, to: spec, band: band, realization: realization)
            } catch {
                throw ProvenanceError(error.description)
            }
        }
        do {
            return try FilterRecipe(
                family: family, band: band, order: isResonator ? nil : template.order,
                corners: .hertz(template.cornerFrequency1, twoCorners ? template.cornerFrequency2 : nil, sampleRate: fs),
                discretization: discretization, poleSubset: p.poleSubset,
                extraZeroFrequency: p.extraZeroFrequency,
                besselPoles: p.besselPoles == "table" ? .mkfilterTable : .computed,
                realization: realization)
        } catch {
            throw ProvenanceError(error.description)
        }
    }
}

/// Why a template's provenance cannot be redesigned.
public struct ProvenanceError: Error, Sendable, CustomStringConvertible {
    /// What is missing or out of range.
    public let description: String
    /// An error with its message.
    public init(_ description: String) { self.description = description }
}

extension FilterClass {
    /// The class of a filter of `family` in `band`.
    public init(family: FilterFamily, band: FilterBand?) {
        switch (family, band) {
        case (.proportionalIntegral, _): self = .proportionalIntegral
        case (.catalogue(let filter), _): self = filter.filterClass
        case (_, .lowPass?): self = .lowPass
        case (_, .highPass?): self = .highPass
        case (_, .bandPass?): self = .bandPass
        case (_, .bandStop?): self = .bandStop
        case (_, .allPass?): self = .allPass
        case (_, nil): self = .passThrough
        }
    }

    /// The band of this class; `nil` for proportional-integral and pass-through.
    public var band: FilterBand? {
        switch self {
        case .lowPass: return .lowPass
        case .highPass: return .highPass
        case .bandPass: return .bandPass
        case .bandStop: return .bandStop
        case .allPass: return .allPass
        case .proportionalIntegral, .passThrough, .shaping: return nil
        }
    }
}

extension CatalogueFilter {
    /// The class of the catalogue filter: what it passes.
    var filterClass: FilterClass {
        switch self {
        case .notch: return .bandStop
        case .peak, .gammatone: return .bandPass
        case .comb(_, let response, _): return response == .notch ? .bandStop : .bandPass
        case .weighting: return .shaping
        case .cookbook(let response, _, _):
            switch response {
            case .lowpass: return .lowPass
            case .highpass: return .highPass
            case .bandpass: return .bandPass
            case .notch: return .bandStop
            case .allpass: return .allPass
            case .peaking, .lowshelf, .highshelf: return .shaping
            }
        }
    }
}
