import ComplexModule
import RealModule
import FilterRuntime

/// The analysis of a stored fixed-point cascade: the bound on every node,
/// the output's rounding noise and error bound, and the stored response
/// against the design's (`FixedPointRealization`).
extension FixedPointRealization {

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

    /// What the sections' rounding errors (mean μ, half-width w, variance σ²)
    /// make at each node k: the bound Σ_{j<=k} |μ S_jk| + w L1_jk over the
    /// paths j → k (S the path's sum, L1 its sum of magnitudes); and at the
    /// output, the noise power Σ σ² |g_j|², the dc offset Σ μ S_j and the
    /// error bound.
    private func roundingErrors(_ paths: Paths, count: Int, mean: Double, width: Double, variance: Double)
        -> (errors: [Double], power: Double, dc: Double, bound: Double) {
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
        return (errors, power, dc, bound)
    }

    /// The design's response on the grid, H = k Π monic sections, and its
    /// peak |H| and where it is (the first largest).
    private func designedResponse() -> (designed: [Complex<Double>], peak: Double, peakIndex: Int) {
        var peak = 0.0, peakIndex = 0
        var designed = [Complex<Double>](repeating: .zero, count: grid.count)
        for p in grid.indices {
            var h = Complex<Double>(gain, 0)
            for m in monic { h = h * m.response(atPhase: grid[p]) }
            designed[p] = h
            if h.length > peak { (peak, peakIndex) = (h.length, p) }
        }
        return (designed, peak, peakIndex)
    }

    /// Where a passband holds the slow end of a signal: dc or Nyquist.
    private enum SlowEnd { case dc, nyquist }

    /// The output's predicted rounding noise power: the white noise's power
    /// plus the dc offset squared, P + dc². Where the passband holds dc (or
    /// Nyquist) the rounding errors of a slow input are slow too, not white:
    /// they meet the paths' gain at dc, which in a low-pass dwarfs their
    /// average gain. There the prediction takes each node's error as a
    /// constant anywhere in its range (the worst one), through its path's
    /// gain at dc (or Nyquist), slow = Σ_j w |S_j|, and the noise is at
    /// least P + (|dc| + slow)².
    private func outputNoise(_ paths: Paths, count: Int, width: Double, power: Double, dc: Double,
                             slowAt end: SlowEnd?) -> Double {
        var noise = power + dc * dc
        if let end {
            let slow = (0..<count).reduce(0.0) { total, j in
                let m = paths.norms[j][count - 1 - j]
                return total + width * abs(end == .dc ? m.sum : m.alternating)
            }
            noise = max(noise, power + (abs(dc) + slow) * (abs(dc) + slow))
        }
        return noise
    }

    func analyse(_ cascade: StoredCascade, _ paths: Paths) -> (FixedPointAnalysis, [Double]) {
        let count = cascade.sections.count
        // (cascade.outputScale is the gain placed before rounding; the
        // analysis measures what it came to.)
        let (mean, width, variance) = roundingError(postShift: cascade.postShift)
        let x = largestInput
        let nodeSignal = paths.nodeSignal.map { x * $0 }
        let running = paths.running
        let (errors, power, dc, bound) = roundingErrors(paths, count: count, mean: mean, width: width, variance: variance)

        // The design's response against the stored one. The output scale is
        // the stored cascade's gain at the design's passband peak over the
        // design's there: what the placed gain came to once rounded.
        let response = designedResponse()
        let (designed, peakIndex) = (response.designed, response.peakIndex)
        var peak = response.peak, deviation = 0.0
        let scale = running[peakIndex].length / peak
        for p in grid.indices { deviation = max(deviation, (running[p] - designed[p] * Complex(scale, 0)).length) }
        let peakError = (running[peakIndex] - designed[peakIndex] * Complex(scale, 0)).length
        peak *= scale
        let amplitude = x * peak
        // A sinusoid's power is A^2 / 2, but at dc or Nyquist (cosine phase) A^2.
        let peakAlpha = grid[peakIndex] / (2 * Double.pi)
        let signal = peakAlpha == 0 || peakAlpha == 0.5 ? amplitude * amplitude : amplitude * amplitude / 2
        let holdsDC = designed[0].length * scale >= peak / 2.0.squareRoot()
        let holdsNyquist = designed[grid.count - 1].length * scale >= peak / 2.0.squareRoot()
        let noise = outputNoise(paths, count: count, width: width, power: power, dc: dc,
                                slowAt: holdsDC ? .dc : holdsNyquist ? .nyquist : nil)
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
