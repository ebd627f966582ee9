import ComplexModule
import FilterRuntime
import RealModule

/// Orders a cascade's sections and spreads its gain so that it runs well in
/// Float, in Double arithmetic at design time.
///
/// Why: rounding at the node after section i reaches the output through the
/// sections after it; and a gain such as the 1e-50 of a 40-pole narrow
/// band-pass, which scipy puts in the first section, is zero in Float. Four
/// rules (measured over 936 designs in `SectionGridTests`, figures in the README):
///
/// 1. **Order, greedily, from the output end.** Each section's response is
///    normalised to peak 1; the cascade is built one section at a time from
///    its last, each time putting before those chosen the remaining section
///    that keeps the peak magnitude of their product smallest. (Built from
///    the first section instead, the same rule leaves the impulse response of
///    `SectionCascade<Float>` up to 1.6e-3 of its peak off the design's on
///    narrow 0.001-0.005 Chebyshev band-passes; from the last, 7.8e-4 at most
///    over the grid, p99 1.7e-4. Plain float32 TDF-II sections do the same
///    either way: 33 and 35 designs beyond 1e-3.)
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
///    into a transient before any other section sees it. Measured on a
///    Chebyshev II band-pass of order 3 at alpha 0.4207 (2.6e-5 wide) run in
///    Double: its step response 2.4e-9 of its peak off the exact one with the
///    dc-blocking section last (the greedy order), 4.8e-13 with it first.
///    Of several such sections the one the greedy order put first moves.
/// 4. **A filter that stops dc without a zero at z = 1** (an even-order
///    Chebyshev II or elliptic band-pass or high-pass) meets a constant input
///    in its first sections at full size, and their rounding reaches the
///    output through sections that peak far above the whole filter, against
///    an output (a narrow band-pass's step response) that is small. Of the
///    greedy order and those with the 1 ... n/2 sections that attenuate dc
///    most moved to the front, the one whose modelled rounding noise for a
///    constant input (`stepNoise`) is least is kept; ties keep the greedy
///    order. Measured on an elliptic band-pass 6.7e-4 wide at alpha 0.12 in
///    Float: step response 5.1e-3 of its peak off the design's in the greedy
///    order, 5.1e-4 with its two most dc-attenuating sections first.
///
/// Peaks are taken on a grid of 2049 frequencies from 0 to pi, refined around
/// every pole p = r e^{j theta} with 33 points theta + (1 - r)[-8, 8], so that
/// a resonance narrower than the uniform spacing is not missed.
enum SectionOrdering {
    /// The sections of `roots`, ordered and scaled, with overall gain `gain`.
    static func realize(_ roots: [SectionPairing.Roots], gain: Double) -> [Biquad] {
        guard !roots.isEmpty else { return [] }
        let monic = roots.map { Biquad(zeros: $0.zeros, poles: $0.poles) }
        let grid = frequencies(poles: roots.flatMap(\.poles))
        let circle = UnitCirclePowers(grid)
        let responses = monic.map { circle.response($0) }

        // 1. Greedy order on the normalised responses, from the last section.
        let normalised = responses.map { r -> [Complex<Double>] in
            let peak = r.withUnsafeBufferPointer { Self.peak($0) }
            return peak > 0 && peak.isFinite ? divided(r, by: peak) : r
        }
        var remaining = Array(monic.indices), order: [Int] = []
        var running = [Complex<Double>](repeating: Complex(1, 0), count: grid.count)
        while !remaining.isEmpty {
            // The first of the least peaks, each candidate's peak found once.
            var best = remaining[0], least = peak(running, times: normalised[best])
            for i in remaining.dropFirst() {
                let p = peak(running, times: normalised[i])
                if p < least { (best, least) = (i, p) }
            }
            remaining.removeAll { $0 == best }
            order.insert(best, at: 0)
            running = normalise(product(running, normalised[best]))
        }

        // 3 (before the scaling, which follows the order). A section with a
        // zero at z = 1 goes first.
        if let blocker = order.first(where: { monic[$0].blocksDC }) {
            if blocker != order[0] {
                order.removeAll { $0 == blocker }
                order.insert(blocker, at: 0)
            }
        } else if let candidate = dcFirst(order, monic: monic, responses: responses, grid: grid, circle: circle, gain: gain) {
            // 4. A filter that stops dc without a zero at z = 1.
            order = candidate
        }
        return scaled(order, monic: monic, responses: responses, gain: gain)
    }

    /// 2. L-infinity scaling of the numerators of `monic` in `order`; the last
    /// section gets the rest of k.
    static func scaled(_ order: [Int], monic: [Biquad], responses: [[Complex<Double>]], gain: Double) -> [Biquad] {
        scaled(order, monic: monic, scales: scales(order, responses: responses, gain: gain))
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

    /// The scale of each section's numerator in `order`: the power of two that
    /// brings the running product's peak into (1/2, 1], and for the last
    /// section the rest of the gain k.
    static func scales(_ order: [Int], responses: [[Complex<Double>]], gain: Double) -> [Double] {
        var scales: [Double] = []
        var cumulative = [Complex<Double>](repeating: Complex(1, 0), count: responses[0].count)
        var exponents = 0   // the scales so far multiply to 2^exponents
        for (position, i) in order.enumerated() {
            if position < order.count - 1 {
                // cumulative * responses[i], its peak, then scaled: in place.
                let m = cumulative.withUnsafeMutableBufferPointer { c in
                    responses[i].withUnsafeBufferPointer { r in
                        for k in c.indices { c[k] = c[k] * r[k] }
                        return peak(UnsafeBufferPointer(c))
                    }
                }
                let e = m > 0 && m.isFinite ? (1 / m).exponent : 0
                let scale = Double(sign: .plus, exponent: e, significand: 1)
                // Times Complex(scale, 0), with the zero products left out.
                cumulative.withUnsafeMutableBufferPointer { c in
                    for k in c.indices { c[k] = c[k].multiplied(by: scale) }
                }
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
    static func dcFirst(_ order: [Int], monic: [Biquad], responses: [[Complex<Double>]], grid: [Double],
                        circle: UnitCirclePowers, gain: Double) -> [Int]? {
        let whole = responses.dropFirst().reduce(responses[0]) { product($0, $1) }
        let peak = whole.isEmpty ? 0 : whole.withUnsafeBufferPointer { Self.peak($0) }
        guard order.count > 1, peak > 0, peak.isFinite, whole[0].length < peak / 10 else { return nil }
        let attenuation = monic.indices.map { i -> Double in
            let m = responses[i].withUnsafeBufferPointer { Self.peak($0) }
            return monic[i].dcGain.magnitude / m
        }
        let byAttenuation = order.sorted { attenuation[$0] < attenuation[$1] }
        let poles = monic.map { circle.response(Biquad(b0: 1, b1: 0, b2: 0, a1: $0.a1, a2: $0.a2)) }
        var buffers = StepNoiseBuffers(count: grid.count)
        func noise(_ order: [Int]) -> Double {
            let scales = Self.scales(order, responses: responses, gain: gain)
            return stepNoise(scaled(order, monic: monic, scales: scales), responses: order.map { responses[$0] }, scales: scales,
                             poles: order.map { poles[$0] }, grid: grid, buffers: &buffers)
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
    /// (trapezoids on `grid`). A filter that stops dc carries the input's
    /// constant part through its first sections at full size, and the sections
    /// after them may peak far above the whole filter, so the order that
    /// attenuates dc early rounds less of it (the elliptic band-pass of rule 4).
    ///
    /// `responses` are the sections' unscaled responses on `grid` (section j's
    /// scaled one is responses[j] times scales[j]), `poles` those of their
    /// 1/A_j. T_j is built from the output end, one product a point, in the
    /// buffers given.
    static func stepNoise(_ sections: [Biquad], responses: [[Complex<Double>]], scales: [Double],
                          poles denominators: [[Complex<Double>]], grid: [Double], buffers: inout StepNoiseBuffers) -> Double {
        let n = sections.count
        // ||T_j / A_j||_2 and ||T_j||_2 for each j, from the last section back.
        var carried = [Double](repeating: 0, count: n), through = [Double](repeating: 0, count: n)
        buffers.tail.withUnsafeMutableBufferPointer { tail in
            for k in tail.indices { tail[k] = Complex(1, 0) }
            grid.withUnsafeBufferPointer { w in
                for j in stride(from: n - 1, through: 0, by: -1) {
                    carried[j] = denominators[j].withUnsafeBufferPointer { a in
                        norm(w) { k in (tail[k] * a[k]).lengthSquared }
                    }
                    through[j] = norm(w) { k in tail[k].lengthSquared }
                    let factor = scales[j]
                    responses[j].withUnsafeBufferPointer { r in
                        for k in tail.indices { tail[k] = tail[k] * r[k].multiplied(by: factor) }
                    }
                }
            }
        }
        var noise = 0.0, level = 1.0
        for j in 0..<n {
            let input = level
            level *= sections[j].dcGain.magnitude
            noise += input * abs(sections[j].b0) * carried[j] + level * through[j]
        }
        return noise
    }

    /// ((1/pi) int_0^pi f dw)^(1/2) by trapezoids on the phases `w`, f at
    /// the k-th phase `f(k)` (each evaluated once).
    @inline(__always)
    static func norm(_ w: UnsafeBufferPointer<Double>, _ f: (Int) -> Double) -> Double {
        var sum = 0.0
        var previous = f(0)
        for k in 1..<w.count {
            let current = f(k)
            sum += 0.5 * (current + previous) * (w[k] - w[k - 1])
            previous = current
        }
        return (sum / Double.pi).squareRoot()
    }

    /// Room for `stepNoise`'s running product, kept across the candidates.
    struct StepNoiseBuffers {
        var tail: [Complex<Double>]
        init(count: Int) { tail = [Complex<Double>](repeating: Complex(1, 0), count: count) }
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

    static func product(_ a: [Complex<Double>], _ b: [Complex<Double>]) -> [Complex<Double>] {
        zip(a, b).map { $0 * $1 }
    }

    /// max_k |a_k b_k|, as `Array.max()` of the `length`s finds it: from
    /// the squared lengths (one square root), unless one is not a normal
    /// number (0, subnormal, infinite or NaN), where `length` takes its
    /// careful path.
    static func peak(_ a: [Complex<Double>], times b: [Complex<Double>]) -> Double {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var squares = 0.0, careful = false
                for k in x.indices {
                    let s = (x[k] * y[k]).lengthSquared
                    careful = careful || !s.isNormal
                    if squares < s { squares = s }
                }
                guard careful else { return x.isEmpty ? 0 : .sqrt(squares) }
                var m = 0.0
                for k in x.indices { m = max(m, (x[k] * y[k]).length) }
                return m
            }
        }
    }

    /// `a.map(\.length).max() ?? 1`, from the squared lengths where every
    /// one is a normal number (the square root is monotonic).
    static func peak(_ a: UnsafeBufferPointer<Complex<Double>>) -> Double {
        guard !a.isEmpty else { return 1 }
        var squares = a[0].lengthSquared, careful = !squares.isNormal
        for k in a.indices.dropFirst() {
            let s = a[k].lengthSquared
            careful = careful || !s.isNormal
            if squares < s { squares = s }
        }
        guard careful else { return .sqrt(squares) }
        return a.map { $0.length }.max() ?? 1
    }

    static func normalise(_ a: [Complex<Double>]) -> [Complex<Double>] {
        let m = a.withUnsafeBufferPointer { peak($0) }
        return m > 0 && m.isFinite ? divided(a, by: m) : a
    }

    /// Each z / Complex(m, 0) as swift-numerics divides (z times conj(w) /
    /// |w|^2 when |w|^2 is normal: z's parts times m / m^2), the products
    /// with the zero imaginary part left out.
    static func divided(_ a: [Complex<Double>], by m: Double) -> [Complex<Double>] {
        let square = m * m
        guard square.isNormal else { return a.map { $0 / Complex(m, 0) } }
        let factor = m / square
        return a.map { $0.multiplied(by: factor) }
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
