/// How the analog (s-plane) design is mapped to the z-plane.
public enum Discretization: String, Sendable, Hashable, CaseIterable {
    /// Bilinear transform z = (2 + s) / (2 - s) with the corners pre-warped,
    /// alpha' = tan(pi alpha) / pi, so the digital corners land where asked
    /// (Fisher's default).
    case bilinear
    /// Bilinear transform without pre-warping (`-w`).
    case bilinearWithoutPrewarp
    /// Matched z-transform z = exp(s) (`-z`; implies no pre-warp). Zeros at
    /// infinity are dropped rather than mapped to z = -1.
    case matchedZ
}
