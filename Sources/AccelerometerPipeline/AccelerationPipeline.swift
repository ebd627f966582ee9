import FilterRuntime

/// Shake!'s test bed on three axes: per axis, raw -> filter -> moving RMS ->
/// threshold trigger. One `process` call per accelerometer sample.
///
/// ```swift
/// let bandPass = AxisFilter.template(ShakeFilters60Hz.butterworthBP3rd05To3Hz)
/// var pipeline = try AccelerationPipeline(
///     PipelineConfiguration(all: AxisConfiguration(filter: bandPass, rmsWindow: 30, threshold: 0.2, count: 6)),
///     sampleRate: 60)
/// let out = pipeline.process(Acceleration(x: 0.1, y: 0.0, z: 1.0))
/// if out.onsets != 0 { print("shake!") }
/// ```
public struct AccelerationPipeline: Sendable {
    /// What one sample produced on the three axes.
    public struct Output: Sendable, Equatable {
        /// The input sample.
        public var raw: Acceleration
        /// Each axis after its filter.
        public var filtered: Acceleration
        /// Each axis's moving RMS of the filtered signal.
        public var rms: Acceleration
        /// Bit 0: x triggered, bit 1: y, bit 2: z.
        public var triggers: UInt8
        /// The triggers that switched on at this sample (same bits).
        public var onsets: UInt8
        /// Whether `axis` (0, 1, 2) is triggered.
        public func isTriggered(_ axis: Int) -> Bool { triggers & (1 << axis) != 0 }
    }

    enum Stage: Sendable {
        case identity
        /// Index into `digitalFilters`.
        case digital(Int)
        /// Index into `appleFilters`.
        case apple(Int)
        /// The one `ThreeAxisSections` that all three axes share.
        case threeAxis
    }

    /// Where the filters start.
    public enum InitialState: String, Sendable, CaseIterable {
        /// In the state the first sample of each axis would have settled in, as
        /// if it had always been there: gravity on an axis is no step.
        case steadyState
        /// At rest: every history zero, so a constant first sample is a step.
        case zero
    }

    /// The three axes' settings.
    public let configuration: PipelineConfiguration
    /// The rate of the samples, Hz (Apple's filters use it; a template runs at
    /// whatever rate the samples come, so its corners scale with it).
    public let sampleRate: Double
    /// Where the filters start (applied at the first sample).
    public let initialState: InitialState
    var stages: [Stage]
    var digitalFilters: [DigitalFilter<Double>]
    var threeAxis: ThreeAxisSections<Double>?
    var started = false
    var appleFilters: [AppleFirstOrderFilter]
    var rms: [MovingRMS]
    var detectors: [ThresholdDetector]
    var previousTriggers: UInt8 = 0

    /// - Parameter initialState: where the filters start; by default in the
    ///   steady state of each axis' first sample.
    /// - Throws: `PipelineError` naming the axis and the setting out of range.
    public init(_ configuration: PipelineConfiguration, sampleRate: Double,
                initialState: InitialState = .steadyState) throws(PipelineError) {
        guard sampleRate.isFinite, sampleRate > 0 else {
            throw PipelineError("sample rate \(formatted(sampleRate)) Hz must be a finite number above 0")
        }
        self.configuration = configuration
        self.sampleRate = sampleRate
        self.initialState = initialState
        stages = []
        digitalFilters = []
        appleFilters = []
        rms = []
        detectors = []
        // The same sections on every axis: one three-lane cascade.
        if case .template(let t) = configuration.x.filter, !t.sections.isEmpty,
           configuration.y.filter == configuration.x.filter, configuration.z.filter == configuration.x.filter {
            threeAxis = ThreeAxisSections<Double>(t.sections)
        }
        for axis in 0..<3 {
            let c = configuration[axis]
            let name = PipelineConfiguration.axisNames[axis]
            do {
                switch c.filter {
                case .passThrough:
                    stages.append(.identity)
                case .template where threeAxis != nil:
                    stages.append(.threeAxis)
                case .template(let t):
                    digitalFilters.append(DigitalFilter<Double>(t))
                    stages.append(.digital(digitalFilters.count - 1))
                case let .apple(kind, cutoff, adaptive):
                    let filter = try AppleFirstOrderFilter(kind, sampleRate: sampleRate, cutoff: cutoff, adaptive: adaptive)
                    // Axes with the same Apple filter share one three-axis instance.
                    if let k = appleFilters.firstIndex(of: filter) {
                        stages.append(.apple(k))
                    } else {
                        appleFilters.append(filter)
                        stages.append(.apple(appleFilters.count - 1))
                    }
                }
                rms.append(try MovingRMS(window: c.rmsWindow))
                detectors.append(try ThresholdDetector(threshold: c.threshold, count: c.count))
            } catch {
                throw PipelineError("axis \(name): \(error.description)")
            }
        }
    }

    /// Runs one three-axis sample through the pipeline.
    public mutating func process(_ input: Acceleration) -> Output {
        if !started {
            started = true
            if initialState == .steadyState { settle(at: input) }
        }
        let shared = threeAxis.map { _ in threeAxis!.process(SIMD4(input.x, input.y, input.z, 0)) } ?? SIMD4()
        // At most three Apple filters (one per axis): their outputs without an allocation.
        var appleOutputs = (Acceleration(x: 0, y: 0, z: 0), Acceleration(x: 0, y: 0, z: 0), Acceleration(x: 0, y: 0, z: 0))
        for k in appleFilters.indices {
            let out = appleFilters[k].process(input)
            if k == 0 { appleOutputs.0 = out } else if k == 1 { appleOutputs.1 = out } else { appleOutputs.2 = out }
        }
        var filtered = Acceleration(x: 0, y: 0, z: 0), level = filtered
        var triggers: UInt8 = 0
        for axis in 0..<3 {
            let value: Double
            switch stages[axis] {
            case .identity:
                value = input[axis]
            case .digital(let k):
                value = digitalFilters[k].process(input[axis])
            case .apple(let k):
                value = (k == 0 ? appleOutputs.0 : k == 1 ? appleOutputs.1 : appleOutputs.2)[axis]
            case .threeAxis:
                value = shared[axis]
            }
            filtered[axis] = value
            let r = rms[axis].process(value)
            level[axis] = r
            if detectors[axis].process(r) { triggers |= 1 << axis }
        }
        let onsets = triggers & ~previousTriggers
        previousTriggers = triggers
        return Output(raw: input, filtered: filtered, rms: level, triggers: triggers, onsets: onsets)
    }

    /// Every filter in the steady state of `input` (see `InitialState`); the
    /// RMS windows and the detectors stay at rest.
    mutating func settle(at input: Acceleration) {
        for axis in 0..<3 {
            if case .digital(let k) = stages[axis] { digitalFilters[k].reset(toSteadyStateFor: input[axis]) }
        }
        threeAxis?.reset(toSteadyStateFor: SIMD4(input.x, input.y, input.z, 0))
        for k in appleFilters.indices { appleFilters[k].reset(toSteadyStateFor: input) }
    }

    /// Back to the initial state on every axis: the next sample starts the
    /// filters again (in its steady state, unless `initialState` is `.zero`).
    public mutating func reset() {
        started = false
        threeAxis?.reset()
        for k in digitalFilters.indices { digitalFilters[k].reset() }
        for axis in 0..<3 {
            rms[axis].reset()
            detectors[axis].reset()
        }
        for k in appleFilters.indices { appleFilters[k].reset() }
        previousTriggers = 0
    }
}
