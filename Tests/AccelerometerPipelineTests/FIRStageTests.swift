import AccelerometerPipeline
import FilterRequests
import FilterSets
import FilterRuntime
import Testing

/// A FIR filter on the pipeline's axes (`--filter "remez --taps 31 ..."`,
/// as `mkfilter pipeline`, `spectrum` and `suggest` read it): the words go
/// through the FIR commands' reader, the taps are the command's, and each
/// axis's output is the convolution y[n] = sum_k h[k] x[n-k] with the
/// signal before its first sample held at that sample (the steady state),
/// computed here independently.
@Suite struct FIRStageTests {
    @Test func aFIRAxisIsTheConvolutionFromTheSteadyState() throws {
        var settings = PipelineSettings()
        let words = "remez --taps 31 --bands 0 5 8 30 --desired 1 0 --sample-rate 60"
        guard case .fir(let t) = try settings.resolve(words, sampleRate: 60) else { Issue.record("not a FIR filter"); return }
        let fields = try FIRFields(method: .remez, optionWords: ["--taps", "31", "--bands", "0", "5", "8", "30", "--desired", "1", "0", "--sample-rate", "60"])
        #expect(t.taps == (try fields.design().filter.taps) && t.taps.count == 31)
        var pipeline = try AccelerationPipeline(PipelineConfiguration(all: AxisConfiguration(filter: .fir(t))), sampleRate: 60)
        let x = (0..<200).map { n in Acceleration(x: Double(n % 13) / 13 - 0.4, y: n < 100 ? 1 : -1, z: 0.98 + 0.01 * Double(n % 3)) }
        let out = x.map { pipeline.process($0).filtered }
        for axis in 0..<3 {
            let signal = x.map { $0[axis] }
            let exact = signal.indices.map { n in (0..<t.taps.count).reduce(0.0) { $0 + t.taps[$1] * signal[max(n - $1, 0)] } }
            let peak = exact.map(abs).max()!
            let worst = zip(out.map { $0[axis] }, exact).map { abs($0 - $1) }.max()!
            #expect(worst <= 1e-13 * peak, "axis \(axis): \(worst / peak) of the peak")
        }
        // Given at another rate than the data's, it is refused by name.
        #expect(throws: ApplicationError.self) { try settings.resolve("firwin --taps 31 --cutoff 5 --sample-rate 100", sampleRate: 60) }
        #expect(throws: ApplicationError.self) { try settings.resolve("firwin --taps 31", sampleRate: 60) }
        // A rate measured from the times, an ulp off, is the design's rate.
        guard case .fir = try settings.resolve(words, sampleRate: 60.00000000000001) else { Issue.record("refused"); return }
    }
}
