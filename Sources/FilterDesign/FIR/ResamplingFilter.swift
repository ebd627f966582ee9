/// The filter of a rational resampler by L/M, as
/// `scipy.signal.resample_poly(x, up, down)` designs it by default:
///
///     h = L * firwin(2 * 10 max(L, M) + 1, 1 / max(L, M) of Nyquist, kaiser(5.0)),
///
/// K = 20 max(L, M) + 1 taps (odd), cutoff 0.5 / max(L, M) cycles per
/// sample of the upsampled rate, gain L in the passband (the zeros
/// inserted by upsampling take 1/L of the level away). L and M are reduced
/// by their greatest common divisor first.
///
/// Our `firwin` makes mirrored taps exactly equal, which moves some by an
/// ulp from scipy's.
public struct ResamplingFilter: Sendable, Hashable {
    /// L and M, without a common factor.
    public let up: Int, down: Int
    /// h: K = 20 max(L, M) + 1 taps at the upsampled rate, gain L.
    public let taps: [Double]
    /// Where the taps come from, as emitted code says: "scipy's
    /// resample_poly filter", or a decimator stage's own.
    public let origin: String

    /// The factors a resampler takes: 1 ... 10^4.
    public static let factorRange = 1...10_000

    /// The filter for `up`/`down` (reduced by their greatest common divisor).
    ///
    /// - Throws: `LinearPhaseError.tapsOutOfRange` for a factor outside
    ///   `factorRange`; never otherwise for L != M. L = M (reduced to 1/1)
    ///   gives the single tap 1: `resample_poly` returns the signal.
    public init(up: Int, down: Int) throws(LinearPhaseError) {
        for factor in [up, down] where !Self.factorRange.contains(factor) {
            throw .tapsOutOfRange(factor, allowed: Self.factorRange)
        }
        var (a, b) = (up, down)
        while b != 0 { (a, b) = (b, a % b) }
        self.up = up / a
        self.down = down / a
        origin = "scipy's resample_poly filter"
        let largest = max(self.up, self.down)
        if largest == 1 {
            taps = [1]
        } else {
            let scale = Double(self.up)
            taps = try firwin(taps: 20 * largest + 1, cutoffs: [0.5 / Double(largest)], band: .lowpass,
                              window: .kaiser(beta: 5)).map { $0 * scale }
        }
    }

    /// A resampler by `up`/`down` (already without a common factor) with
    /// taps of its own from `origin` (a stage of a multistage decimator,
    /// `MultistageDecimator`), for the resampler's emitters.
    public init(up: Int, down: Int, taps: [Double], origin: String) {
        precondition(up >= 1 && down >= 1 && !taps.isEmpty, "factors at least 1, at least one tap")
        (self.up, self.down, self.taps, self.origin) = (up, down, taps, origin)
    }

    /// "by 1/8", "by 160/147".
    public var ratio: String { "\(up)/\(down)" }
}
