/// How a template was designed, so it can be designed again (for example at
/// another sample rate) and so a reader knows where its numbers came from.
public struct FilterProvenance: Sendable, Hashable {
    /// The response family: "butterworth", "bessel", "chebyshev", "resonator",
    /// "proportionalIntegral", "movingAverage", "raisedCosine", ... or "none".
    public var family: String
    /// Chebyshev passband ripple in dB (positive), when the family has one.
    public var rippleDecibels: Double?
    /// Resonator quality factor; `.infinity` for an oscillator.
    public var qualityFactor: Double?
    /// "bilinear", "bilinearWithoutPrewarp", "matchedZ" or "none".
    public var transform: String
    /// Prototype poles kept (`-p`), when a subset was used.
    public var poleSubset: [Int]?
    /// Extra z-plane zero (`-Z`), in Hz, when one was added.
    public var extraZeroFrequency: Double?
    /// "table" when a Bessel filter was designed from Fisher's 12-digit pole
    /// table (mkfilter's default); `nil` for computed poles or another family.
    public var besselPoles: String?
    /// The equivalent mkfilter command line (with `-a` alphas), e.g.
    /// `mkfilter -Bu -Lp -o 2 -a 0.0833333333333333`.
    public var mkfilterCommandLine: String

    /// Creates a provenance record.
    public init(family: String, rippleDecibels: Double? = nil, qualityFactor: Double? = nil,
                transform: String, poleSubset: [Int]? = nil, extraZeroFrequency: Double? = nil,
                besselPoles: String? = nil, mkfilterCommandLine: String) {
        self.family = family
        self.rippleDecibels = rippleDecibels
        self.qualityFactor = qualityFactor
        self.transform = transform
        self.poleSubset = poleSubset
        self.extraZeroFrequency = extraZeroFrequency
        self.besselPoles = besselPoles
        self.mkfilterCommandLine = mkfilterCommandLine
    }
}
