import FilterAnalysis
import FilterApplication

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
    func sample(_ n: Int, step: Bool) -> Double {
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

    /// The additions the step response's first `samples` samples take: the
    /// sum over the reached taps, for each n below N (then constant).
    func stepWork(samples: Int) -> Double {
        let m = Double(min(samples, taps.count))
        return m * (m + 1) / 2
    }

    /// The magnitude of H(e^{2 pi i alpha}) of the taps as stored.
    func magnitude(atAlpha alpha: Double, of filter: FIRFilter) -> Double {
        var stored = filter
        stored.taps = taps
        return stored.magnitude(atAlpha: alpha)
    }
}
