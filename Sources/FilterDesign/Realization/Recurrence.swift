import ComplexModule
import RealModule

/// The recurrence relation of a design, as Fisher prints it:
///
///     y[n] = sum_{i=0}^{NZ} x_i * x[n - (NZ - i)] + sum_{i=0}^{NP-1} y_i * y[n - (NP - i)]
///
/// where the input x has first been divided by the passband gain G.
/// Coefficients are in ascending powers of z: `xCoefficients[i]` is the
/// numerator coefficient of z^i divided by the denominator's leading one,
/// `yCoefficients[i]` minus the denominator coefficient of z^i over the leading
/// one (so `yCoefficients[NP]` is always -1).
public struct Recurrence: Sendable, Hashable {
    /// NZ + 1 feed-forward coefficients, x_0 ... x_NZ.
    public let xCoefficients: [Double]
    /// NP + 1 feedback coefficients, y_0 ... y_NP (y_NP = -1).
    public let yCoefficients: [Double]

    /// The number of z-plane zeros, NZ.
    public var zeroCount: Int { xCoefficients.count - 1 }
    /// The number of z-plane poles, NP.
    public var poleCount: Int { yCoefficients.count - 1 }

    /// A recurrence from its coefficients.
    public init(xCoefficients: [Double], yCoefficients: [Double]) {
        self.xCoefficients = xCoefficients
        self.yCoefficients = yCoefficients
    }

    /// Fisher's recurrence for the expanded numerator and denominator (ascending
    /// powers of z): each divided by the denominator's leading coefficient, the
    /// denominator's negated.
    public init(numerator top: [Complex<Double>], denominator bottom: [Complex<Double>]) {
        let lead = bottom[bottom.count - 1].real
        xCoefficients = top.map { $0.real / lead }
        yCoefficients = bottom.map { -($0.real / lead) }
    }
}
