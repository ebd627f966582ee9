/// Starting references for the exchange. The first is the equilibrium
/// measure's (`EquilibriumMeasure`): the right number of points in each band
/// to within one or two and crowded towards the band edges as the optimum's
/// are, it converges in a few iterations on long filters (a 2,001-tap
/// low-pass: 7) and in tens on multiband designs (seven bands, 1,201 taps:
/// 45). If it does not converge, reference scaling from a smaller design
/// (`InitialReference.scaled`), then the uniform reference.
extension RemezExchange {
    /// The scaled reference (`InitialReference.scaled`), tuned by `tuned`.
    func scaledStart(_ levels: [EquirippleReference]) -> (EquirippleReference, Double) {
        tuned(InitialReference.predictedCounts(levels, problem: problem)) {
            InitialReference.scaled(levels, problem: problem, counts: $0, omittingEnds: $1)
        }
    }

    /// The equilibrium-measure reference (`EquilibriumMeasure`), tuned by `tuned`.
    func equilibriumStart() -> (EquirippleReference, Double)? {
        guard let measure = EquilibriumMeasure(problem) else { return nil }
        return tuned(measure.counts(problem, size: problem.basisCount + 1)) { measure.reference(problem, counts: $0, omittingEnds: $1) }
    }

    /// Of the references `build(counts, ends)` makes, one whose |δ| is
    /// largest nearby, and that |δ|. The optimum's error is the largest |δ|
    /// over all references, so among references that differ only in how
    /// many points each band holds, and whether 0 and 1/2 are among them,
    /// a larger |δ| is a good guide to a closer start: from `counts`, move
    /// one point between neighbouring bands, or add or drop an end, while
    /// that raises |δ|, three rounds at most (one beyond 16 bands; each try costs one set of
    /// barycentric weights, a fraction of an iteration; a count one off
    /// costs several iterations: on a seven-band design of 601 taps this
    /// halves them).
    func tuned(_ initialCounts: [Int], _ build: ([Int], Set<Double>) -> EquirippleReference) -> (EquirippleReference, Double) {
        var counts = initialCounts
        var ends: Set<Double> = []
        func level(_ counts: [Int], _ ends: Set<Double>) -> (EquirippleReference, Double) {
            let reference = build(counts, ends)
            guard reference.count == problem.basisCount + 1 else { return (reference, 0) }
            return (reference, abs(TrialPolynomial(problem: problem, reference: reference)?.delta ?? 0))
        }
        var (best, bestLevel) = level(counts, ends)
        // Each try costs a set of barycentric weights, O(N^2): none once the budget is spent.
        for _ in 0..<(problem.bands.count <= 16 ? 3 : 1) where DesignBudget.stop == nil {
            var move: ([Int], Set<Double>, EquirippleReference, Double)? = nil
            func consider(_ tried: [Int], _ triedEnds: Set<Double>) {
                guard DesignBudget.stop == nil else { return }
                let (reference, value) = level(tried, triedEnds)
                if value > (move?.3 ?? bestLevel) * (1 + 1e-9) { move = (tried, triedEnds, reference, value) }
            }
            for b in 0..<(problem.bands.count - 1) {
                for step in [1, -1] {
                    var tried = counts
                    tried[b] += step
                    tried[b + 1] -= step
                    // (A band of one point holds one point at most.)
                    if tried[b] >= 0, tried[b + 1] >= 0, problem.cappingPointBands(tried) == tried { consider(tried, ends) }
                }
            }
            // The ends 0 and 1/2, with or without their point.
            for end in [0.0, 0.5] where problem.bands.contains(where: { $0.lower == end || $0.upper == end }) {
                consider(counts, ends.symmetricDifference([end]))
            }
            guard let (tried, triedEnds, reference, value) = move else { break }
            (counts, ends, best, bestLevel) = (tried, triedEnds, reference, value)
        }
        return (best, bestLevel)
    }
}
