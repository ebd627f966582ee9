import ComplexModule
import RealModule

/// Thins a long series for drawing: of the points that fall in one pixel
/// column of a chart's plot area, only the smallest and the largest y are
/// kept, each at its own x and in the order they came. A line through what
/// is kept covers every pixel the full line covers, so peaks, dips and
/// narrow spikes survive; the SVG holds at most two points a column however
/// long the series (10^7 impulse samples, 4 x 10^6 frequencies).
///
/// Series no longer than `threshold` points are not thinned at all (plots
/// of the default lengths are drawn point for point, as before).
public struct ColumnDecimator: Sendable {
    /// The pixel columns of a chart's plot area (`PlotPage`'s width less its
    /// margins).
    public static let columns = 718
    /// Series longer than this are thinned (two points a column).
    public static let threshold = 2 * columns

    private let lower: Double, span: Double
    private var minimum: [(x: Double, y: Double)?]
    private var maximum: [(x: Double, y: Double)?]
    private var order: [Int] = []
    private var gapColumns: Set<Int> = []

    /// A decimator for x from `lower` to `upper` (linear axis).
    public init(from lower: Double, to upper: Double) {
        self.lower = lower
        span = upper > lower ? upper - lower : 1
        minimum = Array(repeating: nil, count: Self.columns)
        maximum = Array(repeating: nil, count: Self.columns)
    }

    /// Whether a series of `count` points is thinned.
    public static func thins(_ count: Int) -> Bool { count > threshold }

    /// Adds the point (x, y); a nil or non-finite y marks a gap in its column.
    public mutating func add(x: Double, y: Double?) {
        var column = Int(((x - lower) / span * Double(Self.columns)).rounded(.down))
        column = min(max(column, 0), Self.columns - 1)
        if minimum[column] == nil && maximum[column] == nil && !gapColumns.contains(column) { order.append(column) }
        guard let y, y.isFinite else { gapColumns.insert(column); return }
        if let m = minimum[column] { if y < m.y { minimum[column] = (x, y) } } else { minimum[column] = (x, y) }
        if let m = maximum[column] { if y > m.y { maximum[column] = (x, y) } } else { maximum[column] = (x, y) }
    }

    /// The points kept: per column, in the order the columns were reached,
    /// the smaller and the larger y at their x (one when they coincide), or
    /// a gap (y nil) for a column with no finite value.
    public var points: [(Double, Double?)] {
        var result: [(Double, Double?)] = []
        result.reserveCapacity(2 * order.count)
        for column in order {
            guard let low = minimum[column], let high = maximum[column] else {
                result.append((lower + (Double(column) + 0.5) / Double(Self.columns) * span, nil))
                continue
            }
            if low.x == high.x { result.append((low.x, low.y)); continue }
            let (first, second) = low.x < high.x ? (low, high) : (high, low)
            result.append((first.x, first.y))
            result.append((second.x, second.y))
        }
        return result
    }
}

/// Unwraps a phase as it arrives, numpy.unwrap's rule: 2 pi is added or
/// taken away wherever consecutive values differ by more than pi
/// (`FrequencyResponse.unwrappedPhase` is this, a value at a time, so that
/// a response can be written row by row).
public struct PhaseUnwrapper: Sendable {
    private var offset = 0.0, previous = 0.0, started = false

    /// An unwrapper before its first value.
    public init() {}

    /// The unwrapped arg `h`; where h = 0, the previous value.
    public mutating func next(_ h: Complex<Double>) -> Double {
        let raw = h.length > 0 ? Double.atan2(y: h.imaginary, x: h.real) : previous - offset
        if started {
            let jump = raw + offset - previous
            if jump > Double.pi || jump < -Double.pi {
                offset -= (jump / (2 * Double.pi)).rounded() * 2 * Double.pi
            }
        }
        started = true
        previous = raw + offset
        return previous
    }
}
