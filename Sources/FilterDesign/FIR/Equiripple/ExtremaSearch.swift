/// A point where the weighted error E of a trial filter is a candidate for
/// the next reference: a local extremum of |E|, a band edge, or a node of
/// the current reference.
struct ExtremumCandidate: Sendable {
    var frequency: Double
    var band: Int
    /// E at the point (for a node, exactly (-1)^i δ).
    var error: Double
    /// +1 or -1: the sign of E (for a node, the sign it alternates with).
    var sign: Double
    var isNode: Bool
}

/// The local extrema of E(f) = G(f) P(cos 2πf) - H(f) on the continuum of
/// each band, found without a fixed grid. Filip (2016, §4) finds them as the
/// roots of E' on the subintervals between the reference's nodes; here a
/// local search does the same. Each band is cut at the current nodes (E is
/// ±δ there, with about one extremum near each: the optimum's nodes are its
/// extrema). E' is sampled at `samplesPerPiece` interior points of every
/// piece, and more where a piece needs them: a sample every half spacing
/// where it is wider than 1.5 nominal spacings 1 / (2(n + 1)) (a band short
/// of nodes), four next to the band's edges, 4k + 3 where the samples show
/// ripples the nodes do not resolve. Every sign change of E' between
/// consecutive samples (the band's edges included) is refined to a root of
/// E' (`refine`) and kept if |E| has a local maximum there. The nodes, with
/// E = ±δ, and the edges are candidates too. A band of one point has one
/// candidate: its node, or E at the point.
struct ExtremaSearch {
    let problem: EquirippleProblem
    let trial: TrialPolynomial
    let reference: EquirippleReference
    /// Samples of E' inside each piece: 1 in the iterations (between two
    /// nodes E runs from +δ to -δ, so E' at the middle of each piece tells
    /// the direction, and the extremum near a node lies between the middles
    /// of its two pieces), more to verify the final filter.
    var samplesPerPiece = 1
    /// One refining step an extremum (far from convergence, where the next
    /// reference need not be exact), or as many as the accuracy asks.
    var coarse = false

    typealias Sample = (f: Double, value: (e: Double, de: Double))

    /// E and dE/df at f in band b.
    @inline(__always)
    func error(at f: Double, band b: Int) -> (e: Double, de: Double) {
        let t = problem.terms(f, band: b)
        let shift = trial.shifts[b]
        let (p, dp) = trial.evaluate(t.x, shifted: trial.shiftedValues[b])
        let e = t.g * p + (t.g * shift - t.h)
        let de = t.dg * (p + shift) + t.g * dp * t.dx - t.dh
        return (e, de)
    }

    /// Every candidate, in increasing frequency: per band its edges, the
    /// nodes in it, and the local maxima of |E| found between them.
    func candidates() -> [ExtremumCandidate] {
        var out: [ExtremumCandidate] = []
        out.reserveCapacity(2 * reference.count + 2 * problem.bands.count)
        var nodeIndex = 0
        let spacing = 0.5 / Double(problem.basisCount + 1)
        for b in problem.bands.indices {
            let band = problem.bands[b]
            var bandCandidates: [ExtremumCandidate] = []
            // The cuts: the edges and the nodes in the band.
            var cuts: [Double] = [band.lower]
            var nodeAtLower = false, nodeAtUpper = false
            while nodeIndex < reference.count && reference.bands[nodeIndex] < b { nodeIndex += 1 }
            while nodeIndex < reference.count && reference.bands[nodeIndex] == b {
                let f = min(max(reference.frequencies[nodeIndex], band.lower), band.upper)
                if f == band.lower { nodeAtLower = true } else if f == band.upper { nodeAtUpper = true } else { cuts.append(f) }
                let sign: Double = (nodeIndex % 2 == 0) == (trial.delta >= 0) ? 1 : -1
                bandCandidates.append(ExtremumCandidate(frequency: f, band: b, error: sign * abs(trial.delta), sign: sign,
                                                        isNode: true))
                nodeIndex += 1
            }
            if band.isPoint {
                // One point: E there (its node, if it holds one) is the only candidate.
                if bandCandidates.isEmpty {
                    let e = error(at: band.lower, band: b).e
                    if e != 0, e.isFinite {
                        bandCandidates.append(ExtremumCandidate(frequency: band.lower, band: b, error: e,
                                                                sign: e > 0 ? 1 : -1, isNode: false))
                    }
                }
                out += bandCandidates.prefix(1)
                continue
            }
            cuts.append(band.upper)
            let bandSamples = samples(inBand: b, cuts: cuts, spacing: spacing)
            bandCandidates += edgeCandidates(inBand: b, bandSamples, nodeAtLower: nodeAtLower, nodeAtUpper: nodeAtUpper)
            bandCandidates += maxima(inBand: b, bandSamples)
            bandCandidates.sort { $0.frequency < $1.frequency }
            out += bandCandidates
        }
        return out
    }

    /// The samples of (E, E') in band b, cut at `cuts` (its edges and the
    /// nodes inside): the edges, and in every piece (a, c) count points
    /// a + (c - a) q / (count + 1): `samplesPerPiece` in a piece about one
    /// `spacing` wide, that many every half spacing in a wider one, four at
    /// least at the band's edges; 4 count + 3 in a piece whose samples show
    /// ripples its nodes do not resolve.
    private func samples(inBand b: Int, cuts: [Double], spacing: Double) -> [Sample] {
        let band = problem.bands[b]
        // The samples: the edges and interior points of every piece.
        var samples: [Sample] = [(band.lower, error(at: band.lower, band: b))]
        for k in 1..<cuts.count {
            let (a, c) = (cuts[k - 1], cuts[k])
            // A piece about one spacing wide (between nodes) gets `samplesPerPiece`
            // samples; a wider one (few nodes) that many every half spacing.
            // The pieces at the band's edges, where the ripples change most
            // from one iteration to the next, get four at least.
            let wide = c - a > 1.5 * spacing
            let atEdge = k == 1 || k == cuts.count - 1
            let count = (wide ? Int(((c - a) / (0.5 * spacing)).rounded(.up)) : 1) * (atEdge ? max(4, samplesPerPiece) : samplesPerPiece)
            let first = samples.count
            for q in 1...count {
                let f = a + (c - a) * Double(q) / Double(count + 1)
                samples.append((f, error(at: f, band: b)))
            }
            // Between two nodes E runs from +δ to -δ about like δ cos(π t / w)
            // (w the piece's width): a sample with |E| > 0.7 |δ| or
            // |E'| > 3π |δ| / w shows ripples the nodes do not resolve (a band
            // short of nodes, ripples crowding to its edge): sample it densely.
            if !wide {
                let level = abs(trial.delta)
                let irregular = samples[first...].contains {
                    abs($0.value.e) > 0.7 * level || abs($0.value.de) * (c - a) > 3 * Double.pi * level
                }
                if irregular {
                    samples.removeSubrange(first...)
                    let dense = 4 * count + 3
                    for q in 1...dense {
                        let f = a + (c - a) * Double(q) / Double(dense + 1)
                        samples.append((f, error(at: f, band: b)))
                    }
                }
            }
        }
        samples.append((band.upper, error(at: band.upper, band: b)))
        return samples
    }

    /// The band's edges as candidates, E at each (an edge that holds a node
    /// is a candidate already, as is an edge where E is 0 or not finite).
    private func edgeCandidates(inBand b: Int, _ samples: [Sample], nodeAtLower: Bool, nodeAtUpper: Bool) -> [ExtremumCandidate] {
        var bandCandidates: [ExtremumCandidate] = []
        for (i, sample) in [samples[0], samples[samples.count - 1]].enumerated() {
            let isNode = i == 0 ? nodeAtLower : nodeAtUpper
            let e = sample.value.e
            if !isNode, e != 0, e.isFinite {
                bandCandidates.append(ExtremumCandidate(frequency: sample.f, band: b, error: e, sign: e > 0 ? 1 : -1,
                                                        isNode: false))
            }
        }
        return bandCandidates
    }

    /// The local maxima of |E| between consecutive samples of band b: where
    /// E' changes sign, refined to a root of E' (`refine`) and kept when E
    /// there has the sign of the extremum (positive at a maximum of E,
    /// negative at a minimum).
    private func maxima(inBand b: Int, _ samples: [Sample]) -> [ExtremumCandidate] {
        var bandCandidates: [ExtremumCandidate] = []
        for k in 0..<(samples.count - 1) {
            let (u, v) = (samples[k], samples[k + 1])
            let (du, dv) = (u.value.de, v.value.de)
            // A maximum of E (E' from + to -) that is positive, or a minimum that
            // is negative (the samples themselves may be near zero crossings).
            let maximum = du > 0 && dv < 0
            guard maximum || (du < 0 && dv > 0), v.f > u.f else { continue }
            if let found = refine(b, u, v), found.e != 0, (found.e > 0) == maximum {
                bandCandidates.append(ExtremumCandidate(frequency: found.f, band: b, error: found.e,
                                                        sign: found.e > 0 ? 1 : -1, isNode: false))
            }
        }
        return bandCandidates
    }

    /// The maximum of |E| between u and v, where E' changes sign: the root
    /// of the derivative of the cubic Hermite interpolant of E on the
    /// bracket (E and E' at both ends), evaluated, and the bracket narrowed
    /// to it, until the estimate moves by less than 1e-7 of the piece's
    /// width (each step is of fourth order: two or three steps suffice).
    /// Returns the evaluated point of largest |E|.
    private func refine(_ b: Int, _ left: Sample, _ right: Sample) -> (f: Double, e: Double)? {
        var (u, v) = (left, right)
        var best: (f: Double, e: Double)? = nil
        var previous = Double.nan
        let tolerance = 1e-7 * (right.f - left.f)
        for _ in 0..<(coarse ? 1 : 12) {
            let h = v.f - u.f
            let (e0, d0, e1, d1) = (u.value.e, h * u.value.de, v.value.e, h * v.value.de)
            var s = Self.hermiteCriticalPoint(e0, d0, e1, d1)
            if !(s > 0 && s < 1) { s = 0.5 }
            let f = u.f + s * h
            guard f > u.f, f < v.f else { break }
            let value = error(at: f, band: b)
            guard value.e.isFinite, value.de.isFinite else { break }
            if best == nil || abs(value.e) > abs(best!.e) { best = (f, value.e) }
            if abs(f - previous) <= tolerance || value.de == 0 { break }
            previous = f
            // |E| is flat at its maximum: stop once the step left to go, about
            // E'/E'' (E'' of the cubic at f), changes E by less than 1e-9 of it.
            let curvature = (2 * (3 * (e1 - e0) - 2 * d0 - d1) + 6 * (2 * (e0 - e1) + d0 + d1) * s) / (h * h)
            if (value.de > 0) == (u.value.de > 0) { u = (f, value) } else { v = (f, value) }
            if curvature != 0, 0.5 * value.de * value.de / abs(curvature) <= 1e-9 * abs(value.e) { break }
        }
        return best
    }

    /// The s in (0, 1) where p'(s) = 0, p the cubic with p(0) = e0,
    /// p'(0) = d0, p(1) = e1, p'(1) = d1 (d0, d1 of opposite signs):
    /// p'(s) = d0 + 2cs + 3ds², c = 3(e1 - e0) - 2d0 - d1, d = 2(e0 - e1) + d0 + d1.
    static func hermiteCriticalPoint(_ e0: Double, _ d0: Double, _ e1: Double, _ d1: Double) -> Double {
        let c = 3 * (e1 - e0) - 2 * d0 - d1
        let d = 2 * (e0 - e1) + d0 + d1
        let (qa, qb, qc) = (3 * d, 2 * c, d0)
        if abs(qa) <= 1e-12 * (abs(qb) + abs(qc)) { return -qc / qb }
        let discriminant = qb * qb - 4 * qa * qc
        guard discriminant >= 0 else { return d0 / (d0 - d1) }
        let root = discriminant.squareRoot()
        let q = -0.5 * (qb + (qb >= 0 ? root : -root))
        let (r1, r2) = (q / qa, qc / q)
        if r1 > 0 && r1 < 1 { return r2 > 0 && r2 < 1 ? min(r1, r2) : r1 }
        return r2
    }
}
