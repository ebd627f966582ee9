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

    /// An empty draft.
    public init() {}

    /// Whether any field of a magnitude specification is given: the recipe
    /// is then designed from it, and its order and corners are estimated.
    public var givesSpecification: Bool {
        passband != nil || stopband != nil || passbandLoss != nil || stopbandAttenuation != nil
    }
}
