/// The corner frequencies of a filter, as fractions of the sample rate
/// (alpha = f / fs), optionally remembered in hertz.
public struct Corners: Sendable, Hashable {
    /// The first (or only) corner as a fraction of the sample rate.
    public let alpha1: Double
    /// The second corner of a band-pass or band-stop filter; `nil` for one corner.
    public let alpha2: Double?
    /// The sample rate in Hz when the corners were given in Hz.
    public let sampleRate: Double?

    /// Corners given directly as alpha = f / fs.
    public static func alpha(_ alpha1: Double, _ alpha2: Double? = nil) -> Corners {
        Corners(alpha1: alpha1, alpha2: alpha2, sampleRate: nil)
    }

    /// Corners given in Hz with the sample rate: alpha = f / `sampleRate`.
    public static func hertz(_ f1: Double, _ f2: Double? = nil, sampleRate: Double) -> Corners {
        Corners(alpha1: f1 / sampleRate, alpha2: f2.map { $0 / sampleRate }, sampleRate: sampleRate,
                frequency1: f1, frequency2: f2)
    }

    /// The first corner in Hz exactly as given to `hertz(_:_:sampleRate:)`
    /// (`alpha1 * sampleRate` may differ from it in the last bit); `nil` for alphas.
    public private(set) var frequency1: Double? = nil
    /// The second corner in Hz exactly as given, when there is one.
    public private(set) var frequency2: Double? = nil

    /// The corner frequencies in Hz, when a sample rate is known: as given,
    /// or alpha times the sample rate.
    public var hertz: (Double, Double?)? {
        guard let fs = sampleRate else { return nil }
        if let f1 = frequency1 { return (f1, frequency2) }
        return (alpha1 * fs, alpha2.map { $0 * fs })
    }
}
