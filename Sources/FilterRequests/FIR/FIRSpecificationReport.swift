import FilterDesign

/// What `mkfilter fir` (and the design page's `design=fir`) prints: the
/// specification in dB and as gains, the fewest taps that met it (and the
/// most that did not), then the filter's report.
public enum FIRSpecificationReport {
    /// The report of `filter`, designed for `spec` after trying `tried`.
    public static func text(_ spec: FIRSpecification, filter: FIRFilter, tried: [(taps: Int, meets: Bool)]) -> String {
        let n = filter.recipe.method.taps
        let failedBelow = tried.filter { !$0.meets && $0.taps < n }.map(\.taps).max()
        let minimum = spec.minimumPhase.map { _ in " (minimum phase: \(filter.taps.count) taps from \(n) linear-phase taps)" } ?? ""
        var out = "specification: ripple \(formatC("%g", spec.passbandRipple)) dB (gain within 1 +- \(formatC("%.4g", spec.passbandDeviation))), "
            + "attenuation \(formatC("%g", spec.stopbandAttenuation)) dB (gain at most \(formatC("%.4g", spec.stopbandDeviation)))\n"
        out += "met with \(n) taps by \(spec.method.rawValue)"
            + minimum + (failedBelow.map { "; \($0) do not meet it" } ?? "")
            + " (\(tried.count) designs tried)\n"
        return out + filter.report
    }
}
