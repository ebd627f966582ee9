/// How a template was designed, so it can be designed again (for example at
/// another sample rate) and so a reader knows where its numbers came from.
public struct FilterProvenance: Sendable, Hashable {
    /// The response family: "butterworth", "bessel", "chebyshev", "chebyshev2",
    /// "elliptic", "resonator",
    /// "proportionalIntegral", "movingAverage", "raisedCosine", ... or "none".
    public var family: String
    /// Chebyshev or elliptic passband ripple in dB (positive), when the family has one.
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
    /// Chebyshev II and elliptic stopband attenuation in dB, when the family has one.
    public var attenuationDecibels: Double?
    /// For a filter designed from a magnitude specification: its passband
    /// edges in Hz (then order and corners were estimated from it).
    public var passbandEdges: [Double]?
    /// The specification's stopband edges in Hz.
    public var stopbandEdges: [Double]?
    /// The specification's passband loss in dB.
    public var passbandLoss: Double?
    /// The specification's stopband attenuation in dB.
    public var stopbandAttenuation: Double?

    /// Creates a provenance record.
    public init(family: String, rippleDecibels: Double? = nil, qualityFactor: Double? = nil,
                transform: String, poleSubset: [Int]? = nil, extraZeroFrequency: Double? = nil,
                besselPoles: String? = nil, mkfilterCommandLine: String, attenuationDecibels: Double? = nil,
                passbandEdges: [Double]? = nil, stopbandEdges: [Double]? = nil, passbandLoss: Double? = nil,
                stopbandAttenuation: Double? = nil) {
        self.family = family
        self.rippleDecibels = rippleDecibels
        self.qualityFactor = qualityFactor
        self.transform = transform
        self.poleSubset = poleSubset
        self.extraZeroFrequency = extraZeroFrequency
        self.besselPoles = besselPoles
        self.mkfilterCommandLine = mkfilterCommandLine
        self.attenuationDecibels = attenuationDecibels
        self.passbandEdges = passbandEdges
        self.stopbandEdges = stopbandEdges
        self.passbandLoss = passbandLoss
        self.stopbandAttenuation = stopbandAttenuation
    }
}
