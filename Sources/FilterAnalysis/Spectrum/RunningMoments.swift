/// The mean and the RMS about the mean of a stream of samples, by Welford's
/// update (Welford 1962, "Note on a method for calculating corrected sums of
/// squares and products", Technometrics 4(3)), which does not lose digits to
/// cancellation as sum(x^2) / n - mean^2 would (gravity's 1 g under a 0.01 g
/// signal):
///
///     n += 1;  d = x - mean;  mean += d / n;  m2 += d (x - mean)
///
/// The RMS about the mean is sqrt(m2 / n), numpy's `std` with `ddof=0`: by
/// Parseval, the area under a one-sided PSD of the detrended signal.
public struct RunningMoments: Sendable {
    /// Samples seen.
    public private(set) var count = 0
    /// Their mean.
    public private(set) var mean = 0.0
    private var m2 = 0.0

    /// No samples yet.
    public init() {}

    /// Adds one sample.
    public mutating func add(_ x: Double) {
        count += 1
        let d = x - mean
        mean += d / Double(count)
        m2 += d * (x - mean)
    }

    /// sqrt(sum (x - mean)^2 / n); 0 before any sample.
    public var rmsAboutMean: Double { count == 0 ? 0 : (m2 / Double(count)).squareRoot() }
}
