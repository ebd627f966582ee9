import ComplexModule
import RealModule

/// The s-plane low-pass prototype of a family, before any pole subset is applied.
public enum AnalogPrototype {
    /// The N left-half-plane poles of the order-N prototype, in Fisher's order
    /// (the order `-p` indices refer to). Empty for resonators and PI.
    public static func poles(family: FilterFamily, order: Int, bessel: BesselPoleSource = .computed) -> [Complex<Double>] {
        switch family {
        case .butterworth: return ButterworthPrototype.poles(order: order)
        case .chebyshev(let ripple): return ChebyshevPrototype.poles(rippleDecibels: ripple, order: order)
        case .bessel: return BesselPrototype.poles(order: order, source: bessel)
        case .chebyshev2(let a): return Chebyshev2Prototype.zpk(attenuationDecibels: a, order: order).poles
        case .elliptic(let r, let a): return EllipticPrototype.zpk(rippleDecibels: r, attenuationDecibels: a, order: order).poles
        case .resonator, .proportionalIntegral, .catalogue: return []
        }
    }

    /// The index of the conjugate of `poles[index]`, or `nil` for a real pole.
    public static func conjugatePartner(of index: Int, in poles: [Complex<Double>]) -> Int? {
        let p = poles[index]
        let scale = max(p.length, 1e-300)
        if abs(p.imaginary) <= 1e-9 * scale { return nil }
        let target = FisherArithmetic.conjugate(p)
        var best: Int? = nil
        var bestDistance = Double.infinity
        for (j, q) in poles.enumerated() where j != index {
            let d = (q - target).length
            if d < bestDistance { (best, bestDistance) = (j, d) }
        }
        return bestDistance <= 1e-9 * scale ? best : nil
    }

    /// The prototype poles kept by a `-p` subset (all when `subset` is `nil`), in order.
    public static func selectedPoles(family: FilterFamily, order: Int, subset: [Int]?, bessel: BesselPoleSource = .computed) -> [Complex<Double>] {
        let all = poles(family: family, order: order, bessel: bessel)
        guard let subset else { return all }
        let kept = Set(subset)
        return all.enumerated().filter { kept.contains($0.offset) }.map(\.element)
    }

    /// The prototype as zeros, poles and gain (scipy's `buttap`, `cheb1ap`,
    /// `besselap(norm='mag')`): no zeros, the selected poles, and
    ///
    ///     k = prod_j (-p_j)                  (unit gain at dc)
    ///     k = prod_j (-p_j) / sqrt(1 + eps^2)  (Chebyshev I of even order: the
    ///                                          passband's maximum is 1, dc is a trough)
    ///
    /// Chebyshev II and elliptic prototypes have zeros too (`Chebyshev2Prototype`,
    /// `EllipticPrototype`), and take no subset.
    public static func zpk(family: FilterFamily, order: Int, subset: [Int]?, bessel: BesselPoleSource = .computed) -> ZeroPoleGain {
        switch family {
        case .chebyshev2(let a): return Chebyshev2Prototype.zpk(attenuationDecibels: a, order: order)
        case .elliptic(let r, let a): return EllipticPrototype.zpk(rippleDecibels: r, attenuationDecibels: a, order: order)
        default: break
        }
        let poles = selectedPoles(family: family, order: order, subset: subset, bessel: bessel)
        var gain = Complex<Double>(1, 0)
        for p in poles { gain *= -p }
        var k = gain.real
        if case .chebyshev(let ripple) = family, order % 2 == 0 {
            k /= Double.pow(10, ripple / 20)
        }
        return ZeroPoleGain(zeros: [], poles: poles, gain: k)
    }
}
