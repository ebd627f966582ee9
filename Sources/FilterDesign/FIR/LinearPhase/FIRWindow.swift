/// A window for the window method of FIR design (`firwin`, `firwin2`): every
/// symmetric window of scipy.signal.get_window(w, N, fftbins=False), by the
/// same formulas in the same order of operations (`WindowFormulas`,
/// `TaylorWindow`, `ChebyshevWindow`, `SlepianWindow`), within a few ulps of
/// scipy's (dpss and chebwin, whose eigenvector and transform are computed
/// another way, within 1e-13).
///
/// The cosine sums use x_n = -pi + n (2 pi / (N - 1)) for n = 0 ... N-1
/// (numpy's linspace, the last point exactly pi):
///
///     w_n = a_0 + a_1 cos(x_n) + a_2 cos(2 x_n) + ...
///
/// N = 1 gives [1] and N = 0 an empty window (but for the Kaiser-Bessel
/// derived window, defined for even N only: `check(count:)`).
public enum FIRWindow: Sendable, Hashable, CustomStringConvertible {
    /// w_n = 1: plain truncation of the ideal response.
    case boxcar
    /// A triangle whose ends are not 0: w_n = (2n' - 1) / N (N even) or
    /// 2n' / (N + 1) (N odd), n' = 1 ... counted from each end.
    case triang
    /// a = (0.42, 0.5, 0.08) (Blackman).
    case blackman
    /// a = (0.54, 1 - 0.54) (Hamming: scipy's general_hamming(0.54)).
    case hamming
    /// a = (0.5, 0.5) (Hann, "hanning").
    case hann
    /// Triangle with zero end points: w_n = 2n / (N - 1) for n <= (N - 1) / 2,
    /// else 2 - 2n / (N - 1).
    case bartlett
    /// a = (0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368):
    /// the flat top window (D'Antona and Ferrero, 2006), its peak 1.000000003.
    case flattop
    /// Parzen's piecewise cubic: with a = |n - (N-1)/2| / (N/2),
    /// 1 - 6 a^2 + 6 a^3 for |n - (N-1)/2| <= (N-1)/4, else 2 (1 - a)^3.
    case parzen
    /// Bohman's: (1 - f) cos(pi f) + sin(pi f) / pi, f = |linspace(-1, 1, N)|,
    /// its ends 0.
    case bohman
    /// a = (0.35875, 0.48829, 0.14128, 0.01168): Harris's minimum four-term
    /// Blackman-Harris window (Harris 1978, Proc. IEEE 66(1)).
    case blackmanharris
    /// a = (0.3635819, 0.4891775, 0.1365995, 0.0106411): Nuttall's minimum
    /// four-term Blackman-Harris window (Nuttall 1981, IEEE TASSP 29(1)).
    case nuttall
    /// Bartlett-Hann: 0.62 - 0.48 f + 0.38 cos(2 pi f), f = |n / (N - 1) - 1/2|.
    case barthann
    /// sin(pi (n + 1/2) / N) ("halfcosine").
    case cosine
    /// sinc(2n / (N - 1) - 1) (Lanczos, "sinc"), numpy's sinc.
    case lanczos
    /// exp(-|n - (N-1)/2| / tau), centred (scipy's Poisson window).
    case exponential(tau: Double)
    /// Tukey's tapered cosine: a fraction alpha of the window is a Hann
    /// taper (alpha 0 is the boxcar, 1 Hann's window).
    case tukey(alpha: Double)
    /// Taylor's window (Taylor 1955; scipy's `taylor(N, nbar, sll)`,
    /// normalised to 1 at the centre): nbar - 1 cosine terms whose side lobes
    /// near the main lobe are sll dB down.
    case taylor(nbar: Int, sidelobeLevel: Double)
    /// Kaiser's window
    ///
    ///     w_n = I0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / I0(beta),  alpha = (N - 1) / 2,
    ///
    /// I0 from `besselI0(_:)`. beta 0 is the boxcar; `kaiserBeta(attenuation:)`
    /// gives beta for a stopband attenuation.
    case kaiser(beta: Double)
    /// The Kaiser-Bessel derived window (for even N): the square roots of
    /// the running sums of the Kaiser window of N/2 + 1 points over its sum,
    /// mirrored.
    case kaiserBesselDerived(beta: Double)
    /// exp(-(n - (N-1)/2)^2 / (2 std^2)).
    case gaussian(std: Double)
    /// A cosine sum with the coefficients given (scipy's general_cosine).
    case generalCosine([Double])
    /// exp(-|(n - (N-1)/2) / sigma|^(2p) / 2).
    case generalGaussian(p: Double, sigma: Double)
    /// a = (alpha, 1 - alpha).
    case generalHamming(alpha: Double)
    /// The first discrete prolate spheroidal (Slepian) sequence of
    /// half-bandwidth NW: the most energy within |f| < NW / N
    /// (`SlepianWindow`), peak 1 (for even N, N^2 / (N^2 + NW)).
    case dpss(nw: Double)
    /// Dolph-Chebyshev: every side lobe `attenuation` dB below the main lobe
    /// (`ChebyshevWindow`).
    case chebwin(attenuation: Double)

    /// The names `init(parsing:)` accepts, with their parameters, as an error
    /// message lists them.
    public static let names = [
        "boxcar", "triang", "blackman", "hamming", "hann", "bartlett", "flattop", "parzen", "bohman",
        "blackmanharris", "nuttall", "barthann", "cosine", "lanczos", "exponential[:TAU]", "tukey[:ALPHA]",
        "taylor[:NBAR[:SLL]]", "kaiser:BETA", "kaiser_bessel_derived:BETA", "gaussian:STD",
        "general_cosine:A0:A1[:...]", "general_gaussian:P:SIG", "general_hamming:ALPHA", "dpss:NW", "chebwin:AT",
    ]

    /// The window's name as `init(parsing:)` reads it ("kaiser:8.6").
    public var description: String {
        let parameters = self.parameters
        return ([name] + parameters.map { "\($0)" }).joined(separator: ":")
    }

    /// scipy's name of the window.
    public var name: String {
        switch self {
        case .boxcar: return "boxcar"
        case .triang: return "triang"
        case .blackman: return "blackman"
        case .hamming: return "hamming"
        case .hann: return "hann"
        case .bartlett: return "bartlett"
        case .flattop: return "flattop"
        case .parzen: return "parzen"
        case .bohman: return "bohman"
        case .blackmanharris: return "blackmanharris"
        case .nuttall: return "nuttall"
        case .barthann: return "barthann"
        case .cosine: return "cosine"
        case .lanczos: return "lanczos"
        case .exponential: return "exponential"
        case .tukey: return "tukey"
        case .taylor: return "taylor"
        case .kaiser: return "kaiser"
        case .kaiserBesselDerived: return "kaiser_bessel_derived"
        case .gaussian: return "gaussian"
        case .generalCosine: return "general_cosine"
        case .generalGaussian: return "general_gaussian"
        case .generalHamming: return "general_hamming"
        case .dpss: return "dpss"
        case .chebwin: return "chebwin"
        }
    }

    /// The parameters in the order `init(parsing:)` reads them.
    var parameters: [Double] {
        switch self {
        case let .exponential(tau): return [tau]
        case let .tukey(alpha): return [alpha]
        case let .taylor(nbar, sll): return [Double(nbar), sll]
        case let .kaiser(beta), let .kaiserBesselDerived(beta): return [beta]
        case let .gaussian(std): return [std]
        case let .generalCosine(a): return a
        case let .generalGaussian(p, sigma): return [p, sigma]
        case let .generalHamming(alpha): return [alpha]
        case let .dpss(nw): return [nw]
        case let .chebwin(at): return [at]
        default: return []
        }
    }

    /// The cosine-sum coefficients a_0, a_1, ..., or nil for the other windows.
    var cosineSumCoefficients: [Double]? {
        switch self {
        case .hamming: return [0.54, 1 - 0.54]
        case .hann: return [0.5, 1 - 0.5]
        case let .generalHamming(alpha): return [alpha, 1 - alpha]
        case .blackman: return [0.42, 0.50, 0.08]
        case .nuttall: return [0.3635819, 0.4891775, 0.1365995, 0.0106411]
        case .blackmanharris: return [0.35875, 0.48829, 0.14128, 0.01168]
        case .flattop: return [0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368]
        case let .generalCosine(a): return a
        default: return nil
        }
    }

    /// The numbers of points a window's cost allows: chebwin's transform and
    /// dpss's eigenvector are O(N^2) and O(N) with a large constant; the
    /// others are O(N) (`LinearPhaseTaps.firwin` bounds them).
    public var countLimit: Int? {
        switch self {
        case .chebwin: return 20_001
        case .dpss: return 200_001
        default: return nil
        }
    }

    /// The rules that depend on the number of points: the Kaiser-Bessel
    /// derived window needs an even N, dpss an NW below N/2, and chebwin and
    /// dpss at most `countLimit` points.
    ///
    /// - Throws: `LinearPhaseError.windowNeedsEvenCount`,
    ///   `.windowParameterForCount`, `.windowCountTooLarge`.
    public func check(count: Int) throws(LinearPhaseError) {
        if let limit = countLimit, count > limit { throw .windowCountTooLarge(window: name, count: count, limit: limit) }
        switch self {
        case .kaiserBesselDerived where count % 2 != 0:
            throw .windowNeedsEvenCount(window: name, count: count)
        case let .dpss(nw) where count > 1 && nw >= Double(count) / 2:
            throw .windowParameterForCount(window: name, parameter: "NW", value: nw, count: count,
                                           allowed: "below half the number of taps, \(messageNumber(Double(count) / 2))")
        default: return
        }
    }

    /// The `count` symmetric window values, as scipy's
    /// `get_window(w, count, fftbins=False)`. `count` must be at least 0 and
    /// pass `check(count:)`.
    public func coefficients(count: Int) -> [Double] {
        precondition(count >= 0, "a window has at least 0 points")
        if case .kaiserBesselDerived(let beta) = self { return WindowFormulas.kaiserBesselDerived(count: count, beta: beta) }
        if count <= 1 { return [Double](repeating: 1, count: count) }
        if let a = cosineSumCoefficients { return WindowFormulas.cosineSum(count: count, a) }
        switch self {
        case .boxcar: return [Double](repeating: 1, count: count)
        case .triang: return WindowFormulas.triang(count: count)
        case .bartlett: return WindowFormulas.bartlett(count: count)
        case .parzen: return WindowFormulas.parzen(count: count)
        case .bohman: return WindowFormulas.bohman(count: count)
        case .barthann: return WindowFormulas.barthann(count: count)
        case .cosine: return WindowFormulas.cosine(count: count)
        case .lanczos: return WindowFormulas.lanczos(count: count)
        case let .exponential(tau): return WindowFormulas.exponential(count: count, tau: tau)
        case let .tukey(alpha): return WindowFormulas.tukey(count: count, alpha: alpha)
        case let .taylor(nbar, sll): return TaylorWindow.values(count: count, nbar: nbar, sidelobeLevel: sll)
        case let .kaiser(beta): return WindowFormulas.kaiser(count: count, beta: beta)
        case let .gaussian(std): return WindowFormulas.gaussian(count: count, std: std)
        case let .generalGaussian(p, sigma): return WindowFormulas.generalGaussian(count: count, p: p, sigma: sigma)
        case let .dpss(nw): return SlepianWindow.values(count: count, nw: nw)
        case let .chebwin(at): return ChebyshevWindow.values(count: count, attenuation: at)
        default: return [Double](repeating: 1, count: count)
        }
    }
}
