import AccelerometerPipeline
import FilterRuntime
import Foundation
import Testing

/// The accelerometer articles' stages, each against the seed formula
/// recomputed here, independently, in the articles' own words.
@Suite struct ArticleStageTests {
    /// A recording-like signal: noise, with gravity on one axis and bursts.
    static func signal(_ count: Int, seed: UInt64, offset: Double = 0, burst: Double = 0) -> [Double] {
        var state = seed
        return (0..<count).map { n in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = (Double(state >> 11) * 0x1p-53 - 0.5) * 0.05
            let inBurst = (n / 50) % 4 == 1
            return offset + noise + (inBurst ? burst * sin(Double(n) * 0.9) : 0)
        }
    }

    @Test func filterFactorLowPassIsTheArticleFormula() throws {
        let xs = Self.signal(500, seed: 1, offset: 1, burst: 0.8)
        for f in [0.1, 0.37, 1.0] {
            var filter = try FilterFactorLowPass(factor: f)
            // #define FILTERFACTOR f; value = x * f + previous * (1 - f), previous starting at 0.
            var previous = 0.0
            for x in xs {
                previous = x * f + previous * (1 - f)
                #expect(filter.process(x) == previous)
            }
        }
    }

    @Test func filterFactorHighPassIsTheArticleFormulaAsWritten() throws {
        let xs = Self.signal(500, seed: 2, offset: -0.3, burst: 1)
        var filter = try FilterFactorHighPass(factor: 0.1)
        var previous = 0.0
        for x in xs {
            previous = x - x * 0.1 + previous * (1 - 0.1)
            #expect(filter.process(x) == previous)
        }
        // What it does: a constant input settles at (1 - f) / f times itself, 9x.
        var settle = try FilterFactorHighPass(factor: 0.1)
        var y = 0.0
        for _ in 0..<2000 { y = settle.process(0.5) }
        #expect(abs(y - 4.5) <= 1e-12)
    }

    @Test func iBellsHighPassIsInputMinusTheLowPass() throws {
        let xs = Self.signal(500, seed: 3, offset: 1, burst: 0.5)
        var filter = try IBellsHighPass(factor: 0.1)
        var low = 0.0
        for x in xs {
            low = x * 0.1 + low * (1 - 0.1)
            #expect(filter.process(x) == x - low)
        }
    }

    @Test func kalmanIsTheArticleFormula() throws {
        let ms = Self.signal(300, seed: 4, offset: 0.2, burst: 0.3)
        var smoother = try KalmanSmoother()
        // q = r = p0 = 0.1; x starts at the first measurement.
        let q = 0.1, r = 0.1
        var p = 0.1, x = ms[0], k = 0.0
        for m in ms {
            p = p + q
            k = p / (p + r)
            x = x + k * (m - x)
            p = (1 - k) * p
            #expect(smoother.process(m) == x)
        }
        #expect(smoother.gain == k)
    }

    /// p converges to the fixed point of p -> (p + q) r / (p + q + r), and the
    /// gain to k* = (p* + q) / (p* + q + r): for q = r, (sqrt(5) - 1) / 2.
    @Test func kalmanConvergesToAFirstOrderLowPass() throws {
        var smoother = try KalmanSmoother()
        for n in 0..<40 { _ = smoother.process(Double(n % 3)) }
        let golden = (5.0.squareRoot() - 1) / 2
        #expect(abs(smoother.gain - golden) <= 1e-14)
        #expect(abs(smoother.steadyStateGain - golden) <= 1e-15)
        // Other noises: the fixed point found by iterating the error alone.
        for (q, r) in [(0.01, 1.0), (2.0, 0.5), (1e-6, 1e-3)] {
            let s = try KalmanSmoother(processNoise: q, measurementNoise: r, initialError: 1)
            var p = 1.0, k = 0.0
            for _ in 0..<200_000 {
                let prior = p + q
                k = prior / (prior + r)
                p = (1 - k) * prior
            }
            #expect(abs(s.steadyStateGain - k) <= 1e-12 * k, "q \(q) r \(r)")
        }
        // After convergence it is the FILTERFACTOR low-pass with f = k*.
        var converged = try KalmanSmoother()
        for _ in 0..<60 { _ = converged.process(0.5) }
        var low = try FilterFactorLowPass(factor: converged.steadyStateGain)
        low.reset(toSteadyStateFor: 0.5)
        for m in Self.signal(100, seed: 5) {
            #expect(abs(converged.process(m) - low.process(m)) <= 1e-14)
        }
    }

    @Test func badSettingsAreNamed() {
        #expect(throws: PipelineError("FILTERFACTOR 0 must be above 0 and at most 1 (the weight of the new sample; the articles use 0.1)")) {
            try FilterFactorLowPass(factor: 0)
        }
        #expect(throws: PipelineError("FILTERFACTOR 1.5 must be above 0 and at most 1 (the weight of the new sample; the articles use 0.1)")) {
            try IBellsHighPass(factor: 1.5)
        }
        #expect(throws: PipelineError("Kalman measurement noise r 0 must be above 0 and at most 1e+300 (the articles use 0.1)")) {
            try KalmanSmoother(processNoise: 0.1, measurementNoise: 0, initialError: 0.1)
        }
        #expect(throws: PipelineError("Kalman process noise q -1 must be in 0 ... 1e+300 (the articles use 0.1)")) {
            try KalmanSmoother(processNoise: -1, measurementNoise: 0.1, initialError: 0.1)
        }
        #expect(throws: PipelineError("shake re-arm threshold 0.8 g must be in 0 ... 0.7 (the shake threshold; the articles use 0.2)")) {
            try ShakeDetector(onThreshold: 0.7, offThreshold: 0.8)
        }
        #expect(throws: PipelineError("minimum interval -1 s must be a finite number, 0 or more")) { try Debounce(minimumInterval: -1) }
    }

    /// The articles' detector, recomputed: `L0AccelerationIsShaking` and the
    /// hysteresis exactly as their code reads, then `minTimeDelta`.
    static func articleShakes(_ samples: [Acceleration], times: [Double], on: Double, off: Double, minTimeDelta: Double?) -> [Int] {
        func isShaking(_ last: Acceleration, _ current: Acceleration, _ threshold: Double) -> Bool {
            let deltaX = abs(last.x - current.x), deltaY = abs(last.y - current.y), deltaZ = abs(last.z - current.z)
            return (deltaX > threshold && deltaY > threshold) || (deltaX > threshold && deltaZ > threshold)
                || (deltaY > threshold && deltaZ > threshold)
        }
        var shakes: [Int] = []
        var lastAcceleration: Acceleration?
        var histeresisExcited = false
        var lastShakeTime: Double?
        for (n, acceleration) in samples.enumerated() {
            if let last = lastAcceleration {
                if !histeresisExcited && isShaking(last, acceleration, on) {
                    histeresisExcited = true
                    if let minTimeDelta, let lastShakeTime, !(times[n] - lastShakeTime > minTimeDelta) {
                        // too soon: not acted on
                    } else {
                        shakes.append(n)
                        lastShakeTime = times[n]
                    }
                } else if histeresisExcited && !isShaking(last, acceleration, off) {
                    histeresisExcited = false
                }
            }
            lastAcceleration = acceleration
        }
        return shakes
    }

    static func shakeRecording(_ count: Int) -> [Acceleration] {
        let x = signal(count, seed: 11, burst: 1.2), y = signal(count, seed: 12, burst: 0.9), z = signal(count, seed: 13, offset: 1)
        return (0..<count).map { Acceleration(x: x[$0], y: y[$0], z: z[$0]) }
    }

    @Test(arguments: [nil, 0.0, 0.25, 1.0, 2.5])
    func shakeDetectorIsTheArticleCode(_ minTimeDelta: Double?) throws {
        let samples = Self.shakeRecording(2000)
        let times = samples.indices.map { Double($0) / 60 }
        let expected = Self.articleShakes(samples, times: times, on: 0.7, off: 0.2, minTimeDelta: minTimeDelta)
        #expect(expected.count >= 5, "the recording should shake: \(expected)")
        var configuration = PipelineConfiguration(all: AxisConfiguration())
        configuration.shakeDetector = try ShakeDetector()
        if let minTimeDelta { configuration.debounce = try Debounce(minimumInterval: minTimeDelta) }
        var pipeline = try AccelerationPipeline(configuration, sampleRate: 60)
        var got: [Int] = []
        for (n, a) in samples.enumerated() where pipeline.process(a, at: times[n]).shakeOnset { got.append(n) }
        #expect(got == expected)
        if let minTimeDelta, minTimeDelta >= 1 {
            let undebounced = Self.articleShakes(samples, times: times, on: 0.7, off: 0.2, minTimeDelta: nil)
            #expect(got.count < undebounced.count, "the debounce should drop some")
        }
    }

    /// "Strictly more" than the interval: an onset exactly one interval after
    /// the last reported one is dropped.
    @Test func debounceIsStrict() throws {
        var d = try Debounce(minimumInterval: 0.5)
        #expect([0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.2501].map { d.admit(at: $0) } == [true, false, false, true, false, false, true])
    }

    @Test func triggerOnsetsAreDebouncedPerAxis() throws {
        var configuration = PipelineConfiguration(all: AxisConfiguration(filter: .passThrough, rmsWindow: 1, threshold: 0.5, count: 1))
        configuration.debounce = try Debounce(minimumInterval: 0.05)
        var pipeline = try AccelerationPipeline(configuration, sampleRate: 100)
        // x pulses every 3 samples (0.03 s), y every 10 (0.1 s).
        var xOnsets: [Int] = [], yOnsets: [Int] = []
        for n in 0..<40 {
            let out = pipeline.process(Acceleration(x: n % 3 == 0 ? 1 : 0, y: n % 10 == 0 ? 1 : 0, z: 0))
            if out.onsets & 1 != 0 { xOnsets.append(n) }
            if out.onsets & 2 != 0 { yOnsets.append(n) }
        }
        // x: 0, then the next pulse more than 0.05 s later: 6 (0.06 s), 12, ...
        #expect(xOnsets == [0, 6, 12, 18, 24, 30, 36])
        #expect(yOnsets == [0, 10, 20, 30])
    }

    @Test func orientationClassesAtTheArticleBoundaries() {
        #expect(DeviceOrientation.tiltAngle(x: 0, y: -1) == -Double.pi / 2)
        #expect(DeviceOrientation(Acceleration(x: 0, y: -1, z: 0)) == .portrait)
        #expect(DeviceOrientation(Acceleration(x: 0, y: 1, z: 0)) == .portraitUpsideDown)
        #expect(DeviceOrientation(Acceleration(x: -1, y: 0, z: 0)) == .landscapeRight)   // atan2(0, 1) = 0
        #expect(DeviceOrientation(Acceleration(x: 1, y: 0.01, z: 0)) == .landscapeLeft)  // near pi
        let cases: [(Double, DeviceOrientation)] = [
            (-3.1, .landscapeLeft), (-2.25, .portrait), (-2.2499, .portrait), (-0.75, .portrait),
            (-0.7499, .landscapeRight), (0, .landscapeRight), (0.7499, .landscapeRight), (0.75, .portraitUpsideDown),
            (2.25, .portraitUpsideDown), (2.2501, .landscapeLeft), (Double.pi, .landscapeLeft), (-2.2501, .landscapeLeft),
        ]
        for (angle, orientation) in cases { #expect(DeviceOrientation(angle: angle) == orientation, "\(angle)") }
    }

    @Test func yawFromTheQuaternion() {
        // A rotation by theta about the device's y axis: q = (cos(theta/2), 0, sin(theta/2), 0);
        // 2 (qx qz - qw qy) = -sin(theta), so yaw = -theta for |theta| <= pi/2.
        for theta in [-1.2, -0.3, 0, 0.5, 1.5] {
            let q = Attitude(w: cos(theta / 2), x: 0, y: sin(theta / 2), z: 0)
            // asin amplifies the product's rounding by 1 / cos(theta), up to 14 here.
            #expect(abs(q.yaw + theta) <= 1e-13, "\(theta)")
            #expect(q.yaw == asin(2 * (q.x * q.z - q.w * q.y)))
        }
        // Rounding past 1: clamped, not NaN.
        let edge = Attitude(w: -0.7071067811865476, x: 0, y: 0.7071067811865476, z: 0)
        #expect(edge.yaw == Double.pi / 2)
    }

    /// The first-order filters start in the steady state of their first
    /// sample: a constant input gives a constant output from the start.
    @Test func firstOrderFiltersStartInSteadyState() throws {
        for filter in [AxisFilter.filterFactorLowPass(factor: 0.1), .filterFactorHighPass(factor: 0.1), .iBellsHighPass(factor: 0.1)] {
            var pipeline = try AccelerationPipeline(PipelineConfiguration(all: AxisConfiguration(filter: filter)), sampleRate: 60)
            let first = pipeline.process(Acceleration(x: 0.2, y: -0.5, z: 1)).filtered
            for _ in 0..<20 {
                let out = pipeline.process(Acceleration(x: 0.2, y: -0.5, z: 1)).filtered
                // A few ulps of the output (9 g for the article's "high-pass").
                #expect(abs(out.z - first.z) <= 1e-14 * max(1, abs(first.z)) && abs(out.y - first.y) <= 1e-14 * max(1, abs(first.y)), "\(filter)")
            }
            var zero = try AccelerationPipeline(PipelineConfiguration(all: AxisConfiguration(filter: filter)), sampleRate: 60, initialState: .zero)
            let fromRest = zero.process(Acceleration(x: 0.2, y: -0.5, z: 1)).filtered
            #expect(fromRest.z != first.z, "\(filter): at rest the first output differs")
        }
    }
}
