import ComplexModule
import RealModule

/// A filter of the catalogue: the designs engineers reach for after the
/// textbook families, each placed in the z-plane by its own closed form
/// (as Fisher's resonators are) and each as its anchor defines it.
///
/// | case | anchor | frequency |
/// |---|---|---|
/// | `notch`, `peak` | scipy's `iirnotch`, `iirpeak` | the notch or peak |
/// | `comb` | scipy's `iircomb` (fs / f an integer N) | the first tooth |
/// | `gammatone` | scipy's `gammatone(ftype='iir')` (Slaney) | the centre |
/// | `cookbook` | R. Bristow-Johnson's Audio EQ Cookbook, as Web Audio's `BiquadFilterNode` | the corner or centre |
/// | `weighting` | IEC 61672-1 Annex E, A or C | 1 kHz, where it is 0 dB |
///
/// A catalogue filter keeps the gain its anchor gives (a peaking EQ is
/// +gain dB at its centre, a notch 1 away from it): `Design.normalized` is
/// its own zeros, poles and gain.
public enum CatalogueFilter: Sendable, Hashable {
    /// scipy's `iirnotch(f, Q, fs)`: a zero pair on the unit circle at f,
    /// -3 dB bandwidth f / Q, unit gain at dc and Nyquist.
    case notch(quality: Double)
    /// scipy's `iirpeak(f, Q, fs)`: unit gain at f, zeros at dc and Nyquist.
    case peak(quality: Double)
    /// scipy's `iircomb(f, Q, ftype, fs, pass_zero)`: N = fs / f notches
    /// (or peaks) on the harmonics of f.
    case comb(quality: Double, response: CombResponse, passZero: Bool)
    /// scipy's `gammatone(f, 'iir', fs=fs)`: a fourth-order gammatone
    /// (eight poles), unit gain at its centre.
    case gammatone
    /// A biquad of the Audio EQ Cookbook; `quality` is the linear Q (the
    /// shelves' slope is S = 1 and they take none), `gainDecibels` the
    /// peaking and shelving gain (0 for the others).
    case cookbook(CookbookResponse, quality: Double, gainDecibels: Double)
    /// IEC 61672-1's A or C frequency weighting.
    case weighting(WeightingCurve)
}

/// What an `iircomb` filter does at the harmonics of its frequency.
public enum CombResponse: String, Sendable, Hashable, CaseIterable {
    /// Notches at the harmonics.
    case notch
    /// Peaks at the harmonics.
    case peak
}

/// The eight responses of the Audio EQ Cookbook, named as Web Audio's
/// `BiquadFilterType` names them.
public enum CookbookResponse: String, Sendable, Hashable, CaseIterable {
    case lowpass, highpass, bandpass, notch, allpass, peaking, lowshelf, highshelf

    /// Whether the response takes a Q (the shelves use the slope S = 1).
    public var takesQuality: Bool { self != .lowshelf && self != .highshelf }
    /// Whether the response takes a gain in dB (peaking and the shelves).
    public var takesGain: Bool { self == .peaking || self == .lowshelf || self == .highshelf }
}

/// An IEC 61672-1 frequency weighting.
public enum WeightingCurve: String, Sendable, Hashable, CaseIterable {
    /// A weighting: the ear at low levels.
    case a = "A"
    /// C weighting: flat but for the ends, for peaks.
    case c = "C"
}

extension CatalogueFilter {
    /// The catalogue family's name, as the reader and every form name it.
    public var name: FilterFamily.Name {
        switch self {
        case .notch: return .iirnotch
        case .peak: return .iirpeak
        case .comb: return .iircomb
        case .gammatone: return .gammatone
        case .cookbook: return .biquad
        case .weighting: return .weighting
        }
    }

    /// The same filter with the parameters it does not use at their
    /// defaults (a cookbook response without Q: 1/sqrt(2); without gain: 0),
    /// so that equal filters are equal values.
    public var canonical: CatalogueFilter {
        guard case let .cookbook(response, q, gain) = self else { return self }
        return .cookbook(response, quality: response.takesQuality ? q : 0.5.squareRoot(), gainDecibels: response.takesGain ? gain : 0)
    }

    /// The Q, for the designs that take one.
    public var quality: Double? {
        switch self {
        case .notch(let q), .peak(let q), .comb(let q, _, _): return q
        case .cookbook(let response, let q, _): return response.takesQuality ? q : nil
        case .gammatone, .weighting: return nil
        }
    }

    /// The z-plane zeros, poles and gain of the filter at `alpha` = f / fs.
    ///
    /// - Parameters:
    ///   - alpha: the frequency that defines it (`FilterRecipe.alpha1`).
    ///   - sampleRate: Hz; the weightings and the gammatone's bandwidth
    ///     (from the ERB scale) need it.
    public func zPlane(alpha: Double, sampleRate: Double?) -> ZeroPoleGain {
        switch self {
        case .notch(let q): return NotchPeak.notch(alpha: alpha, quality: q)
        case .peak(let q): return NotchPeak.peak(alpha: alpha, quality: q)
        case let .comb(q, response, passZero):
            // A valid recipe's 1 / alpha is whole (`check`); rounded otherwise.
            let n = Comb.teeth(alpha: alpha) ?? max(3, Int(min((1 / alpha).rounded(), 4096)))
            return Comb.zPlane(teeth: n, quality: q, response: response, passZero: passZero)
        case .gammatone: return Gammatone.zPlane(alpha: alpha, sampleRate: sampleRate ?? 1)
        case let .cookbook(response, q, gain):
            return CookbookBiquad.zPlane(response, alpha: alpha, quality: q, gainDecibels: gain)
        case .weighting(let curve): return FrequencyWeighting.zPlane(curve: curve, sampleRate: sampleRate ?? 1)
        }
    }
}

/// The roots of z^2 + a1 z + a2 (real a1, a2): a conjugate pair, exactly
/// conjugate, or two real roots by the form that does not cancel
/// (q = -(a1 + sign(a1) sqrt(d)) / 2, roots q and a2 / q).
func quadraticRoots(_ a1: Double, _ a2: Double) -> [Complex<Double>] {
    let d = a1 * a1 - 4 * a2
    if d < 0 {
        let re = -a1 / 2, im = (-d).squareRoot() / 2
        return [Complex(re, im), Complex(re, -im)]
    }
    let q = -(a1 + (a1 < 0 ? -1.0 : 1.0) * d.squareRoot()) / 2
    if q == 0 { return [Complex(0, 0), Complex(0, 0)] }
    return [Complex(q, 0), Complex(a2 / q, 0)]
}

/// The factored form of the biquad (b0 + b1 z^-1 + b2 z^-2) / (a0 + a1 z^-1 + a2 z^-2).
/// Where b0 = 0 (a cookbook all-pass with alpha = 1) the numerator has a
/// lower degree: b1 (z - (-b2 / b1)) or b2 alone, its missing zeros a delay.
func biquadZeroPoleGain(b: (Double, Double, Double), a: (Double, Double, Double)) -> ZeroPoleGain {
    let poles = quadraticRoots(a.1 / a.0, a.2 / a.0)
    if b.0 != 0 { return ZeroPoleGain(zeros: quadraticRoots(b.1 / b.0, b.2 / b.0), poles: poles, gain: b.0 / a.0) }
    if b.1 != 0 { return ZeroPoleGain(zeros: [Complex(-b.2 / b.1, 0)], poles: poles, gain: b.1 / a.0) }
    return ZeroPoleGain(zeros: [], poles: poles, gain: b.2 / a.0)
}

extension CatalogueFilter {
    /// Where the anchor states the filter's gain, and that gain: what
    /// `verify` checks the filter as it runs against.
    ///
    /// notch: dc, 1; peak, gammatone, a cookbook band-pass: f, 1; comb: dc
    /// with `passZero`, else f / 2 (between the teeth), 1; cookbook
    /// low-pass, notch, all-pass: dc, 1; high-pass: Nyquist, 1; peaking: f,
    /// 10^(gain/20); low shelf: dc, 10^(gain/20); high shelf: Nyquist,
    /// 10^(gain/20); weighting: 1 kHz, IEC 61672-1's curve there (1 within 4e-5).
    public func unityPoint(alpha: Double) -> (alpha: Double, magnitude: Double, name: String) {
        switch self {
        case .notch: return (0, 1, "dc")
        case .peak, .gammatone: return (alpha, 1, "the centre")
        case .comb(_, _, let passZero): return passZero ? (0, 1, "dc") : (alpha / 2, 1, "between the teeth")
        case .weighting(let curve):
            // Annex E's curve is +0.00034 dB (A), +0.00010 dB (C) at 1 kHz with its printed constants.
            return (alpha, Double.pow(10, FrequencyWeighting.analyticDecibels(curve: curve, frequency: 1000) / 20), "1 kHz")
        case let .cookbook(response, _, gain):
            let g = Double.pow(10, gain / 20)
            switch response {
            case .lowpass, .notch, .allpass: return (0, 1, "dc")
            case .highpass: return (0.5, 1, "Nyquist")
            case .bandpass: return (alpha, 1, "the centre")
            case .peaking: return (alpha, g, "the centre")
            case .lowshelf: return (0, g, "dc")
            case .highshelf: return (0.5, g, "Nyquist")
            }
        }
    }
}
