import FilterRuntime

/// The filter on one axis of the pipeline.
public enum AxisFilter: Sendable, Equatable {
    /// y = x.
    case passThrough
    /// Any designed or generated filter. It runs at the rate the samples come;
    /// its corners are where they were designed only at its `designSampleRate`.
    case template(DigitalFilterTemplate)
    /// A FIR filter (`mkfilter remez|firls|firwin|firwin2|fir ...`), run
    /// in direct form (`FIRDirectForm<Double>`); like a template it runs at
    /// the rate the samples come.
    case fir(FIRTemplate)
    /// Apple's first-order filter with RC = 1 / cutoff, optionally adaptive
    /// (which looks at all three axes: see `AppleFirstOrderFilter`).
    case apple(AppleFirstOrderFilter.Kind, cutoff: Double, adaptive: Bool)
    /// The articles' FILTERFACTOR low-pass, value = x f + previous (1 - f)
    /// (`FilterFactorLowPass`).
    case filterFactorLowPass(factor: Double)
    /// The article's "high-pass" as written, value = x - x f + previous (1 - f)
    /// (`FilterFactorHighPass`: in fact a low-pass with gain (1 - f) / f).
    case filterFactorHighPass(factor: Double)
    /// iBells' high-pass, x - lowpass(x) (`IBellsHighPass`).
    case iBellsHighPass(factor: Double)
    /// The articles' 1-D Kalman smoother (`KalmanSmoother`); its estimate
    /// starts at the first sample.
    case kalman(processNoise: Double, measurementNoise: Double, initialError: Double)
    /// A filter of the whole recording at once (`WholeSignalFilter`: a
    /// Savitzky-Golay smoother); the pipeline then reads the recording
    /// whole, as for zero-phase filtering.
    case wholeSignal(WholeSignalFilter)

    /// The filter as a cascade of sections when it is linear and time-invariant
    /// (what `--zero-phase` runs forward and backward), coefficients as they
    /// run: `[]` for pass-through; `nil` for the adaptive Apple filters and the
    /// Kalman smoother (their gain changes with the data or with time), for a
    /// template without sections, and for a FIR filter (taps, not sections).
    public func sections(sampleRate: Double) -> [Biquad]? {
        switch self {
        case .passThrough: return []
        case .template(let t): return t.sections.isEmpty ? nil : t.sections
        case let .apple(kind, cutoff, adaptive):
            guard !adaptive, let f = try? AppleFirstOrderFilter(kind, sampleRate: sampleRate, cutoff: cutoff) else { return nil }
            let a = f.filterConstant
            return kind == .lowPass ? [Biquad(b0: a, b1: 0, b2: 0, a1: -(1 - a), a2: 0)]
                                    : [Biquad(b0: a, b1: -a, b2: 0, a1: -a, a2: 0)]
        case .filterFactorLowPass(let f): return (try? FilterFactorLowPass(factor: f)).map { [$0.section] }
        case .filterFactorHighPass(let f): return (try? FilterFactorHighPass(factor: f)).map { [$0.section] }
        case .iBellsHighPass(let f): return (try? IBellsHighPass(factor: f)).map { [$0.section] }
        case .kalman: return nil
        case .fir: return nil
        case .wholeSignal: return nil
        }
    }
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

/// The configuration of the three axes, and of the detectors that look at
/// all three.
public struct PipelineConfiguration: Sendable, Equatable {
    /// The settings of each axis.
    public var x: AxisConfiguration, y: AxisConfiguration, z: AxisConfiguration
    /// The articles' shake detector on the raw samples, beside each axis' RMS
    /// trigger; `nil`: none.
    public var shakeDetector: ShakeDetector?
    /// The articles' `minTimeDelta`, applied to each axis' trigger onsets and
    /// to the shake detector's, each on its own; `nil`: every onset is reported.
    public var debounce: Debounce?

    /// Each axis its own.
    public init(x: AxisConfiguration, y: AxisConfiguration, z: AxisConfiguration) {
        (self.x, self.y, self.z) = (x, y, z)
    }

    /// Whether an axis' filter needs the whole recording (`AxisFilter.wholeSignal`).
    public var needsWholeSignal: Bool {
        [x, y, z].contains { if case .wholeSignal = $0.filter { return true } else { return false } }
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
