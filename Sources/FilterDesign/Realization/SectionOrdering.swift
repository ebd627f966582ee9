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
///    a node is amplified by the sections after it). At the first step
///    every normalised peak is 1: two orders are built, the tie going to
///    the section of most energy or of least, and the one whose modelled
///    rounding noise for a full-scale input (`roundingNoise`, `.fullScale`)
///    is less is kept (most energy when equal).
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
///    constant input (`roundingNoise`, `.constant`) is least is kept; ties keep the greedy
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
        return withExtendedLifetime(grid) { ordered(monic, grid: grid, gain: gain) }
    }

    /// The sections of `roots` in the pairing's order (rule 1's search left
    /// out: it costs O(n^2) passes over the grid), a section with a zero at
    /// z = 1 first (rule 3), scaled by rule 2. For a comb, whose N/2
    /// sections are one shape turned about the circle: 480 sections order
    /// in a fraction of a second, where the greedy search took minutes.
    static func realizeInPairingOrder(_ roots: [SectionPairing.Roots], gain: Double) -> [Biquad] {
        guard !roots.isEmpty else { return [] }
        let monic = roots.map { Biquad(zeros: $0.zeros, poles: $0.poles) }
        let grid = SquaredResponses(monic, poles: roots.flatMap(\.poles))
        return withExtendedLifetime(grid) {
            var order = Array(monic.indices)
            if let blocker = order.first(where: { monic[$0].blocksDC }) {
                order.removeAll { $0 == blocker }
                order.insert(blocker, at: 0)
            }
            return scaled(order, monic: monic, scales: scales(order, grid: grid, gain: gain))
        }
    }

    /// Rules 1 to 4 on the sections `monic` and their `grid`.
    private static func ordered(_ monic: [Biquad], grid: SquaredResponses, gain: Double) -> [Biquad] {
        // 1. Greedy order on the normalised responses, from the last section.
        // Of equal peaks, the section of most energy or of least: the order
        // with less rounding noise.
        let energy = (0..<grid.count).map { grid.energy(UnsafeBufferPointer(grid.normalised($0))) }
        var order = greedyOrder(grid, energy: energy, preferring: .most)
        let other = greedyOrder(grid, energy: energy, preferring: .least)
        if other != order {
            grid.poleSquares()
            func noise(_ order: [Int]) -> Double {
                let scales = Self.scales(order, grid: grid, gain: gain)
                return roundingNoise(scaled(order, monic: monic, scales: scales), order: order, scales: scales, grid: grid,
                                     input: .fullScale)!
            }
            if noise(other) < noise(order) { order = other }
        }

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

    /// Which section of equal peaks rule 1 takes: the one of most energy,
    /// ||H_i||_2^2 / peak^2 (the broadest response), or of least.
    enum EnergyPreference { case most, least }

    /// Rule 1: each section's |H|^2 normalised to peak 1; from the output
    /// end, the remaining section that keeps the peak of the running product
    /// least goes before those chosen (of equal ones, the one `preferring`
    /// names by `energy`), and the running product is normalised again.
    /// Magnitudes only: the peak of |running x H_i| is that of
    /// |running|^2 |H_i|^2.
    static func greedyOrder(_ grid: SquaredResponses, energy: [Double], preferring preference: EnergyPreference) -> [Int] {
        var remaining = Array(0..<grid.count), order: [Int] = []
        let running = grid.scratch(0)
        running.update(repeating: 1)
        while !remaining.isEmpty {
            // Each candidate's peak is scanned from where the running product
            // peaks, and dropped as soon as it exceeds the least so far (or
            // equals it without being preferred): it could not be chosen.
            let start = SquaredResponses.indexOfLargest(UnsafeBufferPointer(running))
            var best = remaining[0]
            var least = SquaredResponses.largestProduct(UnsafeBufferPointer(running), UnsafeBufferPointer(grid.normalised(best)),
                                                        from: start, above: .infinity, orEqual: false)!
            for i in remaining.dropFirst() {
                let preferred = preference == .most ? energy[i] > energy[best] : energy[i] < energy[best]
                guard let p = SquaredResponses.largestProduct(UnsafeBufferPointer(running), UnsafeBufferPointer(grid.normalised(i)),
                                                              from: start, above: least,
                                                              orEqual: !preferred) else { continue }
                if p < least || (p == least && preferred) { (best, least) = (i, p) }
            }
            remaining.removeAll { $0 == best }
            order.insert(best, at: 0)
            let peak = SquaredResponses.multiply(running, by: UnsafeBufferPointer(grid.normalised(best)))
            if peak > 0 && peak.isFinite { SquaredResponses.scale(running, by: 1 / peak) }
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
        let cumulative = grid.scratch(1)
        cumulative.update(repeating: 1)
        var exponents = 0   // the scales so far multiply to 2^exponents
        var pending = 1.0   // the last scale squared, applied with the next section
        for (position, i) in order.enumerated() {
            if position < order.count - 1 {
                let m = SquaredResponses.multiply(cumulative, by: UnsafeBufferPointer(grid.square(i)), scale: pending).squareRoot()
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
    /// 0 ... n/2 that makes `roundingNoise` for a constant input least; nil
    /// when that is m = 0.
    static func dcFirst(_ order: [Int], monic: [Biquad], grid: SquaredResponses, gain: Double) -> [Int]? {
        guard order.count > 1, grid.wholeStopsDC else { return nil }
        let attenuation = monic.indices.map { i in monic[i].dcGain.magnitude / SquaredResponses.largest(UnsafeBufferPointer(grid.square(i))).squareRoot() }
        let byAttenuation = order.sorted { attenuation[$0] < attenuation[$1] }
        grid.poleSquares()
        func noise(_ order: [Int], above bound: Double) -> Double? {
            let scales = Self.scales(order, grid: grid, gain: gain)
            return roundingNoise(scaled(order, monic: monic, scales: scales), order: order, scales: scales, grid: grid,
                                 input: .constant, above: bound)
        }
        var best: [Int]? = nil
        var least = noise(order, above: .infinity)!
        for m in 1...(order.count / 2) {
            let front = Array(byAttenuation.prefix(m))
            let candidate = front + order.filter { !front.contains($0) }
            if let n = noise(candidate, above: least), n < least { (best, least) = (candidate, n) }
        }
        return best
    }

    /// The input a rounding-noise model assumes: a constant (rule 4), or a
    /// full-scale signal of any frequency (rule 1's tie).
    enum NoiseInput { case constant, fullScale }

    /// A model of the rounding noise an input leaves at the output of
    /// `sections` (in order, scaled): each section j rounds a value of the
    /// size of its input's L_(j-1) |b0| (its feed-forward product), which
    /// its poles 1/A_j and the sections after it, T_j, carry to the output,
    /// and a value of the size of its output's, L_j, which T_j carries:
    ///
    ///     sum_j L_(j-1) |b0_j| ||T_j / A_j||_2 + L_j ||T_j||_2,
    ///     ||X||_2^2 = (1/pi) int_0^pi |X|^2 dw
    ///
    /// (trapezoids on the grid, `SquaredResponses.norms`). For a constant
    /// input L_j = |H_1(1) ... H_j(1)|: a filter that stops dc carries the
    /// input's constant part through its first sections at full size, and
    /// the sections after them may peak far above the whole filter, so the
    /// order that attenuates dc early rounds less of it (the elliptic
    /// band-pass of rule 4). For a full-scale input L_j = 1: rule 2 scales
    /// every node's peak gain into (1/2, 1].
    ///
    /// |T_j|^2 is built from the output end, one product a point, in `tail`
    /// (section `order[j]`'s scaled |H|^2 is its square times scales[j]^2;
    /// `grid.poles` its |1/A|^2; the tail is the grid's working row 2).
    ///
    /// nil as soon as the terms so far pass `bound` (by more than rounding
    /// could undo): such an order is not the least.
    static func roundingNoise(_ sections: [Biquad], order: [Int], scales: [Double], grid: SquaredResponses,
                              input: NoiseInput, above bound: Double = .infinity) -> Double? {
        let n = sections.count
        var levels = [Double](repeating: 1, count: n + 1)   // L_0 = 1, L_j
        if input == .constant { for j in 0..<n { levels[j + 1] = levels[j] * sections[j].dcGain.magnitude } }
        var terms = [Double](repeating: 0, count: n), partial = 0.0
        let tail = grid.scratch(2)
        tail.update(repeating: 1)
        for j in stride(from: n - 1, through: 0, by: -1) {
            let (carried, through) = grid.norms(tail, times: UnsafeBufferPointer(grid.poles(order[j])),
                                                thenBy: UnsafeBufferPointer(grid.square(order[j])), scale: scales[j] * scales[j])
            terms[j] = levels[j] * abs(sections[j].b0) * carried + levels[j + 1] * through
            partial += terms[j]
            if partial > bound * (1 + 1e-9) { return nil }
        }
        return terms.reduce(0, +)
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

    /// H(e^{j phase}) of the section in Double: (b0 + b1 u + b2 u^2) /
    /// (1 + a1 u + a2 u^2) at u = e^{-j phase}.
    public func response(atPhase phase: Double) -> Complex<Double> {
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
