import RealModule

/// The lowest order of a family that meets a `MagnitudeSpecification`, and
/// the corners to design it with: scipy's `buttord`, `cheb1ord`, `cheb2ord`
/// and `ellipord` for digital filters, step by step.
///
/// 1. Pre-warp every edge: W = tan(pi alpha) (scipy's tan(pi Wn / 2), Wn = 2 alpha).
/// 2. The low-pass prototype's stopband edge nat (its passband edge is 1):
///    low-pass Ws / Wp; high-pass Wp / Ws; band-pass
///    min |(Ws^2 - Wp1 Wp2) / (Ws (Wp1 - Wp2))| over both stopband edges;
///    band-stop the reciprocal, after moving each passband edge toward its
///    stopband edge (Brent's method, `BoundedMinimizer`) to the place that
///    needs the lowest order.
/// 3. With GP = 10^(R/10) - 1 and GS = 10^(A/10) - 1, the order is the ceiling of
///    - Butterworth: log10(GS / GP) / (2 log10 nat);
///    - Chebyshev I and II: acosh(sqrt(GS / GP)) / acosh(nat);
///    - elliptic: K(1/nat^2) K'(GP/GS) / (K'(1/nat^2) K(GP/GS)) (the degree equation).
/// 4. The corners: Butterworth's -3 dB frequency that puts exactly R dB at the
///    passband edge; Chebyshev I and elliptic, the passband edges;
///    Chebyshev II, the frequencies where exactly A dB is reached, mapped back
///    through the band transform and un-warped (alpha = atan(W) / pi).
public enum OrderEstimation {
    /// An order and the corners (alphas) that meet a specification.
    public struct Estimate: Sendable, Hashable {
        /// The lowest order that meets the specification (may exceed `FilterRecipe.orderRange`).
        public let order: Int
        /// The corners to design with, as alphas: one, or two increasing.
        public let corners: [Double]
    }

    /// The estimate for `family` (butterworth, chebyshev, chebyshev2 or
    /// elliptic; `nil` for the others, which no magnitude specification defines).
    public static func estimate(_ family: FilterFamily.Name, _ spec: MagnitudeSpecification) -> Estimate? {
        let kind: Kind
        switch family {
        case .butterworth: kind = .butterworth
        case .chebyshev, .chebyshev2: kind = .chebyshev
        case .elliptic: kind = .elliptic
        default: return nil
        }
        var passband = spec.passband.map { Double.tan(Double.pi * $0) }
        let stopband = spec.stopband.map { Double.tan(Double.pi * $0) }
        let (loss, attenuation) = (spec.passbandLoss, spec.stopbandAttenuation)

        let nat: Double
        switch spec.band {
        case .lowPass: nat = stopband[0] / passband[0]
        case .highPass: nat = passband[0] / stopband[0]
        case .bandPass:
            nat = stopband.map { abs(($0 * $0 - passband[0] * passband[1]) / ($0 * (passband[0] - passband[1]))) }.min()!
        case .bandStop:
            let original = passband
            let lower = BoundedMinimizer.minimize({ bandStopOrder($0, index: 0, passband: original, stopband: stopband, loss: loss, attenuation: attenuation, kind: kind) },
                                                  from: original[0], to: stopband[0] - 1e-12)
            let upper = BoundedMinimizer.minimize({ bandStopOrder($0, index: 1, passband: original, stopband: stopband, loss: loss, attenuation: attenuation, kind: kind) },
                                                  from: stopband[1] + 1e-12, to: original[1])
            passband = [lower, upper]
            nat = stopband.map { abs($0 * (passband[0] - passband[1]) / ($0 * $0 - passband[0] * passband[1])) }.min()!
        case .allPass: return nil
        }

        let (order, corners) = orderAndCorners(family, nat: nat, loss: loss, attenuation: attenuation,
                                               passband: passband, band: spec.band)
        return Estimate(order: order, corners: corners.map { Double.atan($0) / Double.pi })
    }

    /// Steps 3 and 4: with GP = 10^(R/10) - 1 and GS = 10^(A/10) - 1, the
    /// lowest order, the ceiling of log10(GS / GP) / (2 log10 nat)
    /// (Butterworth), acosh(sqrt(GS / GP)) / acosh(nat) (Chebyshev I and II) or
    /// K(1/nat^2) K'(GP/GS) / (K'(1/nat^2) K(GP/GS)) (elliptic); and the
    /// pre-warped corners W to design it with.
    private static func orderAndCorners(_ family: FilterFamily.Name, nat: Double, loss: Double, attenuation: Double,
                                        passband: [Double], band: FilterBand) -> (order: Int, corners: [Double]) {
        let gPass = Double.pow(10, 0.1 * loss), gStop = Double.pow(10, 0.1 * attenuation)
        switch family {
        case .butterworth:
            let order = Self.wholeOrder(Double.log10((gStop - 1) / (gPass - 1)) / (2 * Double.log10(nat)))
            let w0 = Double.pow(gPass - 1, -1 / (2 * Double(order)))
            return (order, butterworthNatural(w0, passband: passband, band: band))
        case .chebyshev, .chebyshev2:
            let v = Double.acosh(((gStop - 1) / (gPass - 1)).squareRoot())
            let order = Self.wholeOrder(v / Double.acosh(nat))
            if family == .chebyshev { return (order, passband) }
            return (order, chebyshev2Natural(1 / Double.cosh(v / Double(order)), passband: passband, band: band))
        default:
            let m1 = Double.expMinusOne(Double.log(10) * 0.1 * loss) / Double.expMinusOne(Double.log(10) * 0.1 * attenuation)
            let m0 = 1 / (nat * nat)
            let ratio = CompleteEllipticIntegral.k(m0) * CompleteEllipticIntegral.complementary(m1)
                / (CompleteEllipticIntegral.complementary(m0) * CompleteEllipticIntegral.k(m1))
            return (Self.wholeOrder(ratio), passband)
        }
    }

    /// ceil(x) as an order; past a million (or not a number) a million, which
    /// the recipe refuses as "above a million".
    static func wholeOrder(_ x: Double) -> Int {
        guard x.isFinite, x < 1_000_000 else { return 1_000_000 }
        return max(1, Int(x.rounded(.up)))
    }

    enum Kind { case butterworth, chebyshev, elliptic }

    /// scipy's `band_stop_obj`: the (non-integer) order of a band-stop filter
    /// whose passband edge `index` is moved to `edge`.
    static func bandStopOrder(_ edge: Double, index: Int, passband: [Double], stopband: [Double],
                              loss: Double, attenuation: Double, kind: Kind) -> Double {
        var p = passband
        p[index] = edge
        let nat = stopband.map { abs($0 * (p[0] - p[1]) / ($0 * $0 - p[0] * p[1])) }.min()!
        let gStop = Double.pow(10, 0.1 * attenuation), gPass = Double.pow(10, 0.1 * loss)
        switch kind {
        case .butterworth:
            return Double.log10((gStop - 1) / (gPass - 1)) / (2 * Double.log10(nat))
        case .chebyshev:
            return Double.acosh(((gStop - 1) / (gPass - 1)).squareRoot()) / Double.acosh(nat)
        case .elliptic:
            let m1 = (gPass - 1) / (gStop - 1)
            let m0 = 1 / (nat * nat)
            return CompleteEllipticIntegral.k(m0) * CompleteEllipticIntegral.k(1 - m1)
                / (CompleteEllipticIntegral.k(1 - m0) * CompleteEllipticIntegral.k(m1))
        }
    }

    /// Butterworth: the -3 dB frequencies for prototype frequency w0 = GP^(-1/2N),
    /// which puts exactly R dB at the (pre-warped) passband edges.
    static func butterworthNatural(_ w0: Double, passband p: [Double], band: FilterBand) -> [Double] {
        switch band {
        case .lowPass: return [w0 * p[0]]
        case .highPass: return [p[0] / w0]
        case .bandStop:
            let discriminant = ((p[1] - p[0]) * (p[1] - p[0]) + 4 * w0 * w0 * p[0] * p[1]).squareRoot()
            return [abs(((p[1] - p[0]) + discriminant) / (2 * w0)), abs(((p[1] - p[0]) - discriminant) / (2 * w0))].sorted()
        default:
            let root = { (w: Double) in -w * (p[1] - p[0]) / 2 + (w * w / 4 * (p[1] - p[0]) * (p[1] - p[0]) + p[0] * p[1]).squareRoot() }
            return [abs(root(-w0)), abs(root(w0))].sorted()
        }
    }

    /// Chebyshev II: the stopband-edge frequencies for prototype frequency
    /// 1 / cosh(acosh(sqrt(GS / GP)) / N), where exactly A dB is reached.
    static func chebyshev2Natural(_ f: Double, passband p: [Double], band: FilterBand) -> [Double] {
        switch band {
        case .lowPass: return [p[0] / f]
        case .highPass: return [p[0] * f]
        case .bandStop:
            let n0 = f / 2 * (p[0] - p[1]) + (f * f * (p[1] - p[0]) * (p[1] - p[0]) / 4 + p[1] * p[0]).squareRoot()
            return [n0, p[1] * p[0] / n0]
        default:
            let n0 = 1 / (2 * f) * (p[0] - p[1]) + ((p[1] - p[0]) * (p[1] - p[0]) / (4 * f * f) + p[1] * p[0]).squareRoot()
            return [n0, p[0] * p[1] / n0]
        }
    }
}
