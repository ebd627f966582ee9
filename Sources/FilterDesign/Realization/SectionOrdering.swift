import ComplexModule
import FilterRuntime
import RealModule

/// Orders a cascade's sections and spreads its gain so that it runs well in
/// Float, in Double arithmetic at design time.
///
/// Why: rounding at the node after section i reaches the output through the
/// sections after it; and a gain such as the 1e-50 of a 40-pole narrow
/// band-pass, which scipy puts in the first section, is zero in Float. Four
/// rules (the figures behind each are in the "Why sections" article):
///
/// 1. **Order, greedily, from the output end.** Each section's response is
///    normalised to peak 1; the cascade is built one section at a time from
///    its last, each time putting before those chosen the remaining section
///    that keeps the peak magnitude of their product smallest (rounding at
///    a node is amplified by the sections after it).
/// 2. **Scale in the L-infinity norm, by powers of two.** Each section's
///    numerator is scaled by the power of two that brings the peak of the
///    running product of the cascade so far into (1/2, 1]; the last section
///    takes what makes the overall gain k. A power of two scales exactly in any
///    binary format, so rounding the sections to Float keeps each numerator's
///    zeros where rounding the monic numerator would (scipy's layout, whose
///    zeros near z = 1 a general scale would move by another ulp).
///
/// 3. **A section with a zero at z = 1 first.** A filter that blocks dc
///    (band-pass, high-pass) still gets inputs with a large constant part: a
///    step, gravity on an accelerometer axis. Wherever a section with a zero at
///    z = 1 sits, the sections before it carry that constant at every node,
///    and their rounding reaches the output through the resonant sections
///    after them, against an output that is small (the step response of a
///    narrow band-pass peaks at its bandwidth). First, it turns the constant
///    into a transient before any other section sees it. Of several such
///    sections the one the greedy order put first moves.
/// 4. **A filter that stops dc without a zero at z = 1** (an even-order
///    Chebyshev II or elliptic band-pass or high-pass) meets a constant input
///    in its first sections at full size, and their rounding reaches the
///    output through sections that peak far above the whole filter, against
///    an output (a narrow band-pass's step response) that is small. Of the
///    greedy order and those with the 1 ... n/2 sections that attenuate dc
///    most moved to the front, the one whose modelled rounding noise for a
///    constant input (`stepNoise`) is least is kept; ties keep the greedy
///    order.
///
/// Peaks are taken on a grid of 2049 frequencies from 0 to pi, refined around
/// every pole p = r e^{j theta} with 33 points theta + (1 - r)[-8, 8], so that
/// a resonance narrower than the uniform spacing is not missed.
enum SectionOrdering {
    /// The sections of `roots`, ordered and scaled, with overall gain `gain`.
    static func realize(_ roots: [SectionPairing.Roots], gain: Double) -> [Biquad] {
        guard !roots.isEmpty else { return [] }
        let monic = roots.map { Biquad(zeros: $0.zeros, poles: $0.poles) }
        let grid = SquaredResponses(monic, poles: roots.flatMap(\.poles))

        // 1. Greedy order on the normalised responses, from the last section.
        var order = greedyOrder(grid)

        // 3 (before the scaling, which follows the order). A section with a
        // zero at z = 1 goes first.
        if let blocker = order.first(where: { monic[$0].blocksDC }) {
            if blocker != order[0] {
                order.removeAll { $0 == blocker }
                order.insert(blocker, at: 0)
            }
        } else if let candidate = dcFirst(order, monic: monic, grid: grid, gain: gain) {
            // 4. A filter that stops dc without a zero at z = 1.
            order = candidate
        }
        return scaled(order, monic: monic, scales: scales(order, grid: grid, gain: gain))
    }

    /// Rule 1: each section's |H|^2 normalised to peak 1; from the output
    /// end, the remaining section that keeps the peak of the running product
    /// least goes before those chosen (of equal ones, the one of most
    /// energy), and the
    /// running product is normalised again. Magnitudes only: the peak of
    /// |running x H_i| is that of |running|^2 |H_i|^2.
    static func greedyOrder(_ grid: SquaredResponses) -> [Int] {
        let count = grid.points
        let normalised = grid.squares.map { r -> [Double] in
            let peak = SquaredResponses.largest(r)
            return peak > 0 && peak.isFinite ? r.map { $0 / peak } : r
        }
        // Equal peaks (the first step: every normalised peak is 1) go to the
        // section of most energy, ||H_i||_2^2 / peak^2 (the broadest
        // response): over the 936-design grid that gave Float the lower
        // median errors (figures in the "Why sections" article).
        let energy = normalised.map { grid.energy($0) }
        var remaining = Array(normalised.indices), order: [Int] = []
        var running = [Double](repeating: 1, count: count)
        while !remaining.isEmpty {
            // Each candidate's peak is scanned from where the running product
            // peaks, and dropped as soon as it exceeds the least so far (or
            // equals it without more energy): it could not be chosen.
            let start = SquaredResponses.indexOfLargest(running)
            var best = remaining[0]
            var least = SquaredResponses.largestProduct(running, normalised[best], from: start, above: .infinity, orEqual: false)!
            for i in remaining.dropFirst() {
                let moreEnergy = energy[i] > energy[best]
                guard let p = SquaredResponses.largestProduct(running, normalised[i], from: start, above: least,
                                                              orEqual: !moreEnergy) else { continue }
                if p < least || (p == least && moreEnergy) { (best, least) = (i, p) }
            }
            remaining.removeAll { $0 == best }
            order.insert(best, at: 0)
            let peak = SquaredResponses.multiply(&running, by: normalised[best])
            if peak > 0 && peak.isFinite { SquaredResponses.scale(&running, by: 1 / peak) }
        }
        return order
    }

    /// The sections of `monic` in `order`, each numerator times its scale.
    static func scaled(_ order: [Int], monic: [Biquad], scales: [Double]) -> [Biquad] {
        zip(order, scales).map { i, scale in
            var section = monic[i]
            section.b0 *= scale
            section.b1 *= scale
            section.b2 *= scale
            return section
        }
    }

    /// 2. The scale of each section's numerator in `order`: the power of two
    /// that brings the running product's peak into (1/2, 1], and for the
    /// last section the rest of the gain k.
    static func scales(_ order: [Int], grid: SquaredResponses, gain: Double) -> [Double] {
        var scales: [Double] = []
        var cumulative = [Double](repeating: 1, count: grid.points)
        var exponents = 0   // the scales so far multiply to 2^exponents
        var pending = 1.0   // the last scale squared, applied with the next section
        for (position, i) in order.enumerated() {
            if position < order.count - 1 {
                let m = SquaredResponses.multiply(&cumulative, by: grid.squares[i], scale: pending).squareRoot()
                let e = m > 0 && m.isFinite ? (1 / m).exponent : 0
                let scale = Double(sign: .plus, exponent: e, significand: 1)
                pending = scale * scale
                exponents += Int(e)
                scales.append(scale)
            } else {
                scales.append(Double(sign: gain < 0 ? .minus : .plus, exponent: -exponents, significand: abs(gain)))
            }
        }
        return scales
    }

    /// Rule 4: for a filter whose dc gain is below a tenth of its peak but
    /// that has no zero at z = 1 (an even-order Chebyshev II or elliptic
    /// band-pass or high-pass), the order with the m sections that attenuate
    /// dc most (|H(1)| over their peak) moved to the front, for the m in
    /// 0 ... n/2 that makes `stepNoise` least; nil when that is m = 0.
    static func dcFirst(_ order: [Int], monic: [Biquad], grid: SquaredResponses, gain: Double) -> [Int]? {
        guard order.count > 1, grid.wholeStopsDC else { return nil }
        let attenuation = monic.indices.map { i in monic[i].dcGain.magnitude / SquaredResponses.largest(grid.squares[i]).squareRoot() }
        let byAttenuation = order.sorted { attenuation[$0] < attenuation[$1] }
        var tail = [Double](repeating: 1, count: grid.points)
        let poles = grid.poleSquares()
        func noise(_ order: [Int]) -> Double {
            let scales = Self.scales(order, grid: grid, gain: gain)
            return stepNoise(scaled(order, monic: monic, scales: scales), order: order, scales: scales, grid: grid,
                             poles: poles, tail: &tail)
        }
        var best: [Int]? = nil
        var least = noise(order)
        for m in 1...(order.count / 2) {
            let front = Array(byAttenuation.prefix(m))
            let candidate = front + order.filter { !front.contains($0) }
            let n = noise(candidate)
            if n < least { (best, least) = (candidate, n) }
        }
        return best
    }

    /// A model of the rounding noise a constant input leaves at the output of
    /// `sections` (in order, scaled): each section j rounds a value of the
    /// size of its input's constant part L_(j-1) |b0| (its feed-forward
    /// product), which its poles 1/A_j and the sections after it, T_j, carry
    /// to the output, and a value of the size of its output's, L_j, which T_j
    /// carries:
    ///
    ///     sum_j L_(j-1) |b0_j| ||T_j / A_j||_2 + L_j ||T_j||_2,
    ///     L_j = |H_1(1) ... H_j(1)|,  ||X||_2^2 = (1/pi) int_0^pi |X|^2 dw
    ///
    /// (trapezoids on the grid, `SquaredResponses.norm`). A filter that stops
    /// dc carries the input's constant part through its first sections at
    /// full size, and the sections after them may peak far above the whole
    /// filter, so the order that attenuates dc early rounds less of it (the
    /// elliptic band-pass of rule 4).
    ///
    /// |T_j|^2 is built from the output end, one product a point, in `tail`
    /// (section `order[j]`'s scaled |H|^2 is its square times scales[j]^2;
    /// `poles` its |1/A|^2).
    static func stepNoise(_ sections: [Biquad], order: [Int], scales: [Double], grid: SquaredResponses,
                          poles: [[Double]], tail: inout [Double]) -> Double {
        let n = sections.count
        var carried = [Double](repeating: 0, count: n), through = [Double](repeating: 0, count: n)
        for k in tail.indices { tail[k] = 1 }
        for j in stride(from: n - 1, through: 0, by: -1) {
            (carried[j], through[j]) = grid.norms(&tail, times: poles[order[j]],
                                                  thenBy: grid.squares[order[j]], scale: scales[j] * scales[j])
        }
        var noise = 0.0, level = 1.0
        for j in 0..<n {
            let input = level
            level *= sections[j].dcGain.magnitude
            noise += input * abs(sections[j].b0) * carried[j] + level * through[j]
        }
        return noise
    }

    /// 2049 phases from 0 to pi, and 33 around each pole's angle within 8 of
    /// its distances from the unit circle, sorted.
    static func frequencies(poles: [Complex<Double>]) -> [Double] {
        var phases = (0...2048).map { Double.pi * Double($0) / 2048 }
        for p in poles {
            let theta = abs(Double.atan2(y: p.imaginary, x: p.real))
            let distance = max(1 - p.length, 1e-12)
            for k in -16...16 {
                let phase = theta + distance * Double(k) / 2
                if phase >= 0 && phase <= Double.pi { phases.append(phase) }
            }
        }
        return phases.sorted()
    }
}

/// What the ordering needs of each monic section on the grid of
/// `SectionOrdering.frequencies`: its squared magnitude |H_i|^2 and its
/// poles' |1/A_i|^2 at every phase, and the trapezoid weights of the grid.
/// Every rule compares magnitudes only, so products of responses are
/// products of these (|a b|^2 = |a|^2 |b|^2), a multiplication a point.
struct SquaredResponses {
    /// |H_i(e^{j w_k})|^2 per section.
    let squares: [[Double]]
    /// The sections, and the points u, u^2 of the grid (real and imaginary
    /// parts), for `poleSquares()`.
    private let monic: [Biquad]
    private let circle: (ur: [Double], ui: [Double], vr: [Double], vi: [Double])
    /// Trapezoid weights over pi: (1/pi) int_0^pi f dw = sum_k weights[k] f_k.
    let weights: [Double]
    /// Whether the whole cascade's |H(1)| is below a tenth of its peak (and
    /// the peak is finite and positive): rule 4 applies.
    let wholeStopsDC: Bool

    /// |1 / A_i(e^{j w_k})|^2 per section (rule 4 only: made when asked for).
    func poleSquares() -> [[Double]] {
        monic.map { Self.evaluate($0, circle.ur, circle.ui, circle.vr, circle.vi, poles: true) }
    }

    /// The number of phases.
    var points: Int { weights.count }

    init(_ monic: [Biquad], poles: [Complex<Double>]) {
        let phases = SectionOrdering.frequencies(poles: poles)
        let circle = UnitCirclePowers(phases)
        let (ur, ui) = (circle.u.map { $0.real }, circle.u.map { $0.imaginary })
        let (vr, vi) = (circle.u2.map { $0.real }, circle.u2.map { $0.imaginary })
        squares = monic.map { Self.evaluate($0, ur, ui, vr, vi, poles: false) }
        (self.monic, self.circle) = (monic, (ur, ui, vr, vi))
        var weights = [Double](repeating: 0, count: phases.count)
        for k in 1..<phases.count {
            let half = 0.5 * (phases[k] - phases[k - 1]) / Double.pi
            weights[k - 1] += half
            weights[k] += half
        }
        self.weights = weights
        // The whole filter's |H|^2, renormalised as it is built (only its
        // value at dc against its peak matters).
        var whole = [Double](repeating: 1, count: phases.count)
        for r in self.squares {
            let peak = Self.multiply(&whole, by: r)
            if peak > 0 && peak.isFinite { Self.scale(&whole, by: 1 / peak) }
        }
        let peak = Self.largest(whole)
        wholeStopsDC = peak > 0 && peak.isFinite && whole[0] < peak / 100
    }

    /// |H|^2 of `s` at u = (ur, ui), u^2 = (vr, vi), the numerator and
    /// denominator summed as `Biquad.response(u:u2:)` sums them; with
    /// `poles`, |1/A|^2 instead.
    static func evaluate(_ s: Biquad, _ ur: [Double], _ ui: [Double], _ vr: [Double], _ vi: [Double], poles: Bool) -> [Double] {
        let (b0, b1, b2, a1, a2) = (s.b0, s.b1, s.b2, s.a1, s.a2)
        var h = [Double](repeating: 0, count: ur.count)
        ur.withUnsafeBufferPointer { ur in ui.withUnsafeBufferPointer { ui in
            vr.withUnsafeBufferPointer { vr in vi.withUnsafeBufferPointer { vi in
                h.withUnsafeMutableBufferPointer { h in
                    for k in h.indices {
                        let dr = (1 + ur[k] * a1) + vr[k] * a2, di = ui[k] * a1 + vi[k] * a2
                        let d = dr * dr + di * di
                        if poles {
                            h[k] = 1 / d
                        } else {
                            let nr = (b0 + ur[k] * b1) + vr[k] * b2, ni = ui[k] * b1 + vi[k] * b2
                            h[k] = (nr * nr + ni * ni) / d
                        }
                    }
                }
            } }
        } }
        return h
    }

    /// The largest element (0 for none; the elements are not NaN).
    static func largest(_ a: [Double]) -> Double {
        a.withUnsafeBufferPointer { x in
            var (m0, m1, m2, m3) = (0.0, 0.0, 0.0, 0.0)
            var k = 0
            while k + 4 <= x.count {
                m0 = Swift.max(m0, x[k]); m1 = Swift.max(m1, x[k + 1])
                m2 = Swift.max(m2, x[k + 2]); m3 = Swift.max(m3, x[k + 3])
                k += 4
            }
            while k < x.count { m0 = Swift.max(m0, x[k]); k += 1 }
            return Swift.max(Swift.max(m0, m1), Swift.max(m2, m3))
        }
    }

    /// max_k a_k b_k, scanned from k = `start` on (wrapping round) a block
    /// of 256 at a time; nil as soon as a block's largest exceeds `bound`
    /// (or equals it, with `orEqual`).
    static func largestProduct(_ a: [Double], _ b: [Double], from start: Int, above bound: Double, orEqual: Bool) -> Double? {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                let n = x.count, block = 256
                var m = 0.0, done = 0, k = start - start % block
                while done < n {
                    let end = Swift.min(k + block, n)
                    var (m0, m1) = (m, 0.0)
                    var j = k
                    while j + 2 <= end {
                        m0 = Swift.max(m0, x[j] * y[j]); m1 = Swift.max(m1, x[j + 1] * y[j + 1])
                        j += 2
                    }
                    if j < end { m0 = Swift.max(m0, x[j] * y[j]) }
                    m = Swift.max(m0, m1)
                    if m > bound || (orEqual && m == bound) { return nil }
                    done += end - k
                    k = end == n ? 0 : end
                }
                return m
            }
        }
    }

    /// The index of the largest element (the first of equal ones; 0 for none).
    static func indexOfLargest(_ a: [Double]) -> Int {
        var best = 0
        for k in a.indices where a[k] > a[best] { best = k }
        return best
    }

    /// a_k = a_k (b_k c); the largest new a_k.
    @discardableResult
    static func multiply(_ a: inout [Double], by b: [Double], scale c: Double = 1) -> Double {
        a.withUnsafeMutableBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var (m0, m1) = (0.0, 0.0)
                var k = 0
                while k + 2 <= x.count {
                    let (p0, p1) = (x[k] * (y[k] * c), x[k + 1] * (y[k + 1] * c))
                    x[k] = p0; x[k + 1] = p1
                    m0 = Swift.max(m0, p0); m1 = Swift.max(m1, p1)
                    k += 2
                }
                if k < x.count {
                    x[k] = x[k] * (y[k] * c)
                    m0 = Swift.max(m0, x[k])
                }
                return Swift.max(m0, m1)
            }
        }
    }

    /// a_k = a_k c.
    static func scale(_ a: inout [Double], by c: Double) {
        a.withUnsafeMutableBufferPointer { x in
            for k in x.indices { x[k] *= c }
        }
    }

    /// (1/pi) int_0^pi f dw for f = `squares` on the grid (trapezoids).
    func energy(_ squares: [Double]) -> Double {
        zip(weights, squares).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// (||T / A||_2, ||T||_2) for |T|^2 = `tail` and |1/A|^2 = `poles`
    /// (the square roots of sum_k weights_k f_k), and then tail_k times
    /// `squares`_k c, in one pass.
    func norms(_ tail: inout [Double], times poles: [Double], thenBy squares: [Double], scale c: Double) -> (Double, Double) {
        tail.withUnsafeMutableBufferPointer { t in
            poles.withUnsafeBufferPointer { a in
                squares.withUnsafeBufferPointer { r in
                    weights.withUnsafeBufferPointer { w in
                        var (c0, c1, d0, d1) = (0.0, 0.0, 0.0, 0.0)
                        var k = 0
                        while k + 2 <= t.count {
                            let (x0, x1) = (w[k] * t[k], w[k + 1] * t[k + 1])
                            c0 += x0 * a[k]; c1 += x1 * a[k + 1]
                            d0 += x0; d1 += x1
                            t[k] = t[k] * (r[k] * c); t[k + 1] = t[k + 1] * (r[k + 1] * c)
                            k += 2
                        }
                        var (carried, through) = (c0 + c1, d0 + d1)
                        if k < t.count {
                            let x = w[k] * t[k]
                            carried += x * a[k]; through += x
                            t[k] = t[k] * (r[k] * c)
                        }
                        return (carried.squareRoot(), through.squareRoot())
                    }
                }
            }
        }
    }
}

extension Biquad {
    /// H(1) = (b0 + b1 + b2) / (1 + a1 + a2), the gain at dc.
    var dcGain: Double { (b0 + b1 + b2) / (1 + a1 + a2) }

    /// Whether the numerator has a zero at z = 1: b0 + b1 + b2 = 0 (exactly:
    /// the zeros the band transforms put at z = 1 are exact).
    var blocksDC: Bool { (b0 != 0 || b1 != 0 || b2 != 0) && b0 + b1 + b2 == 0 }

    /// The monic section with `zeros` and `poles` (one or two of each; a
    /// conjugate pair listed with both members), right-aligned as scipy's
    /// `_single_zpksos` aligns them: fewer zeros than poles make a delay.
    init(zeros: [Complex<Double>], poles: [Complex<Double>]) {
        let b = Self.monicPolynomial(zeros), a = Self.monicPolynomial(poles)
        self.init(b0: b[0], b1: b[1], b2: b[2], a1: a[1] / a[0], a2: a[2] / a[0])
    }

    /// [c0, c1, c2] of prod (1 - r z^-1) times z^-(2 - count): for two roots
    /// [1, -(r1 + r2), r1 r2], computed as 2 Re r and |r|^2 for a conjugate pair.
    static func monicPolynomial(_ roots: [Complex<Double>]) -> [Double] {
        switch roots.count {
        case 0: return [0, 0, 1]
        case 1: return [0, 1, -roots[0].real]
        default:
            let (r1, r2) = (roots[0], roots[1])
            if r1.imaginary != 0 && r1 == r2.conjugate {
                return [1, -2 * r1.real, r1.real * r1.real + r1.imaginary * r1.imaginary]
            }
            return [1, -(r1.real + r2.real), r1.real * r2.real - r1.imaginary * r2.imaginary]
        }
    }

    /// H(e^{j phase}) in double.
    func response(atPhase phase: Double) -> Complex<Double> {
        let u = Complex<Double>(length: 1, phase: -phase)
        return response(u: u, u2: u * u)
    }

    /// H at the point u = e^{-j w} of the unit circle, u2 = u^2.
    /// (Complex arithmetic with the products by the coefficients' zero
    /// imaginary parts left out, and swift-numerics' division: n times
    /// conj(d) / |d|^2 when |d|^2 is normal.)
    @inline(__always)
    func response(u: Complex<Double>, u2: Complex<Double>) -> Complex<Double> {
        let nr = (b0 + u.real * b1) + u2.real * b2, ni = u.imaginary * b1 + u2.imaginary * b2
        let dr = (1 + u.real * a1) + u2.real * a2, di = u.imaginary * a1 + u2.imaginary * a2
        let square = dr * dr + di * di
        guard square.isNormal else { return Complex(nr, ni) / Complex(dr, di) }
        let (xr, xi) = (dr / square, -di / square)
        return Complex(nr * xr - ni * xi, nr * xi + ni * xr)
    }
}

/// The points u = e^{-j w} and u^2 of the unit circle at each phase w of a
/// grid, computed once for every section evaluated there: each
/// `Biquad.response(atPhase:)` would otherwise take its own sine and cosine.
/// The same operations, so the same values.
struct UnitCirclePowers {
    let u: [Complex<Double>], u2: [Complex<Double>]

    init(_ phases: [Double]) {
        u = phases.map { Complex<Double>(length: 1, phase: -$0) }
        u2 = u.map { $0 * $0 }
    }

    /// H(e^{j w}) of `section` at every phase, as `Biquad.response(atPhase:)`.
    func response(_ section: Biquad) -> [Complex<Double>] {
        zip(u, u2).map { section.response(u: $0, u2: $1) }
    }
}
