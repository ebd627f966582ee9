import FilterRuntime

/// Shake!'s test bed on three axes: per axis, raw -> filter -> moving RMS ->
/// threshold trigger; beside it, optionally, the accelerometer articles'
/// shake detector on the raw samples, and their `minTimeDelta` debounce of
/// every detector's onsets. One `process` call per accelerometer sample.
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
        /// The triggers that switched on at this sample (same bits) and were
        /// reported: with a debounce, an onset within its minimum interval of
        /// the axis' last reported onset is not.
        public var onsets: UInt8
        /// Whether the shake detector is excited (false without one).
        public var shaking = false
        /// Whether the shake detector reported a shake at this sample (after
        /// the debounce, if any).
        public var shakeOnset = false
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
        /// Index into `articleFilters`.
        case article(Int)
        /// Index into `firFilters`.
        case fir(Int)
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
    var articleFilters: [ArticleFilter]
    var firFilters: [FIRDirectForm<Double>] = []
    var rms: [MovingRMS]
    var detectors: [ThresholdDetector]
    var previousTriggers: UInt8 = 0
    var shakeDetector: ShakeDetector?
    /// One debounce per axis, then one for the shake detector.
    var debounces: [Debounce]
    /// Samples processed (the time of a sample without one is count / sampleRate).
    var count = 0

    /// Adds one axis' filter stage: the filter made for `sampleRate` (a
    /// template's sections, the three-axis cascade when every axis has the
    /// same sections; axes with the same Apple filter share one instance),
    /// and the stage that runs it.
    private mutating func appendFilterStage(_ filter: AxisFilter) throws(PipelineError) {
        switch filter {
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
        case .filterFactorLowPass(let f):
            articleFilters.append(.lowPass(try FilterFactorLowPass(factor: f)))
            stages.append(.article(articleFilters.count - 1))
        case .filterFactorHighPass(let f):
            articleFilters.append(.highPass(try FilterFactorHighPass(factor: f)))
            stages.append(.article(articleFilters.count - 1))
        case .iBellsHighPass(let f):
            articleFilters.append(.iBells(try IBellsHighPass(factor: f)))
            stages.append(.article(articleFilters.count - 1))
        case .fir(let t):
            firFilters.append(FIRDirectForm<Double>(t))
            stages.append(.fir(firFilters.count - 1))
        case let .kalman(q, r, p0):
            articleFilters.append(.kalman(try KalmanSmoother(processNoise: q, measurementNoise: r, initialError: p0)))
            stages.append(.article(articleFilters.count - 1))
        case .wholeSignal:
            // Its output comes whole, through `process(_:filtered:at:)`.
            stages.append(.identity)
        }
    }

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
        articleFilters = []
        rms = []
        detectors = []
        shakeDetector = configuration.shakeDetector
        debounces = configuration.debounce.map { Array(repeating: $0, count: 4) } ?? []
        // The same sections on every axis: one three-lane cascade.
        if case .template(let t) = configuration.x.filter, !t.sections.isEmpty,
           configuration.y.filter == configuration.x.filter, configuration.z.filter == configuration.x.filter {
            threeAxis = ThreeAxisSections<Double>(t.sections)
        }
        for axis in 0..<3 {
            let c = configuration[axis]
            let name = PipelineConfiguration.axisNames[axis]
            do {
                try appendFilterStage(c.filter)
                rms.append(try MovingRMS(window: c.rmsWindow))
                detectors.append(try ThresholdDetector(threshold: c.threshold, count: c.count))
            } catch {
                throw PipelineError("axis \(name): \(error.description)")
            }
        }
    }

    /// Runs one three-axis sample through the pipeline; its time (for the
    /// debounce) is its index divided by the sample rate.
    public mutating func process(_ input: Acceleration) -> Output {
        process(input, at: Double(count) / sampleRate)
    }

    /// Runs one three-axis sample, taken at `time` seconds, through the pipeline.
    public mutating func process(_ input: Acceleration, at time: Double) -> Output {
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
        var filtered = Acceleration(x: 0, y: 0, z: 0)
        for axis in 0..<3 {
            let value: Double
            switch stages[axis] {
            case .identity:
                value = input[axis]
            case .digital(let k):
                value = digitalFilters[k].process(input[axis])
            case .fir(let k):
                value = firFilters[k].process(input[axis])
            case .apple(let k):
                value = (k == 0 ? appleOutputs.0 : k == 1 ? appleOutputs.1 : appleOutputs.2)[axis]
            case .threeAxis:
                value = shared[axis]
            case .article(let k):
                value = articleFilters[k].process(input[axis])
            }
            filtered[axis] = value
        }
        return detect(input, filtered: filtered, at: time)
    }

    /// The stages after the filters (moving RMS, trigger, shake detector,
    /// debounce) for a sample whose filtered values were computed elsewhere,
    /// such as by `zeroPhaseFiltered` over a whole recording. The filters
    /// themselves are not run.
    public mutating func process(_ input: Acceleration, filtered: Acceleration, at time: Double) -> Output {
        started = true
        return detect(input, filtered: filtered, at: time)
    }

    mutating func detect(_ input: Acceleration, filtered: Acceleration, at time: Double) -> Output {
        count += 1
        var level = Acceleration(x: 0, y: 0, z: 0)
        var triggers: UInt8 = 0
        for axis in 0..<3 {
            let r = rms[axis].process(filtered[axis])
            level[axis] = r
            if detectors[axis].process(r) { triggers |= 1 << axis }
        }
        var onsets = triggers & ~previousTriggers
        previousTriggers = triggers
        if !debounces.isEmpty && onsets != 0 {
            for axis in 0..<3 where onsets & (1 << axis) != 0 && !debounces[axis].admit(at: time) {
                onsets &= ~(1 << axis)
            }
        }
        var output = Output(raw: input, filtered: filtered, rms: level, triggers: triggers, onsets: onsets)
        if shakeDetector != nil {
            var shake = shakeDetector!.process(input)
            if shake && !debounces.isEmpty { shake = debounces[3].admit(at: time) }
            output.shaking = shakeDetector!.isExcited
            output.shakeOnset = shake
        }
        return output
    }

    /// Each axis of a whole recording filtered forward and backward (zero
    /// phase, not causal; `ZeroPhase`, as scipy's `sosfiltfilt`), for
    /// `process(_:filtered:at:)`.
    ///
    /// - Throws: `PipelineError` when an axis' filter is not linear and
    ///   time-invariant (adaptive Apple filters, the Kalman smoother), has a
    ///   pole at z = 1, or the recording is too short for the padding.
    public func zeroPhaseFiltered(_ recording: [Acceleration]) throws(PipelineError) -> [Acceleration] {
        var result = recording
        for axis in 0..<3 {
            let filtered = try zeroPhaseFiltered(recording.map { $0[axis] }, axis: axis)
            for n in filtered.indices { result[n][axis] = filtered[n] }
        }
        return result
    }

    /// One axis of a whole recording, `signal`, filtered forward and backward
    /// by that axis' filter (`zeroPhaseFiltered(_:)` an axis at a time, so
    /// that a long recording need not be held twice over).
    ///
    /// - Throws: `PipelineError` as `zeroPhaseFiltered(_:)`.
    public func zeroPhaseFiltered(_ signal: [Double], axis: Int) throws(PipelineError) -> [Double] {
        let name = PipelineConfiguration.axisNames[axis]
        if case .wholeSignal(let filter) = configuration[axis].filter {
            do { return try filter.apply(signal) } catch { throw PipelineError("axis \(name): \(error.description)") }
        }
        guard let sections = configuration[axis].filter.sections(sampleRate: sampleRate) else {
            if case .fir = configuration[axis].filter {
                throw PipelineError("axis \(name): zero-phase filtering runs second-order sections forward and backward (scipy's sosfiltfilt); a FIR filter has taps, not sections: a linear-phase FIR filter's delay is already constant, (N - 1)/2 samples")
            }
            throw PipelineError("axis \(name): zero-phase filtering needs a linear, time-invariant filter; the adaptive Apple filters and the Kalman smoother are not")
        }
        guard signal.count >= ZeroPhase.minimumLength(sections) else {
            throw PipelineError("axis \(name): zero-phase filtering with this filter needs at least \(ZeroPhase.minimumLength(sections)) samples (\(ZeroPhase.padLength(sections)) are reflected at each end); the recording has \(signal.count)")
        }
        guard let filtered = ZeroPhase.filter(signal, sections: sections) else {
            throw PipelineError("axis \(name): the filter has a pole at z = 1 (no steady state to start from), so it cannot run forward and backward")
        }
        return filtered
    }

    /// Every filter in the steady state of `input` (see `InitialState`); the
    /// RMS windows and the detectors stay at rest.
    mutating func settle(at input: Acceleration) {
        for axis in 0..<3 {
            if case .digital(let k) = stages[axis] { digitalFilters[k].reset(toSteadyStateFor: input[axis]) }
            if case .fir(let k) = stages[axis] { firFilters[k].reset(toSteadyStateFor: input[axis]) }
        }
        threeAxis?.reset(toSteadyStateFor: SIMD4(input.x, input.y, input.z, 0))
        for k in appleFilters.indices { appleFilters[k].reset(toSteadyStateFor: input) }
        for axis in 0..<3 {
            if case .article(let k) = stages[axis] { articleFilters[k].reset(toSteadyStateFor: input[axis]) }
        }
    }

    /// Back to the initial state on every axis: the next sample starts the
    /// filters again (in its steady state, unless `initialState` is `.zero`).
    public mutating func reset() {
        started = false
        threeAxis?.reset()
        for k in digitalFilters.indices { digitalFilters[k].reset() }
        for k in firFilters.indices { firFilters[k].reset() }
        for axis in 0..<3 {
            rms[axis].reset()
            detectors[axis].reset()
        }
        for k in appleFilters.indices { appleFilters[k].reset() }
        for k in articleFilters.indices { articleFilters[k].reset() }
        shakeDetector?.reset()
        for k in debounces.indices { debounces[k].reset() }
        previousTriggers = 0
        count = 0
    }
}

/// One axis' filter from the accelerometer articles, run sample by sample.
enum ArticleFilter: Sendable {
    case lowPass(FilterFactorLowPass)
    case highPass(FilterFactorHighPass)
    case iBells(IBellsHighPass)
    case kalman(KalmanSmoother)

    mutating func process(_ x: Double) -> Double {
        switch self {
        case .lowPass(var f): let y = f.process(x); self = .lowPass(f); return y
        case .highPass(var f): let y = f.process(x); self = .highPass(f); return y
        case .iBells(var f): let y = f.process(x); self = .iBells(f); return y
        case .kalman(var f): let y = f.process(x); self = .kalman(f); return y
        }
    }

    /// The steady state of a constant `x`; the Kalman smoother starts at its
    /// first measurement anyway.
    mutating func reset(toSteadyStateFor x: Double) {
        switch self {
        case .lowPass(var f): f.reset(toSteadyStateFor: x); self = .lowPass(f)
        case .highPass(var f): f.reset(toSteadyStateFor: x); self = .highPass(f)
        case .iBells(var f): f.reset(toSteadyStateFor: x); self = .iBells(f)
        case .kalman: break
        }
    }

    mutating func reset() {
        switch self {
        case .lowPass(var f): f.reset(); self = .lowPass(f)
        case .highPass(var f): f.reset(); self = .highPass(f)
        case .iBells(var f): f.reset(); self = .iBells(f)
        case .kalman(var f): f.reset(); self = .kalman(f)
        }
    }
}
