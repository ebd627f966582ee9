import FilterAnalysis
import FilterApplication

/// A FIR filter as it runs: its taps as stored in the arithmetic it runs in,
/// and the direct form y[n] = sum_{k=0}^{N-1} h[k] x[n-k], the products
/// summed from k = 0 up in that arithmetic.
///
/// For the two inputs the commands show, that sum has a closed form, bit for
/// bit: the impulse response is the stored taps (every other product is 0),
/// and the step response is their running sum ((h[0] + h[1]) + h[2]) + ...,
/// constant from n = N - 1 on.
public struct FIRAsRun: Sendable {
    /// The arithmetic: `.double` or `.float` (taps and samples in Float).
    public let precision: RunningPrecision
    /// The taps as stored, each exactly representable in `precision`.
    public let taps: [Double]

    /// `filter`'s taps in `precision`.
    ///
    /// - Throws: `ApplicationError` for a precision a FIR filter does not run in.
    public init(_ filter: FIRFilter, precision: RunningPrecision) throws(ApplicationError) {
        switch precision {
        case .double: taps = filter.taps
        case .float: taps = filter.taps.map { Double(Float($0)) }
        default:
            throw ApplicationError("--precision \(precision.rawValue) applies to IIR sections; a FIR filter runs in double or float")
        }
        self.precision = precision
    }

    /// The first tap that is not finite as stored (a Double tap beyond Float's range).
    public var firstNonFiniteTap: Int? { taps.firstIndex { !$0.isFinite } }

    /// The impulse (`step == false`) or step response's sample `n`, as run.
    /// Call with n increasing; `state` carries the running sum.
    func sample(_ n: Int, step: Bool, state: inout Double) -> Double {
        guard step else { return n < taps.count ? taps[n] : 0 }
        guard n < taps.count else { return state }
        if precision == .float {
            state = Double(Float(state) + Float(taps[n]))
        } else {
            state += taps[n]
        }
        return state
    }

    /// The magnitude of H(e^{2 pi i alpha}) of the taps as stored.
    func magnitude(atAlpha alpha: Double, of filter: FIRFilter) -> Double {
        var stored = filter
        stored.taps = taps
        return stored.magnitude(atAlpha: alpha)
    }
}
