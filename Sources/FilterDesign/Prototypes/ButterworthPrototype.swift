import ComplexModule
import RealModule

/// The Butterworth low-pass prototype (corner 1 rad/s).
///
/// Fisher's construction: for i = 0 ..< 2N, theta_i = i pi / N (N odd) or
/// (i + 1/2) pi / N (N even); the poles are the exp(j theta_i) with a negative
/// real part, in that order. (For N = 1 the pole is exp(j pi), whose imaginary
/// part is sin(pi) ~ 1.2e-16, not 0: kept as computed.)
public enum ButterworthPrototype {
    /// The N left-half-plane poles, in Fisher's order.
    public static func poles(order: Int) -> [Complex<Double>] {
        var poles: [Complex<Double>] = []
        for i in 0..<(2 * order) {
            let theta = order & 1 == 1
                ? (Double(i) * Double.pi) / Double(order)
                : ((Double(i) + 0.5) * Double.pi) / Double(order)
            let z = FisherArithmetic.expj(theta)
            if z.real < 0.0 { poles.append(z) }
        }
        return poles
    }
}
