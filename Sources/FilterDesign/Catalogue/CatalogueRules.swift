/// A value of a catalogue filter out of its range: what `FilterRecipe`
/// refuses (as `SpecificationError.catalogue`), each with the value and what
/// is allowed.
public enum CatalogueValueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Q not a finite number above `least` (0; 1 for a comb).
    case quality(Double, family: FilterFamily.Name, least: Double)
    /// A notch's or peak's -3 dB bandwidth f / Q at or above Nyquist
    /// (beta = tan(pi f / (fs Q)) is then negative and the filter unstable).
    case bandwidthAboveNyquist(alpha: Double, quality: Double)
    /// A comb whose fs / f is not an integer.
    case combNotDivisor(alpha: Double, hertz: Double?, sampleRate: Double?)
    /// A comb of more teeth (fs / f) than `Comb.teethRange`.
    case combTeeth(Int)
    /// A gain in dB not finite or beyond +-`CatalogueFilter.gainRange`.
    case gain(Double)
    /// A design whose frequencies must be in Hz (the gammatone's ERB, the weightings).
    case needsSampleRate(FilterFamily.Name)
    /// A weighting at a sample rate whose Nyquist frequency is not above 1 kHz.
    case weightingSampleRate(Double)
    /// A comb asked to run in direct form: its recurrence, expanded from N
    /// poles, turns the N - 1 zero coefficients into rounding noise.
    case combDirectForm(teeth: Int)
    /// A gammatone whose bandwidth, 1.019 ERB(f), is not below Nyquist.
    case gammatoneBandwidth(hertz: Double, bandwidth: Double, sampleRate: Double)

    public var description: String {
        switch self {
        case let .quality(q, family, least):
            let why = family == .iircomb ? " (at Q <= 1 a tooth is as wide as the teeth's spacing and the comb is unstable)" : ""
            return "Q = \(messageNumber(q)) is out of range for \(family.withArticle); it must be a finite number above \(messageNumber(least))\(why)"
        case let .bandwidthAboveNyquist(alpha, q):
            return "the -3 dB bandwidth f / Q = \(messageNumber(alpha / q)) of the sample rate is at or above Nyquist (0.5): "
                + "the filter would be unstable; give Q above \(messageNumber(2 * alpha))"
        case let .combNotDivisor(alpha, hertz, fs):
            if let hertz, let fs {
                return "a comb needs fs / f to be a whole number; \(messageNumber(fs)) / \(messageNumber(hertz)) = \(messageNumber(fs / hertz)) is not"
            }
            return "a comb needs 1 / alpha (fs / f) to be a whole number; 1 / \(messageNumber(alpha)) = \(messageNumber(1 / alpha)) is not"
        case .combTeeth(let n):
            return "a comb of fs / f = \(n) teeth is beyond \(Comb.teethRange.upperBound): give a higher frequency or a lower sample rate"
        case .gain(let g):
            return "gain \(messageNumber(g)) dB is out of range; it must be a finite number of dB within +-\(messageNumber(CatalogueFilter.gainRange))"
        case .needsSampleRate(let family):
            return "\(family.withArticle) is defined in Hz: give the sample rate and the frequency in Hz"
        case .combDirectForm(let n):
            return "a comb runs as second-order sections: its direct form, expanded from its \(n) poles, turns the \(max(n - 1, 0)) zero "
                + "coefficients between 1 and z^-\(n) into rounding noise; leave out the direct realization"
        case let .gammatoneBandwidth(f, bandwidth, fs):
            return "a gammatone at \(messageNumber(f)) Hz is 1.019 ERB = \(messageNumber(bandwidth)) Hz wide, not below Nyquist "
                + "(\(messageNumber(fs / 2)) Hz): give a sample rate above \(messageNumber(2 * bandwidth)) Hz"
        case .weightingSampleRate(let fs):
            return "sample rate \(messageNumber(fs)) Hz is too low for a weighting: it is defined at 1 kHz, which must be below Nyquist (a sample rate above 2000 Hz)"
        }
    }
}

extension CatalogueFilter {
    /// The largest gain, dB, of a peaking or shelving biquad.
    public static let gainRange = 120.0

    /// The filter's values in range at `alpha` (already inside (0, 0.5))
    /// with the frequency and sample rate the corners were given in.
    ///
    /// - Throws: `CatalogueValueError` for the first value out of range.
    public func check(alpha: Double, hertz: Double?, sampleRate: Double?) throws(CatalogueValueError) {
        if let q = quality {
            let least = name == .iircomb ? 1.0 : 0.0
            guard q.isFinite, q > least else { throw .quality(q, family: name, least: least) }
        }
        switch self {
        case .notch(let q), .peak(let q):
            guard alpha / q < 0.5 else { throw .bandwidthAboveNyquist(alpha: alpha, quality: q) }
        case .comb:
            guard let n = Comb.teeth(alpha: hertz.flatMap { h in sampleRate.map { h / $0 } } ?? alpha) else {
                throw .combNotDivisor(alpha: alpha, hertz: hertz, sampleRate: sampleRate)
            }
            guard Comb.teethRange.contains(n) else { throw .combTeeth(n) }
        case .cookbook(let response, _, let gain):
            guard !response.takesGain || (gain.isFinite && abs(gain) <= Self.gainRange) else { throw .gain(gain) }
        case .gammatone:
            guard let fs = sampleRate else { throw .needsSampleRate(name) }
            let bandwidth = 1.019 * Gammatone.equivalentRectangularBandwidth(alpha * fs)
            guard bandwidth < fs / 2 else { throw .gammatoneBandwidth(hertz: alpha * fs, bandwidth: bandwidth, sampleRate: fs) }
        case .weighting:
            guard let fs = sampleRate else { throw .needsSampleRate(name) }
            guard fs.isFinite, fs > 2000 else { throw .weightingSampleRate(fs) }
        }
    }
}
