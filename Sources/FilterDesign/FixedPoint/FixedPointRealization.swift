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
    let designRadius: Double

    init(monic: [Biquad], gain: Double, poles: [Complex<Double>],
         arithmetic: FixedPointArithmetic, scaling: FixedPointScaling) {
        self.monic = monic
        self.gain = gain
        self.arithmetic = arithmetic
        self.scaling = scaling
        grid = SectionOrdering.frequencies(poles: poles)
        designRadius = poles.map(\.length).max() ?? 0
        norms = CascadeNorms(largestPoleRadius: designRadius)
    }

    /// The largest input magnitude: 1, for the sample -1 (-2^F).
    var largestInput: Double { 1 }

    func realize() throws(FixedPointError) -> FixedPointSections {
        guard designRadius < 1 else {
            throw FixedPointError("the design has a pole on or outside the unit circle (radius \(designRadius)); it cannot be scaled")
        }
        let order = chosenOrder()
        var levels = [Double](repeating: 1, count: monic.count)
        let limit = 1 - arithmetic.quantum
        for _ in 0..<16 {
            let candidate = try stored(order, levels: levels)
            let (analysis, errors) = analyse(candidate)
            let over = analysis.nodeBounds.indices.filter { analysis.nodeBounds[$0] > limit }
            if over.isEmpty { return candidate.finished(analysis) }
            for k in over {
                let room = limit - errors[k]
                guard room > 0 else {
                    throw FixedPointError("in \(arithmetic.format.rawValue) the rounding errors alone reach \(errors[k]) of full scale at section \(k + 1)'s output: no gain leaves room for a signal; use q31 or Float")
                }
                levels[k] *= room / (analysis.nodeBounds[k] - errors[k]) * (1 - 1e-9)
            }
        }
        throw FixedPointError("in \(arithmetic.format.rawValue) the gain could not be placed so that every section's output provably stays within full scale; use q31 or Float")
    }

    // MARK: Order

    /// The order of the sections with the least predicted output noise
    /// relative to the signal: of the pairing's order (poles nearest the unit
    /// circle first) and its reverse, improved by swapping neighbours while
    /// that helps, within a budget of work.
    func chosenOrder() -> [Int] {
        let n = monic.count
        guard n > 1 else { return Array(0..<n) }
        let forward = Array(0..<n)
        var best = forward, bestCost = noiseToSignal(forward)
        let reversed = Array(forward.reversed())
        let reversedCost = noiseToSignal(reversed)
        if reversedCost < bestCost { (best, bestCost) = (reversed, reversedCost) }
        // Each evaluation follows about n^2 / 2 responses of `length` samples.
        var budget = 40_000_000 / max(n * n * norms.length / 2, 1)
        var improved = true
        while improved && budget > 0 {
            improved = false
            for i in 0..<(n - 1) where budget > 0 {
                var trial = best
                trial.swapAt(i, i + 1)
                let cost = noiseToSignal(trial)
                budget -= 1
                if cost < bestCost * (1 - 1e-9) { (best, bestCost, improved) = (trial, cost, true) }
            }
        }
        return best
    }

    /// Output noise power over signal power for `order` scaled with every
    /// level 1, unrounded.
    func noiseToSignal(_ order: [Int]) -> Double {
        let scaled = scaledSections(order, levels: [Double](repeating: 1, count: order.count))
        let (mean, _, variance) = roundingError(postShift: 1)
        var power = 0.0, dc = 0.0
        for j in scaled.sections.indices {
            var g = CascadeNorms.recursive(norms.impulse, of: scaled.sections[j])
            for k in (j + 1)..<scaled.sections.count { g = CascadeNorms.filtered(g, by: scaled.sections[k]) }
            let m = CascadeNorms.norms(g)
            power += variance * m.squared
            dc += mean * m.sum
        }
        let signal = scaled.outputScale * scaled.outputScale / 2
        return (power + dc * dc) / signal
    }

    // MARK: Gain

    /// The monic sections in `order`, numerators scaled so that node k's
    /// norm (L1 or peak) is `levels[k]`; the overall scale.
    func scaledSections(_ order: [Int], levels: [Double]) -> (sections: [Biquad], outputScale: Double) {
        var node = norms.impulse
        var running = [Complex<Double>](repeating: Complex(1, 0), count: grid.count)
        var previous = 1.0, sections: [Biquad] = []
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
            let level = levels[k] / norm
            var scale = level / previous
            if k == 0 && gain < 0 { scale = -scale }
            var s = monic[i]
            s.b0 *= scale; s.b1 *= scale; s.b2 *= scale
            sections.append(s)
            previous = level
        }
        return (sections, previous / abs(gain))
    }

    /// The cascade of `order` at `levels` with its coefficients rounded to
    /// the format, the smallest post-shift that holds them.
    func stored(_ order: [Int], levels: [Double]) throws(FixedPointError) -> StoredCascade {
        let (sections, outputScale) = scaledSections(order, levels: levels)
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
        let s = cascade.sections, count = s.count
        // (cascade.outputScale is the gain placed before rounding; the
        // analysis measures what it came to.)
        let (mean, width, variance) = roundingError(postShift: cascade.postShift)
        let x = largestInput

        // Signal at each node: L1 norm of the input's response, or its peak.
        var nodeSignal: [Double] = []
        var node = norms.impulse
        var running = [Complex<Double>](repeating: Complex(1, 0), count: grid.count)
        for k in 0..<count {
            for p in grid.indices { running[p] = running[p] * s[k].response(atPhase: grid[p]) }
            switch scaling {
            case .l1:
                node = CascadeNorms.filtered(node, by: s[k])
                nodeSignal.append(x * CascadeNorms.norms(node).l1)
            case .linf:
                nodeSignal.append(x * (running.map(\.length).max() ?? 0))
            }
        }

        // Rounding at node j reaches node k >= j through section j's
        // recursion and the sections after it.
        var errors = [Double](repeating: 0, count: count)
        var power = 0.0, dc = 0.0, bound = 0.0
        for j in 0..<count {
            var g = CascadeNorms.recursive(norms.impulse, of: s[j])
            for k in j..<count {
                if k > j { g = CascadeNorms.filtered(g, by: s[k]) }
                let m = CascadeNorms.norms(g)
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
        let signal = amplitude * amplitude / 2
        let noise = power + dc * dc
        let analysis = FixedPointAnalysis(
            nodeBounds: zip(nodeSignal, errors).map { $0 + $1 },
            outputErrorBound: bound,
            noisePower: noise,
            peakAlpha: grid[peakIndex] / (2 * Double.pi),
            signalAmplitude: amplitude,
            predictedSNR: 10 * Double.log10(signal / noise),
            responseDeviation: peak > 0 ? deviation / peak : .infinity,
            peakDeviation: peak > 0 ? peakError / peak : .infinity,
            predictedAccuracy: 10 * Double.log10(signal / (noise + x * x * peakError * peakError / 2)),
            largestPoleRadius: CascadeNorms.largestPoleRadius(s),
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
