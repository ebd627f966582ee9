/// The fallback starting references of the exchange (the first is the
/// equilibrium measure's, `EquilibriumMeasure`), Filip 2016, §4.2:
///
/// - `scaled`: reference scaling. The optimal reference of a smaller
///   design on the same bands (n' basis functions) tells how the extrema
///   divide among the bands and where they crowd (near the edges of
///   transition bands): each band gets the count its smaller designs'
///   counts extrapolate to, placed by interpolating the smaller reference's
///   points in that band (a cubic in the index) at fractional indices
///   j (k'_b - 1) / (k_b - 1), extrapolated from the two last designs.
/// - `uniform`: n + 1 points spread over the bands in proportion to their
///   widths, evenly within each band, edges included (the classic start of
///   Parks and McClellan's program, on the continuum rather than a grid).
enum InitialReference {
    /// Evenly spread points, `count` in all.
    static func uniform(_ problem: EquirippleProblem, count: Int) -> EquirippleReference {
        let widths = problem.bands.map(\.width)
        var counts = apportion(count, weights: widths, atLeastOne: count >= widths.count)
        // A band of one point gets its point (if it can carry ±δ) from a neighbour.
        for b in problem.bands.indices where problem.bands[b].isPoint && counts[b] == 0 && !problem.isVacuous(b) {
            if let donor = [b - 1, b + 1].filter({ problem.bands.indices.contains($0) }).max(by: { counts[$0] < counts[$1] }),
               counts[donor] > 1 {
                counts[donor] -= 1
                counts[b] = 1
            }
        }
        counts = problem.cappingPointBands(counts)
        var reference = EquirippleReference(frequencies: [], bands: [])
        for (b, band) in problem.bands.enumerated() {
            let k = counts[b]
            guard k > 0 else { continue }
            var points: [Double]
            if k == 1 {
                points = [0.5 * (band.lower + band.upper)]
            } else {
                points = (0..<k).map { band.lower + band.width * Double($0) / Double(k - 1) }
                points[k - 1] = band.upper
            }
            // A point where G = 0 (0 or 1/2 for some types) cannot carry ±δ: move it half a step in.
            let step = band.width / Double(max(k - 1, 1))
            if problem.terms(points[0], band: b).g == 0 { points[0] += 0.5 * step }
            if k > 1, problem.terms(points[k - 1], band: b).g == 0 { points[k - 1] -= 0.5 * step }
            reference.frequencies += points
            reference.bands += Array(repeating: b, count: k)
        }
        return reference
    }

    /// The points each band gets in a reference of `size` points, from the
    /// final references of the smaller designs (smallest first): a band's
    /// count grows as α size + β (its share of the extrema tends to a
    /// constant, plus one or so from its edges), so it is extrapolated
    /// linearly from the last two; from one, in proportion. (The counts
    /// still come out one off now and then: `RemezExchange` tries moving a
    /// point between neighbouring bands.)
    static func predictedCounts(_ levels: [EquirippleReference], bands: Int, size: Int) -> [Int] {
        func counts(_ r: EquirippleReference) -> [Double] {
            var c = [Double](repeating: 0, count: bands)
            for b in r.bands { c[b] += 1 }
            return c
        }
        guard let last = levels.last else { return [] }
        let c2 = counts(last)
        var predicted = c2.map { $0 * Double(size) / Double(last.count) }
        if levels.count >= 2 {
            let before = levels[levels.count - 2]
            let c1 = counts(before)
            let scale = Double(size - last.count) / Double(last.count - before.count)
            predicted = c2.indices.map { max(0, c2[$0] + (c2[$0] - c1[$0]) * scale) }
        }
        return apportion(size, weights: predicted, atLeastOne: false)
    }

    /// `predictedCounts` with at most one point in a band of one point.
    static func predictedCounts(_ levels: [EquirippleReference], problem: EquirippleProblem) -> [Int] {
        problem.cappingPointBands(predictedCounts(levels, bands: problem.bands.count, size: problem.basisCount + 1))
    }

    /// A reference from the final references of the smaller designs
    /// (smallest first) with k_b = `counts[b]` points in band b (without the
    /// point at 0 or 1/2 that the smaller design has, for the ends in
    /// `ends`: the optimum has a point there or not, as N changes), at the points of the last design in that band interpolated at
    /// the fractional indices j (k'_b - 1) / (k_b - 1); with two designs,
    /// these positions are extrapolated as the designs' sizes m1 < m2 < m
    /// suggest (position = p2 + (p2 - p1) (1/m2 - 1/m) / (1/m1 - 1/m2), the
    /// structure near transition bands changing as 1/m), which keeps the
    /// interior points from drifting by a spacing or more.
    static func scaled(_ levels: [EquirippleReference], problem: EquirippleProblem, counts: [Int],
                       omittingEnds ends: Set<Double> = []) -> EquirippleReference {
        let size = counts.reduce(0, +)
        func perBand(_ r: EquirippleReference) -> [[Double]] {
            var points = [[Double]](repeating: [], count: problem.bands.count)
            for i in 0..<r.count { points[r.bands[i]].append(r.frequencies[i]) }
            return points
        }
        let last = perBand(levels[levels.count - 1])
        let before = levels.count >= 2 ? perBand(levels[levels.count - 2]) : nil
        let factor: Double = levels.count >= 2
            ? (1 / Double(levels[levels.count - 1].count) - 1 / Double(size))
                / (1 / Double(levels[levels.count - 2].count) - 1 / Double(levels[levels.count - 1].count))
            : 0
        var reference = EquirippleReference(frequencies: [], bands: [])
        for (b, band) in problem.bands.enumerated() {
            let k = counts[b]
            guard k > 0 else { continue }
            let old = last[b]
            var points: [Double]
            if old.count >= 2 && k >= 2 {
                // Without its point at 0 (or 1/2): stretch to k + 1 points and drop that end.
                let (dropFirst, dropLast) = (ends.contains(band.lower) && old[0] == band.lower,
                                             ends.contains(band.upper) && old[old.count - 1] == band.upper)
                func stretch(_ old: [Double]) -> [Double] {
                    var points = stretched(old, to: k + (dropFirst ? 1 : 0) + (dropLast ? 1 : 0))
                    if dropFirst { points.removeFirst() }
                    if dropLast { points.removeLast() }
                    return points
                }
                points = stretch(old)
                if let earlier = before?[b], earlier.count >= 2 {
                    let previous = stretch(earlier)
                    let extrapolated = (0..<k).map {
                        min(max(points[$0] + factor * (points[$0] - previous[$0]), band.lower), band.upper)
                    }
                    if zip(extrapolated, extrapolated.dropFirst()).allSatisfy({ $0 < $1 }) { points = extrapolated }
                }
            } else if k == 1, band.isPoint {
                points = [band.lower]
            } else if k == 1 {
                points = [old.isEmpty ? 0.5 * (band.lower + band.upper) : old[old.count / 2]]
            } else {
                points = (0..<k).map { band.lower + band.width * (Double($0) + 0.5) / Double(k) }
            }
            reference.frequencies += points
            reference.bands += Array(repeating: b, count: k)
        }
        return reference
    }

    /// k points interpolated from `old` (two or more, increasing) at the
    /// fractional indices j (old.count - 1) / (k - 1), ends kept.
    static func stretched(_ old: [Double], to k: Int) -> [Double] {
        let scale = Double(old.count - 1) / Double(k - 1)
        var points = (0..<k).map { interpolate(old, at: Double($0) * scale) }
        points[k - 1] = old[old.count - 1]
        // The cubic can fold where the points are very uneven: keep them increasing.
        if !zip(points, points.dropFirst()).allSatisfy({ $0 < $1 }) {
            points = (0..<k).map { interpolate(old, at: Double($0) * scale, linear: true) }
            points[k - 1] = old[old.count - 1]
        }
        return points
    }

    /// The points f_0 < f_1 < ... as a function of their index, at the
    /// fractional index t: the cubic through the four nearest points (the
    /// quadratic at the ends), exact where the points crowd quadratically
    /// towards a band edge (as a Chebyshev-like reference does), or linear.
    static func interpolate(_ f: [Double], at t: Double, linear: Bool = false) -> Double {
        let m = f.count
        let i = min(Int(t), m - 2)
        let s = t - Double(i)
        if linear || m < 3 { return f[i] + s * (f[i + 1] - f[i]) }
        // Nodes i-1 ... i+2 (shifted inside at the ends), as offsets from i.
        let first = min(max(i - 1, 0), m - 4 < 0 ? 0 : m - 4)
        let last = min(first + 3, m - 1)
        var value = 0.0
        for a in first...last {
            var basis = 1.0
            for c in first...last where c != a { basis *= (t - Double(c)) / Double(a - c) }
            value += basis * f[a]
        }
        return value
    }

    /// `total` split in proportion to `weights` by largest remainders (at
    /// least one each when asked and possible).
    static func apportion(_ total: Int, weights: [Double], atLeastOne: Bool) -> [Int] {
        let sum = weights.reduce(0, +)
        guard sum > 0 else {
            var counts = [Int](repeating: 0, count: weights.count)
            counts[0] = total
            return counts
        }
        let base = atLeastOne ? 1 : 0
        let free = total - base * weights.count
        let shares = weights.map { Double(free) * $0 / sum }
        var counts = shares.map { base + Int($0.rounded(.down)) }
        var remaining = total - counts.reduce(0, +)
        let order = shares.indices.sorted { (shares[$0] - shares[$0].rounded(.down)) > (shares[$1] - shares[$1].rounded(.down)) }
        var k = 0
        while remaining > 0 {
            counts[order[k % order.count]] += 1
            remaining -= 1
            k += 1
        }
        return counts
    }
}
