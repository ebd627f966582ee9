/// From the exchange's best trial filter to the taps, and the certificate
/// measured on them.
///
/// The trial polynomial P is sampled at the n Chebyshev points (in
/// double-double where its barycentric form loses accuracy, between and
/// beyond the bands: `ChebyshevTaps.samples`), turned into Chebyshev
/// coefficients and taps (`ChebyshevTaps`), and E is measured again on the
/// polynomial through those samples at every candidate extremum of the
/// final iteration: max |E| over them, L = min |E| over the alternating
/// extrema (0 where the sign is wrong). The taps hold that polynomial up to
/// the rounding of the cosine transform, so their own response is computed
/// in double-double at the peak and at 32 extrema spread over the reference,
/// and max |E| is raised, L lowered, by twice the largest difference found.
enum RemezCertificate {
    /// The exchange's failure to converge, naming the band of the candidate
    /// with the largest error |E|, and the error and bound reached.
    private static func noConvergence(_ best: RemezExchange.State, bands specification: [EquirippleProblem.Band],
                                      iterations: Int) -> RemezError {
        var peak = best.candidates[0]
        for c in best.candidates where abs(c.error) > abs(peak.error) { peak = c }
        let band = specification[peak.band]
        return .noConvergence(band: peak.band, edges: [band.lower, band.upper], iterations: iterations,
                              maximumError: best.maximumError, lowerBound: best.lowerBound)
    }

    /// The error bounds the design certifies: the lower bound, the smallest
    /// |E| at the extrema where E has its alternating sign (0 where not), and
    /// the maximum, the larger of the largest |E| and that; each widened by
    /// twice the largest discrepancy between the fast and the accurate
    /// evaluation of E at the peak and at up to 32 extrema.
    private static func certifiedBounds(maximum: Double, peak: ExtremumCandidate, extrema: [ExtremumCandidate],
                                        error: (ExtremumCandidate, Bool) -> Double) -> (maximum: Double, lower: Double) {
        var lower = Double.infinity
        for c in extrema {
            let e = error(c, false)
            lower = min(lower, e * c.sign > 0 ? abs(e) : 0)
        }
        var spots = [peak]
        for i in stride(from: 0, to: extrema.count, by: max(1, extrema.count / 32)) { spots.append(extrema[i]) }
        var discrepancy = 0.0
        for c in spots { discrepancy = max(discrepancy, abs(error(c, true) - error(c, false))) }
        return (max(maximum, lower) + 2 * discrepancy, max(0, lower - 2 * discrepancy))
    }

    /// The largest weighted error |E| over the candidates and where it is,
    /// and per band the largest deviation |A - D| = |E| / W (W = w, or w / f
    /// for a relative-slope band) and the largest weighted error.
    private static func bandErrors(_ candidates: [ExtremumCandidate], bands specification: [EquirippleProblem.Band],
                                   error: (ExtremumCandidate) -> Double)
        -> (maximum: Double, peak: ExtremumCandidate, perBand: [(deviation: Double, weighted: Double)]) {
        var maximum = 0.0
        var peak = candidates[0]
        var perBand = specification.map { _ in (deviation: 0.0, weighted: 0.0) }
        for c in candidates {
            let e = abs(error(c))
            let band = specification[c.band]
            // |A - D| = |E| / W, W = w or w / f.
            let deviation = band.kind == .relativeSlope ? e * c.frequency / band.weight : e / band.weight
            if e > maximum { (maximum, peak) = (e, c) }
            perBand[c.band].weighted = max(perBand[c.band].weighted, e)
            perBand[c.band].deviation = max(perBand[c.band].deviation, deviation)
        }
        return (maximum, peak, perBand)
    }

    static func design(_ outcome: RemezExchange.Outcome, problem: EquirippleProblem, taps: Int,
                       type: RemezFilterType) throws(RemezError) -> EquirippleDesign {
        let specification = problem.bands
        let (narrowest, narrowestEdges) = problem.narrowestBand
        func beyondPrecision(_ error: Double, outside: Double = 0) -> RemezError {
            .beyondDoublePrecision(band: narrowest, edges: narrowestEdges, taps: taps, maximumError: error,
                                   outsideResponse: outside)
        }
        guard let best = outcome.best else { throw beyondPrecision(0) }
        guard best.convergence <= RemezExchange.acceptTolerance else {
            // An error this small is rounding noise: the optimum is below it.
            if best.maximumError < 1e-8 * problem.errorScale { throw beyondPrecision(best.maximumError) }
            throw noConvergence(best, bands: specification, iterations: outcome.iterations)
        }

        // Samples good to 1e-6 of δ (in P's units: δ / max |G|).
        var largestG = 0.0
        for c in best.extrema { largestG = max(largestG, abs(problem.terms(c.frequency, band: c.band).g)) }
        let tolerance = 1e-6 * abs(best.trial.delta) / max(largestG, .leastNormalMagnitude)
        guard let samples = ChebyshevTaps.samples(best.trial, count: problem.basisCount, tolerance: tolerance) else {
            throw beyondPrecision(best.maximumError)
        }
        let coefficients = ChebyshevTaps.coefficients(samples: samples)
        let h = ChebyshevTaps.taps(coefficients, phase: problem.phase)
        let polynomial = ChebyshevInterpolant(values: samples)
        func error(_ c: ExtremumCandidate, accurate: Bool = false) -> Double {
            let t = problem.terms(c.frequency, band: c.band)
            let p = accurate ? ChebyshevTaps.accurateValue(coefficients, at: t.x) : polynomial.value(at: t.x)
            return t.g * p - t.h
        }
        let measured = bandErrors(best.candidates, bands: specification) { c in error(c) }
        let perBand = measured.perBand
        let (maximum, lower) = certifiedBounds(maximum: measured.maximum, peak: measured.peak, extrema: best.extrema,
                                               error: { c, accurate in error(c, accurate: accurate) })
        guard maximum.isFinite, lower.isFinite, maximum == 0 || 1 - lower / maximum <= RemezExchange.acceptTolerance else {
            // How large P (so A) gets between and beyond the bands, against the desired values.
            let desiredScale = max(specification.map { abs($0.desired) }.max() ?? 1, .leastNormalMagnitude)
            throw beyondPrecision(best.maximumError, outside: (samples.map { abs($0) }.max() ?? 0) / desiredScale)
        }
        return EquirippleDesign(
            taps: h, filterType: type, linearPhaseType: problem.phase, maximumError: maximum, lowerBound: lower,
            iterations: outcome.iterations, totalIterations: outcome.totalIterations,
            extremalFrequencies: best.extrema.map(\.frequency),
            bands: specification.indices.map { b in
                let band = specification[b]
                return .init(lower: band.lower, upper: band.upper, desired: band.desired, weight: band.weight,
                             maximumDeviation: perBand[b].deviation, maximumWeightedError: perBand[b].weighted)
            })
    }
}
