import FilterRuntime

/// The accelerometer articles' one-dimensional Kalman smoother (a random walk
/// observed with noise), as the articles apply it to yaw:
///
///     p = p + q;   k = p / (p + r);   x = x + k (m - x);   p = (1 - k) p
///
/// for each measurement m, with process noise q, measurement noise r and
/// initial error p0 (the articles: q = r = p0 = 0.1). The estimate x starts at
/// the first measurement (whatever the pipeline's initial state), and the
/// update runs for it too, so p starts its course at p0.
///
/// **What it converges to.** p is independent of the data: after each update
/// it tends to the fixed point p* of p -> (p + q) r / (p + q + r),
///
///     p* = (sqrt(q^2 + 4 q r) - q) / 2,   k* = (p* + q) / (p* + q + r),
///
/// so the smoother becomes the exponential moving average
/// x = x + k* (m - x), the FILTERFACTOR low-pass with f = k*. For q = r this is
/// k* = (sqrt(5) - 1) / 2 = 0.618 (the golden ratio's inverse), whose -3 dB
/// point is exactly fs / 6 (cos w = 1/2): 10 Hz at 60 Hz. It gets within 1e-12
/// of k* in about 30 samples.
public struct KalmanSmoother: Sendable, Equatable {
    /// The articles' q = r = p0 = 0.1.
    public static let articleNoise = 0.1
    /// The largest q, r or p0 accepted: their sums stay finite.
    public static let maximumNoise = 1e300

    /// Process noise q (>= 0).
    public let processNoise: Double
    /// Measurement noise r (> 0).
    public let measurementNoise: Double
    /// Initial error p0 (>= 0).
    public let initialError: Double
    /// The estimate x.
    public private(set) var estimate = 0.0
    /// The error p.
    public private(set) var error: Double
    /// The last gain k.
    public private(set) var gain = 0.0
    var started = false

    /// - Throws: `PipelineError` unless 0 <= q, 0 < r, 0 <= p0, each at most 1e300.
    public init(processNoise q: Double = articleNoise, measurementNoise r: Double = articleNoise,
                initialError p0: Double = articleNoise) throws(PipelineError) {
        let limit = formatted(Self.maximumNoise)
        guard q >= 0, q <= Self.maximumNoise else {
            throw PipelineError("Kalman process noise q \(formatted(q)) must be in 0 ... \(limit) (the articles use 0.1)")
        }
        guard r > 0, r <= Self.maximumNoise else {
            throw PipelineError("Kalman measurement noise r \(formatted(r)) must be above 0 and at most \(limit) (the articles use 0.1)")
        }
        guard p0 >= 0, p0 <= Self.maximumNoise else {
            throw PipelineError("Kalman initial error p0 \(formatted(p0)) must be in 0 ... \(limit) (the articles use 0.1)")
        }
        processNoise = q
        measurementNoise = r
        initialError = p0
        error = p0
    }

    /// One measurement in, the new estimate out.
    public mutating func process(_ m: Double) -> Double {
        if !started {
            started = true
            estimate = m
        }
        error = error + processNoise
        gain = error / (error + measurementNoise)
        estimate = estimate + gain * (m - estimate)
        error = (1 - gain) * error
        return estimate
    }

    /// Back to the start: the next measurement is the first.
    public mutating func reset() {
        started = false
        estimate = 0
        error = initialError
        gain = 0
    }

    /// k*, the gain p converges to (see above).
    public var steadyStateGain: Double {
        // In units of r, t = q / r: p* / r = (sqrt(t^2 + 4t) - t) / 2
        // = 2t / (t + sqrt(t) sqrt(t + 4)), without cancellation or overflow.
        let t = processNoise / measurementNoise
        guard t.isFinite else { return 1 }
        guard t > 0 else { return 0 }
        let p = 2 * t / (t + t.squareRoot() * (t + 4).squareRoot())
        return (p + t) / (p + t + 1)
    }

    /// The filter it converges to, as one section: b0 = k*, a1 = -(1 - k*).
    public var steadyStateSection: Biquad {
        let k = steadyStateGain
        return Biquad(b0: k, b1: 0, b2: 0, a1: -(1 - k), a2: 0)
    }
}
