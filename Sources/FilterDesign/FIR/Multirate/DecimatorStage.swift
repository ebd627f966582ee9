import RealModule

/// One stage of a multistage decimator: a linear-phase FIR low-pass that
/// runs at the rate it is given, 1/P of the input's (P the product of the
/// factors before it), and keeps every m-th sample.
///
/// Its bands, in its own alphas: the passband 0 ... p' (p' = p P, p the
/// decimator's passband edge in the input's alphas), and a stopband
/// around each multiple of its output rate, [k/m - p', k/m + p'] (clipped
/// at 1/2), k = 1 ... : exactly what folds onto 0 ... p when every m-th
/// sample is kept. What folds elsewhere lands in a later stage's stopbands
/// or in the decimator's transition band, which may alias (Crochiere and
/// Rabiner, *Multirate Digital Signal Processing*, 1983, 5.3).
public struct DecimatorStage: Sendable, Hashable {
    /// m, this stage's factor.
    public let factor: Int
    /// P, the product of the factors before it.
    public let inputDivisor: Int
    /// The taps.
    public let taps: [Double]
    /// Whether it is a half-band filter (`HalfBand`: every other tap 0).
    public let isHalfBand: Bool
    /// The band edges in its own alphas, in pairs: the passband first.
    public let bands: [Double]
    /// The largest |H| - 1 over the passband and |H| over the stopbands,
    /// measured by the design's certificate.
    public let passbandDeviation: Double, stopbandDeviation: Double

    /// The taps that are not 0: the multiplies an output costs.
    public var nonzeroTaps: Int { taps.filter { $0 != 0 }.count }

    /// Multiplies per sample of the decimator's input: nonzero taps over P m
    /// (a polyphase filter computes only the outputs kept).
    public var multipliesPerInputSample: Double { Double(nonzeroTaps) / Double(inputDivisor * factor) }

    /// The stage's bands for factor m after P, passband edge p (input alphas).
    static func bands(factor m: Int, inputDivisor: Int, passbandEdge p: Double) -> [Double] {
        let edge = p * Double(inputDivisor)
        var bands = [0, edge]
        var k = 1
        while Double(k) / Double(m) - edge < 0.5 {
            let centre = Double(k) / Double(m)
            bands += [centre - edge, min(centre + edge, 0.5)]
            if centre + edge >= 0.5 { break }
            k += 1
        }
        return bands
    }

    /// The cheapest stage of factor m after P that keeps its passband within
    /// 1 +- dp and its stopbands below ds: a half-band filter for m = 2,
    /// else remez with weights 1 and dp/ds, the fewest odd taps that meet
    /// both (from Herrmann's estimate for the narrowest transition).
    ///
    /// - Returns: nil when no design up to `tapsLimit` taps meets them.
    static func design(factor m: Int, inputDivisor: Int, passbandEdge p: Double, passbandDeviation dp: Double,
                       stopbandDeviation ds: Double, tapsLimit: Int) -> DecimatorStage? {
        let bands = Self.bands(factor: m, inputDivisor: inputDivisor, passbandEdge: p)
        let edge = bands[1], stop = bands[2]
        if m == 2 {
            let d = min(dp, ds)
            let estimate = (try? herrmannOrder(passbandEdge: edge, stopbandEdge: stop, passbandDeviation: d, stopbandDeviation: d)) ?? 7
            return search(start: estimate - ((estimate - 3) % 4 + 4) % 4, step: 4, minimum: 7, limit: tapsLimit) { n in
                guard let h = try? HalfBand.design(taps: n, passbandEdge: edge) else { return nil }
                let deviation = h.bands.map(\.maximumDeviation).max() ?? .infinity
                guard deviation <= d else { return nil }
                return DecimatorStage(factor: m, inputDivisor: inputDivisor, taps: h.taps, isHalfBand: true,
                                      bands: bands, passbandDeviation: h.bands[0].maximumDeviation,
                                      stopbandDeviation: h.bands[1].maximumDeviation)
            }
        }
        let estimate = (try? herrmannOrder(passbandEdge: edge, stopbandEdge: stop, passbandDeviation: dp, stopbandDeviation: ds)) ?? 3
        let stopbands = bands.count / 2 - 1
        return search(start: estimate | 1, step: 2, minimum: 3, limit: tapsLimit) { n in
            guard let e = try? remez(taps: n, bands: bands, desired: [1] + [Double](repeating: 0, count: stopbands),
                                     weights: [1] + [Double](repeating: dp / ds, count: stopbands)) else { return nil }
            let pass = e.bands[0].maximumDeviation
            let stopDeviation = e.bands.dropFirst().map(\.maximumDeviation).max() ?? 0
            guard pass <= dp, stopDeviation <= ds else { return nil }
            return DecimatorStage(factor: m, inputDivisor: inputDivisor, taps: e.taps, isHalfBand: false, bands: bands,
                                  passbandDeviation: pass, stopbandDeviation: stopDeviation)
        }
    }

    /// The design of fewest taps, in steps of `step` from `start`, that
    /// `make` accepts (a design that meets its bands at n taps is taken to
    /// meet them at more): down from `start` while it does; else up in
    /// strides of about n / 64 that double after four misses, then
    /// bisection between the last miss and the first hit. nil when nothing
    /// up to `limit` does, or as soon as the `DesignBudget` it runs under
    /// stops it (no design is tried after that).
    static func search(start: Int, step: Int, minimum: Int, limit: Int, _ design: (Int) -> DecimatorStage?) -> DecimatorStage? {
        func make(_ n: Int) -> DecimatorStage? { DesignBudget.stop == nil ? design(n) : nil }
        var n = max(minimum, min(start, limit))
        if var best = make(n) {
            while n - step >= minimum, let smaller = make(n - step) {
                best = smaller
                n -= step
            }
            return best
        }
        // Strides from about 1.5 % of n (estimates run a few per cent low).
        var low = n, stride = max(step, n / 64 / step * step), misses = 0
        while low + step <= limit, DesignBudget.stop == nil {
            let next = min(low + stride, limit - (limit - low) % step)
            if let found = make(next) {
                var (lo, hi, best) = (low, next, found)
                while hi - lo > step {
                    let mid = lo + (hi - lo) / step / 2 * step
                    if let d = make(mid) { (hi, best) = (mid, d) } else { lo = mid }
                }
                return best
            }
            low = next
            misses += 1
            if misses >= 4 { stride *= 2 }
        }
        return nil
    }
}
