/// The equiripple half-band low-pass (Vaidyanathan and Nguyen, "A trick for
/// the design of FIR half-band filters", IEEE Trans. CAS 34(3), 1987): N =
/// 4k + 3 taps, passband 0 ... p and stopband 0.5 - p ... 0.5 (p < 0.25),
/// the same ripple d in both.
///
/// A half-band filter's amplitude is A(f) = 1/2 + (1/2) G(2f), with G the
/// amplitude of the type II filter g of L = 2k + 2 taps made of its
/// odd-offset taps: h[2m] = g[m] / 2 (m = 0 ... 2k+1), h[2k+1] = 1/2, the
/// other odd-indexed taps 0. G(1 - f) = -G(f), so the one band on which g
/// approximates 1, 0 ... 2p, gives both of h's bands: the minimax g (`remez`,
/// certified by the alternation theorem) gives the minimax half-band, its
/// error halved, and the zeros and the centre are exact by construction.
public enum HalfBand {
    /// The numbers of taps: 4k + 3 from 7 (g has 4 taps) to 19,999 (g has
    /// 10,000, within `EquirippleDesign.tapsRange`).
    public static let tapsRange = 7...19_999

    /// Whether `taps` is a half-band length: 4k + 3 within `tapsRange`.
    public static func isHalfBandLength(_ taps: Int) -> Bool { tapsRange.contains(taps) && taps % 4 == 3 }

    /// The half-band filter of `taps` = 4k + 3 taps with passband edge
    /// `passbandEdge` = p (a fraction of fs, 0 < p < 0.25), and its
    /// certificate: the sub-filter's equiripple design mapped onto h's two
    /// bands (every error, the lower bound and the extremal frequencies f' of
    /// g at f'/2 and 0.5 - f'/2).
    ///
    /// - Throws: `HalfBandError` for a length that is not 4k + 3 or an edge
    ///   outside (0, 0.25); the sub-filter's `RemezError`, wrapped, when it
    ///   cannot be designed.
    public static func design(taps: Int, passbandEdge p: Double) throws(HalfBandError) -> EquirippleDesign {
        guard isHalfBandLength(taps) else { throw .taps(taps) }
        guard p.isFinite, p > 0, p < 0.25 else { throw .passbandEdge(p) }
        let subTaps = (taps + 1) / 2
        let g: EquirippleDesign
        do { g = try remez(taps: subTaps, bands: [0, 2 * p], desired: [1]) } catch { throw .subFilter(error) }
        var h = [Double](repeating: 0, count: taps)
        for (m, gm) in g.taps.enumerated() { h[2 * m] = gm / 2 }
        h[taps / 2] = 0.5
        let half = g.bands[0]
        let extremal = (g.extremalFrequencies.map { $0 / 2 } + g.extremalFrequencies.map { 0.5 - $0 / 2 }).sorted()
        return EquirippleDesign(
            taps: h, filterType: .bandpass, linearPhaseType: .one, maximumError: g.maximumError / 2,
            lowerBound: g.lowerBound / 2, iterations: g.iterations, totalIterations: g.totalIterations,
            extremalFrequencies: extremal,
            bands: [
                .init(lower: 0, upper: p, desired: 1, weight: 1, maximumDeviation: half.maximumDeviation / 2,
                      maximumWeightedError: half.maximumWeightedError / 2),
                .init(lower: 0.5 - p, upper: 0.5, desired: 0, weight: 1, maximumDeviation: half.maximumDeviation / 2,
                      maximumWeightedError: half.maximumWeightedError / 2),
            ])
    }
}

/// Why a half-band filter cannot be designed.
public enum HalfBandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A number of taps that is not 4k + 3 within `HalfBand.tapsRange`.
    case taps(Int)
    /// A passband edge outside (0, 0.25) (alphas).
    case passbandEdge(Double)
    /// The sub-filter's design failed.
    case subFilter(RemezError)

    public var description: String { description(.alphas) }

    /// The message, frequencies as `wording` says them.
    public func description(_ wording: FrequencyWording) -> String {
        switch self {
        case let .taps(n):
            // The half-band lengths either side of n.
            let below = n - ((n - 3) % 4 + 4) % 4
            let suggestion = [below, below + 4].filter { HalfBand.isHalfBandLength($0) && $0 != n }
                .map(String.init).joined(separator: " or ")
            return "number of taps \(n) is not a half-band length; it must be 4k + 3 in \(HalfBand.tapsRange.lowerBound) ... \(HalfBand.tapsRange.upperBound) (7, 11, 15, ...)" + (suggestion.isEmpty ? "" : ": try \(suggestion)")
        case let .passbandEdge(p):
            return "passband edge \(wording.frequency(p)) is out of range; a half-band filter's must be above 0 and below \(wording.frequency(0.25)) (a quarter of the sample rate)"
        case let .subFilter(error):
            return "the half-band's sub-filter (remez on 0 ... twice the edge): \(error.description(wording))"
        }
    }
}
