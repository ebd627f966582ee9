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
        run(transfer, count: count, step: false).values
    }

    /// h[0] ... h[count-1] as double-double values.
    public static func exactImpulse(_ transfer: TransferFunction, count: Int) -> ExactSequence {
        run(transfer, count: count, step: false)
    }

    /// s[0] ... s[count-1], the response to 1, 1, 1, ...
    public static func step(_ transfer: TransferFunction, count: Int) -> [Double] {
        run(transfer, count: count, step: true).values
    }

    private static func run(_ transfer: TransferFunction, count: Int, step: Bool) -> ExactSequence {
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
        var out = [Double](repeating: 0, count: count), low = [Double](repeating: 0, count: count)
        for n in 0..<count {
            var acc = n < forcing.count ? forcing[n] : after
            for (k, ak) in a.enumerated() where n > k {
                acc = acc - DoubleDouble.product(y[n - k - 1], ak)
            }
            if a0.hi != 1 || a0.lo != 0 { acc = acc / a0 }
            y[n] = acc
            out[n] = acc.value
            low[n] = acc.lo - (out[n] - acc.hi)
        }
        return ExactSequence(hi: out, lo: low)
    }

    /// h[0] ... h[count-1] of a cascade of sections, each run in double-double.
    public static func impulse(_ sections: [Biquad], count: Int) -> [Double] {
        exactImpulse(sections, count: count).values
    }

    /// s[0] ... s[count-1] of a cascade of sections, each run in double-double.
    public static func step(_ sections: [Biquad], count: Int) -> [Double] {
        exactImpulse(sections, count: count).runningSum().values
    }

    /// h[0] ... h[count-1] of a cascade of sections, as double-double values:
    /// each section runs its recurrence
    ///
    ///     y = b0 x + b1 x1 + b2 x2 - a2 y2 - a1 y1
    ///
    /// on double-double signals as a compensated dot product (Ogita, Rump and
    /// Oishi's Dot2, extended to double-double operands): the high parts'
    /// products and sums are made error-free (FMA, TwoSum), their errors and
    /// the low parts' products summed in plain double and added once at the
    /// end. The result is as good as double-double arithmetic throughout (an
    /// error of about 2^-106 of the terms' sum) at about a third of its work:
    /// one normalisation per output instead of one per operation. The
    /// feed-forward terms come first and the newest feedback term last, so the
    /// sample-to-sample dependency is short.
    public static func exactImpulse(_ sections: [Biquad], count: Int) -> ExactSequence {
        var runner = ExactImpulseRunner(sections)
        return runner.next(count)
    }

    /// A cascade's exact impulse response produced chunk by chunk, each
    /// section's double-double state kept between chunks (see
    /// `exactImpulse(_:count:)`): for responses longer than is worth storing.
    public struct ExactImpulseRunner: Sendable {
        let sections: [Biquad]
        var states: [SectionState]
        /// The number of samples produced so far.
        public private(set) var produced = 0

        /// A runner at rest, about to produce h[0].
        public init(_ sections: [Biquad]) {
            self.sections = sections
            states = Array(repeating: SectionState(), count: sections.count)
        }

        /// The next `count` samples.
        public mutating func next(_ count: Int) -> ExactSequence {
            precondition(count >= 0)
            var hi = [Double](repeating: 0, count: count), lo = [Double](repeating: 0, count: count)
            if count > 0 && produced == 0 { hi[0] = 1 }
            hi.withUnsafeMutableBufferPointer { h in
                lo.withUnsafeMutableBufferPointer { l in
                    for (k, s) in sections.enumerated() {
                        TimeResponse.runSection(s, &states[k], h.baseAddress!, l.baseAddress!, count)
                    }
                }
            }
            produced += count
            return ExactSequence(hi: hi, lo: lo)
        }
    }

    /// A section's last two inputs and outputs, as high and low parts.
    struct SectionState: Sendable {
        var x1h = 0.0, x1l = 0.0, x2h = 0.0, x2l = 0.0
        var y1h = 0.0, y1l = 0.0, y2h = 0.0, y2l = 0.0
    }

    /// One section over the signal in place (see `exactImpulse(_:count:)`).
    static func runSection(_ s: Biquad, _ state: inout SectionState, _ h: UnsafeMutablePointer<Double>,
                           _ l: UnsafeMutablePointer<Double>, _ count: Int) {
        let (b0, b1, b2, a1, a2) = (s.b0, s.b1, s.b2, -s.a1, -s.a2)
        var (x1h, x1l, x2h, x2l) = (state.x1h, state.x1l, state.x2h, state.x2l)
        var (y1h, y1l, y2h, y2l) = (state.y1h, state.y1l, state.y2h, state.y2l)
        let twoProduct = DoubleDouble.twoProduct, twoSum = DoubleDouble.twoSum
        for n in 0..<count {
            let xh = h[n], xl = l[n]
            // Feed-forward part.
            var (sum, error) = twoProduct(b0, xh)
            var low = b0 * xl + error
            var (p, e) = twoProduct(b1, x1h)
            var sigma: Double
            (sum, sigma) = twoSum(sum, p)
            low += (e + sigma) + b1 * x1l
            (p, e) = twoProduct(b2, x2h)
            (sum, sigma) = twoSum(sum, p)
            low += (e + sigma) + b2 * x2l
            // Feedback, the newest term last.
            (p, e) = twoProduct(a2, y2h)
            (sum, sigma) = twoSum(sum, p)
            low += (e + sigma) + a2 * y2l
            (p, e) = twoProduct(a1, y1h)
            (sum, sigma) = twoSum(sum, p)
            low += (e + sigma) + a1 * y1l
            // Normalise once: y = yh + yl with |yl| <= ulp(yh) / 2.
            let yh = sum + low
            let yl = low - (yh - sum)
            (x2h, x2l, x1h, x1l) = (x1h, x1l, xh, xl)
            (y2h, y2l, y1h, y1l) = (y1h, y1l, yh, yl)
            h[n] = yh
            l[n] = yl
        }
        state = SectionState(x1h: x1h, x1l: x1l, x2h: x2h, x2l: x2l, y1h: y1h, y1l: y1l, y2h: y2h, y2l: y2l)
    }

    /// The number of samples after which the impulse response has decayed below
    /// `1e-17` of its start for poles of radius at most `radius` (< 1), with
    /// room for clustered poles (n^m r^n envelopes): `ceil(ln(1e-17) / ln r)`,
    /// plus 40 per pole, at least 64. Nil when `radius >= 1` (no decay) or
    /// when the decay takes 10^9 samples or more (a length to run, never that
    /// long: `predictedDecayLength` says how long).
    public static func decayLength(largestPoleRadius radius: Double, poleCount: Int) -> Int? {
        guard let n = predictedDecayLength(largestPoleRadius: radius, poleCount: poleCount),
              n - 40 * poleCount < 1_000_000_000 else { return nil }
        return n
    }

    /// As `decayLength`, however long: a radius within an ulp or so of 1
    /// predicts up to about 10^18 samples (capped there), far beyond any run
    /// but a decay, not none (`mkfilter verify` skips **decays** for it,
    /// saying so). Nil only when `radius >= 1`.
    public static func predictedDecayLength(largestPoleRadius radius: Double, poleCount: Int) -> Int? {
        guard radius < 1 else { return nil }
        guard radius > 0 else { return max(64, poleCount + 64) }
        let n = (Double.log(1e-17) / Double.log(radius)).rounded(.up)
        guard n.isFinite else { return nil }
        return max(64, Int(min(n, 1e18)) + 40 * poleCount)
    }
}

/// A sequence of double-double values hi[n] + lo[n] (an exact impulse response).
public struct ExactSequence: Sendable {
    /// The high parts (each value rounded to a double).
    public var hi: [Double]
    /// The low parts.
    public var lo: [Double]

    /// The number of values.
    public var count: Int { hi.count }

    /// Each value rounded to a double.
    public var values: [Double] { hi }

    /// Adds every value into `bins` (high and low parts, `period` each) at
    /// its index plus `offset`, modulo `period`: the sequence wrapped, as a
    /// DFT of length `period` sees it, summed in double-double.
    public func wrap(into bins: inout ExactSequence, offset: Int) {
        let period = bins.count
        var m = offset % period
        for n in 0..<count {
            let (s, error) = Augmented.sum(bins.hi[m], hi[n])
            bins.hi[m] = s
            bins.lo[m] += error + lo[n]
            m += 1
            if m == period { m = 0 }
        }
    }

    /// The first `count` values.
    public func prefix(_ count: Int) -> ExactSequence {
        ExactSequence(hi: Array(hi.prefix(count)), lo: Array(lo.prefix(count)))
    }

    /// The running sums s[n] = x[0] + ... + x[n], in double-double (the step
    /// response, for an impulse response).
    public func runningSum() -> ExactSequence {
        var sum = DoubleDouble(0)
        var h = [Double](repeating: 0, count: count), l = [Double](repeating: 0, count: count)
        for n in 0..<count {
            sum = sum + DoubleDouble(hi[n], lo[n])
            h[n] = sum.hi
            l[n] = sum.lo
        }
        return ExactSequence(hi: h, lo: l)
    }
}
