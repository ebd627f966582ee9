import ComplexModule
import RealModule

/// The complex response H(z) of a design at one point of the unit circle.
public enum Gain: Sendable, Hashable {
    /// A finite response.
    case finite(Complex<Double>)
    /// A pole lies on the unit circle at this frequency and no zero cancels it.
    case infinite

    /// |H|; `.infinity` for `.infinite`.
    public var magnitude: Double {
        switch self {
        case .finite(let h): return FisherArithmetic.magnitude(h)
        case .infinite: return .infinity
        }
    }

    /// arg H in radians, or `nil` when infinite.
    public var phase: Double? {
        switch self {
        case .finite(let h): return FisherArithmetic.argument(h)
        case .infinite: return nil
        }
    }

    /// The response of `zPlane` at `z`.
    ///
    /// First as Fisher computes it: top(z) / bottom(z) from the expanded
    /// polynomials. When that is not finite (bottom(z) is exactly 0 and Fisher
    /// prints `-nan`), the response is taken as its limit: poles and zeros that
    /// coincide to 1e-9 cancel (a Q = Inf notch or all-pass is then exactly 1),
    /// and what remains is evaluated as prod (z - zero) / prod (z - pole);
    /// a remaining pole at z (|prod (z - pole)| at most `poleOnCircleTolerance`
    /// times the numerator's) makes the gain `.infinite`, as does a product
    /// that overflows.
    static func evaluate(top: [Complex<Double>], bottom: [Complex<Double>], zPlane: ZeroPoleGain, at z: Complex<Double>,
                         poleOnCircleTolerance: Double = 1e-12) -> Gain {
        let h = PolynomialExpansion.evaluate(top: top, bottom: bottom, at: z)
        if h.real.isFinite && h.imaginary.isFinite { return .finite(h) }
        var zeros = zPlane.zeros
        var poles: [Complex<Double>] = []
        for p in zPlane.poles {
            if let k = zeros.firstIndex(where: { ($0 - p).length <= 1e-9 }) {
                zeros.remove(at: k)
            } else {
                poles.append(p)
            }
        }
        var numerator = Complex<Double>(1, 0), denominator = Complex<Double>(1, 0)
        for zero in zeros { numerator = numerator * (z - zero) }
        for pole in poles { denominator = denominator * (z - pole) }
        if denominator.length <= poleOnCircleTolerance * max(numerator.length, 1e-300) { return .infinite }
        let value = numerator / denominator
        return value.real.isFinite && value.imaginary.isFinite ? .finite(value) : .infinite
    }
}
