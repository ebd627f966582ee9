import RealModule

extension FIRSpecification {
    /// Kaiser's estimate of the taps the specification's search starts
    /// from: N for the narrowest transition and the attenuation
    /// -20 log10 min(lp, ls) (at least 8 dB), with lp and ls the tolerances
    /// the linear-phase filter is first designed for: dp and ds, or
    /// `minimumPhaseTolerances` for a minimum-phase filter. Nil when the
    /// edges make no band or the ripple or attenuation is out of range: the
    /// design refuses those at once.
    ///
    /// A server weighs a request by it before designing anything.
    public var estimatedTaps: Int? {
        guard passbandRipple > 0, passbandRipple < 60, stopbandAttenuation > 0, stopbandAttenuation <= 300,
              let (edges, _) = try? bands() else { return nil }
        let (dp, ds) = (passbandDeviation, stopbandDeviation)
        let (lp, ls) = minimumPhase.map { Self.minimumPhaseTolerances($0, dp: dp, ds: ds) } ?? (dp, ds)
        return try? kaiserEstimate(attenuation: -20 * Double.log10(min(lp, ls)), width: narrowestTransition(edges))
    }
}
