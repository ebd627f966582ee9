import RealModule

/// The smallest and largest value of a function of frequency over an
/// interval, found as a person would read them off a plot, but to full
/// precision: sampled at `points` evenly spaced frequencies (ends included)
/// and 256 more crowding geometrically toward each end (a Chebyshev or
/// elliptic filter's ripples bunch up at its band edges), then the smallest
/// and the largest refined by golden-section search between their neighbours.
public enum ExtremeSearch {
    /// (minimum, maximum) of `f` over [from, to].
    public static func range(of f: (Double) -> Double, from: Double, to: Double, points: Int = 4096) -> (minimum: Double, maximum: Double) {
        guard to > from else { let v = f(from); return (v, v) }
        var alphas = (0..<points).map { from + (to - from) * Double($0) / Double(points - 1) }
        for k in 0..<256 {
            let t = (to - from) * Double.pow(10, -7 + 5 * Double(k) / 255)
            alphas += [from + t, to - t]
        }
        alphas.sort()
        let values = alphas.map(f)
        func refined(_ i: Int, largest: Bool) -> Double {
            var (a, b) = (alphas[max(0, i - 1)], alphas[min(alphas.count - 1, i + 1)])
            let ratio = (5.0.squareRoot() - 1) / 2
            func better(_ x: Double, _ y: Double) -> Bool { largest ? x > y : x < y }
            for _ in 0..<60 where b - a > 1e-16 {
                let c = b - ratio * (b - a), d = a + ratio * (b - a)
                if better(f(c), f(d)) { b = d } else { a = c }
            }
            let v = f(0.5 * (a + b))
            return better(v, values[i]) ? v : values[i]
        }
        let iMax = values.indices.max { values[$0] < values[$1] }!
        let iMin = values.indices.min { values[$0] < values[$1] }!
        return (refined(iMin, largest: false), refined(iMax, largest: true))
    }
}
