import RealModule

/// A bound, before the exchange, on how small the optimal error of a design
/// is, so that a design far beyond double precision is refused at once
/// (the exchange takes tens of seconds at 10,000 taps to find it out).
///
/// For constant desired values (band-pass and Hilbert bands) the exchange
/// approximates, on the bands' set E of x = cos 2πf, the function equal to
/// d_b / Q(x) on band b by the polynomial P of degree n - 1. A function
/// analytic inside the level curve g_E = r of the Green's function g_E of
/// the complement of E (pole at infinity) is approximated within about
/// M e^{-n r}, M its largest modulus there (Walsh). A piecewise constant
/// function is analytic until the level curves of two bands meet, at the
/// largest value of g_E in the gap between them, so r can be as large as
///
///     r* = min over gaps j of max_{x in gap j} g_E(x),
///
/// also below g_E(±1) where Q vanishes at an end (types II-IV) that no band
/// holds. g_E only grows as E shrinks, so each gap's value is at least that
/// of the two intervals F_j = [-1, a_j] ∪ [b_j, 1] (only gap j removed),
/// and each end's at least that of E's hull [x_min, x_max]:
///
///     max_{gap} g_{F_j} = ½ ∫_{a_j}^{b_j} |t - c| dt / √|(t+1)(t-a_j)(t-b_j)(t-1)|,
///     g_{[α, β]}(x) = acosh(|2x - α - β| / (β - α)),
///
/// c the point where the integrand's signed form integrates to 0 over the
/// gap. So the smallest deviation |A - D| over the bands (the weighted error
/// over the largest weight) is at most about (max |d| / min Q) e^{-n r} with
/// r the smallest of these lower bounds (for a low-pass this is about
/// 10 times the true optimum: r ≈ π Δf for a narrow transition Δf, which is
/// Kaiser's estimate, 14.6 Δf (N - 1) + 13 dB, to within a few percent).
/// A band of one point is widened by a third of the gap on each side first
/// (the error on a larger set is larger). Differentiators' bands (D = d f,
/// not analytic at f = 1/2 in x) get no forecast.
///
/// The exchange certifies deviations down to about 1e-11 of max |d| (a
/// 4,095-tap low-pass with optimum 1.8e-11 completes; 2e-12 does not); the
/// forecast refuses only below 1e-20 of it, nine orders of magnitude lower
/// (at 20,001 taps, n r > 46), where the taps themselves, rounded to double,
/// cannot represent the deviation.
enum PrecisionForecast {
    /// Refuse when the bound on the smallest deviation, relative to max |d|, is below this.
    static let refusalLevel = 1e-20

    /// ln of the bound on the smallest deviation over max |d|, or nil when
    /// there is no forecast (a differentiator, one band, a zero design).
    static func logDeviationBound(_ problem: EquirippleProblem) -> Double? {
        let bands = problem.bands
        guard bands.count >= 2, bands.allSatisfy({ $0.kind == .constant }) else { return nil }
        let largest = bands.map { abs($0.desired) }.max() ?? 0
        guard largest > 0 else { return nil }
        // Edges in f, a band of one point widened by a third of its gaps.
        var edges = bands.map { ($0.lower, $0.upper) }
        for b in bands.indices where bands[b].isPoint {
            let below = b > 0 ? bands[b - 1].upper : 0, above = b + 1 < bands.count ? bands[b + 1].lower : 0.5
            edges[b] = (edges[b].0 - (edges[b].0 - below) / 3, edges[b].1 + (above - edges[b].1) / 3)
            guard edges[b].0 < edges[b].1 else { return nil }
        }
        var rate = Double.infinity
        for j in 0..<(bands.count - 1) {
            rate = min(rate, gapMaximum(from: edges[j].1, to: edges[j + 1].0))
        }
        // An end where Q = 0 that no band holds, with a desired value not 0 somewhere.
        let phase = problem.phase
        let (xLow, xHigh) = (EquirippleProblem.abscissa(edges[edges.count - 1].1), EquirippleProblem.abscissa(edges[0].0))
        func endValue(_ x: Double) -> Double { Double.acosh(abs(2 * x - xLow - xHigh) / (xHigh - xLow)) }
        if phase == .three || phase == .four, edges[0].0 > 0 { rate = min(rate, endValue(1)) }
        if phase == .two || phase == .three, edges[edges.count - 1].1 < 0.5 { rate = min(rate, endValue(-1)) }
        guard rate.isFinite, rate > 0 else { return nil }
        // M / max |d| <= 1 / min Q over the bands (Q = 1 for type I).
        var smallestQ = 1.0
        for (b, band) in bands.enumerated() where band.desired != 0 {
            for f in [band.lower, band.upper] {
                smallestQ = min(smallestQ, abs(problem.terms(f, band: b).g) / band.weight)
            }
        }
        guard smallestQ > 0 else { return nil }
        return -Double.log(smallestQ) - Double(problem.basisCount) * rate
    }

    /// Whether the design is certainly beyond double precision.
    static func isBeyondDoublePrecision(_ problem: EquirippleProblem) -> Bool {
        guard let bound = logDeviationBound(problem) else { return false }
        return bound < Double.log(refusalLevel)
    }

    /// max over the gap (f0, f1) of g_F, F = [-1, cos 2πf1] ∪ [cos 2πf0, 1]
    /// (0 < f0 < f1 < 1/2): ½ ∫ |t - c| ψ, with t = cos 2πu and
    /// u = f0 + Δ (1 - cos θ) / 2 (Δ = f1 - f0), which turns the integral
    /// over the gap into one over θ in [0, π] of a smooth function,
    ///
    ///     ψ(θ) = π Δ sin θ / (2 √(sin π(f1 + u) sin π(f1 - u) sin π(u + f0) sin π(u - f0))),
    ///
    /// by the midpoint rule (512 points: a few digits, which is all the
    /// forecast needs).
    static func gapMaximum(from f0: Double, to f1: Double) -> Double {
        guard f0 > 0, f1 < 0.5, f1 > f0 else { return 0 }
        let delta = f1 - f0
        let count = 512
        var t = [Double](repeating: 0, count: count), psi = [Double](repeating: 0, count: count)
        var (sum, moment) = (0.0, 0.0)
        for k in 0..<count {
            let theta = Double.pi * (Double(k) + 0.5) / Double(count)
            let (c, s) = (Double.cos(theta), Double.sin(theta))
            let u = f0 + delta * (1 - c) / 2
            let product = Double.sin(Double.pi * (f1 + u)) * Double.sin(Double.pi * delta * (1 + c) / 2)
                * Double.sin(Double.pi * (u + f0)) * Double.sin(Double.pi * delta * (1 - c) / 2)
            guard product > 0 else { return 0 }
            t[k] = Double.cos(2 * Double.pi * u)
            psi[k] = Double.pi * delta * s / (2 * product.squareRoot())
            sum += psi[k]
            moment += t[k] * psi[k]
        }
        let centre = moment / sum
        var value = 0.0
        for k in 0..<count { value += abs(t[k] - centre) * psi[k] }
        return 0.5 * value * Double.pi / Double(count)
    }
}
