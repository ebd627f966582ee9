import RealModule

/// The weighted approximation problem that the exchange solves, on the
/// frequencies f of the bands (fractions of the sample rate, 0 ... 1/2).
///
/// With A(f) = Q(f) P(x), x = cos 2πf (`EquirippleDesign.LinearPhaseType`),
/// the weighted error in band b is
///
///     E(f) = W(f) (A(f) - D(f)) = G(f) P(x) - H(f),
///
/// where for a constant desired value d and weight w (band-pass, Hilbert)
/// G = w Q and H = w d; for a differentiator's slope d (D = d f) weighted w / f
/// (scipy's rule for d >= 1e-4) G = w Q(f) / f and H = w d, which stays
/// finite at f = 0; and weighted w (d < 1e-4) G = w Q, H = w d f.
struct EquirippleProblem: Sendable {
    typealias PhaseType = EquirippleDesign.LinearPhaseType

    /// One band of the problem.
    struct Band: Sendable {
        enum Kind: Sendable { case constant, slope, relativeSlope }
        let lower: Double
        let upper: Double
        let desired: Double
        let weight: Double
        let kind: Kind
        var width: Double { upper - lower }
        /// A band of one point (lower = upper): it holds one point of a
        /// reference at most.
        var isPoint: Bool { lower == upper }
    }

    /// G, dG/df, H, dH/df at one frequency, and x = cos 2πf with dx/df.
    struct Terms {
        var g: Double, dg: Double, h: Double, dh: Double
        var x: Double, dx: Double
    }

    let phase: PhaseType
    /// n: P has degree n - 1; a reference has n + 1 points.
    let basisCount: Int
    let bands: [Band]

    init(phase: PhaseType, basisCount: Int, bands: [Band]) {
        self.phase = phase
        self.basisCount = basisCount
        self.bands = bands
    }

    /// The same bands for another number of basis functions (reference
    /// scaling designs a smaller filter first).
    func with(basisCount: Int) -> EquirippleProblem {
        EquirippleProblem(phase: phase, basisCount: basisCount, bands: bands)
    }

    /// x = cos 2πf, from sin πf and cos πf (1 - 2 sin²πf below f = 1/4,
    /// 2 cos²πf - 1 above, each accurate to an ulp of 1 near its end).
    @inline(__always)
    static func abscissa(_ f: Double) -> Double {
        if f <= 0.25 {
            let s = Double.sin(Double.pi * f)
            return 1 - 2 * s * s
        }
        let c = Double.cos(Double.pi * f)
        return 2 * c * c - 1
    }

    /// The terms of E at f in band b.
    func terms(_ f: Double, band b: Int) -> Terms {
        let s = Double.sin(Double.pi * f), c = Double.cos(Double.pi * f)
        let x = f <= 0.25 ? 1 - 2 * s * s : 2 * c * c - 1
        let sin2 = 2 * s * c
        let dx = -2 * Double.pi * sin2
        let (q, dq): (Double, Double)
        switch phase {
        case .one: (q, dq) = (1, 0)
        case .two: (q, dq) = (c, -Double.pi * s)
        case .three: (q, dq) = (sin2, 2 * Double.pi * (c * c - s * s))
        case .four: (q, dq) = (s, Double.pi * c)
        }
        let band = bands[b]
        let w = band.weight, d = band.desired
        switch band.kind {
        case .constant:
            return Terms(g: w * q, dg: w * dq, h: w * d, dh: 0, x: x, dx: dx)
        case .slope:
            return Terms(g: w * q, dg: w * dq, h: w * d * f, dh: w * d, x: x, dx: dx)
        case .relativeSlope:
            let (r, dr) = quotientByFrequency(f, q: q, dq: dq)
            return Terms(g: w * r, dg: w * dr, h: w * d, dh: 0, x: x, dx: dx)
        }
    }

    /// Q(f) / f and its derivative (Q'(f) - Q(f) / f) / f, by their Taylor
    /// series near f = 0, where Q = sin af (a = 2π for type III, π for IV):
    /// sin(af) / f = a (1 - s²/6 + s⁴/120 - s⁶/5040), s = af, with
    /// derivative a² (-s/3 + s³/30 - s⁵/840).
    private func quotientByFrequency(_ f: Double, q: Double, dq: Double) -> (Double, Double) {
        let a = phase == .three ? 2 * Double.pi : Double.pi
        let s = a * f
        if s < 1e-2 {
            let u = s * s
            return (a * (1 - u / 6 * (1 - u / 20 * (1 - u / 42))), a * a * s * (-1.0 / 3 + u * (1.0 / 30 - u / 840)))
        }
        let r = q / f
        return (r, (dq - r) / f)
    }

    /// H / G at f in band b: the value P must take where E = 0. For a
    /// type I band-pass band it is d itself, so that nodes in the band
    /// differ from it by exactly their share of the deviation.
    func base(_ t: Terms, band b: Int) -> Double {
        if phase == .one, bands[b].kind == .constant { return bands[b].desired }
        return t.h / t.g
    }

    /// Whether band b is one point where G = 0 (a type II filter at 1/2,
    /// III or IV at 0, where the desired value must be 0): E = 0 there
    /// whatever the taps, so no reference holds it.
    func isVacuous(_ b: Int) -> Bool {
        bands[b].isPoint && terms(bands[b].lower, band: b).g == 0
    }

    /// At most one point in each band of one point (none in a vacuous
    /// one): an excess moves to the neighbouring band with more points.
    func cappingPointBands(_ counts: [Int]) -> [Int] {
        var counts = counts
        for b in bands.indices where bands[b].isPoint {
            let most = isVacuous(b) ? 0 : 1
            guard counts[b] > most else { continue }
            let excess = counts[b] - most
            counts[b] = most
            let left = b > 0 ? counts[b - 1] : -1, right = b + 1 < bands.count ? counts[b + 1] : -1
            if left < 0 && right < 0 { continue }
            counts[left >= right ? b - 1 : b + 1] += excess
        }
        return counts
    }

    /// The narrowest band and its edges, for `RemezError.beyondDoublePrecision`
    /// (of the bands with a width, if any: a band of one point is not too
    /// narrow for the taps).
    var narrowestBand: (band: Int, edges: [Double]) {
        let wide = bands.indices.filter { !bands[$0].isPoint }
        let candidates = wide.isEmpty ? Array(bands.indices) : wide
        let b = candidates.min { bands[$0].width < bands[$1].width } ?? 0
        return (b, [bands[b].lower, bands[b].upper])
    }

    /// The largest |H| over the bands (the scale of the weighted error),
    /// bounded below by the largest weight times the largest |d|.
    var errorScale: Double {
        var scale = 0.0
        for band in bands {
            let d = band.kind == .slope ? abs(band.desired) * band.upper : abs(band.desired)
            scale = max(scale, band.weight * d)
        }
        return scale
    }
}
