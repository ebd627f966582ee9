/// The band type: which part of the spectrum a filter passes.
public enum FilterBand: String, Sendable, Hashable, CaseIterable {
    /// `-Lp`: passes below the corner alpha1.
    case lowPass
    /// `-Hp`: passes above the corner alpha1.
    case highPass
    /// `-Bp`: passes between alpha1 and alpha2 (2N poles for order N).
    case bandPass
    /// `-Bs`: stops between alpha1 and alpha2 (2N poles for order N).
    case bandStop
    /// `-Ap`: passes everything, shifts phase; resonators only.
    case allPass

    /// Whether the band is given by two corners (alpha1 < alpha2).
    public var hasTwoCorners: Bool { self == .bandPass || self == .bandStop }
}
