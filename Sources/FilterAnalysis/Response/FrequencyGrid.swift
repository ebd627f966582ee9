/// N frequencies evenly spaced from 0 to 0.5 inclusive, as fractions of the
/// sample rate: alpha_k = k / (2 (N - 1)), k = 0 ... N-1. They are the bins
/// 0 ... N-1 of a real FFT of length 2 (N - 1).
public struct FrequencyGrid: Sendable, Hashable {
    /// N, at least 2.
    public let count: Int

    /// A grid of `count` points (`count >= 2`).
    public init(count: Int) {
        precondition(count >= 2, "a frequency grid needs at least 2 points")
        self.count = count
    }

    /// The FFT length whose bins are this grid, 2 (N - 1).
    public var fftLength: Int { 2 * (count - 1) }

    /// alpha_k = k / (2 (N - 1)).
    public func alpha(_ k: Int) -> Double { Double(k) / Double(fftLength) }

    /// Every alpha_k.
    public var alphas: [Double] { (0..<count).map(alpha) }
}
