import RealModule
import FilterRuntime

/// Impulse responses of cascades of second-order sections in Double, and
/// their norms: what fixed-point scaling and its noise analysis are made of.
///
/// Each response runs for `length` samples, long enough for the slowest pole
/// (radius r) to decay below 1e-13 of its start: r^length <= 1e-13 (or
/// another `decay`).
struct CascadeNorms {
    /// Samples each response is followed for.
    let length: Int

    /// A horizon for poles of largest radius `radius` (< 1): about
    /// 1.25 log(decay) / log(r) samples, at least 64 and at most 2^20.
    init(largestPoleRadius radius: Double, decay: Double = 1e-13) {
        let samples = radius <= 0 ? 1 : Double.log(decay) / Double.log(radius)
        length = Int(min(max(samples * 1.25 + 64, 64), Double(1 << 20)))
    }

    /// The unit impulse, `length` samples.
    var impulse: [Double] {
        var x = [Double](repeating: 0, count: length)
        x[0] = 1
        return x
    }

    /// x filtered by `s` (direct form I, zero initial state).
    static func filtered(_ x: [Double], by s: Biquad) -> [Double] { s.filtered(x) }

    /// x filtered by 1 / (1 + a1 z^-1 + a2 z^-2), the recursive half of `s`.
    static func recursive(_ x: [Double], of s: Biquad) -> [Double] {
        filtered(x, by: Biquad(b0: 1, b1: 0, b2: 0, a1: s.a1, a2: s.a2))
    }

    /// The sums a response's norms are made of.
    struct Norms {
        /// sum |h[n]|, with an estimate of the tail beyond the horizon.
        var l1: Double
        /// sum h[n]^2.
        var squared: Double
        /// sum h[n]: the gain at dc.
        var sum: Double
        /// sum (-1)^n h[n]: the gain at Nyquist.
        var alternating: Double = 0
    }

    /// The norms of `h`, its L1 norm with the geometric tail of its last
    /// eighth added (a response that has not decayed by the horizon counts
    /// as what it would go on adding).
    static func norms(_ h: [Double]) -> Norms {
        var l1 = 0.0, squared = 0.0, sum = 0.0, alternating = 0.0
        for (n, v) in h.enumerated() {
            l1 += abs(v); squared += v * v; sum += v
            alternating += n & 1 == 0 ? v : -v
        }
        let window = max(h.count / 8, 1)
        let last = h[(h.count - window)...].reduce(0) { $0 + abs($1) }
        let earlier = h[(h.count - 2 * window)..<(h.count - window)].reduce(0) { $0 + abs($1) }
        if earlier > 0 && last > 0 {
            let ratio = min(last / earlier, 0.999_999)
            l1 += last * ratio / (1 - ratio)
        }
        return Norms(l1: l1, squared: squared, sum: sum, alternating: alternating)
    }

    /// The largest radius of the poles of `sections` (from a1, a2 alone).
    static func largestPoleRadius(_ sections: [Biquad]) -> Double {
        sections.map { s -> Double in
            let discriminant = s.a1 * s.a1 - 4 * s.a2
            if discriminant < 0 { return s.a2.squareRoot() }   // complex pair: r^2 = a2
            let root = discriminant.squareRoot()
            return max(abs(-s.a1 + root), abs(-s.a1 - root)) / 2
        }.max() ?? 0
    }
}

extension Biquad {
    /// `x` filtered by this section in Double, direct form I from rest:
    /// y[n] = b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2].
    public func filtered(_ x: [Double]) -> [Double] {
        var y = [Double](repeating: 0, count: x.count)
        var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0
        for n in x.indices {
            let v = b0 * x[n] + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            x2 = x1; x1 = x[n]; y2 = y1; y1 = v
            y[n] = v
        }
        return y
    }
}
