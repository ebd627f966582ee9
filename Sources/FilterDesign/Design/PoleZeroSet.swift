import ComplexModule
import RealModule

/// Poles and zeros of one plane (s or z), in the order they were computed.
public struct PoleZeroSet: Sendable, Hashable {
    /// The poles.
    public var poles: [Complex<Double>]
    /// The zeros.
    public var zeros: [Complex<Double>]

    /// Creates a set from its poles and zeros.
    public init(poles: [Complex<Double>], zeros: [Complex<Double>]) {
        self.poles = poles
        self.zeros = zeros
    }
}
