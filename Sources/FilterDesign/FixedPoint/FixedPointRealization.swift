import ComplexModule
import RealModule
import FilterRuntime

/// The steps of `Design.fixedPointSections`: order the monic sections, place
/// the gain, round the coefficients, and prove the result cannot overflow.
struct FixedPointRealization {
    let monic: [Biquad]
    let gain: Double
    let arithmetic: FixedPointArithmetic
    let scaling: FixedPointScaling
    /// Phases (0 ... pi) on which peaks are taken: uniform, and refined
    /// around every pole (`SectionOrdering.frequencies`).
    let grid: [Double]
    let norms: CascadeNorms
    /// A shorter horizon for comparing orders (responses down to 1e-6).
    let orderingNorms: CascadeNorms
    let designRadius: Double

    init(monic: [Biquad], gain: Double, poles: [Complex<Double>],
         arithmetic: FixedPointArithmetic, scaling: FixedPointScaling) {
        self.monic = monic
        self.gain = gain
        self.arithmetic = arithmetic
        self.scaling = scaling
        grid = SectionOrdering.frequencies(poles: poles)
        designRadius = poles.map(\.length).max() ?? 0
        norms = CascadeNorms(largestPoleRadius: designRadius, decay: 1e-10)
        orderingNorms = CascadeNorms(largestPoleRadius: designRadius, decay: 1e-6)
    }

    /// The largest input magnitude: 1, for the sample -1 (-2^F).
    var largestInput: Double { 1 }

    func realize() throws(FixedPointError) -> FixedPointSections {
        guard designRadius < 1 else {
            throw FixedPointError("the design has a pole on or outside the unit circle (radius \(designRadius)); it cannot be scaled")
        }
        let (order, signs) = chosenOrder()
        var levels = [Double](repeating: 1, count: monic.count)
        let limit = 1 - arithmetic.quantum
        // One header serves CMSIS's standard and _fast functions: the proof
        // takes the larger of their rounding errors (the fast q31's).
        let proof = FixedPointRealization(copying: self, arithmetic: FixedPointArithmetic(arithmetic.format, fast: true))
        for attempt in 0..<24 {
            let candidate = try stored(order, levels: levels, signs: signs)
            let candidatePaths = paths(candidate)
            let (proven, provenErrors) = proof.analyse(candidate, candidatePaths)
            let over = proven.nodeBounds.indices.filter { proven.nodeBounds[$0] > limit }
            if over.isEmpty { return candidate.finished(analyse(candidate, candidatePaths).0) }
            for k in over {
                let room = limit - provenErrors[k]
                guard room > 0 else {
                    throw FixedPointError("in \(arithmetic.format.rawValue) the rounding errors alone reach \(formatC("%.3g", provenErrors[k])) of full scale at section \(k + 1)'s output: no gain leaves room for a signal; use \(arithmetic.format == .q15 ? "q31 or " : "")Float")
                }
                // Coefficients a few units large barely move with the level:
                // lower it by at least 0.1 %, doubling with each attempt.
                let ratio = room / (proven.nodeBounds[k] - provenErrors[k])
                levels[k] *= max(min(ratio * (1 - 1e-9), 1 - 1e-3 * Double(1 << attempt)), 0.5)
            }
        }
        throw FixedPointError("in \(arithmetic.format.rawValue) the gain could not be placed so that every section's output provably stays within full scale; use \(arithmetic.format == .q15 ? "q31 or " : "")Float")
    }

    /// `other` with another arithmetic (the same order, grid and horizon).
    init(copying other: FixedPointRealization, arithmetic: FixedPointArithmetic) {
        monic = other.monic
        gain = other.gain
        self.arithmetic = arithmetic
        scaling = other.scaling
        grid = other.grid
        norms = other.norms
        orderingNorms = other.orderingNorms
        designRadius = other.designRadius
    }

    // MARK: Order

    /// The order of the sections with the least predicted output noise
    /// relative to the signal: every order for up to 5 sections; beyond, the
    /// pairing's order (poles nearest the unit circle first) or its reverse,
    /// improved by swapping neighbours while that helps, within a budget of
    /// work.
    func chosenOrder() -> (order: [Int], signs: [Double]) {
        let n = monic.count
        guard n > 1 else { return (Array(0..<n), [Double](repeating: 1, count: n)) }
        let forward = Array(0..<n)
        if n <= 5 {
            let best = Self.permutations(forward).map { ($0, noiseToSignal($0)) }.min { $0.1.cost < $1.1.cost }!
            return (best.0, best.1.signs)
        }
        var best = (order: forward, plan: noiseToSignal(forward))
        let reversed = Array(forward.reversed())
        let reversedPlan = noiseToSignal(reversed)
        if reversedPlan.cost < best.plan.cost { best = (reversed, reversedPlan) }
        // Each evaluation follows about n^2 / 2 responses of `length` samples.
        var budget = 12_000_000 / max(n * n * orderingNorms.length / 2, 1)
        var improved = true
        while improved && budget > 0 {
            improved = false
            for i in 0..<(n - 1) where budget > 0 {
                var trial = best.order
                trial.swapAt(i, i + 1)
                let plan = noiseToSignal(trial)
                budget -= 1
                if plan.cost < best.plan.cost * (1 - 1e-9) { (best, improved) = ((trial, plan), true) }
            }
        }
        return (best.order, best.plan.signs)
    }

    /// Every order of `items`, the identity first.
    static func permutations(_ items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[Int]] in
            var rest = items
            let first = rest.remove(at: i)
            return permutations(rest).map { [first] + $0 }
        }
    }

    /// Output noise power over signal power for `order` scaled with every
    /// level 1, unrounded, and the signs of the nodes that make it least.
    ///
    /// Truncation's errors have a mean, -q/2 at every node, which reaches the
    /// output through each node's path gain at dc, D_j: a constant offset
    /// that can dwarf the rest (a narrow low-pass's D_j is 1 / A_j(1)). A
    /// node may hold its signal negated (its section's numerator negated, and
    /// the next one's), which turns its offset's sign relative to the signal;
    /// the signs s_j (s_n = +1) are chosen to make |sum s_j D_j| least.
    func noiseToSignal(_ order: [Int]) -> (cost: Double, signs: [Double]) {
        let count = order.count
        let scaled = scaledSections(order, levels: [Double](repeating: 1, count: count),
                                    signs: [Double](repeating: 1, count: count))
        // The standard arithmetic's truncation, whichever function runs:
        // one header serves both.
        let q = arithmetic.quantum
        let (mean, variance) = (-q / 2, q * q / 12)
        var power = 0.0, dcGains: [Double] = []
        let impulse = orderingNorms.impulse
        for j in scaled.sections.indices {
            var g = CascadeNorms.recursive(impulse, of: scaled.sections[j])
            for k in (j + 1)..<count { g = CascadeNorms.filtered(g, by: scaled.sections[k]) }
            let m = CascadeNorms.norms(g)
            power += variance * m.squared
            dcGains.append(m.sum)
        }
        let signs = Self.cancellingSigns(dcGains)
        let dc = mean * zip(signs, dcGains).reduce(0) { $0 + $1.0 * $1.1 }
        let signal = scaled.outputScale * scaled.outputScale / 2
        return ((power + dc * dc) / signal, signs)
    }

    /// Signs s_j, the last +1, making |sum s_j d_j| least: every choice for
    /// up to 13 terms, else greedily from the largest |d_j|.
    static func cancellingSigns(_ d: [Double]) -> [Double] {
        let n = d.count
        guard n > 1 else { return [Double](repeating: 1, count: n) }
        if n <= 13 {
            var best = (0, Double.infinity)
            for mask in 0..<(1 << (n - 1)) {
                var sum = d[n - 1]
                for j in 0..<(n - 1) { sum += (mask >> j) & 1 == 1 ? -d[j] : d[j] }
                if abs(sum) < best.1 { best = (mask, abs(sum)) }
            }
            return (0..<n).map { j in j < n - 1 && (best.0 >> j) & 1 == 1 ? -1 : 1 }
        }
        var signs = [Double](repeating: 1, count: n)
        var sum = d[n - 1]
        for j in (0..<(n - 1)).sorted(by: { abs(d[$0]) > abs(d[$1]) }) {
            signs[j] = abs(sum - d[j]) < abs(sum + d[j]) ? -1 : 1
            sum += signs[j] * d[j]
        }
        return signs
    }

    // MARK: Gain

    /// The monic sections in `order`, numerators scaled so that node k's
    /// norm (L1 or peak) is `levels[k]` and its sign `signs[k]`; the overall
    /// scale.
    func scaledSections(_ order: [Int], levels: [Double], signs: [Double]) -> (sections: [Biquad], outputScale: Double) {
        var node = norms.impulse
        var running = [Complex<Double>](repeating: Complex(1, 0), count: grid.count)
        var previous = gain < 0 ? -1.0 : 1.0, sections: [Biquad] = []
        for (k, i) in order.enumerated() {
            let norm: Double
            switch scaling {
            case .l1:
                node = CascadeNorms.filtered(node, by: monic[i])
                norm = CascadeNorms.norms(node).l1
            case .linf:
                for p in grid.indices { running[p] = running[p] * monic[i].response(atPhase: grid[p]) }
                norm = running.map(\.length).max() ?? 1
            }
            let level = signs[k] * levels[k] / norm
            let scale = level / previous
            var s = monic[i]
            s.b0 *= scale; s.b1 *= scale; s.b2 *= scale
            sections.append(s)
            previous = level
        }
        return (sections, abs(previous) / abs(gain))
    }

    /// The cascade of `order` at `levels` with its coefficients rounded to
    /// the format, the smallest post-shift that holds them.
    func stored(_ order: [Int], levels: [Double], signs: [Double]) throws(FixedPointError) -> StoredCascade {
        let (sections, outputScale) = scaledSections(order, levels: levels, signs: signs)
        let fraction = arithmetic.fractionBits
        let largest = Double(arithmetic.largestInteger), smallest = Double(arithmetic.smallestInteger)
        func fits(_ p: Int) -> Bool {
            let unit = Double(sign: .plus, exponent: fraction - p, significand: 1)
            return sections.allSatisfy { $0.coefficients.allSatisfy { c in
                let v = (c * unit).rounded()
                return v <= largest && v >= smallest
            } }
        }
        guard let postShift = (0...arithmetic.largestPostShift).first(where: fits) else {
            let big = sections.flatMap(\.coefficients).map(abs).max() ?? 0
            throw FixedPointError("a coefficient of magnitude \(big) needs a post-shift above \(arithmetic.largestPostShift) in \(arithmetic.format.rawValue); use Float")
        }
        let unit = Double(sign: .plus, exponent: fraction - postShift, significand: 1)
        let stages = sections.map { $0.coefficients.map { Int64(($0 * unit).rounded()) } }
        let realised = stages.map { c in
            Biquad(b0: Double(c[0]) / unit, b1: Double(c[1]) / unit, b2: Double(c[2]) / unit,
                   a1: Double(c[3]) / unit, a2: Double(c[4]) / unit)
        }
        for (k, (c, s)) in zip(stages, sections).enumerated() where c[0] == 0 && c[1] == 0 && c[2] == 0 {
            throw FixedPointError("in \(arithmetic.format.rawValue) section \(k + 1)'s numerator (largest coefficient \(s.coefficients.prefix(3).map(abs).max() ?? 0)) rounds to zero; use q31 or Float")
        }
        let radius = CascadeNorms.largestPoleRadius(realised)
        guard radius < 1 else {
            throw FixedPointError("in \(arithmetic.format.rawValue) the rounded coefficients put a pole at radius \(radius), on or outside the unit circle (the design's largest is \(designRadius)): unstable; use q31 or Float")
        }
        return StoredCascade(arithmetic: arithmetic, scaling: scaling, postShift: postShift, stages: stages,
                             sections: realised, outputScale: outputScale, order: order)
    }

    // MARK: Analysis

    /// The rounding error of one section's output for `postShift`: its
    /// mean, its half-width about the mean, and its variance, in full-scale
    /// units. Truncation (q15, q31) lands in (-q, 0]; fast q31 rounds five
    /// products to 2^(postShift+1) q each.
    func roundingError(postShift: Int) -> (mean: Double, width: Double, variance: Double) {
        let q = arithmetic.quantum
        if arithmetic.format == .q31 && arithmetic.fast {
            let step = q * Double(1 << (postShift + 1))
            return (0, 2.5 * step, 5 * step * step / 12)
        }
        return (-q / 2, q / 2, q * q / 12)
    }

    /// The node bounds, noise and deviations of `cascade`, and per node the
    /// part of its bound that the rounding errors make.
    func analyse(_ cascade: StoredCascade) -> (FixedPointAnalysis, [Double]) {
        analyse(cascade, paths(cascade))
    }

    /// What the analysis of a stored cascade is made of, whatever its
    /// rounding: the signal's norm at each node (L1, or peak), the norms of
    /// the responses from each node j to each node k >= j (`norms[j][k - j]`),
    /// and the cascade's response on the grid.
    struct Paths {
        var nodeSignal: [Double] = []
        var norms: [[CascadeNorms.Norms]] = []
        var running: [Complex<Double>] = []
    }

    /// The paths of `cascade` (see `Paths`): n (n + 1) / 2 responses.
    func paths(_ cascade: StoredCascade) -> Paths {
        let s = cascade.sections, count = s.count
        var result = Paths()
        var node = norms.impulse
        var running = [Complex<Double>](repeating: Complex(1, 0), count: grid.count)
        for k in 0..<count {
            for p in grid.indices { running[p] = running[p] * s[k].response(atPhase: grid[p]) }
            switch scaling {
            case .l1:
                node = CascadeNorms.filtered(node, by: s[k])
                result.nodeSignal.append(CascadeNorms.norms(node).l1)
            case .linf:
                result.nodeSignal.append(running.map(\.length).max() ?? 0)
            }
        }
        result.running = running
        // Rounding at node j reaches node k >= j through section j's
        // recursion and the sections after it.
        for j in 0..<count {
            var g = CascadeNorms.recursive(norms.impulse, of: s[j])
            var row: [CascadeNorms.Norms] = []
            for k in j..<count {
                if k > j { g = CascadeNorms.filtered(g, by: s[k]) }
                row.append(CascadeNorms.norms(g))
            }
            result.norms.append(row)
        }
        return result
    }

    func analyse(_ cascade: StoredCascade, _ paths: Paths) -> (FixedPointAnalysis, [Double]) {
        let count = cascade.sections.count
        // (cascade.outputScale is the gain placed before rounding; the
        // analysis measures what it came to.)
        let (mean, width, variance) = roundingError(postShift: cascade.postShift)
        let x = largestInput
        let nodeSignal = paths.nodeSignal.map { x * $0 }
        let running = paths.running
        var errors = [Double](repeating: 0, count: count)
        var power = 0.0, dc = 0.0, bound = 0.0
        for j in 0..<count {
            for k in j..<count {
                let m = paths.norms[j][k - j]
                let e = abs(mean * m.sum) + width * m.l1
                errors[k] += e
                if k == count - 1 {
                    power += variance * m.squared
                    dc += mean * m.sum
                    bound += e
                }
            }
        }

        // The design's response against the stored one. The output scale is
        // the stored cascade's gain at the design's passband peak over the
        // design's there: what the placed gain came to once rounded.
        var peak = 0.0, peakIndex = 0, deviation = 0.0
        var designed = [Complex<Double>](repeating: .zero, count: grid.count)
        for p in grid.indices {
            var h = Complex<Double>(gain, 0)
            for m in monic { h = h * m.response(atPhase: grid[p]) }
            designed[p] = h
            if h.length > peak { (peak, peakIndex) = (h.length, p) }
        }
        let scale = running[peakIndex].length / peak
        for p in grid.indices { deviation = max(deviation, (running[p] - designed[p] * Complex(scale, 0)).length) }
        let peakError = (running[peakIndex] - designed[peakIndex] * Complex(scale, 0)).length
        peak *= scale
        let amplitude = x * peak
        // A sinusoid's power is A^2 / 2, but at dc or Nyquist (cosine phase)
        // A^2. Where the passband holds dc (or Nyquist) the rounding errors
        // of a slow input are slow too, not white: they meet the paths'
        // gain at dc, which in a low-pass dwarfs their average gain. There
        // the prediction takes each node's error as a constant anywhere in
        // its range (the worst one), through its path's gain at dc.
        let peakAlpha = grid[peakIndex] / (2 * Double.pi)
        let signal = peakAlpha == 0 || peakAlpha == 0.5 ? amplitude * amplitude : amplitude * amplitude / 2
        var noise = power + dc * dc
        let holdsDC = designed[0].length * scale >= peak / 2.0.squareRoot()
        let holdsNyquist = designed[grid.count - 1].length * scale >= peak / 2.0.squareRoot()
        if holdsDC || holdsNyquist {
            let slow = (0..<count).reduce(0.0) { total, j in
                let m = paths.norms[j][count - 1 - j]
                return total + width * abs(holdsDC ? m.sum : m.alternating)
            }
            noise = max(noise, power + (abs(dc) + slow) * (abs(dc) + slow))
        }
        let analysis = FixedPointAnalysis(
            nodeBounds: zip(nodeSignal, errors).map { $0 + $1 },
            outputErrorBound: bound,
            noisePower: noise,
            peakAlpha: peakAlpha,
            signalAmplitude: amplitude,
            predictedSNR: 10 * Double.log10(signal / noise),
            responseDeviation: peak > 0 ? deviation / peak : .infinity,
            peakDeviation: peak > 0 ? peakError / peak : .infinity,
            predictedAccuracy: 10 * Double.log10(signal / (noise + signal * (peakError / peak) * (peakError / peak))),
            largestPoleRadius: CascadeNorms.largestPoleRadius(cascade.sections),
            horizon: norms.length,
            outputScale: scale)
        return (analysis, errors)
    }
}

/// A cascade with its coefficients stored, before its analysis is attached.
struct StoredCascade {
    let arithmetic: FixedPointArithmetic
    let scaling: FixedPointScaling
    let postShift: Int
    let stages: [[Int64]]
    let sections: [Biquad]
    let outputScale: Double
    let order: [Int]

    func finished(_ analysis: FixedPointAnalysis) -> FixedPointSections {
        FixedPointSections(arithmetic: arithmetic, scaling: scaling, postShift: postShift, stages: stages,
                           sections: sections, outputScale: analysis.outputScale, analysis: analysis)
    }
}
