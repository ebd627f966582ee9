import FilterRuntime

/// The filter on one axis of the pipeline.
public enum AxisFilter: Sendable, Equatable {
    /// y = x.
    case passThrough
    /// Any designed or generated filter. It runs at the rate the samples come;
    /// its corners are where they were designed only at its `designSampleRate`.
    case template(DigitalFilterTemplate)
    /// Apple's first-order filter with RC = 1 / cutoff, optionally adaptive
    /// (which looks at all three axes: see `AppleFirstOrderFilter`).
    case apple(AppleFirstOrderFilter.Kind, cutoff: Double, adaptive: Bool)
}

/// One axis of Shake!'s pipeline: filter -> moving RMS over `rmsWindow`
/// samples -> trigger when the RMS exceeds `threshold` for `count` samples.
public struct AxisConfiguration: Sendable, Equatable {
    /// The filter.
    public var filter: AxisFilter
    /// N of the moving RMS, in samples (>= 1).
    public var rmsWindow: Int
    /// The RMS level to exceed, in g (strictly: see `ThresholdDetector`).
    public var threshold: Double
    /// M, contiguous samples above the threshold that trigger (>= 1).
    public var count: Int

    /// The defaults: pass-through, a 30-sample window (0.5 s at 60 Hz), 0.1 g, 5 samples.
    public init(filter: AxisFilter = .passThrough, rmsWindow: Int = 30, threshold: Double = 0.1, count: Int = 5) {
        self.filter = filter
        self.rmsWindow = rmsWindow
        self.threshold = threshold
        self.count = count
    }
}

/// The configuration of the three axes.
public struct PipelineConfiguration: Sendable, Equatable {
    /// The settings of each axis.
    public var x: AxisConfiguration, y: AxisConfiguration, z: AxisConfiguration

    /// Each axis its own.
    public init(x: AxisConfiguration, y: AxisConfiguration, z: AxisConfiguration) {
        (self.x, self.y, self.z) = (x, y, z)
    }

    /// Shake!'s "all axes": one configuration copied onto x, y and z.
    public init(all: AxisConfiguration) { self.init(x: all, y: all, z: all) }

    /// Axis 0, 1 or 2.
    public subscript(axis: Int) -> AxisConfiguration {
        get { axis == 0 ? x : axis == 1 ? y : z }
        set { if axis == 0 { x = newValue } else if axis == 1 { y = newValue } else { z = newValue } }
    }

    /// The axis names, in order.
    public static let axisNames = ["x", "y", "z"]
}
