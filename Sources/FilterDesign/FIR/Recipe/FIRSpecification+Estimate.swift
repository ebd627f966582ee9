import RealModule

extension FIRSpecification {
    /// Kaiser's estimate of the taps the specification needs, as the search
    /// (`design()`) starts from it: N for the narrowest transition and the
    /// attenuation -20 log10 min(dp, ds) (at least 8 dB), with dp and ds
    /// those the linear-phase filter must meet (squared for minimum phase,
    /// as `design()` squares them). Nil when the edges make no band or the
    /// ripple or attenuation is out of range: the design refuses those.
    ///
    /// A server weighs a request by it before designing anything.
    public var estimatedTaps: Int? {
        guard passbandRipple > 0, passbandRipple < 60, stopbandAttenuation > 0, stopbandAttenuation <= 300,
              let (edges, _) = try? bands() else { return nil }
        let dp = passbandDeviation, ds = stopbandDeviation
        let (lp, ls) = minimumPhase == nil ? (dp, ds) : (min(Double.pow(1 + dp, 2) - 1, 1 - Double.pow(1 - dp, 2)), ds * ds)
        let narrowest = stride(from: 1, to: edges.count - 1, by: 2).map { edges[$0 + 1] - edges[$0] }.min() ?? 0
        let attenuation = -20 * Double.log10(min(lp, ls))
        return try? kaiserOrder(attenuation: max(attenuation, 8), width: narrowest).taps
    }
}
