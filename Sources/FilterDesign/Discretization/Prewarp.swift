import RealModule

/// Pre-warping of a corner for the bilinear transform.
///
/// The bilinear transform maps the analog frequency w to the digital
/// 2 atan(w/2); designing the analog filter at alpha' = tan(pi alpha) / pi
/// puts the digital corner exactly at alpha.
public enum Prewarp {
    /// alpha' = tan(pi alpha) / pi.
    public static func warped(_ alpha: Double) -> Double { Double.tan(Double.pi * alpha) / Double.pi }

    /// The corners the analog design uses: warped for `.bilinear`, as given otherwise.
    public static func corners(_ alpha1: Double, _ alpha2: Double, discretization: Discretization) -> (Double, Double) {
        switch discretization {
        case .bilinear: return (warped(alpha1), warped(alpha2))
        case .bilinearWithoutPrewarp, .matchedZ: return (alpha1, alpha2)
        }
    }
}
