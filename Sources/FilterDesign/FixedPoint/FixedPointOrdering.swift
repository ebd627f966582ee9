import ComplexModule
import RealModule
import FilterRuntime

/// The order of a fixed-point cascade's sections and the signs of its
/// nodes: the least predicted rounding noise at the output relative to the
/// signal (`FixedPointRealization`).
extension FixedPointRealization {

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
}
