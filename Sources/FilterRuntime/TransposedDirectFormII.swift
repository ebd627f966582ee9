/// A second-order section in transposed direct form II:
///
///     y = b0 x + s1,   s1 <- (b1 x + s2) - a1 y,   s2 <- b2 x - a2 y
///
/// an add, a multiply and a subtraction on the sample-to-sample dependency
/// chain, five multiplies in all. Accurate in Double. In Float, poles near
/// z = +-1 move by Float's rounding of a1 and a2 (up to 5 % of the peak at
/// alpha = 0.001), as in CMSIS-DSP and vDSP; for Float samples the runtime
/// runs this form in Double instead (`TransposedInDoubleForm`).
@frozen
public struct TransposedDirectFormII<Lanes: SectionLanes>: SectionForm {
    /// Feed-forward coefficients.
    public let b0: Lanes.Scalar, b1: Lanes.Scalar, b2: Lanes.Scalar
    /// Feedback coefficients (the denominator's, a0 = 1).
    public let a1: Lanes.Scalar, a2: Lanes.Scalar
    /// The memory: the two partial sums waiting for the next samples.
    public var s1: Lanes, s2: Lanes

    @inlinable
    public static var groupLimit: Int { 8 }

    /// The section's coefficients rounded to `Lanes.Scalar`, at rest.
    @inlinable
    public init(_ section: Biquad) {
        b0 = Lanes.Scalar(section.b0)
        b1 = Lanes.Scalar(section.b1)
        b2 = Lanes.Scalar(section.b2)
        a1 = Lanes.Scalar(section.a1)
        a2 = Lanes.Scalar(section.a2)
        s1 = .zero
        s2 = .zero
    }

    /// y = b0 x + s1, then s1 and s2 moved on.
    @inlinable @inline(__always)
    public mutating func step(_ x: Lanes) -> Lanes {
        let y = b0 * x + s1
        s1 = (b1 * x + s2) - a1 * y
        s2 = b2 * x - a2 * y
        return y
    }

    /// Both partial sums 0.
    @inlinable
    public mutating func reset() {
        s1 = .zero
        s2 = .zero
    }

    /// s2 = b2 x - a2 y and s1 = (b1 x + s2) - a1 y for the constant x in and
    /// y out, in Double from the stored coefficients, rounded once.
    @inlinable
    public mutating func settle(input: (Int) -> Double, output: (Int) -> Double) {
        let s = section
        s2 = Lanes(lanes: { s.b2 * input($0) - s.a2 * output($0) })
        s1 = Lanes(lanes: { (s.b1 * input($0) + (s.b2 * input($0) - s.a2 * output($0))) - s.a1 * output($0) })
    }

    /// The coefficients as stored, in Double.
    @inlinable
    public var section: Biquad {
        Biquad(b0: Double(b0), b1: Double(b1), b2: Double(b2), a1: Double(a1), a2: Double(a2))
    }
}

extension TransposedDirectFormII: Sendable where Lanes: Sendable, Lanes.Scalar: Sendable {}
