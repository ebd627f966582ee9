import RealModule

/// A designed FIR filter: its taps, the recipe they came from, and what the
/// report measures of them.
public struct FIRFilter: Sendable, Hashable {
    /// The recipe.
    public var recipe: FIRRecipe
    /// The taps h[0] ... h[N-1]: y[n] = sum h[k] x[n-k].
    public var taps: [Double]
    /// The linear-phase taps before `--minimum-phase` (the same as `taps` without it).
    public var linearPhaseTaps: [Double]
    /// The equiripple solver's result, for `remez`.
    public var equiripple: EquirippleDesign?
    /// The bands a specification judges the filter by (`FIRSpecification`),
    /// whatever method designed it; nil: the method's own bands.
    public var judgedBands: JudgedBands?

    /// Bands from 0 to 0.5 (edges in pairs), each passing (desired 1) or
    /// stopping (desired 0).
    public struct JudgedBands: Sendable, Hashable {
        /// The band edges, alphas, in pairs.
        public var edges: [Double]
        /// Per band: passes (true) or stops.
        public var passes: [Bool]
        /// Per band: the largest deviation of |H| from 1 (a passband, dp) or
        /// from 0 (a stopband, ds) the specification allows.
        public var allowed: [Double]
    }

    /// A filter from its parts.
    public init(recipe: FIRRecipe, taps: [Double], linearPhaseTaps: [Double], equiripple: EquirippleDesign?,
                judgedBands: JudgedBands? = nil) {
        self.recipe = recipe
        self.taps = taps
        self.linearPhaseTaps = linearPhaseTaps
        self.equiripple = equiripple
        self.judgedBands = judgedBands
    }

    /// H(e^{2 pi i alpha}) = sum_k h[k] e^{-2 pi i alpha k}, its magnitude.
    public func magnitude(atAlpha alpha: Double) -> Double { Self.magnitude(of: taps, atAlpha: alpha) }

    /// |sum_k h[k] e^{-2 pi i alpha k}| of any taps h.
    public static func magnitude(of taps: [Double], atAlpha alpha: Double) -> Double {
        var re = 0.0, im = 0.0
        let stepC = Double.cos(-2 * Double.pi * alpha), stepS = Double.sin(-2 * Double.pi * alpha)
        // The phasor by recurrence, renewed every 64 taps from cos/sin to keep
        // its rounding error below 1e-14 however long the filter.
        for start in stride(from: 0, to: taps.count, by: 64) {
            let angle = -2 * Double.pi * alpha * Double(start)
            var c = Double.cos(angle), s = Double.sin(angle)
            for k in start..<min(start + 64, taps.count) {
                re += taps[k] * c
                im += taps[k] * s
                (c, s) = (c * stepC - s * stepS, c * stepS + s * stepC)
            }
        }
        return (re * re + im * im).squareRoot()
    }

    /// One band of a `remez` or `firls` design as achieved: the largest
    /// |(|H(f)| - D(f))| over the band, on the continuum: a grid of at least
    /// 16 points a tap per unit frequency (and 32 a band), edges included,
    /// then each of the grid's three largest local maxima refined between
    /// its neighbours by golden-section search.
    public struct BandMeasure: Sendable, Hashable {
        /// The band's edges, alphas.
        public var lower: Double, upper: Double
        /// The desired amplitude at the edges (equal for `remez`'s band-pass).
        public var desiredLower: Double, desiredUpper: Double
        /// The band's weight.
        public var weight: Double
        /// The largest deviation of |H| from the desired amplitude.
        public var maximumDeviation: Double
    }

    /// The bands of a `remez` or `firls` design (or those of `judgedBands`),
    /// measured; empty for the window methods.
    public var bandMeasures: [BandMeasure] {
        guard let layout = bandLayout else { return [] }
        let (bands, desired, weights, slope) = layout
        let perUnit = max(16 * taps.count, 256)
        return desired.indices.map { i in
            let (f0, f1) = (bands[2 * i], bands[2 * i + 1])
            let (d0, d1) = desired[i]
            let points = min(max(Int((f1 - f0) * Double(perUnit)), 32), 1 << 15)
            let deviation = { (f: Double) -> Double in
                let target = slope ? d0 * f : d0 + (d1 - d0) * (f1 > f0 ? (f - f0) / (f1 - f0) : 0)
                return abs(self.magnitude(atAlpha: f) - abs(target))
            }
            let grid = (0...points).map { f0 + (f1 - f0) * Double($0) / Double(points) }
            let values = grid.map(deviation)
            var worst = values.max() ?? 0
            let peaks = values.indices.filter { p in
                (p == 0 || values[p] >= values[p - 1]) && (p == points || values[p] >= values[p + 1])
            }.sorted { values[$0] > values[$1] }.prefix(3)
            for p in peaks {
                worst = max(worst, Self.goldenMaximum(deviation, grid[max(p - 1, 0)], grid[min(p + 1, points)]))
            }
            return BandMeasure(lower: f0, upper: f1, desiredLower: slope ? d0 * f0 : d0, desiredUpper: slope ? d0 * f1 : d1,
                               weight: weights?[i] ?? 1, maximumDeviation: worst)
        }
    }

    /// The bands' edges (in pairs), the desired amplitude at each band's
    /// two edges, the weights, and whether the desired amplitude is d f (a
    /// differentiator); nil for the window methods without `judgedBands`.
    var bandLayout: (bands: [Double], desired: [(Double, Double)], weights: [Double]?, slope: Bool)? {
        if let judged = judgedBands {
            return (judged.edges, judged.passes.map { $0 ? (1, 1) : (0, 0) }, nil, false)
        }
        switch recipe.method {
        case let .remez(_, b, d, w, type):
            return (b, d.map { ($0, $0) }, w, type == .differentiator)
        case let .firls(_, b, d, w):
            return (b, stride(from: 0, to: d.count - 1, by: 2).map { (d[$0], d[$0 + 1]) }, w, false)
        case let .halfband(_, p):
            return ([0, p, 0.5 - p, 0.5], [(1, 1), (0, 0)], nil, false)
        case .firwin, .firwin2, .savgol, .gammatone:
            return nil
        }
    }

    /// The largest value of `g` on [a, b] near a single peak: golden-section
    /// search, 40 steps (the bracket shrinks to 1e-8 of its width).
    static func goldenMaximum(_ g: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
        let ratio = (5.0.squareRoot() - 1) / 2
        var (lo, hi) = (a, b)
        var x1 = hi - ratio * (hi - lo), x2 = lo + ratio * (hi - lo)
        var g1 = g(x1), g2 = g(x2)
        for _ in 0..<40 {
            if g1 >= g2 {
                hi = x2; x2 = x1; g2 = g1
                x1 = hi - ratio * (hi - lo); g1 = g(x1)
            } else {
                lo = x1; x1 = x2; g1 = g2
                x2 = lo + ratio * (hi - lo); g2 = g(x2)
            }
        }
        return max(g1, g2, g(a), g(b))
    }

    /// The frequencies a window design is judged at, with the gain asked
    /// there: `firwin`'s dc, cutoffs and Nyquist (the ideal filter's gain on
    /// each side of a cutoff averages to 1/2 there); `firwin2`'s points;
    /// a smoother's dc; a gammatone's centre (scipy's scale aims at 1).
    public var checkpoints: [(alpha: Double, asked: Double)] {
        switch recipe.method {
        case let .firwin(_, cutoffs, band, _, _, _):
            var points: [(Double, Double)] = [(0, band.passesZero ? 1 : 0)]
            points += cutoffs.map { ($0, 0.5) }
            let passesNyquist = (band.passesZero ? 1 : 0) ^ (cutoffs.count % 2) == 1
            points.append((0.5, passesNyquist ? 1 : 0))
            return points
        case let .firwin2(_, frequencies, gains, _, _):
            return Array(zip(frequencies, gains))
        case let .savgol(_, _, derivative, _, _, _):
            // A smoother keeps dc; a derivative's taps sum to 0.
            return [(0, derivative == 0 ? 1 : 0)]
        case let .gammatone(_, f, _):
            // scipy scales the taps for a gain of about 1 at the centre.
            return [(f, 1)]
        case .remez, .firls, .halfband:
            return []
        }
    }

    /// The linear-phase type of the taps before `--minimum-phase`: I ... IV
    /// from the symmetry and parity, nil when the taps are not (anti)symmetric.
    public var linearPhaseType: String? {
        let h = linearPhaseTaps, n = h.count
        let scale = h.map { abs($0) }.max() ?? 0
        let tolerance = 1e-12 * max(scale, .leastNormalMagnitude)
        let symmetric = (0..<n / 2).allSatisfy { abs(h[$0] - h[n - 1 - $0]) <= tolerance }
        let antisymmetric = (0..<(n + 1) / 2).allSatisfy { abs(h[$0] + h[n - 1 - $0]) <= tolerance }
        if symmetric { return n % 2 == 1 ? "I" : "II" }
        if antisymmetric { return n % 2 == 1 ? "III" : "IV" }
        return nil
    }
}
