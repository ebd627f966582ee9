import AccelerometerPipeline
import FilterRuntime
import Testing

/// Sources, Apple's filters (adaptive too), the moving RMS and the detector,
/// each against sequences computed by hand.
@Suite struct SignalSourceTests {
    @Test func sineStartsAfterItsLeadingZeros() throws {
        // f = fs / 4: one sample per quarter cycle.
        let sine = try SignalSource.checkedSine(amplitude: 1.5, frequency: 15, sampleRate: 60, leadingZeros: 2)
        let expected = [0, 0, 0, 1.5, 0, -1.5, 0, 1.5]
        for (got, want) in zip(sine.samples(8), expected) { #expect(abs(got - want) <= 1e-15) }
        // Far out, the phase is still exact (computed from the index, not accumulated).
        #expect(abs(sine.sample(2 + 4 * 100_000_001) - 0) <= 1e-15)
        #expect(abs(sine.sample(2 + 4 * 100_000_001 + 1) - 1.5) <= 1e-15)
    }

    @Test func stepImpulseRecorded() throws {
        #expect(try SignalSource.checkedStep(amplitude: 0.5, leadingZeros: 3).samples(6) == [0, 0, 0, 0.5, 0.5, 0.5])
        #expect(try SignalSource.checkedImpulse(amplitude: 2, leadingZeros: 1).samples(4) == [0, 2, 0, 0])
        #expect(try SignalSource.checkedImpulse(amplitude: 1).samples(3) == [1, 0, 0])
        let recorded = SignalSource.recorded([0.1, -0.2, 0.3])
        #expect(recorded.samples(3) == [0.1, -0.2, 0.3])
        #expect(recorded.recordedCount == 3)
    }

    @Test(arguments: [
        (2.5, 5.0, "sine amplitude 2.5 g must be in 0 ... 2 g"),
        (-0.1, 5.0, "sine amplitude -0.1 g must be in 0 ... 2 g"),
        (1.0, 30.0, "sine frequency 30 Hz must be above 0 and below Nyquist (30 Hz) for sample rate 60 Hz"),
        (1.0, 0.0, "sine frequency 0 Hz must be above 0 and below Nyquist (30 Hz) for sample rate 60 Hz"),
        (Double.nan, 5.0, "sine amplitude NaN g must be in 0 ... 2 g"),
    ])
    func sineLimits(_ amplitude: Double, _ frequency: Double, _ message: String) {
        #expect(throws: PipelineError(message)) {
            try SignalSource.checkedSine(amplitude: amplitude, frequency: frequency, sampleRate: 60)
        }
    }
}

@Suite struct AppleFilterTests {
    // fs = 10 Hz, cutoff 1: dt = 0.1, RC = 1.
    static let a = 0.1 / 1.1          // low-pass: dt / (dt + RC) = 1/11
    static let h = 1.0 / 1.1          // high-pass: RC / (dt + RC) = 10/11

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-15 * max(1, abs(b)) }

    @Test func lowPassStep() throws {
        var f = try AppleFirstOrderFilter(.lowPass, sampleRate: 10, cutoff: 1)
        #expect(f.filterConstant == Self.a)
        let ys = (0..<3).map { _ in f.process(Acceleration(x: 1, y: 2, z: 0)).x }
        // y1 = 1/11, y2 = 1/11 + (10/11)(1/11) = 21/121, y3 = 1/11 + (10/11)(21/121) = 331/1331
        for (y, want) in zip(ys, [1.0 / 11, 21.0 / 121, 331.0 / 1331]) { #expect(near(y, want)) }
        #expect(near(f.output.y, 2 * 331.0 / 1331))
    }

    @Test func highPassStep() throws {
        var f = try AppleFirstOrderFilter(.highPass, sampleRate: 10, cutoff: 1)
        let ys = (0..<3).map { _ in f.process(Acceleration(x: 1, y: 0, z: 0)).x }
        // y1 = h (0 + 1 - 0) = 10/11, y2 = h (10/11 + 1 - 1) = 100/121, y3 = 1000/1331
        for (y, want) in zip(ys, [10.0 / 11, 100.0 / 121, 1000.0 / 1331]) { #expect(near(y, want)) }
    }

    /// d = clamp(|norm(y) - norm(x)| / 0.02 - 1, 0, 1) over the three axes.
    @Test func adaptiveLowPass() throws {
        // A change of 0.01 g in the norm: d = 0, alpha = a / 3 (noise, filtered harder).
        var quiet = try AppleFirstOrderFilter(.lowPass, sampleRate: 10, cutoff: 1, adaptive: true)
        #expect(near(quiet.process(Acceleration(x: 0.01, y: 0, z: 0)).x, 0.01 * Self.a / 3))
        // Norm 0.03 spread over two axes (0.018, 0.024): d = 0.5, alpha = (1-d) a/3 + d a = 2a/3.
        var half = try AppleFirstOrderFilter(.lowPass, sampleRate: 10, cutoff: 1, adaptive: true)
        let y = half.process(Acceleration(x: 0.018, y: 0.024, z: 0))
        #expect(near(y.x, 0.018 * 2 * Self.a / 3) && near(y.y, 0.024 * 2 * Self.a / 3) && y.z == 0)
        // A jump of 1 g: d = 1, alpha = a.
        var jump = try AppleFirstOrderFilter(.lowPass, sampleRate: 10, cutoff: 1, adaptive: true)
        #expect(near(jump.process(Acceleration(x: 0, y: 0, z: 1)).z, Self.a))
    }

    @Test func adaptiveHighPass() throws {
        // d = 0: alpha = a (unchanged for noise); d = 0.5: alpha = d a/3 + (1-d) a = 2a/3; d = 1: a/3.
        for (input, alpha) in [(0.01, Self.h), (0.03, 2 * Self.h / 3), (1.0, Self.h / 3)] {
            var f = try AppleFirstOrderFilter(.highPass, sampleRate: 10, cutoff: 1, adaptive: true)
            #expect(near(f.process(Acceleration(x: input, y: 0, z: 0)).x, alpha * input), "input \(input)")
        }
        // The second sample uses the norm of the first output: y1 = 0.01 h (d = 0);
        // x2 = 0.01 again: |norm(y1) - 0.01| = 0.01 (1 - h) < 0.02, d = 0: y2 = h (y1 + 0).
        var f = try AppleFirstOrderFilter(.highPass, sampleRate: 10, cutoff: 1, adaptive: true)
        let y1 = f.process(Acceleration(x: 0.01, y: 0, z: 0)).x
        #expect(near(f.process(Acceleration(x: 0.01, y: 0, z: 0)).x, Self.h * y1))
    }

    @Test func templateIsTheSameRecurrence() throws {
        for kind in AppleFirstOrderFilter.Kind.allCases {
            var apple = try AppleFirstOrderFilter(kind, sampleRate: 60, cutoff: 5)
            var digital = DigitalFilter<Double>(apple.template())
            for n in 0..<200 {
                let x = SignalSource.sine(amplitude: 1, frequency: 3, sampleRate: 60, leadingZeros: 5).sample(n)
                let want = apple.process(Acceleration(x: x, y: 0, z: 0)).x
                #expect(abs(digital.process(x) - want) <= 1e-14, "\(kind) sample \(n)")
            }
        }
    }

    @Test func badSettings() {
        #expect(throws: PipelineError("Apple filter cutoff 0 must be a finite number above 0")) {
            try AppleFirstOrderFilter(.lowPass, sampleRate: 60, cutoff: 0)
        }
    }
}

@Suite struct MovingRMSTests {
    @Test func handComputed() throws {
        var rms = try MovingRMS(window: 3)
        let out = [3.0, 4, 0, 0, 0, 1].map { rms.process($0) }
        let want = [(9.0 / 3).squareRoot(), (25.0 / 3).squareRoot(), (25.0 / 3).squareRoot(), (16.0 / 3).squareRoot(), 0, (1.0 / 3).squareRoot()]
        for (got, w) in zip(out, want) { #expect(abs(got - w) <= 1e-15) }
        #expect(throws: PipelineError("RMS window 0 must be at least 1 sample")) { try MovingRMS(window: 0) }
    }

    /// 10^8 samples, loud then quiet, against a direct recomputation of the last
    /// window: a running sum that adds and subtracts would be off by about
    /// 1e-6 of the loud level here, i.e. by percent of the quiet one.
    @Test func doesNotDriftOverAHundredMillionSamples() throws {
        let window = 37
        var rms = try MovingRMS(window: window)
        var last = [Double](repeating: 0, count: window)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var result = 0.0
        let total = 100_000_000
        for n in 0..<total {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) * 0x1p-53 - 0.5
            let x = n < total - 2 * window ? 1000 * unit : 0.001 * unit
            last[n % window] = x
            result = rms.process(x)
        }
        let direct = (last.reduce(0) { $0 + $1 * $1 } / Double(window)).squareRoot()
        // Both sums have at most `window` terms: relative error below ~2 window u.
        #expect(abs(result - direct) <= 4 * Double(window) * 0x1p-53 * direct, "\(result) vs \(direct)")
    }

    /// The RMS of the last N samples computed without squaring: scaled by the
    /// largest, so nothing overflows or underflows (a reference for any magnitude).
    static func reference(_ window: [Double]) -> Double {
        let largest = window.map(abs).max() ?? 0
        guard largest > 0 else { return 0 }
        return largest * (window.reduce(0) { $0 + ($1 / largest) * ($1 / largest) } / Double(window.count)).squareRoot()
    }

    /// Samples whose squares overflow (1e155 and above, up to the largest
    /// double) or underflow (1e-160 and below), mixed with ordinary ones in
    /// every order: the RMS is finite and right to a few rounding errors at
    /// every sample, before, while and after the extreme samples pass through
    /// the window. (The RMS used to be inf from 1e155 up.)
    @Test(arguments: [1, 2, 7, 30]) func noOverflowOrUnderflow(window: Int) throws {
        var rms = try MovingRMS(window: window)
        var last = [Double](repeating: 0, count: window)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        // (Not 1 right after the largest double: a sample 1e287 times smaller
        // than the largest in the window is only as precise as its subnormal
        // square until the next lap; see MovingRMS.)
        let magnitudes = [1.0, 1e155, 1e300, Double.greatestFiniteMagnitude, 1e30, 1e-3, 1e-160, 1e-300, Double.leastNonzeroMagnitude, 1e200, 0.5, 1e-250, 1e30]
        var n = 0
        for magnitude in magnitudes {
            for _ in 0..<(3 * window + 2) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let unit = Double(state >> 11) * 0x1p-53 * 2 - 1
                let x = magnitude == Double.greatestFiniteMagnitude ? magnitude * (unit < 0 ? -1 : 1) : magnitude * unit
                last[n % window] = x
                n += 1
                let got = rms.process(x)
                let want = Self.reference(n < window ? Array(last[..<n]) + [Double](repeating: 0, count: window - n) : last)
                #expect(got.isFinite, "sample \(n): \(x)")
                // Subnormal squares (5e-324 against 1e-300) are only as precise as they are.
                let tolerance = 4 * Double(window) * 0x1p-53 * want + 0x1p-1063
                #expect(abs(got - want) <= tolerance, "sample \(n) (x = \(x)): \(got) vs \(want)")
            }
        }
    }

    /// Ordinary samples give exactly what the unscaled sums give (the scale
    /// is 1 for them): the pipeline's figures do not change.
    @Test func ordinarySamplesAreUnscaled() throws {
        var rms = try MovingRMS(window: 5)
        var squares = [Double](repeating: 0, count: 5)
        var tail = [Double](repeating: 0, count: 6), head = 0.0, index = 0
        for n in 0..<200 {
            let x = Double(n % 17) - 8.25
            // The original algorithm, verbatim: squares, a head sum, suffix sums per lap.
            squares[index] = x * x
            head += x * x
            index += 1
            let sum = head + tail[index]
            if index == 5 {
                var running = 0.0
                for k in stride(from: 4, through: 0, by: -1) { running += squares[k]; tail[k] = running }
                head = 0
                index = 0
            }
            #expect(rms.process(x) == (sum / 5).squareRoot())
        }
    }
}

@Suite struct ThresholdDetectorTests {
    /// M contiguous samples above trigger; M - 1 do not.
    @Test func countBoundary() throws {
        var d = try ThresholdDetector(threshold: 1, count: 3)
        #expect([2.0, 2, 0, 2, 2, 2, 2, 0.5].map { d.process($0) } == [false, false, false, false, false, true, true, false])
    }

    /// "Exceeds" is strict: a level equal to the threshold does not count, and breaks the run.
    @Test func equalDoesNotExceed() throws {
        var d = try ThresholdDetector(threshold: 0.25, count: 2)
        #expect([0.25, 0.25, 0.25].map { d.process($0) } == [false, false, false])
        #expect([0.3, 0.25, 0.3, 0.3].map { d.process($0) } == [false, false, false, true])
        #expect([Double.nan].map { d.process($0) } == [false])
    }

    @Test func countOfOne() throws {
        var d = try ThresholdDetector(threshold: 0, count: 1)
        #expect([0.1, 0, 0.1].map { d.process($0) } == [true, false, true])
        #expect(throws: PipelineError("trigger count 0 must be at least 1 sample")) { try ThresholdDetector(threshold: 0, count: 0) }
    }
}

@Suite struct AccelerationPipelineTests {
    @Test func allAxesIsCopiedOntoEach() throws {
        let axis = AxisConfiguration(filter: .apple(.highPass, cutoff: 5, adaptive: false), rmsWindow: 4, threshold: 0.3, count: 2)
        let all = PipelineConfiguration(all: axis)
        #expect(all.x == axis && all.y == axis && all.z == axis)
        var pipeline = try AccelerationPipeline(all, sampleRate: 60, initialState: .zero)
        var separate = try (0..<3).map { _ in try AppleFirstOrderFilter(.highPass, sampleRate: 60, cutoff: 5) }
        for n in 0..<50 {
            let input = Acceleration(x: n % 7 == 0 ? 1 : 0, y: Double(n % 3), z: -0.5)
            let out = pipeline.process(input)
            for axis in 0..<3 {
                let want = separate[axis].process(Acceleration(x: input[axis], y: 0, z: 0)).x
                #expect(abs(out.filtered[axis] - want) <= 1e-15)
            }
        }
    }

    /// Per-axis settings, hand-checked: x passes through with window 2 and
    /// count 2; y has a threshold it never exceeds; z an impulse through a
    /// 1-sample window.
    @Test func perAxisChainAndOnsets() throws {
        let config = PipelineConfiguration(
            x: AxisConfiguration(filter: .passThrough, rmsWindow: 2, threshold: 0.5, count: 2),
            y: AxisConfiguration(filter: .passThrough, rmsWindow: 1, threshold: 10, count: 1),
            z: AxisConfiguration(filter: .passThrough, rmsWindow: 1, threshold: 0.5, count: 1))
        var p = try AccelerationPipeline(config, sampleRate: 60)
        let xs = [1.0, 1, 1, 0, 0, 1, 1]
        let zs = [0.0, 0, 1, 0, 0, 0, 1]
        var xTriggers: [Bool] = [], zOnsets: [Int] = [], xRMS: [Double] = []
        for n in xs.indices {
            let out = p.process(Acceleration(x: xs[n], y: 3, z: zs[n]))
            xTriggers.append(out.isTriggered(0))
            xRMS.append(out.rms.x)
            if out.onsets & 4 != 0 { zOnsets.append(n) }
            #expect(!out.isTriggered(1))
        }
        // x RMS over 2: sqrt(1/2), 1, 1, sqrt(1/2), 0, sqrt(1/2), 1 -> above 0.5 at 0,1,2,3,5,6
        #expect(xTriggers == [false, true, true, true, false, false, true])
        #expect(abs(xRMS[0] - 0.5.squareRoot()) <= 1e-15)
        #expect(zOnsets == [2, 6])
    }

    @Test func adaptiveAppleSeesAllThreeAxes() throws {
        let config = PipelineConfiguration(all: AxisConfiguration(filter: .apple(.lowPass, cutoff: 1, adaptive: true)))
        var p = try AccelerationPipeline(config, sampleRate: 10, initialState: .zero)
        let out = p.process(Acceleration(x: 0.018, y: 0.024, z: 0))
        let a = 0.1 / 1.1
        #expect(abs(out.filtered.x - 0.018 * 2 * a / 3) <= 1e-17)
        #expect(abs(out.filtered.y - 0.024 * 2 * a / 3) <= 1e-17)
    }

    @Test func badAxisIsNamed() {
        var config = PipelineConfiguration(all: AxisConfiguration())
        config.y.rmsWindow = 0
        #expect(throws: PipelineError("axis y: RMS window 0 must be at least 1 sample")) {
            try AccelerationPipeline(config, sampleRate: 60)
        }
    }
}
