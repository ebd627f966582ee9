/// The response family of a filter: which prototype (or direct z-plane
/// construction) mkfilter starts from.
public enum FilterFamily: Sendable, Hashable {
    /// Maximally flat magnitude (`-Bu`): s-plane poles equally spaced on the
    /// left half of the unit circle.
    case butterworth
    /// Maximally flat group delay (`-Be`), normalised so the analog magnitude is
    /// -3 dB at the corner (scipy's `norm='mag'`).
    case bessel
    /// Chebyshev type I (`-Ch r`) with the given passband ripple in dB.
    ///
    /// The ripple is a positive number of decibels here (`0.5` means 0.5 dB);
    /// Fisher's command line writes it negated (`-Ch -0.5`).
    case chebyshev(rippleDecibels: Double)
    /// Chebyshev type II (inverse Chebyshev, `--cheby2 A`): a monotonic
    /// passband and an equiripple stopband at least A dB down. The corners are
    /// the stopband edges, as `scipy.signal.cheby2`'s Wn.
    case chebyshev2(attenuationDecibels: Double)
    /// Elliptic (Cauer, `--elliptic R A`): equiripple in both bands, R dB of
    /// passband ripple and at least A dB of stopband attenuation, the steepest
    /// transition for its order. The corners are the passband edges, as
    /// `scipy.signal.ellip`'s Wn.
    case elliptic(rippleDecibels: Double, attenuationDecibels: Double)
    /// Two-pole resonator (`-Re Q`) placed directly in the z-plane.
    case resonator(QualityFactor)
    /// Proportional-integral controller (`-Pi`): one pole at s = 0, one zero
    /// at s = -2 pi alpha; always first order and without a band.
    case proportionalIntegral
    /// A filter of the catalogue (notch, peak, comb, gammatone, the Audio EQ
    /// Cookbook, A and C weighting), placed in the z-plane by its own closed
    /// form; always without a band or an order.
    case catalogue(CatalogueFilter)
}

/// The quality factor of a resonator.
public enum QualityFactor: Sendable, Hashable {
    /// A finite Q > 0: pole radius r = exp(-theta / (2 Q)).
    case finite(Double)
    /// Q = Inf: poles on the unit circle, an oscillator.
    case infinite
}

extension FilterFamily {
    /// The family without its parameters, named as filter set files, provenance
    /// records and URL queries name it (`"family": "chebyshev"`).
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case butterworth, bessel, chebyshev, chebyshev2, elliptic, resonator, proportionalIntegral
        /// The catalogue's (`CatalogueFilter`), named as their commands are.
        case iirnotch, iirpeak, iircomb, gammatone, biquad, weighting

        /// Whether the name is one of the catalogue's.
        public var isCatalogue: Bool { Self.catalogue.contains(self) }
        /// The catalogue's names, in the order of their commands.
        public static let catalogue: [Name] = [.iirnotch, .iirpeak, .iircomb, .gammatone, .biquad, .weighting]
    }

    /// The family's name.
    public var name: Name {
        switch self {
        case .butterworth: return .butterworth
        case .bessel: return .bessel
        case .chebyshev: return .chebyshev
        case .chebyshev2: return .chebyshev2
        case .elliptic: return .elliptic
        case .resonator: return .resonator
        case .proportionalIntegral: return .proportionalIntegral
        case .catalogue(let filter): return filter.name
        }
    }
}

extension FilterFamily.Name {
    /// Whether the family's prototype has finite zeros and its own gain
    /// convention (Chebyshev II and elliptic): its designs keep the gain the
    /// prototype gives, carried through the transforms (scipy's k, the
    /// passband maximum at 1), and have no Fisher normalisation point (his
    /// would fall on a ripple trough). Every other family is normalised to the
    /// same passband maximum at its prototype's dc (`FilterRecipe.normalized`).
    ///
    /// Such a family's zeros lie on the unit circle, in the stopband: it is
    /// designed with the pre-warped bilinear transform (the matched
    /// z-transform would alias the zeros, and without pre-warping the corners
    /// that define the bands would move), keeps all its poles (a subset would
    /// part them from their zeros) and takes no extra zero
    /// (`RecipeProblem.notWithStopbandZeros`).
    public var normalizesAtPassbandMaximum: Bool {
        switch self {
        case .chebyshev2, .elliptic: return true
        default: return false
        }
    }
}

extension FilterFamily {
    /// Whether the family's prototype has finite zeros and its own gain
    /// convention: its name's `normalizesAtPassbandMaximum`.
    public var normalizesAtPassbandMaximum: Bool { name.normalizesAtPassbandMaximum }
}
