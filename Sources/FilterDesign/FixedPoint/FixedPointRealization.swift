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

    /// The most section-samples one overflow proof may follow (2^27): each
    /// attempt follows the K (K + 1)/2 paths from a section's rounding to
    /// the later outputs for the horizon's samples. Above it (many sections
    /// whose poles crowd the unit circle, followed for up to 2^20 samples)
    /// the design is refused at once, so that every fixed-point command
    /// answers within seconds; such a cascade is no candidate for 16 or 32
    /// bits anyway.
    static let largestProof = 1 << 27

    func realize() throws(FixedPointError) -> FixedPointSections {
        guard designRadius < 1 else {
            throw FixedPointError("the design has a pole on or outside the unit circle (radius \(designRadius)); it cannot be scaled")
        }
        let k = monic.count, work = k * (k + 1) / 2 * norms.length
        guard work <= Self.largestProof else {
            throw FixedPointError("in \(arithmetic.format.rawValue) the proof that no section overflows would follow \(k) x \(k + 1)/2 "
                                  + "paths for \(norms.length) samples each (the poles come within \(formatC("%.3g", 1 - designRadius)) of "
                                  + "the unit circle): \(work) section-samples, beyond the \(Self.largestProof) it follows; use Float")
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
        let stored = stages.map { c in
            Biquad(b0: Double(c[0]) / unit, b1: Double(c[1]) / unit, b2: Double(c[2]) / unit,
                   a1: Double(c[3]) / unit, a2: Double(c[4]) / unit)
        }
        for (k, (c, s)) in zip(stages, sections).enumerated() where c[0] == 0 && c[1] == 0 && c[2] == 0 {
            throw FixedPointError("in \(arithmetic.format.rawValue) section \(k + 1)'s numerator (largest coefficient \(s.coefficients.prefix(3).map(abs).max() ?? 0)) rounds to zero; \(arithmetic.format == .q15 ? "use q31 or Float" : "use Float")")
        }
        let radius = CascadeNorms.largestPoleRadius(stored)
        guard radius < 1 else {
            throw FixedPointError("in \(arithmetic.format.rawValue) the rounded coefficients put a pole at radius \(radius), on or outside the unit circle (the design's largest is \(designRadius)): unstable; \(arithmetic.format == .q15 ? "use q31 or Float" : "use Float")")
        }
        return StoredCascade(arithmetic: arithmetic, scaling: scaling, postShift: postShift, stages: stages,
                             sections: stored, outputScale: outputScale, order: order)
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
