/// How a FIR design's message says a frequency: as the fraction of the sample
/// rate the design functions take (alpha, 0 ... 0.5), or, for a design whose
/// frequencies were given in Hz, in Hz at its sample rate fs, f = alpha fs,
/// so that the message names the value as it was written.
///
/// `LinearPhaseError.description(_:)` and `RemezError.description(_:)` speak
/// through it; their plain `description` is the wording in alphas.
public struct FrequencyWording: Sendable, Equatable {
    /// fs in Hz; nil: frequencies are alphas.
    public var sampleRate: Double?

    /// Frequencies as `sampleRate` says: in Hz when there is one.
    public init(sampleRate: Double?) {
        self.sampleRate = sampleRate
    }

    /// Alphas, as the design functions take them.
    public static let alphas = FrequencyWording(sampleRate: nil)

    /// `alpha` as a message says it: `0.25`, or `15 Hz` (alpha fs, rounded
    /// to 9 decimal places so that 0.1 x 60 reads back as the 6 Hz typed).
    public func frequency(_ alpha: Double) -> String {
        guard let fs = sampleRate else { return messageNumber(alpha) }
        let hertz = alpha * fs
        let shown = hertz.isFinite && abs(hertz) >= 1e-3 && abs(hertz) < 1e12 ? (hertz * 1e9).rounded() / 1e9 : hertz
        return messageNumber(shown) + " Hz"
    }

    /// Half the sample rate: `0.5`, or `30 Hz`.
    public var nyquist: String { frequency(0.5) }

    /// What the frequencies are, after a range: ` (fractions of the sample
    /// rate)`, or ` (half the sample rate)` after Nyquist in Hz.
    func rangeNote(plural: Bool) -> String {
        sampleRate == nil ? (plural ? " (fractions of the sample rate)" : " (a fraction of the sample rate)") : " (half the sample rate)"
    }
}
