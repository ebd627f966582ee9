import ComplexModule
import RealModule

/// What a design promises in its bands, in absolute dB as scipy's tests
/// assert it: the passband within [-R, 0] dB, the stopband at or below -A dB
/// (every design's passband maximum is 0 dB, `FilterRecipe.normalized`). A
/// `MagnitudeSpecification` states it; a Chebyshev II or elliptic design
/// implies it from its family parameters and corners.
public struct BandRequirements: Sendable, Hashable {
    /// The passband, as closed intervals of alpha; empty when the design does
    /// not define one (a Chebyshev II filter without a specification).
    public let passband: [ClosedRange<Double>]
    /// The stopband, as closed intervals of alpha.
    public let stopband: [ClosedRange<Double>]
    /// The most loss allowed in the passband (dB below 0 dB), if any.
    public let passbandLoss: Double?
    /// The least attenuation required in the stopband (dB below 0 dB).
    public let stopbandAttenuation: Double
    /// Where the passband maximum is sought: the passband, or without one,
    /// everything between the stopband edges (a Chebyshev II filter's).
    public let referenceBand: [ClosedRange<Double>]

    /// Requirements on `passband` and `stopband`; the passband maximum is
    /// sought in `referenceBand` (by default the passband).
    public init(passband: [ClosedRange<Double>], stopband: [ClosedRange<Double>], passbandLoss: Double?,
                stopbandAttenuation: Double, referenceBand: [ClosedRange<Double>]? = nil) {
        (self.passband, self.stopband) = (passband, stopband)
        (self.passbandLoss, self.stopbandAttenuation) = (passbandLoss, stopbandAttenuation)
        self.referenceBand = referenceBand ?? passband
    }

    /// What a filter achieves against these requirements.
    public struct Achieved: Sendable, Hashable {
        /// The largest gain in the passband (or overall, without one), dB:
        /// 0 for a design normalised as scipy normalises.
        public let passbandMaximum: Double
        /// The most loss in the passband, dB below 0 dB: minus its smallest
        /// gain (`nil` without a passband).
        public let passbandLoss: Double?
        /// The least attenuation in the stopband, dB below 0 dB: minus its
        /// largest gain.
        public let stopbandAttenuation: Double
        /// For each transition band (passband edge p, stopband edge s): where,
        /// going from p toward s, the gain first falls below -R dB and first
        /// reaches -A dB. The design's own band edges; they lie between p
        /// and s when the specification is met with room to spare.
        public let transitions: [(passband: Double, stopband: Double)]

        public static func == (a: Achieved, b: Achieved) -> Bool {
            a.passbandMaximum == b.passbandMaximum && a.passbandLoss == b.passbandLoss
                && a.stopbandAttenuation == b.stopbandAttenuation
                && a.transitions.map(\.passband) == b.transitions.map(\.passband)
                && a.transitions.map(\.stopband) == b.transitions.map(\.stopband)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(passbandMaximum)
            hasher.combine(stopbandAttenuation)
        }
    }

    /// The transition bands, (passband edge, stopband edge) pairs, when both
    /// bands are defined.
    public var transitionBands: [(passband: Double, stopband: Double)] {
        guard !passband.isEmpty else { return [] }
        var pairs: [(Double, Double)] = []
        for p in passband {
            for edge in [p.lowerBound, p.upperBound] where edge > 0 && edge < 0.5 {
                // The stopband edge nearest this passband edge.
                let candidates = stopband.flatMap { [$0.lowerBound, $0.upperBound] }.filter { $0 > 0 && $0 < 0.5 }
                if let s = candidates.min(by: { abs($0 - edge) < abs($1 - edge) }) { pairs.append((edge, s)) }
            }
        }
        return pairs
    }

    /// Measures a filter whose magnitude at alpha is `magnitude`, in absolute
    /// dB: loss and attenuation from 0 dB, not from the passband's maximum.
    public func measure(_ magnitude: (Double) -> Double) -> Achieved {
        func db(_ alpha: Double) -> Double { 20 * Double.log10(magnitude(alpha)) }
        let passRanges = passband.map { ExtremeSearch.range(of: db, from: $0.lowerBound, to: $0.upperBound) }
        let reference = passband == referenceBand && !passRanges.isEmpty
            ? passRanges.map(\.maximum).max()!
            : referenceBand.map { ExtremeSearch.range(of: db, from: $0.lowerBound, to: $0.upperBound).maximum }.max()!
        let loss = passRanges.isEmpty ? nil : -passRanges.map(\.minimum).min()!
        let stopMaximum = stopband.map { ExtremeSearch.range(of: db, from: $0.lowerBound, to: $0.upperBound).maximum }.max()!
        let transitions = transitionBands.map { t -> (passband: Double, stopband: Double) in
            (Self.crossing(db, from: t.passband, to: t.stopband, level: -(passbandLoss ?? 0)),
             Self.crossing(db, from: t.passband, to: t.stopband, level: -stopbandAttenuation))
        }
        return Achieved(passbandMaximum: reference, passbandLoss: loss, stopbandAttenuation: -stopMaximum,
                        transitions: transitions)
    }

    /// The first frequency going from `from` toward `to` where `f` falls to
    /// `level`: the first sign change among 1024 steps, bisected to 1e-15.
    /// `from` when f is already below it there, `to` when it never falls to it.
    static func crossing(_ f: (Double) -> Double, from: Double, to: Double, level: Double) -> Double {
        var previous = from
        guard f(from) > level else { return from }
        for k in 1...1024 {
            let x = from + (to - from) * Double(k) / 1024
            if f(x) <= level {
                var (above, below) = (previous, x)
                for _ in 0..<80 where abs(below - above) > 1e-15 {
                    let mid = 0.5 * (above + below)
                    if f(mid) > level { above = mid } else { below = mid }
                }
                return below
            }
            previous = x
        }
        return to
    }

    /// Measures the designed response k prod (z - zero) / prod (z - pole).
    public func measure(_ zpk: ZeroPoleGain) -> Achieved {
        measure { zpk.magnitude(at: Complex(length: 1, phase: 2 * Double.pi * $0)) }
    }
}

extension FilterRecipe {
    /// The band requirements this recipe promises: its specification's, or
    /// for Chebyshev II the stopband from its corners and A, for elliptic the
    /// passband from its corners and R and the stopband from the selectivity
    /// (`EllipticPrototype`: prototype edge 1 / sqrt(m), through the band
    /// transform and un-warped). `nil` for the other families.
    public var bandRequirements: BandRequirements? {
        if let spec = specification {
            return BandRequirements(passband: spec.passbandIntervals, stopband: spec.stopbandIntervals,
                                    passbandLoss: spec.passbandLoss, stopbandAttenuation: spec.stopbandAttenuation)
        }
        guard let band, let order else { return nil }
        let corners = [alpha1] + (corners.alpha2.map { [$0] } ?? [])
        switch family {
        case .chebyshev2(let a):
            return BandRequirements(passband: [], stopband: MagnitudeSpecification.intervals(band: band, edges: corners, inner: false),
                                    passbandLoss: nil, stopbandAttenuation: a,
                                    referenceBand: MagnitudeSpecification.intervals(band: band, edges: corners, inner: true))
        case .elliptic(let r, let a):
            let stopEdges: [Double]
            if order == 1 {
                // A first-order elliptic filter is a first-order low-pass: it
                // reaches A dB where |H|^2 = 1 / (1 + eps^2 w^2) does.
                let eps2 = Double.expMinusOne(Double.log(10) * 0.1 * r)
                let ws = (Double.expMinusOne(Double.log(10) * 0.1 * a) / eps2).squareRoot()
                stopEdges = Self.bandEdges(prototypeFrequency: ws, band: band, corners: corners)
            } else {
                let m1 = Double.expMinusOne(Double.log(10) * 0.1 * r) / Double.expMinusOne(Double.log(10) * 0.1 * a)
                let m = EllipticDegree.solve(order: order, discrimination: m1).m
                stopEdges = Self.bandEdges(prototypeFrequency: 1 / m.squareRoot(), band: band, corners: corners)
            }
            return BandRequirements(passband: MagnitudeSpecification.intervals(band: band, edges: corners, inner: true),
                                    stopband: MagnitudeSpecification.intervals(band: band, edges: stopEdges, inner: false),
                                    passbandLoss: r, stopbandAttenuation: a)
        default:
            return nil
        }
    }

    /// The digital frequencies (alphas) where the low-pass prototype's
    /// frequency `w` (its passband edge is 1) lands after the band transform
    /// with pre-warped corners W = tan(pi alpha): low-pass W w, high-pass W / w,
    /// band-pass and band-stop the two roots about W0 = sqrt(W1 W2).
    static func bandEdges(prototypeFrequency w: Double, band: FilterBand, corners: [Double]) -> [Double] {
        let warped = corners.map { Double.tan(Double.pi * $0) }
        let analog: [Double]
        switch band {
        case .lowPass: analog = [warped[0] * w]
        case .highPass: analog = [warped[0] / w]
        case .bandPass, .bandStop:
            let w0Squared = warped[0] * warped[1], bandwidth = warped[1] - warped[0]
            // band-pass: (x^2 - W0^2) / (x B) = w; band-stop: x B / (W0^2 - x^2) = 1 / w.
            let b = band == .bandPass ? bandwidth * w : bandwidth / w
            let upper = 0.5 * (b + (b * b + 4 * w0Squared).squareRoot())
            let lower = w0Squared / upper
            analog = band == .bandPass ? [lower, upper] : [lower, upper]
        case .allPass: analog = []
        }
        return analog.map { min(Double.atan($0) / Double.pi, 0.5) }
    }
}
