import AccelerometerPipeline
import FilterAnalysis
import FilterRequests
import AnalysisRequests
import FilterDesign
import FilterRuntime
import Foundation
import Testing

/// FFTW's overlap-save (`OverlapSave`) is the convolution y[n] = sum_k h[k]
/// x[n-k], computed here term by term, to 1e-13 of the output's peak, for
/// filters from 1 to 600 taps and signals shorter than one block, of one
/// block exactly and of many; with the inputs before the signal held at a
/// value (the steady state); one output for each input. And `spectrum
/// --filter` with a FIR filter longer than `OverlapSave.directFormLimit`
/// (run by FFT) gives the filtered spectrum that the direct form's output,
/// as a recording of its own, gives.
@Suite struct OverlapSaveTests {
    static func signal(_ count: Int, seed: UInt64) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 52) - 1
        }
    }

    @Test func isTheConvolution() throws {
        for taps in [1, 2, 31, 256, 600] {
            let h = Self.signal(taps, seed: UInt64(taps))
            let block = OverlapSave.fftLength(taps: taps) - taps + 1
            for count in [0, 1, 63, block, block + 1, 2 * block + 17] {
                for before in [0.0, 0.75] {
                    let x = Self.signal(count, seed: 7)
                    let y = OverlapSave.filter(x, taps: h, before: before)
                    #expect(y.count == count, "\(taps) taps, \(count) samples")
                    guard y.count == count, count > 0 else { continue }
                    let exact = x.indices.map { n in (0..<taps).reduce(0.0) { $0 + h[$1] * (n - $1 >= 0 ? x[n - $1] : before) } }
                    let peak = exact.map(abs).max()!
                    let worst = zip(y, exact).map { abs($0 - $1) }.max()!
                    #expect(worst <= 1e-13 * peak, "\(taps) taps, \(count) samples, before \(before): \(worst / peak) of the peak")
                }
            }
        }
    }

    @Test func spectrumRunsALongFIRFilterByFFTAsTheDirectFormWould() throws {
        let text = try String(contentsOfFile: SpectrumTests.recordingPath, encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        let taps = try firwin(taps: 301, cutoffs: [0.05], band: .lowpass)
        #expect(taps.count > OverlapSave.directFormLimit)
        let template = FIRTemplate(name: "firwin 301", description: "", designSampleRate: 60, taps: taps, mkfilterCommandLine: "")
        let input = try RecordingInput(bytes: Array(text.utf8), name: "shake-60Hz.csv", sampleRate: 60)
        let spectrum = try RecordingSpectrum.estimate(input, segment: 256, filter: .init(name: "firwin 301", filter: .fir(template)))
        // The direct form from the steady state, axis by axis, as a recording.
        var filtered = "t,x,y,z\n"
        var axes = (0..<3).map { _ in FIRDirectForm<Double>(taps) }
        for k in 0..<3 { axes[k].reset(toSteadyStateFor: rows[0][k + 1]) }
        for row in rows {
            let y = (0..<3).map { axes[$0].process(row[$0 + 1]) }
            filtered += "\(row[0]),\(y[0]),\(y[1]),\(y[2])\n"
        }
        let direct = try RecordingSpectrum.estimate(try RecordingInput(bytes: Array(filtered.utf8), name: "direct.csv", sampleRate: 60), segment: 256)
        let byFFT = try #require(spectrum.filtered)
        #expect(byFFT.psd.count == 3 && byFFT.frequencies == direct.raw.frequencies)
        for axis in 0..<3 {
            let peak = direct.raw.psd[axis].max()!
            let worst = zip(byFFT.psd[axis], direct.raw.psd[axis]).map { abs($0 - $1) }.max()!
            #expect(worst <= 1e-12 * peak, "axis \(axis): \(worst / peak) of the peak")
        }
    }
}
