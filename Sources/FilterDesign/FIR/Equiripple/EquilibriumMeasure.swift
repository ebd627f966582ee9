import RealModule

/// The equilibrium measure of the bands, seen as a set E of intervals of
/// x = cos 2πf in [-1, 1]: the distribution of unit charge on E that
/// minimises the logarithmic energy ∫∫ log(1 / |x - y|) dμ(x) dμ(y), i.e.
/// whose potential ∫ log|x - y| dμ(y) is constant on E. As n grows, the
/// n + 1 alternation points of the optimal filter distribute as μ (and so
/// do the extrema of the Chebyshev polynomials of E): a band holds about
/// (n + 1) μ(band) of them, crowded towards its edges as μ's density,
/// which has an inverse square-root singularity at every edge.
///
/// Discretised by collocation: each band is cut into cells whose edges
/// are Chebyshev points of its interval (so that each cell holds about the
/// same charge), a point charge q_j at each cell's middle, and the
/// potential set equal at every middle:
///
///     Σ_{j≠i} q_j log|x_i - x_j| + q_i (log(h_i / 2) - 1) = V,   Σ q_j = 1,
///
/// (the diagonal term: the mean of log|x - x_i| over the cell of width h_i),
/// a dense linear system of a few hundred unknowns, independent of n. The
/// weight enters as the external field Q = -log|G| / n of weighted
/// potential theory (Saff and Totik 1997): the right-hand side becomes
/// Q(x_i) - V, so that bands weighted more heavily hold more of the points
/// (a stopband weighted 10 against a passband weighted 1 gains about one
/// point from each neighbour at n = 300). This
/// start (Filip 2016 starts from approximate Fekete points, which follow
/// the same measure) puts the right number of points in each band to
/// within one or two, where a smaller design's reference, scaled, can be
/// ten off in a multiband design whose smaller versions have a different
/// structure. A band of one point has no capacity and carries no charge
/// (`RemezExchange.tuned` gives it its point, or not, by |δ|).
struct EquilibriumMeasure {
    /// Per band, the ends of its interval in x (x at its upper and lower edge).
    let intervals: [(low: Double, high: Double)]
    /// Per band, its cells' charges in increasing f: cell r spans the
    /// parameter τ in [r/m, (r + 1)/m], x = low + (high - low)(1 + cos πτ)/2.
    let charges: [[Double]]

    /// The measure of each band.
    var masses: [Double] { charges.map { $0.reduce(0, +) } }

    init?(_ problem: EquirippleProblem) {
        let bandCount = problem.bands.count
        // A few hundred unknowns at most (a dense solve).
        guard bandCount <= 100 else { return nil }
        let cellsPerBand = max(4, min(32, 400 / bandCount))
        var middles: [Double] = [], widths: [Double] = [], owner: [Int] = [], field: [Double] = []
        var intervals: [(low: Double, high: Double)] = []
        for (b, band) in problem.bands.enumerated() {
            // Chebyshev points of [lower, upper] in x: f from the angle.
            let (xLow, xHigh) = (EquirippleProblem.abscissa(band.upper), EquirippleProblem.abscissa(band.lower))
            func x(_ t: Double) -> Double { xLow + (xHigh - xLow) * (1 - Double.cos(Double.pi * t)) / 2 }
            let m = cellsPerBand
            intervals.append((xLow, xHigh))
            // A point has no capacity: it carries no charge (one cell of charge 0,
            // outside the system).
            if band.isPoint { continue }
            for j in 0..<m {
                let middle = x((Double(j) + 0.5) / Double(m))
                // The external field of the weight: -log|G| / n.
                let g = abs(problem.terms(Double.acos(min(max(middle, -1), 1)) / (2 * Double.pi), band: b).g)
                field.append(g > 0 && g.isFinite ? -Double.log(g) / Double(max(problem.basisCount, 1)) : 0)
                middles.append(middle)
                widths.append(abs(x(Double(j + 1) / Double(m)) - x(Double(j) / Double(m))))
                owner.append(b)
            }
        }
        let k = middles.count
        // [A -1; 1 0] [q; V] = [0; 1], row-major, solved by Gaussian elimination.
        let size = k + 1
        var a = [Double](repeating: 0, count: size * size)
        var rhs = [Double](repeating: 0, count: size)
        for i in 0..<k {
            for j in 0..<k {
                let d = abs(middles[i] - middles[j])
                a[i * size + j] = i == j ? Double.log(max(widths[i], .leastNormalMagnitude) / 2) - 1 : Double.log(max(d, .leastNormalMagnitude))
            }
            a[i * size + k] = -1
            a[k * size + i] = 1
            rhs[i] = field[i]
        }
        rhs[k] = 1
        guard let solution = Self.solve(&a, &rhs, size: size) else { return nil }
        var charges = [[Double]](repeating: [], count: bandCount)
        for j in 0..<k { charges[owner[j]].append(max(solution[j], 0)) }
        for b in 0..<bandCount where charges[b].isEmpty { charges[b] = [0] }
        // Cells were listed in increasing x, decreasing f.
        self.charges = charges.map { $0.reversed() }
        self.intervals = intervals
        guard masses.reduce(0, +) > 0 else { return nil }
    }

    /// Gaussian elimination with partial pivoting; nil if singular.
    static func solve(_ a: inout [Double], _ b: inout [Double], size n: Int) -> [Double]? {
        for column in 0..<n {
            var pivot = column
            for row in (column + 1)..<n where abs(a[row * n + column]) > abs(a[pivot * n + column]) { pivot = row }
            guard a[pivot * n + column] != 0 else { return nil }
            if pivot != column {
                for j in 0..<n { a.swapAt(column * n + j, pivot * n + j) }
                b.swapAt(column, pivot)
            }
            let p = a[column * n + column]
            for row in (column + 1)..<n {
                let factor = a[row * n + column] / p
                if factor == 0 { continue }
                for j in column..<n { a[row * n + j] -= factor * a[column * n + j] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for j in (row + 1)..<n { sum -= a[row * n + j] * x[j] }
            x[row] = sum / a[row * n + row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    /// The points per band for a reference of `size` points: (n + 1) μ(band), rounded.
    func counts(size: Int) -> [Int] {
        InitialReference.apportion(size, weights: masses, atLeastOne: false)
    }

    /// The same for `problem`'s bands: a band of one point holds none (it
    /// has no measure; `RemezExchange.tuned` may give it its point).
    func counts(_ problem: EquirippleProblem, size: Int) -> [Int] {
        problem.cappingPointBands(counts(size: size))
    }

    /// `counts[b]` points in band b at the quantiles j / (k - 1) of μ on
    /// the band (its edges included), or its median for one point; the
    /// point at 0 or 1/2 left out for the ends in `ends` (the quantiles
    /// j / k or (j + 1) / k then).
    func reference(_ problem: EquirippleProblem, counts: [Int], omittingEnds ends: Set<Double> = []) -> EquirippleReference {
        var reference = EquirippleReference(frequencies: [], bands: [])
        for (b, band) in problem.bands.enumerated() {
            let k = counts[b]
            guard k > 0 else { continue }
            let dropFirst = ends.contains(band.lower), dropLast = ends.contains(band.upper)
            let slots = k - 1 + (dropFirst ? 1 : 0) + (dropLast ? 1 : 0)
            var points: [Double] = []
            for j in 0..<k {
                let u = k == 1 && slots == 0 ? 0.5 : (Double(j) + (dropFirst ? 1 : 0)) / Double(max(slots, 1))
                points.append(quantile(u, band: b))
            }
            if band.isPoint { points = [band.lower] }
            if !dropFirst, k > 1 { points[0] = band.lower }
            if !dropLast, k > 1 { points[k - 1] = band.upper }
            // G = 0 at an edge (0 or 1/2 for some types): move the point in.
            if problem.terms(points[0], band: b).g == 0 { points[0] = quantile(0.25 / Double(max(slots, 1)), band: b) }
            if problem.terms(points[k - 1], band: b).g == 0 { points[k - 1] = quantile(1 - 0.25 / Double(max(slots, 1)), band: b) }
            guard zip(points, points.dropFirst()).allSatisfy({ $0 < $1 }) else {
                return InitialReference.uniform(problem, count: counts.reduce(0, +))
            }
            reference.frequencies += points
            reference.bands += Array(repeating: b, count: k)
        }
        return reference
    }

    /// The f in band b below which a fraction u of the band's measure lies:
    /// linear within a cell in the parameter τ, in which the measure's
    /// density is nearly constant even at the band's edges (where in f it
    /// grows as the inverse square root of the distance).
    func quantile(_ u: Double, band b: Int) -> Double {
        let q = charges[b]
        let total = q.reduce(0, +)
        var target = min(max(u, 0), 1) * total
        var tau = 1.0
        for r in q.indices {
            if target <= q[r] || r == q.count - 1 {
                let fraction = q[r] > 0 ? min(target / q[r], 1) : 0.5
                tau = (Double(r) + fraction) / Double(q.count)
                break
            }
            target -= q[r]
        }
        let (low, high) = intervals[b]
        let x = low + (high - low) * (1 + Double.cos(Double.pi * tau)) / 2
        return Double.acos(min(max(x, -1), 1)) / (2 * Double.pi)
    }
}
