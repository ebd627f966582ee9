import ComplexModule
import RealModule

/// The fit of the weighting's high section (`FrequencyWeighting`): its grid,
/// its objective and Levenberg-Marquardt on it, as the type's documentation
/// states them.
extension FrequencyWeighting {

    static let referenceFrequency = 1000.0
    static let gridPoints = 200
    static let gridLow = 10.0
    static let gridTopFraction = 0.45
    static let starts: [Double] = [-0.5, 0, 0.5, 0.8]
    /// The exponent p of the objective Σ |rᵢ|^p at each iteration: least squares, then towards minimax.
    static let schedule: [Int] = Array(repeating: 2, count: 20) + Array(repeating: 4, count: 10)
        + Array(repeating: 8, count: 10) + Array(repeating: 16, count: 20)
    static let maximumTries = 12
    /// 10 / ln 10: decibels of a squared magnitude per natural log.
    static let db = 10 / Double.log(10)

    /// The bilinear images of the low poles, and how many zeros sit at z = 1.
    static func lowPart(curve: WeightingCurve, sampleRate fs: Double) -> (ones: Int, poles: [Double]) {
        let p = poleFrequencies
        let frequencies = curve == .a ? [p.f1, p.f1, p.f2, p.f3] : [p.f1, p.f1]
        let k = 2 * fs
        return (frequencies.count, frequencies.map { (k - 2 * Double.pi * $0) / (k + 2 * Double.pi * $0) })
    }

    /// dB of the low part at θ: |e^{jθ} − 1|² = 4 sin²(θ/2), |e^{jθ} − p|² = (1 − p)² + 4p sin²(θ/2).
    static func lowDecibels(ones: Int, poles: [Double], theta: Double) -> Double {
        let s = Double.sin(theta / 2)
        let s2 = s * s
        var out = Double(ones) * db * Double.log(4 * s2)
        for p in poles { out -= db * Double.log((1 - p) * (1 - p) + 4 * p * s2) }
        return out
    }

    /// dB of the high section at cos θ = c1, cos 2θ = c2 and its gradient with
    /// respect to x = (b1, b2, b3, a1, a2, a3), using
    /// |1 + b1 e^{−jθ} + b2 e^{−j2θ}|² = 1 + b1² + b2² + 2 b1 (1 + b2) c1 + 2 b2 c2.
    static func section(_ x: [Double], _ c1: Double, _ c2: Double, gradient g: inout [Double]) -> Double {
        let (b1, b2, b3, a1, a2, a3) = (x[0], x[1], x[2], x[3], x[4], x[5])
        let n2 = 1 + b1 * b1 + b2 * b2 + 2 * b1 * (1 + b2) * c1 + 2 * b2 * c2
        let n1 = 1 + b3 * b3 + 2 * b3 * c1
        let d2 = 1 + a1 * a1 + a2 * a2 + 2 * a1 * (1 + a2) * c1 + 2 * a2 * c2
        let d1 = 1 + a3 * a3 + 2 * a3 * c1
        let twoDb = 2 * db
        g[0] = twoDb * (b1 + (1 + b2) * c1) / n2
        g[1] = twoDb * (b2 + b1 * c1 + c2) / n2
        g[2] = twoDb * (b3 + c1) / n1
        g[3] = -twoDb * (a1 + (1 + a2) * c1) / d2
        g[4] = -twoDb * (a2 + a1 * c1 + c2) / d2
        g[5] = -twoDb * (a3 + c1) / d1
        return db * (Double.log(n2) + Double.log(n1) - Double.log(d2) - Double.log(d1))
    }

    static func isStable(_ x: [Double]) -> Bool {
        abs(x[4]) < 1 && abs(x[3]) < 1 + x[4] && abs(x[5]) < 1
    }

    /// The fit's grid: cos θ, cos 2θ and the target (the analytic curve less
    /// the low part, dB) at 200 frequencies log-spaced from 10 Hz to 0.45 fs,
    /// and at 1 kHz, where the residuals are taken relative to.
    struct FitGrid {
        var c1: [Double], c2: [Double], target: [Double]
        var c1Ref: Double, c2Ref: Double, targetRef: Double

        init(curve: WeightingCurve, sampleRate fs: Double) {
            let n = gridPoints
            let low = lowPart(curve: curve, sampleRate: fs)
            let top = gridTopFraction * fs
            (c1, c2, target) = ([Double](repeating: 0, count: n), [Double](repeating: 0, count: n), [Double](repeating: 0, count: n))
            for i in 0..<n {
                let f = gridLow * Double.pow(top / gridLow, Double(i) / Double(n - 1))
                let theta = 2 * Double.pi * f / fs
                c1[i] = Double.cos(theta)
                c2[i] = Double.cos(2 * theta)
                target[i] = analyticDecibels(curve: curve, frequency: f)
                    - lowDecibels(ones: low.ones, poles: low.poles, theta: theta)
            }
            let thetaRef = 2 * Double.pi * referenceFrequency / fs
            (c1Ref, c2Ref) = (Double.cos(thetaRef), Double.cos(2 * thetaRef))
            targetRef = analyticDecibels(curve: curve, frequency: referenceFrequency)
                - lowDecibels(ones: low.ones, poles: low.poles, theta: thetaRef)
        }

        /// r_i = (section dB - its dB at 1 kHz) - (target_i - target at 1 kHz), and its Jacobian.
        func residuals(_ x: [Double], _ r: inout [Double], _ jac: inout [[Double]]) {
            var gRef = [Double](repeating: 0, count: 6), gi = gRef
            let mRef = section(x, c1Ref, c2Ref, gradient: &gRef)
            for i in 0..<c1.count {
                let m = section(x, c1[i], c2[i], gradient: &gi)
                r[i] = (m - mRef) - (target[i] - targetRef)
                for k in 0..<6 { jac[i][k] = gi[k] - gRef[k] }
            }
        }
    }

    /// Levenberg-Marquardt on the dB error relative to 1 kHz (see the type's
    /// documentation), from the start `start`: the coefficients and the
    /// largest |residual|.
    static func fitHighSection(curve: WeightingCurve, sampleRate fs: Double, start: Double) -> (x: [Double], error: Double) {
        let grid = FitGrid(curve: curve, sampleRate: fs)
        let n = gridPoints
        let q = Double.exp(-2 * Double.pi * poleFrequencies.f4 / fs)
        var x = [0, 0, start, -2 * q, q * q, start]
        var r = [Double](repeating: 0, count: n)
        var jac = [[Double]](repeating: [Double](repeating: 0, count: 6), count: n)
        grid.residuals(x, &r, &jac)
        var lambda = 1e-2
        for p in schedule {
            guard step(p, grid, &x, &r, &jac, &lambda) else { break }
        }
        var worst = 0.0
        for v in r { worst = max(worst, abs(v)) }
        if worst.isNaN { worst = .infinity }
        return (x, worst)
    }

    /// One Levenberg-Marquardt (Gauss-Newton) step on Σ |r_i|^p, scaled by
    /// s = max |r_i|: H = Σ w_i J_i J_i^T, g = Σ w_i J_i r_i / (p - 1),
    /// w_i = (|r_i| / s)^(p - 2); a step is taken when it keeps the poles
    /// inside the unit circle and does not raise the cost, with lambda
    /// raised tenfold until one is (at most `maximumTries`). False when the
    /// residuals are all 0 or not finite.
    static func step(_ p: Int, _ grid: FitGrid, _ x: inout [Double], _ r: inout [Double], _ jac: inout [[Double]],
                     _ lambda: inout Double) -> Bool {
        let n = r.count
        var s = 0.0
        for v in r { s = max(s, abs(v)) }
        guard s > 0 && s.isFinite else { return false }
        var cost = 0.0
        var w = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let a = abs(r[i]) / s
            w[i] = Double.pow(a, Double(p - 2))
            cost += Double.pow(a, Double(p))
        }
        var h = [[Double]](repeating: [Double](repeating: 0, count: 6), count: 6)
        var g = [Double](repeating: 0, count: 6)
        for i in 0..<n {
            for k in 0..<6 {
                let wj = w[i] * jac[i][k]
                g[k] += wj * r[i]
                for l in 0..<6 { h[k][l] += wj * jac[i][l] }
            }
        }
        for k in 0..<6 { g[k] /= Double(p - 1) }
        var trace = 0.0
        for k in 0..<6 { trace += h[k][k] }
        var rTrial = r, jacTrial = jac
        for _ in 0..<maximumTries {
            var a = h
            for k in 0..<6 { a[k][k] += lambda * (h[k][k] + 1e-9 * trace) }
            if let dx = solve(a, g.map { -$0 }) {
                var xn = x
                for k in 0..<6 { xn[k] += dx[k] }
                if isStable(xn) {
                    grid.residuals(xn, &rTrial, &jacTrial)
                    var trial = 0.0
                    for i in 0..<n { trial += Double.pow(abs(rTrial[i]) / s, Double(p)) }
                    if trial <= cost {
                        x = xn
                        swap(&r, &rTrial)
                        swap(&jac, &jacTrial)
                        lambda = max(lambda * 0.1, 1e-9)
                        return true
                    }
                }
            }
            lambda *= 10
        }
        return true
    }

    /// Gaussian elimination with partial pivoting; nil when singular.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        let n = b.count
        var m = a
        var v = b
        for col in 0..<n {
            var pivot = col
            for row in (col + 1)..<max(n, col + 1) where abs(m[row][col]) > abs(m[pivot][col]) { pivot = row }
            guard abs(m[pivot][col]) > 0 else { return nil }
            if pivot != col { m.swapAt(col, pivot); v.swapAt(col, pivot) }
            for row in (col + 1)..<max(n, col + 1) {
                let f = m[row][col] / m[col][col]
                for c in col..<n { m[row][c] -= f * m[col][c] }
                v[row] -= f * v[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = v[row]
            for c in (row + 1)..<max(n, row + 1) { s -= m[row][c] * x[c] }
            x[row] = s / m[row][row]
        }
        return x
    }

    /// 20 lg |∏(e^{jθ} − zᵢ) / ∏(e^{jθ} − pⱼ)| at cos θ, sin θ.
    static func decibels(zeros: [Complex<Double>], poles: [Complex<Double>], cos c: Double, sin s: Double) -> Double {
        var out = 0.0
        for z in zeros {
            let dr = c - z.real, di = s - z.imaginary
            out += db * Double.log(dr * dr + di * di)
        }
        for p in poles {
            let dr = c - p.real, di = s - p.imaginary
            out -= db * Double.log(dr * dr + di * di)
        }
        return out
    }
}
