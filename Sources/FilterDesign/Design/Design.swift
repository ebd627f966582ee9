import ComplexModule
import RealModule

/// A designed filter: its zeros, poles and gains in both planes, and Fisher's
/// realization of it (the recurrence his reports print).
public struct Design: Sendable, Hashable {
    /// What was asked for.
    public let recipe: FilterRecipe
    /// The corners the analog design used, alpha' = tan(pi alpha) / pi for the
    /// pre-warped bilinear transform, the raw alphas otherwise; `nil` for
    /// resonators (placed in the z-plane directly).
    public let warpedAlphas: (Double, Double)?
    /// The s-plane zeros, poles and gain; `nil` for resonators.
    public let sPlane: ZeroPoleGain?
    /// The z-plane zeros and poles, with the gain the transform carried over
    /// (scipy's `bilinear_zpk` gain; 1 for resonators).
    public let zPlane: ZeroPoleGain
    /// The z-plane zeros and poles with the gain k that puts the passband's
    /// maximum at |H| = 1 (0 dB), as scipy and MATLAB normalise
    /// (`FilterRecipe.normalized`); `nil` where that gain is 0 or infinite.
    public let normalized: ZeroPoleGain?
    /// H at z = 1, from the expanded polynomials (Fisher's arithmetic).
    public let gainAtDC: Gain
    /// H at exp(j 2 pi (alpha1 + alpha2) / 2).
    public let gainAtCentre: Gain
    /// H at z = -1.
    public let gainAtHF: Gain
    /// Fisher's realization: the recurrence, from the expanded polynomials.
    public let recurrence: Recurrence
    /// For a finite-Q resonator: whether the 50-step phase search converged.
    public let resonatorConverged: Bool

    /// Why `passbandGain` (or `fisherGain`) is infinite, for messages: only a resonator with
    /// Q = Inf is an oscillator by design; any other filter has a pole on the
    /// unit circle at its normalisation point.
    public var infiniteGainCause: String {
        if case .resonator(.infinite) = recipe.family { return "Q = Inf band-pass resonator: an oscillator" }
        return "a pole on the unit circle at the normalisation point"
    }

    /// The passband gain G by which the input is divided so that the filter
    /// runs as `normalized`, H = (B / A) / G = k B / A with G = 1 / k: the
    /// passband's maximum at 1 (0 dB), scipy's and MATLAB's convention
    /// (`FilterRecipe.normalized`). Every output that runs (sections, emitted
    /// code, JSON, `DigitalFilterTemplate`) uses this G; Fisher's report, his
    /// `-l` listing and gencode use his own, `fisherGain`.
    ///
    /// Where Fisher's point is already the passband maximum at 1 (low-pass,
    /// high-pass and band-stop Butterworth, Bessel and odd-order Chebyshev I,
    /// resonators and PI) this is `fisherGain` itself, to the last bit.
    public var passbandGain: Gain {
        if recipe.fisherPointIsNormalizationPoint { return fisherGain }
        guard let k = normalized?.gain, k.isFinite, k > 0 else { return .infinite }
        return .finite(Complex(1 / k, 0))
    }

    /// Fisher's passband gain G, which his report, `-l` listing and gencode
    /// print: H(0) for low-pass, H(0.5) for high-pass and PI, H(centre) for
    /// band-pass and all-pass, sqrt(H(0) H(0.5)) for band-stop (magnitudes).
    /// For an even-order Chebyshev I filter it puts the ripple's troughs at
    /// 0 dB and its peaks at +R dB.
    ///
    /// Chebyshev II and elliptic designs, which Fisher did not have, are
    /// normalised by their prototype's gain k (`normalized`), so their G is
    /// 1 / k here too: H = (B / A) / G = k B / A. So is the catalogue
    /// (`CatalogueFilter`), with k its anchor's gain.
    public var fisherGain: Gain {
        if recipe.family.normalizesAtPassbandMaximum || recipe.family.name.isCatalogue {
            guard let k = normalized?.gain else { return .infinite }
            return .finite(Complex(1 / k, 0))
        }
        switch NormalizationPoint(recipe) {
        case .dc: return gainAtDC
        case .nyquist: return gainAtHF
        case .centre: return gainAtCentre
        case .geometricMeanOfDCAndNyquist:
            guard case .finite(let dc) = gainAtDC, case .finite(let hf) = gainAtHF else { return .infinite }
            return .finite(FisherArithmetic.squareRoot(FisherArithmetic.product(dc, hf)))
        }
    }

    public static func == (a: Design, b: Design) -> Bool {
        a.recipe == b.recipe && a.warpedAlphas?.0 == b.warpedAlphas?.0
            && a.warpedAlphas?.1 == b.warpedAlphas?.1 && a.sPlane == b.sPlane && a.zPlane == b.zPlane
            && a.gainAtDC == b.gainAtDC && a.gainAtCentre == b.gainAtCentre && a.gainAtHF == b.gainAtHF
            && a.recurrence == b.recurrence && a.resonatorConverged == b.resonatorConverged
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(recipe)
        hasher.combine(zPlane)
        hasher.combine(recurrence)
    }
}

/// Where Fisher normalises a filter's gain to 1.
public enum NormalizationPoint: Sendable, Hashable {
    /// z = 1: low-pass.
    case dc
    /// z = -1: high-pass and proportional-integral.
    case nyquist
    /// z = exp(j 2 pi (alpha1 + alpha2) / 2): band-pass and all-pass.
    case centre
    /// sqrt(|H(1)| |H(-1)|): band-stop.
    case geometricMeanOfDCAndNyquist

    /// The point for `recipe`.
    public init(_ recipe: FilterRecipe) {
        if recipe.family == .proportionalIntegral { self = .nyquist; return }
        switch recipe.band {
        case .lowPass?, nil: self = .dc
        case .highPass?: self = .nyquist
        case .bandPass?, .allPass?: self = .centre
        case .bandStop?: self = .geometricMeanOfDCAndNyquist
        }
    }

    /// |H| of `zpk` at this point, for a filter with corners `alpha1`, `alpha2`.
    public func magnitude(of zpk: ZeroPoleGain, alpha1: Double, alpha2: Double) -> Double {
        switch self {
        case .dc: return zpk.magnitude(at: Complex(1, 0))
        case .nyquist: return zpk.magnitude(at: Complex(-1, 0))
        case .centre: return zpk.magnitude(at: Complex(length: 1, phase: Double.pi * (alpha1 + alpha2)))
        case .geometricMeanOfDCAndNyquist:
            return (zpk.magnitude(at: Complex(1, 0)) * zpk.magnitude(at: Complex(-1, 0))).squareRoot()
        }
    }
}
