import FilterAnalysis
import FilterRequests
import FilterDesign

/// A FIR filter as it runs: its taps as stored in the arithmetic it runs in,
/// and the runtime's direct form (`FIRDirectForm`, which the emitted C and
/// JavaScript follow bit for bit): y[n] = sum_{k=0}^{N-1} h[k] x[n-k], the
/// products r[j] w[j] of the time-reversed taps and the window
/// x[n-N+1] ... x[n] summed in 32 partial sums (lane j mod 32, in
/// increasing j) combined pairwise (`FIRSample.firDotProduct`).
///
/// For the two inputs the commands show, that sum has a closed form, bit for
/// bit: the impulse response is the stored taps (every other product is
/// +-0, which leaves a sum unchanged), and the step response at n is the
/// same lane-ordered sum over the taps the step has reached, r[j] for
/// j >= N-1-n (the others multiply 0), constant from n = N - 1 on.
/// `FIRAnalysisTests` runs `FIRDirectForm` beside it.
///
/// In fixed point (`--precision q15|q31`) the filter is CMSIS-DSP's
/// `arm_fir_q15|q31` (`FixedPointTaps`): the impulse is the largest sample
/// (0x7FFF or 0x7FFFFFFF), the step that sample throughout, and each output
/// floor(sum c_k x[n-k] / 2^F) (the exact integer sum, so its closed form
/// is exact too), printed as k / 2^F.
public struct FIRAsRun: Sendable {
    /// The arithmetic: `.double` or `.float` (taps and samples in Float);
    /// `.double` for fixed point (`fixed`).
    public let precision: RunningPrecision
    /// The taps as stored, each exactly representable in `precision`; in
    /// fixed point c_k / 2^F, which is outputScale times the design's taps
    /// to the rounding (q15's padding zeros included).
    public let taps: [Double]
    /// CMSIS's fixed-point FIR, for `--precision q15|q31`.
    public let fixed: FixedPointTaps?
    /// Fixed point: the running sums of the stored integer taps.
    let prefixSums: [Int64]

    /// `filter`'s taps in `precision`.
    ///
    /// - Throws: `ApplicationError` for a precision a FIR filter does not run in.
    public init(_ filter: FIRFilter, precision: RunningPrecision) throws(ApplicationError) {
        switch precision {
        case .double: taps = filter.taps
        case .float: taps = filter.taps.map { Double(Float($0)) }
        default:
            throw ApplicationError("--precision \(precision.rawValue) applies to IIR designs; a FIR filter runs in double, float, q15 or q31")
        }
        self.precision = precision
        fixed = nil
        prefixSums = []
    }

    /// `filter`'s taps as CMSIS's fixed-point FIR in `arithmetic`.
    ///
    /// - Throws: `ApplicationError` naming what cannot be realized.
    public init(_ filter: FIRFilter, fixedPoint arithmetic: FixedPointArithmetic) throws(ApplicationError) {
        let fixed: FixedPointTaps
        do { fixed = try FixedPointTaps(filter.taps, arithmetic: arithmetic) } catch {
            throw ApplicationError("--precision \(arithmetic.name): \(error.description)", underlying: error)
        }
        self.init(fixed: fixed)
    }

    /// `fixed`'s coefficients as CMSIS runs them (those `FixedPointTaps`
    /// makes, or others read back to be judged against its design).
    init(fixed: FixedPointTaps) {
        self.fixed = fixed
        precision = .double
        taps = fixed.storedTaps
        var sum: Int64 = 0
        prefixSums = fixed.coefficients.map { c in
            sum = sum &+ c
            return sum
        }
    }

    /// The first tap that is not finite as stored (a Double tap beyond Float's range).
    public var firstNonFiniteTap: Int? { taps.firstIndex { !$0.isFinite } }

    /// The impulse (`step == false`) or step response's sample `n`, as run.
    func sample(_ n: Int, step: Bool) -> Double {
        if let fixed {
            let x = fixed.arithmetic.largestInteger
            let sum = step ? prefixSums[min(n, prefixSums.count - 1)] : (n < prefixSums.count ? fixed.coefficients[n] : 0)
            return Double(Self.output(sum &* x, fixed.arithmetic)) * fixed.arithmetic.quantum
        }
        guard step else { return n < taps.count ? taps[n] : 0 }
        let count = taps.count
        // r[j] = h[N-1-j]; the window holds ones from j0 = N-1-n on.
        let first = max(count - 1 - n, 0)
        switch precision {
        case .float: return Double(Self.laneSum(taps.map { Float($0) }, from: first))
        default: return Self.laneSum(taps, from: first)
        }
    }

    /// sum_{j >= first} r[j], r[j] = h[N-1-j], in `FIRSample.firDotProduct`'s
    /// order: lane j mod 32 in increasing j from +0, then
    /// s_l = (a_l + a_{l+8}) + (a_{l+16} + a_{l+24}), then the eight s_l pairwise.
    static func laneSum<S: BinaryFloatingPoint>(_ h: [S], from first: Int) -> S {
        var a = [S](repeating: 0, count: 32)
        let count = h.count
        for j in first..<count { a[j & 31] += h[count - 1 - j] }
        var s = [S](repeating: 0, count: 8)
        for l in 0..<8 {
            let low: S = a[l] + a[l + 8]
            let high: S = a[l + 16] + a[l + 24]
            s[l] = low + high
        }
        let left: S = (s[0] + s[1]) + (s[2] + s[3])
        let right: S = (s[4] + s[5]) + (s[6] + s[7])
        return left + right
    }

    /// CMSIS's output for the accumulator `acc`: acc >> F, its low 32 bits,
    /// saturated to 16 bits for q15 (`FixedPointTaps.run`).
    static func output(_ acc: Int64, _ arithmetic: FixedPointArithmetic) -> Int64 {
        let low = Int64(Int32(truncatingIfNeeded: acc >> Int64(arithmetic.fractionBits)))
        return arithmetic.format == .q15 ? min(max(low, -32_768), 32_767) : low
    }

    /// The additions the step response's first `samples` samples take: the
    /// sum over the reached taps, for each n below N (then constant).
    func stepWork(samples: Int) -> Double {
        if fixed != nil { return Double(samples) }
        let m = Double(min(samples, taps.count))
        return m * (m + 1) / 2
    }
}
