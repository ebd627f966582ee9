/// A finite-impulse-response design as mkshape and mkaverage list it: the
/// taps x_0 ... x_(L-1) and the gain G by which the input is divided.
public struct FIRDesign: Sendable, Hashable {
    /// The L filter coefficients (taps), oldest input first as Fisher lists them.
    public let coefficients: [Double]
    /// The gain G: the sum of the taps (the dc gain), or for a Hilbert
    /// transformer twice the alternating sum of the leading positive taps.
    public let gain: Double
}

/// Why an FIR specification is invalid.
public enum FIRSpecificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// mkshape's filters are symmetric about a centre tap: L must be odd.
    case lengthNotOdd(Int)
    /// L outside the allowed range.
    case lengthOutOfRange(Int, allowed: ClosedRange<Int>)
    /// alpha outside (0, 0.5).
    case alphaOutOfRange(Double)
    /// beta outside [0, 1].
    case betaOutOfRange(Double)
    /// x/sin(x) compensation applies to the shaped filters, not the Hilbert transformer.
    case compensationNotAllowedForHilbert
    /// Truncation needs at least one bit.
    case truncationBitsOutOfRange(Int)
    /// Truncation scales by the largest tap, which is 0 here.
    case truncationOfZeroFilter

    public var description: String {
        switch self {
        case let .lengthNotOdd(n): return "filter length \(n) must be odd"
        case let .lengthOutOfRange(n, allowed):
            return "filter length \(n) is out of range; it must be in \(allowed.lowerBound) .. \(allowed.upperBound)"
        case let .alphaOutOfRange(a): return "alpha = \(messageNumber(a)) is out of range; it must be above 0 and below 0.5"
        case let .betaOutOfRange(b): return "beta = \(messageNumber(b)) is out of range; the roll-off factor must be in 0 ... 1"
        case .compensationNotAllowedForHilbert: return "Can't combine -h with -x"
        case let .truncationBitsOutOfRange(n):
            // Fisher's words below 1; above 52 a Double's taps have no more bits to keep.
            return n < 1 ? "Num. bits after -b must be .gt. 0 (got \(n))" : "Num. bits after -b must be at most 52, the bits of a double (got \(n))"
        case .truncationOfZeroFilter: return "cannot truncate: the reference tap is 0"
        }
    }
}
