import ComplexModule
import FilterAnalysis
import RealModule

/// The points of a response's magnitude and phase charts, added a frequency
/// at a time in order: every one, or, on a linear axis with more than
/// `ColumnDecimator.threshold` frequencies, the extremes of each pixel column
/// (`ColumnDecimator`), so that a response streamed row by row is drawn in
/// memory of the picture, not of the response.
struct FrequencyChartPoints {
    /// The x of the first and last frequency (alpha times the sample rate, or alpha).
    let first: Double, last: Double
    private let scaleX: Double, decibels: Bool
    private var magnitude: [(Double, Double?)] = [], phase: [(Double, Double?)] = []
    private var thinned: (magnitude: ColumnDecimator, phase: ColumnDecimator)?
    private var unwrapper = PhaseUnwrapper()

    /// Points for `count` frequencies from `firstAlpha` to `lastAlpha`; x in
    /// Hz when `sampleRate` is given, y in dB when `scale` is "db".
    private init(count: Int, firstAlpha: Double, lastAlpha: Double, sampleRate: Double?, scale: String, axis: AxisScale) {
        scaleX = sampleRate ?? 1
        decibels = scale == "db"
        (first, last) = (firstAlpha * scaleX, lastAlpha * scaleX)
        if axis == .linear && ColumnDecimator.thins(count) {
            thinned = (ColumnDecimator(from: first, to: last), ColumnDecimator(from: first, to: last))
        }
    }

    /// Points for the frequencies `alphas`.
    init(alphas: [Double], sampleRate: Double?, scale: String, axis: AxisScale) {
        self.init(count: alphas.count, firstAlpha: alphas.first ?? 1e-3, lastAlpha: alphas.last ?? 0.5,
                  sampleRate: sampleRate, scale: scale, axis: axis)
    }

    /// Points for the frequencies of `grid` (0 to 1/2).
    init(alphas grid: FrequencyGrid, sampleRate: Double?, scale: String, axis: AxisScale) {
        self.init(count: grid.count, firstAlpha: 0, lastAlpha: 0.5, sampleRate: sampleRate, scale: scale, axis: axis)
    }

    /// Adds H at `alpha`: |H| (20 log10 |H|, none where |H| = 0) and arg H
    /// unwrapped from the frequencies before.
    mutating func add(alpha: Double, _ h: Complex<Double>) {
        let x = alpha * scaleX, m = h.length
        let y: Double? = decibels ? (m > 0 ? 20 * Double.log10(m) : nil) : m
        let p = unwrapper.next(h)
        if thinned != nil {
            thinned!.magnitude.add(x: x, y: y)
            thinned!.phase.add(x: x, y: p)
        } else {
            magnitude.append((x, y))
            phase.append((x, p))
        }
    }

    /// The magnitude chart's points and the phase chart's.
    var points: (magnitude: [(Double, Double?)], phase: [(Double, Double?)]) {
        thinned.map { ($0.magnitude.points, $0.phase.points) } ?? (magnitude, phase)
    }
}
