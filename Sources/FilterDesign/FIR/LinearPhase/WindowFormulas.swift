import RealModule

/// The closed-form windows of `FIRWindow`, each as scipy.signal.windows
/// computes it for sym=True (the same operation order, so within an ulp or
/// two of numpy's), for N = `count` >= 2. n runs over 0 ... N-1.
enum WindowFormulas {
    /// numpy's linspace(a, b, N): a + i (b - a) / (N - 1), the last point b exactly.
    static func linspace(_ a: Double, _ b: Double, count: Int) -> [Double] {
        let step = (b - a) / Double(count - 1)
        return (0..<count).map { $0 == count - 1 ? b : Double($0) * step + a }
    }

    /// sum_k a_k cos(k x_n), x = linspace(-pi, pi, N), summed from k = 0.
    static func cosineSum(count: Int, _ a: [Double]) -> [Double] {
        linspace(-Double.pi, Double.pi, count: count).map { x in
            var w = 0.0
            for (k, ak) in a.enumerated() { w += ak * Double.cos(Double(k) * x) }
            return w
        }
    }

    /// (2n' - 1) / N for even N, 2n' / (N + 1) for odd N, n' = 1 ... ceil(N/2), mirrored.
    static func triang(count m: Int) -> [Double] {
        let n = (1...((m + 1) / 2)).map(Double.init)
        if m % 2 == 0 {
            let w = n.map { (2 * $0 - 1.0) / Double(m) }
            return w + w.reversed()
        }
        let w = n.map { 2 * $0 / (Double(m) + 1.0) }
        return w + w.dropLast().reversed()
    }

    /// 2n / (N - 1) up to the centre, 2 - 2n / (N - 1) after.
    static func bartlett(count m: Int) -> [Double] {
        let d = Double(m - 1)
        return (0..<m).map { n in
            let t = 2.0 * Double(n) / d
            return Double(n) <= d / 2.0 ? t : 2.0 - t
        }
    }

    /// Parzen's cubic pieces, a = |n'| / (N / 2), n' = n - (N-1)/2.
    static func parzen(count m: Int) -> [Double] {
        let half = Double(m - 1) / 2.0
        return (0..<m).map { i in
            let n = -half + Double(i)
            let a = abs(n) / (Double(m) / 2.0)
            if abs(n) <= Double(m - 1) / 4.0 { return 1 - 6 * (a * a) + 6 * Double.pow(a, 3.0) }
            return 2 * Double.pow(1 - a, 3.0)
        }
    }

    /// (1 - f) cos(pi f) + sin(pi f) / pi inside, f = |linspace(-1, 1, N)|; 0 at the ends.
    static func bohman(count m: Int) -> [Double] {
        let f = linspace(-1, 1, count: m).map(abs)
        var w = [Double](repeating: 0, count: m)
        for i in 1..<(m - 1) {
            w[i] = (1 - f[i]) * Double.cos(Double.pi * f[i]) + 1.0 / Double.pi * Double.sin(Double.pi * f[i])
        }
        return w
    }

    /// 0.62 - 0.48 f + 0.38 cos(2 pi f), f = |n / (N - 1) - 1/2|.
    static func barthann(count m: Int) -> [Double] {
        (0..<m).map { n in
            let f = abs(Double(n) / (Double(m) - 1.0) - 0.5)
            return 0.62 - 0.48 * f + 0.38 * Double.cos(2 * Double.pi * f)
        }
    }

    /// sin(pi / N (n + 1/2)).
    static func cosine(count m: Int) -> [Double] {
        (0..<m).map { Double.sin(Double.pi / Double(m) * (Double($0) + 0.5)) }
    }

    /// numpy's sinc: sin(pi x) / (pi x), pi x replaced by eps where it is 0.
    static func numpySincValue(_ x: Double) -> Double {
        var y = Double.pi * x
        if y == 0 { y = Double.ulpOfOne }
        return Double.sin(y) / y
    }

    /// sinc(2k / (N - 1) - 1) for the right half, mirrored (1 at an odd N's centre).
    static func lanczos(count m: Int) -> [Double] {
        func right(_ start: Int) -> [Double] {
            (start..<m).map { numpySincValue(2.0 * Double($0) / Double(m - 1) - 1.0) }
        }
        if m % 2 == 0 {
            let half = right(m / 2)
            return half.reversed() + half
        }
        let half = right((m + 1) / 2)
        return half.reversed() + [1.0] + half
    }

    /// exp(-|n - (N-1)/2| / tau).
    static func exponential(count m: Int, tau: Double) -> [Double] {
        let centre = Double(m - 1) / 2
        return (0..<m).map { Double.exp(-abs(Double($0) - centre) / tau) }
    }

    /// Tukey's window: Hann tapers of width floor(alpha (N-1) / 2) + 1 at each end.
    static func tukey(count m: Int, alpha: Double) -> [Double] {
        if alpha <= 0 { return [Double](repeating: 1, count: m) }
        if alpha >= 1 { return cosineSum(count: m, [0.5, 1 - 0.5]) }
        let width = Int((alpha * Double(m - 1) / 2.0).rounded(.down))
        let d = Double(m - 1)
        return (0..<m).map { i in
            let n = Double(i)
            if i <= width { return 0.5 * (1 + Double.cos(Double.pi * (-1 + 2.0 * n / alpha / d))) }
            if i >= m - width - 1 { return 0.5 * (1 + Double.cos(Double.pi * (-2.0 / alpha + 1 + 2.0 * n / alpha / d))) }
            return 1
        }
    }

    /// Kaiser's window; point N-1-n has t = -t_n exactly (both differences
    /// are exact), so it is computed on one half and mirrored.
    static func kaiser(count m: Int, beta: Double) -> [Double] {
        let alpha = Double(m - 1) / 2
        let denominator = besselI0(beta)
        var w = [Double](repeating: 1, count: m)
        for n in 0..<((m + 1) / 2) {
            let t = (Double(n) - alpha) / alpha
            w[n] = besselI0(beta * (1 - t * t).squareRoot()) / denominator
            w[m - 1 - n] = w[n]
        }
        return w
    }

    /// sqrt(cumsum(kaiser(N/2 + 1, beta))[k] / sum), k = 0 ... N/2 - 1, mirrored.
    static func kaiserBesselDerived(count m: Int, beta: Double) -> [Double] {
        precondition(m % 2 == 0, "the Kaiser-Bessel derived window has an even number of points")
        if m == 0 { return [] }
        let k = m / 2 + 1
        let kw = k <= 1 ? [1.0] : kaiser(count: k, beta: beta)
        var sums = [Double](repeating: 0, count: k)
        var s = 0.0
        for i in 0..<k { s += kw[i]; sums[i] = s }
        let half = (0..<(k - 1)).map { (sums[$0] / sums[k - 1]).squareRoot() }
        return half + half.reversed()
    }

    /// exp(-n'^2 / (2 std^2)), n' = n - (N-1)/2.
    static func gaussian(count m: Int, std: Double) -> [Double] {
        let sig2 = 2 * std * std
        return (0..<m).map { i in
            let n = Double(i) - Double(m - 1) / 2.0
            return Double.exp(-(n * n) / sig2)
        }
    }

    /// exp(-0.5 |n' / sigma|^(2p)), n' = n - (N-1)/2.
    static func generalGaussian(count m: Int, p: Double, sigma: Double) -> [Double] {
        (0..<m).map { i in
            let n = Double(i) - Double(m - 1) / 2.0
            let r = abs(n / sigma)
            let power = 2 * p == 2 ? r * r : Double.pow(r, 2 * p)
            return Double.exp(-0.5 * power)
        }
    }
}
