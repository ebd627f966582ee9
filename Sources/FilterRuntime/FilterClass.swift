/// What a filter passes, as Shake!'s `kFilterClass...` constants name it, plus
/// the kinds mkfilter designs that Shake! had no constant for.
public enum FilterClass: String, Sendable, Hashable, CaseIterable {
    /// `kFilterClassLowPass`.
    case lowPass
    /// `kFilterClassHighPass`.
    case highPass
    /// `kFilterClassBandPass`.
    case bandPass
    /// `kFilterClassBandStop`.
    case bandStop
    /// An all-pass resonator (no Shake! constant).
    case allPass
    /// A proportional-integral filter (no Shake! constant).
    case proportionalIntegral
    /// Passes its input unchanged (Shake!'s pass-through menu entry).
    case passThrough
    /// Shapes the whole spectrum: a peaking or shelving equaliser, a
    /// frequency weighting (no Shake! constant).
    case shaping
}
