/// Forward-backward filtering through a cascade of sections: zero phase and
/// the magnitude response squared, for a whole recording at once (it is not
/// causal: every output depends on samples after it). The same computation as
/// `scipy.signal.sosfiltfilt(sos, x)` with its defaults (padtype 'odd'):
///
/// 1. n = 2 sections + 1 - min(#(b2 = 0), #(a2 = 0)) taps, padlen = 3 n.
/// 2. Odd extension: padlen samples 2 x[0] - x[padlen ... 1] before,
///    2 x[N-1] - x[N-2 ... N-1-padlen] after (the signal reflected through
///    its end points, so a slope continues).
/// 3. Forward through the cascade, starting in the steady state of the first
///    extended sample (`sosfilt_zi` times it); then backward over the result,
///    starting in the steady state of its last sample; reversed.
/// 4. The padding cut off again.
///
/// The sections run as `SectionCascade<Double>` runs them (transposed direct
/// form II); scipy's order of the three additions differs, so the two agree
/// to rounding (the tests: 1e-9 against scipy's output on a recording).
public enum ZeroPhase {
    /// padlen, the samples added at each end: 3 (2 sections + 1 - min(#(b2 = 0), #(a2 = 0))).
    public static func padLength(_ sections: [Biquad]) -> Int {
        let b2Zero = sections.filter { $0.b2 == 0 }.count, a2Zero = sections.filter { $0.a2 == 0 }.count
        return 3 * (2 * sections.count + 1 - min(b2Zero, a2Zero))
    }

    /// The shortest signal that can be filtered: padlen + 1 (scipy requires
    /// more samples than padlen).
    public static func minimumLength(_ sections: [Biquad]) -> Int { padLength(sections) + 1 }

    /// `x` filtered forward and backward through `sections`; `nil` when `x`
    /// has fewer than `minimumLength` samples or a section has a pole at z = 1
    /// (no steady state to start in). No sections: `x` itself.
    public static func filter(_ x: [Double], sections: [Biquad]) -> [Double]? {
        if sections.isEmpty { return x }
        let pad = padLength(sections), count = x.count
        guard count > pad else { return nil }
        var extended = [Double](repeating: 0, count: count + 2 * pad)
        let first = x[0], last = x[count - 1]
        for i in 0 ..< pad {
            extended[i] = 2 * first - x[pad - i]
            extended[pad + count + i] = 2 * last - x[count - 2 - i]
        }
        for i in 0 ..< count { extended[pad + i] = x[i] }

        // At most two arrays of the extended length live at once.
        var cascade = SectionCascade<Double>(sections)
        guard cascade.reset(toSteadyStateFor: extended[0]) else { return nil }
        var forward = cascade.process(extended)
        extended = []
        forward.reverse()
        guard cascade.reset(toSteadyStateFor: forward[0]) else { return nil }
        var backward = cascade.process(forward)
        forward = []
        // backward is reversed in time: output sample i is
        // backward[count + pad - 1 - i], that is reversed[pad + i].
        backward.reverse()
        backward.removeLast(pad)
        backward.removeFirst(pad)
        return backward
    }
}
