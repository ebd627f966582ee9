/// The minimax-optimal (equiripple) linear-phase FIR filter of `taps` taps:
/// scipy's `remez(numtaps, bands, desired, weight, type, fs=1)` and
/// MATLAB's `firpm`, solved on the continuum of the bands rather than a
/// grid, and certified.
///
/// The filter minimises max |E(f)| over the bands, E(f) = W(f) (A(f) - D(f))
/// the weighted error of its amplitude A (`EquirippleDesign`). The
/// algorithm is Filip's (ACM TOMS 43(1), 2016): the Parks-McClellan
/// exchange with the trial polynomial in barycentric form
/// (`TrialPolynomial`), its error's extrema located on each band's
/// continuum (`ExtremaSearch`), the exchange (`ReferenceExchange`), from a
/// starting reference distributed as the bands' (weighted) equilibrium
/// measure (`EquilibriumMeasure`; Filip starts from approximate Fekete
/// points, which follow the same measure), or if that fails, scaled from a
/// smaller design's optimum or spread evenly (`InitialReference`). It stops
/// when 1 - L / max |E| < 1e-6 (L the smallest |E| over the n + 1 alternating
/// extrema: no filter does better than L), or, where double precision ends
/// first, < 1e-2; it never returns a filter that misses 1e-2, but throws.
/// The certificate is measured on the taps returned (`RemezCertificate`).
/// A design whose optimal error is bounded, before the exchange, far below
/// what double precision resolves (`PrecisionForecast`: about e^{-n r},
/// r from the Green's function of the bands' gaps, under 1e-20 of the
/// desired values) is refused at once as beyond double precision.
/// Two designs are exact and returned at once: every desired value 0 (the
/// zero filter), and a type I band-pass design asking the same value d of
/// every band (h = d at the centre tap).
///
/// - Parameters:
///   - taps: N, the number of taps (the order plus one).
///   - bands: increasing band edges, two a band, in fractions of the sample
///     rate (0 ... 0.5); bands may not touch. A band's two edges may be
///     equal: a band of one point f, where the error |W(f) (A(f) - D(f))|
///     counts as at any other point of the bands (one point of the
///     reference at most; Filip's comb, `0 ... 0.495` passing and the single
///     point 0.5 stopped, is one).
///   - desired: per band, the desired amplitude d (for `.differentiator`
///     the slope: D(f) = d f).
///   - weights: per band, the weight w > 0 (default 1 each). For
///     `.differentiator` bands with d >= 1e-4 the weight is w / f (scipy's).
///   - type: band-pass (types I, II), differentiator or Hilbert (III, IV);
///     the parity of N picks between them, as scipy and MATLAB do.
/// - Throws: `RemezError` for bad input (with the option and the range it
///   must lie in), for a nonzero response asked where the type is zero
///   (a type II filter at fs/2, types III and IV at 0, type III at fs/2),
///   and for a design that does not converge (naming the band where the
///   error peaks and what to change) or is beyond double precision.
public func remez(taps: Int, bands: [Double], desired: [Double], weights: [Double]? = nil,
                  type: RemezFilterType = .bandpass) throws(RemezError) -> EquirippleDesign {
    let problem = try equirippleProblem(taps: taps, bands: bands, desired: desired, weights: weights, type: type)
    if let exact = exactDesign(problem, taps: taps, type: type) { return exact }
    if PrecisionForecast.isBeyondDoublePrecision(problem) {
        // The refusal the exchange would reach, tens of seconds later at 10,000 taps.
        let (band, edges) = problem.narrowestBand
        throw .beyondDoublePrecision(band: band, edges: edges, taps: taps, maximumError: 0, outsideResponse: 0)
    }
    let outcome = RemezExchange(problem: problem).solve()
    return try RemezCertificate.design(outcome, problem: problem, taps: taps, type: type)
}

/// The designs whose optimum is exact (max |E| = 0): all desired values 0,
/// or type I with one desired value d in every band (A ≡ d).
func exactDesign(_ problem: EquirippleProblem, taps: Int, type: RemezFilterType) -> EquirippleDesign? {
    let values = Set(problem.bands.map(\.desired))
    var h = [Double](repeating: 0, count: taps)
    if values == [0] {
        // The zero filter.
    } else if problem.phase == .one, type == .bandpass, values.count == 1 {
        h[taps / 2] = values.first!
    } else {
        return nil
    }
    return EquirippleDesign(taps: h, filterType: type, linearPhaseType: problem.phase, maximumError: 0, lowerBound: 0,
                            iterations: 0, totalIterations: 0, extremalFrequencies: [],
                            bands: problem.bands.map {
                                .init(lower: $0.lower, upper: $0.upper, desired: $0.desired, weight: $0.weight,
                                      maximumDeviation: 0, maximumWeightedError: 0)
                            })
}

extension EquirippleDesign {
    /// The numbers of taps `remez` designs (a type III filter needs 3): what
    /// a design command finishes within 10 s. The cost grows as N² an
    /// iteration: in a release build a 1,001-tap low-pass takes about 15 ms,
    /// 4,001 taps 0.2 s; `mkfilter remez` (the exchange and the report's
    /// continuum check) with a transition of a few 1e-4 took, on this
    /// 2-core machine unloaded, 2.8 s at 8,191 taps, 6.0 s at 10,001 (a
    /// band-pass with two such transitions about 6.5), 8.0 s at 12,001,
    /// 13.6 s at 16,001 and 23 s at 20,001.
    public static let tapsRange: ClosedRange<Int> = 1...10_001
}

/// The problem `remez` solves, after checking every input.
func equirippleProblem(taps: Int, bands: [Double], desired: [Double], weights: [Double]?,
                       type: RemezFilterType) throws(RemezError) -> EquirippleProblem {
    let phase = EquirippleDesign.LinearPhaseType(taps: taps, type: type)
    let smallest = phase == .three ? 3 : EquirippleDesign.tapsRange.lowerBound
    guard taps >= smallest, taps <= EquirippleDesign.tapsRange.upperBound else {
        throw .tapsOutOfRange(taps, allowed: smallest...EquirippleDesign.tapsRange.upperBound)
    }
    guard bands.count >= 2, bands.count % 2 == 0 else { throw .bandEdgeCount(bands.count) }
    let count = bands.count / 2
    guard desired.count == count else { throw .desiredCount(given: desired.count, bands: count) }
    let weights = weights ?? Array(repeating: 1, count: count)
    guard weights.count == count else { throw .weightCount(given: weights.count, bands: count) }
    for (i, edge) in bands.enumerated() where !(edge >= 0 && edge <= 0.5) {
        throw .bandEdgeOutOfRange(index: i, value: edge)
    }
    // Within a band the edges may be equal (a band of one point, as MATLAB's
    // firpm and Filip's firpm take it); between bands they increase strictly.
    for i in 0..<(bands.count - 1) where !(i % 2 == 0 ? bands[i] <= bands[i + 1] : bands[i] < bands[i + 1]) {
        throw .bandEdgesNotIncreasing(index: i, edges: bands)
    }
    for (b, d) in desired.enumerated() where !d.isFinite { throw .desiredNotFinite(band: b, value: d) }
    for (b, w) in weights.enumerated() where !(w > 0 && w.isFinite) { throw .weightNotPositive(band: b, value: w) }
    var specification: [EquirippleProblem.Band] = []
    for b in 0..<count {
        let (lower, upper, d) = (bands[2 * b], bands[2 * b + 1], desired[b])
        let kind: EquirippleProblem.Band.Kind = type != .differentiator ? .constant : (d >= 1e-4 ? .relativeSlope : .slope)
        // D at the ends where the type forces a zero.
        let atZero = kind == .constant ? d : 0
        let atHalf = kind == .constant ? d : 0.5 * d
        if lower == 0, phase.isAntisymmetric, atZero != 0 {
            throw .responseForcedToZero(band: b, frequency: 0, taps: taps, type: type)
        }
        if upper == 0.5, phase == .two || phase == .three, atHalf != 0 {
            throw .responseForcedToZero(band: b, frequency: 0.5, taps: taps, type: type)
        }
        specification.append(.init(lower: lower, upper: upper, desired: d, weight: weights[b], kind: kind))
    }
    return EquirippleProblem(phase: phase, basisCount: phase.basisCount(taps: taps), bands: specification)
}
