import ComplexModule
import RealModule

/// A designed filter: what mkfilter computes and prints for a specification.
public struct Design: Sendable, Hashable {
    /// What was asked for.
    public let specification: FilterSpecification
    /// The corners the analog design used, alpha' = tan(pi alpha) / pi for the
    /// pre-warped bilinear transform, the raw alphas otherwise; `nil` for
    /// resonators (placed in the z-plane directly).
    public let warpedAlphas: (Double, Double)?
    /// The s-plane poles and zeros; `nil` for resonators.
    public let sPlane: PoleZeroSet?
    /// The z-plane poles and zeros.
    public let zPlane: PoleZeroSet
    /// H at z = 1.
    public let gainAtDC: Gain
    /// H at exp(j 2 pi (alpha1 + alpha2) / 2).
    public let gainAtCentre: Gain
    /// H at z = -1.
    public let gainAtHF: Gain
    /// The recurrence coefficients.
    public let recurrence: Recurrence
    /// For a finite-Q resonator: whether the 50-step phase search converged.
    public let resonatorConverged: Bool

    /// Fisher's passband gain G, by which the input is divided: H(0) for
    /// low-pass, H(0.5) for high-pass and PI, H(centre) for band-pass and
    /// all-pass, sqrt(H(0) H(0.5)) for band-stop (magnitudes).
    public var passbandGain: Gain {
        switch specification.family {
        case .proportionalIntegral: return gainAtHF
        default: break
        }
        switch specification.band {
        case .lowPass: return gainAtDC
        case .highPass: return gainAtHF
        case .bandPass, .allPass: return gainAtCentre
        case .bandStop:
            guard case .finite(let dc) = gainAtDC, case .finite(let hf) = gainAtHF else { return .infinite }
            return .finite(FisherArithmetic.squareRoot(FisherArithmetic.product(dc, hf)))
        case nil: return .finite(Complex(1.0, 0.0))
        }
    }

    public static func == (a: Design, b: Design) -> Bool {
        a.specification == b.specification && a.warpedAlphas?.0 == b.warpedAlphas?.0
            && a.warpedAlphas?.1 == b.warpedAlphas?.1 && a.sPlane == b.sPlane && a.zPlane == b.zPlane
            && a.gainAtDC == b.gainAtDC && a.gainAtCentre == b.gainAtCentre && a.gainAtHF == b.gainAtHF
            && a.recurrence == b.recurrence && a.resonatorConverged == b.resonatorConverged
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(specification)
        hasher.combine(zPlane)
        hasher.combine(recurrence)
    }
}
