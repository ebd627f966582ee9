/// A filter's recipe as a form gave it, field by field, before any rule that
/// joins two fields is checked: the loose named fields that every outside form
/// reads its text into (Fisher's words, a filter set file's object, a URL
/// query), and that `RecipeReader` then checks once, for all of them.
///
/// A form fills what it was given and its own defaults, nothing more: the
/// type of each value (a number where a number belongs), and the conventions
/// of its own spelling (Fisher's `-Ch` takes the ripple negated), are the
/// form's; which fields go together is the reader's.
///
/// | field | meaning |
/// |---|---|
/// | `families` | every family the form named, in order (one, from a form that names one) |
/// | `ripple`, `attenuation`, `quality` | the family's parameters, dB positive, and Q |
/// | `bands` | every band the form named |
/// | `order` | N |
/// | `alphas` or `cornersHertz` | the corners, as f / fs or in Hz |
/// | `sampleRate` | given with the fields, given later (a filter set's rates), or absent |
/// | `transform`, `poles`, `extraZeroAlpha` or `extraZeroHertz` | Fisher's -w/-z, -p, -Z |
/// | `passband`, `stopband`, `passbandLoss`, `stopbandAttenuation` | a magnitude specification instead of the order and corners: edges as f / fs, or in Hz when there is a sample rate |
/// | `firMethod` | a FIR design instead of an IIR one: remez, firls, firwin, firwin2, or `fir` (the specification's fields) |
/// | `taps`, `bandEdges`, `desired`, `weights`, `remezType` | remez and firls |
/// | `cutoffs`, `firBand`, `window`, `width`, `noScale` | firwin |
/// | `frequencies`, `gains`, `window`, `antisymmetric` | firwin2 |
/// | `minimumPhase`, `specificationMethod` | every FIR design; `fir` |
/// | `quality`, `catalogueType`, `gainDecibels`, `passZero`, `curve` | the catalogue (`CatalogueFilter`): Q, a comb's or biquad's type, a gain in dB, a comb through dc, a weighting's curve; its frequency is the one corner |
///
/// A FIR draft's frequencies are in Hz when there is a sample rate, else
/// alphas, as its form gave them.
public struct RecipeDraft: Sendable, Hashable {
    /// Where the sample rate of corners in Hz comes from.
    public enum SampleRate: Sendable, Hashable {
        /// None: corners and edges are alphas, f / fs.
        case absent
        /// Given with the fields (Fisher's `--sample-rate`).
        case given(Double)
        /// Given apart, when the recipe is made (a filter set gives its rates once).
        case later
    }

    /// Every family named, in order.
    public var families: [FilterFamily.Name] = []
    /// The passband ripple in dB, positive (Chebyshev, elliptic).
    public var ripple: Double?
    /// The stopband attenuation in dB (Chebyshev II, elliptic).
    public var attenuation: Double?
    /// A resonator's Q.
    public var quality: QualityFactor?
    /// Every band named, in order.
    public var bands: [FilterBand] = []
    /// The order N.
    public var order: Int?
    /// The corners as alpha = f / fs, one or two.
    public var alphas: [Double]?
    /// The corners in Hz, one or two.
    public var cornersHertz: [Double]?
    /// The sample rate of corners, edges and an extra zero in Hz.
    public var sampleRate: SampleRate = .absent
    /// The s-to-z mapping, when one was named.
    public var transform: Discretization?
    /// Prototype poles to keep (Fisher's `-p`).
    public var poles: [Int]?
    /// An extra zero pair at alpha = f / fs (Fisher's `-Z`).
    public var extraZeroAlpha: Double?
    /// An extra zero pair in Hz.
    public var extraZeroHertz: Double?
    /// Where a Bessel prototype's poles come from.
    public var besselPoles: BesselPoleSource = .computed
    /// Sections or Fisher's recurrence.
    public var realization: Realization = .sections
    /// Passband edges, one or two.
    public var passband: [Double]?
    /// Stopband edges, one or two.
    public var stopband: [Double]?
    /// The most loss allowed in the passband, dB.
    public var passbandLoss: Double?
    /// The least attenuation required in the stopband, dB.
    public var stopbandAttenuation: Double?

    /// A FIR design's method; nil for an IIR recipe.
    public var firMethod: FIRMethodName?
    /// A FIR filter's number of taps.
    public var taps: Int?
    /// Band edges in pairs (remez, firls).
    public var bandEdges: [Double]?
    /// Desired amplitudes: per band (remez) or per band edge (firls).
    public var desired: [Double]?
    /// One weight per band (remez, firls).
    public var weights: [Double]?
    /// remez's filter type.
    public var remezType: RemezFilterType?
    /// firwin's cutoff frequencies.
    public var cutoffs: [Double]?
    /// firwin's band; by default low-pass for one cutoff, band-pass for two or more.
    public var firBand: FIRBand?
    /// The window of firwin and firwin2; Hamming's by default.
    public var window: FIRWindow?
    /// firwin's transition width, which makes its window Kaiser's.
    public var width: Double?
    /// firwin without scaling (given when true).
    public var noScale = false
    /// firwin2's frequencies, 0 to Nyquist.
    public var frequencies: [Double]?
    /// firwin2's gains, one per frequency.
    public var gains: [Double]?
    /// firwin2's antisymmetric taps (given when true).
    public var antisymmetric = false
    /// Converts a FIR design's linear-phase taps to minimum phase.
    public var minimumPhase: MinimumPhaseMethod?
    /// How a FIR specification designs each candidate; remez by default.
    public var specificationMethod: FIRSpecification.Method?

    /// A catalogue filter's type as the form gave it (`RecipeField.remezType`,
    /// "type"): a comb's notch or peak, a cookbook biquad's response, a
    /// gammatone's iir. The reader reads the word.
    public var catalogueType: String?
    /// A peaking or shelving biquad's gain, dB.
    public var gainDecibels: Double?
    /// A comb that passes dc (scipy's `pass_zero`), given when true.
    public var passZero = false
    /// A weighting's curve as the form gave it: A or C.
    public var curve: String?

    /// A Savitzky-Golay filter's window length W (`RecipeField.window`).
    public var savgolWindow: Int?
    /// A Savitzky-Golay filter's polynomial order P.
    public var polyorder: Int?
    /// A Savitzky-Golay filter's derivative D; 0 by default.
    public var derivative: Int?
    /// A Savitzky-Golay filter's sample spacing; 1 by default.
    public var delta: Double?
    /// The sample a Savitzky-Golay filter evaluates its fit at; the centre by default.
    public var position: Int?
    /// The order of a Savitzky-Golay filter's taps; conv by default.
    public var savgolUse: SavitzkyGolay.Use?

    /// An empty draft.
    public init() {}

    /// The fields given, in `RecipeField`'s order: those whose value is
    /// present (a flag when set, the families and bands when any is named,
    /// the sample rate when given or promised).
    public var givenFields: [RecipeField] {
        RecipeField.allCases.filter { field in
            switch field {
            case .family: return !families.isEmpty
            case .band: return !bands.isEmpty || firBand != nil
            case .order: return order != nil
            case .corners: return alphas != nil || cornersHertz != nil
            case .sampleRate: return sampleRate != .absent
            case .ripple: return ripple != nil
            case .attenuation: return attenuation != nil
            case .q: return quality != nil
            case .transform: return transform != nil
            case .poles: return poles != nil
            case .extraZero: return extraZeroAlpha != nil || extraZeroHertz != nil
            case .passband: return passband != nil
            case .stopband: return stopband != nil
            case .passbandLoss: return passbandLoss != nil
            case .stopbandAttenuation: return stopbandAttenuation != nil
            case .design: return firMethod != nil
            case .taps: return taps != nil
            case .bands: return bandEdges != nil
            case .desired: return desired != nil
            case .weights: return weights != nil
            case .remezType: return remezType != nil || catalogueType != nil
            case .cutoffs: return cutoffs != nil
            case .window: return window != nil || savgolWindow != nil
            case .width: return width != nil
            case .noScale: return noScale
            case .frequencies: return frequencies != nil
            case .gains: return gains != nil
            case .antisymmetric: return antisymmetric
            case .minimumPhase: return minimumPhase != nil
            case .method: return specificationMethod != nil
            case .gain: return gainDecibels != nil
            case .passZero: return passZero
            case .curve: return curve != nil
            case .polyorder: return polyorder != nil
            case .derivative: return derivative != nil
            case .delta: return delta != nil
            case .position: return position != nil
            case .use: return savgolUse != nil
            }
        }
    }

    /// Whether any field of a magnitude specification is given: the recipe
    /// is then designed from it, and its order and corners are estimated.
    public var givesSpecification: Bool {
        passband != nil || stopband != nil || passbandLoss != nil || stopbandAttenuation != nil
    }
}
