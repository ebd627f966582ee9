import FilterDesign
import RealModule

extension VerificationRun {
    /// **normalised**: the passband maximum at 1 (scipy's convention,
    /// `FilterRecipe.normalized`), within the gain tolerance. Resonators and PI
    /// (and subjects `normalizedAtFisherPoint`) are normalised at Fisher's
    /// point: |H| = 1 at dc for low-pass and band-stop (sqrt(|H(0)||H(0.5)|)
    /// for band-stop), Nyquist for high-pass, the centre for band-pass.
    /// Butterworth, Bessel and Chebyshev I are checked where the band
    /// transform puts the prototype's dc (|H| = 1, or 10^(-R/20) for an
    /// even-order Chebyshev I), and where that is the passband's maximum
    /// (the bilinear transform, all poles, no extra zero) the maximum is
    /// checked too; Chebyshev II and elliptic at their passband maximum.
    mutating func checkNormalisation(_ spec: FilterRecipe, _ measure: ResponseMeasurements) {
        if case .catalogue(let filter) = spec.family { return checkCatalogueNormalisation(filter, spec, measure) }
        var reference: Double
        let referenceName: String
        var target = 1.0
        let fisher = subject.normalizedAtFisherPoint || !spec.hasSPlane || spec.family == .proportionalIntegral
        if case .chebyshev(let ripple) = spec.family, let order = spec.order, order % 2 == 0, !fisher {
            target = Double.pow(10, -ripple / 20)
        }
        switch (spec.family, spec.band) {
        case (.proportionalIntegral, _), (_, .highPass?):
            reference = measure.magnitude(atAlpha: 0.5); referenceName = "Nyquist"
        case (_, .bandPass?) where fisher, (_, .allPass?):
            reference = measure.magnitude(atAlpha: 0.5 * (spec.alpha1 + spec.alpha2)); referenceName = "the centre"
        case (_, .bandPass?):
            reference = measure.magnitude(atAlpha: spec.passbandCentre); referenceName = "the centre"
        case (_, .bandStop?):
            reference = (measure.magnitude(atAlpha: 0) * measure.magnitude(atAlpha: 0.5)).squareRoot()
            referenceName = "dc and Nyquist (geometric mean)"
        default:
            reference = measure.magnitude(atAlpha: 0); referenceName = "dc"
        }
        var gainError = abs(reference / target - 1)
        var referenceText = "|H| at \(referenceName) = " + format(reference, "%.12g")
            + (target == 1 ? "" : " (" + format(target, "%.12g") + " expected)")
        let passbandIntervals: [ClosedRange<Double>]?
        switch (spec.family, spec.band) {
        case (.chebyshev2, _), (.elliptic, _): passbandIntervals = spec.bandRequirements?.referenceBand
        case (.butterworth, let band?), (.bessel, let band?), (.chebyshev, let band?):
            passbandIntervals = spec.isStandardBilinear
                ? MagnitudeSpecification.intervals(band: band, edges: [spec.alpha1, spec.alpha2], inner: true) : nil
        default: passbandIntervals = nil
        }
        if !fisher || spec.family.normalizesAtPassbandMaximum, let passbandIntervals, !passbandIntervals.isEmpty {
            let maximum = passbandIntervals.map { measure.decibelRange(from: $0.lowerBound, to: $0.upperBound).maximum }.max()!
            let peakGain = Double.pow(10, maximum / 20)
            if spec.family.normalizesAtPassbandMaximum {
                gainError = abs(peakGain - 1)
                referenceText = "the passband maximum |H| = " + format(peakGain, "%.12g")
            } else {
                gainError = max(gainError, abs(peakGain - 1))
                referenceText += ", the passband maximum |H| = " + format(peakGain, "%.12g")
            }
        }
        record(VerificationCheck(
            name: "normalised", passed: gainError <= gainTolerance,
            detail: referenceText + ", off by " + format(gainError)
                + " (allowed " + format(gainTolerance) + ")"))
    }

    /// A catalogue filter's gain where its anchor states it (`CatalogueFilter.unityPoint`).
    mutating func checkCatalogueNormalisation(_ filter: CatalogueFilter, _ spec: FilterRecipe, _ measure: ResponseMeasurements) {
        let point = filter.unityPoint(alpha: spec.alpha1)
        let reference = measure.magnitude(atAlpha: point.alpha)
        let gainError = abs(reference / point.magnitude - 1)
        record(VerificationCheck(
            name: "normalised", passed: gainError <= gainTolerance,
            detail: "|H| at \(point.name) = " + format(reference, "%.12g") + " (" + format(point.magnitude, "%.12g")
                + " expected), off by " + format(gainError) + " (allowed " + format(gainTolerance) + ")"))
    }
}
