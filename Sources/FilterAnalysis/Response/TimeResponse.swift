import FilterDesign
import FilterRuntime
import RealModule

/// Impulse and step responses of a transfer function, computed exactly enough
/// to serve as a reference: the recurrence
///
///     a_0 y[n] = (1/g) sum_k b_k x[n-k] - sum_{k>=1} a_k y[n-k]
///
/// runs in double-double arithmetic (about 106 bits) and each output is rounded
/// to a double. A direct-form recurrence in double amplifies its own rounding by
/// up to 1/|A(e^{jw})| (about 1e12 for a 10th-order low-pass at alpha = 0.01);
/// here that leaves the outputs correct to double precision. Compare with
/// `DigitalFilter` to see what rounding does to the filter as it runs.
public enum TimeResponse {
    /// h[0] ... h[count-1], the response to 1, 0, 0, ...
    public static func impulse(_ transfer: TransferFunction, count: Int) -> [Double] {
        run(transfer, count: count, step: false)
    }

    /// s[0] ... s[count-1], the response to 1, 1, 1, ...
    public static func step(_ transfer: TransferFunction, count: Int) -> [Double] {
        run(transfer, count: count, step: true)
    }

    private static func run(_ transfer: TransferFunction, count: Int, step: Bool) -> [Double] {
        precondition(count >= 0)
        let g = DoubleDouble(transfer.gain)
        let a0 = DoubleDouble(transfer.denominator[0])
        // The feed-forward sum for input delta[n] is b_n / g; for the step it is
        // the running sum of the b_k / g.
        var forcing: [DoubleDouble] = []
        var sum = DoubleDouble(0)
        for b in transfer.numerator {
            let term = DoubleDouble(b) / g
            sum = sum + term
            forcing.append(step ? sum : term)
        }
        let after = step ? sum : DoubleDouble(0)
        let a = transfer.trimmedDenominator.dropFirst().map { $0 }
        var y = [DoubleDouble](repeating: DoubleDouble(0), count: count)
        var out = [Double](repeating: 0, count: count)
        for n in 0..<count {
            var acc = n < forcing.count ? forcing[n] : after
            for (k, ak) in a.enumerated() where n > k {
                acc = acc - DoubleDouble.product(y[n - k - 1], ak)
            }
            if a0.hi != 1 || a0.lo != 0 { acc = acc / a0 }
            y[n] = acc
            out[n] = acc.value
        }
        return out
    }

    /// h[0] ... h[count-1] of a cascade of sections, each run in double-double.
    public static func impulse(_ sections: [Biquad], count: Int) -> [Double] {
        run(sections, count: count, step: false)
    }

    /// s[0] ... s[count-1] of a cascade of sections, each run in double-double.
    public static func step(_ sections: [Biquad], count: Int) -> [Double] {
        run(sections, count: count, step: true)
    }

    private static func run(_ sections: [Biquad], count: Int, step: Bool) -> [Double] {
        var signal = [DoubleDouble](repeating: DoubleDouble(0), count: count)
        for n in 0..<count where step || n == 0 { signal[n] = DoubleDouble(1) }
        for s in sections {
            var x1 = DoubleDouble(0), x2 = DoubleDouble(0), y1 = DoubleDouble(0), y2 = DoubleDouble(0)
            for n in 0..<count {
                let x = signal[n]
                let y = DoubleDouble.product(x, s.b0) + DoubleDouble.product(x1, s.b1) + DoubleDouble.product(x2, s.b2)
                    - DoubleDouble.product(y1, s.a1) - DoubleDouble.product(y2, s.a2)
                (x2, x1, y2, y1) = (x1, x, y1, y)
                signal[n] = y
            }
        }
        return signal.map(\.value)
    }

    /// The number of samples after which the impulse response has decayed below
    /// `1e-17` of its start for poles of radius at most `radius` (< 1), with
    /// room for clustered poles (n^m r^n envelopes): `ceil(ln(1e-17) / ln r)`,
    /// plus 40 per pole, at least 64. Nil when `radius >= 1` (no decay).
    public static func decayLength(largestPoleRadius radius: Double, poleCount: Int) -> Int? {
        guard radius < 1 else { return nil }
        guard radius > 0 else { return max(64, poleCount + 64) }
        let n = (Double.log(1e-17) / Double.log(radius)).rounded(.up)
        guard n.isFinite, n < 1e9 else { return nil }
        return max(64, Int(n) + 40 * poleCount)
    }
}
