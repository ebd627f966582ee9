import ComplexModule
import FilterAnalysis
import FilterRequests
import FilterEmission
import FilterDesign
import RealModule

/// A FIR filter's responses (`mkfilter response remez ...`, `impulse`,
/// `step`), with the columns of the IIR ones: of the filter as it runs
/// (`FIRAsRun`), its taps stored in Double or Float, or CMSIS's q15 or q31.
extension ResponseRequest {
    /// The most additions a step response may take (2^31, about a second).
    static let stepWorkLimit = Double(1 << 31)

    /// `filter`'s CSV into `sink`; the SVG, and in fixed point the notes: the
    /// scaling, the proof and the predicted SNR (and a warning where the
    /// format is not worth it).
    func produceTaps(_ filter: FIRFilter, into sink: ByteSink) throws(ApplicationError) -> (svg: String?, warnings: [String]) {
        let run: FIRAsRun
        if let fixedPoint { run = try FIRAsRun(filter, fixedPoint: fixedPoint) } else { run = try FIRAsRun(filter, precision: precision) }
        if let k = run.firstNonFiniteTap {
            throw ApplicationError("tap \(k) (\(filter.taps[k])) does not fit in \(precision == .float ? "Float" : "Double"): the filter cannot run in it")
        }
        let svg = kind == .response ? writeFrequencyResponse(run, filter, into: sink) : try writeTimeResponse(run, filter, into: sink)
        guard let fixed = run.fixed else { return (svg, []) }
        return (svg, [FixedPointNotes.summary(fixed)] + (FixedPointNotes.warning(fixed).map { ["warning: " + $0] } ?? []))
    }

    /// The impulse or step response's rows (the step is constant from
    /// sample N - 1 on), and its plot.
    private func writeTimeResponse(_ run: FIRAsRun, _ filter: FIRFilter, into sink: ByteSink) throws(ApplicationError) -> String? {
        let count = samples ?? ResponseRequest.defaultSamples
        let step = kind == .step
        var series = ResponseRequest.TimeSeriesPlot(count: count, plot: plot)
        sink.write(ResponseRequest.timeHeader + "\n")
        if step, run.stepWork(samples: count) > Self.stepWorkLimit {
            throw ApplicationError("--samples \(count) of the step response of \(filter.taps.count) taps sums \(formatC("%.3g", run.stepWork(samples: count))) taps, "
                                   + "more than 2^31; the step response is constant from sample \(filter.taps.count - 1) on: ask for fewer --samples")
        }
        var last = 0.0
        for n in 0..<count {
            let value = step && n >= filter.taps.count ? last : run.sample(n, step: step)
            last = value
            sink.append("\(n),\(value)\n")
            series.add(Double(n), value)
            if n % 4096 == 4095 {
                sink.flushIfFull()
                if sink.failure != nil { break }
            }
        }
        guard plot else { return nil }
        let name = step ? "Step response" : "Impulse response"
        let chart = Chart(title: name, xLabel: "sample n", yLabel: step ? "s[n]" : "h[n]",
                          series: [PlotSeries(name: step ? "s[n]" : "h[n]", color: "#1f5fbf",
                                              points: series.points, style: .stems)])
        return PlotPage(title: name, subtitle: title, panels: [.chart(chart)]).svg()
    }

    /// H at the grid's points from one real FFT of the taps (`RealFFT` wraps
    /// a sequence longer than its length: sampling the spectrum aliases the
    /// time sequence), the group delay Re(sum k h[k] z^-k / H) from a second,
    /// taken about the centre c = (N - 1)/2 as c + Re(sum (k - c) h[k] z^-k / H):
    /// for linear-phase taps the second sum is orthogonal to H, so what is
    /// left is the FFTs' rounding of a small sum, not of N/2 times H.
    static func spectrum(_ taps: [Double], grid: FrequencyGrid) -> (h: [Complex<Double>], delay: [Double]) {
        let centre = Double(taps.count - 1) / 2
        let fft = RealFFT(length: grid.fftLength, inPlace: true)
        let h = fft.transform(taps)
        let g = fft.transform(taps.enumerated().map { (Double($0.offset) - centre) * $0.element })
        let delay = zip(h, g).map { h, g -> Double in
            let d = h.lengthSquared
            return d > 0 ? centre + (g.real * h.real + g.imaginary * h.imaginary) / d : .nan
        }
        return (Array(h.prefix(grid.count)), Array(delay.prefix(grid.count)))
    }

    /// The frequency response's rows, and its plot (with the
    /// specification's mask for a `mkfilter fir` design).
    private func writeFrequencyResponse(_ run: FIRAsRun, _ filter: FIRFilter, into sink: ByteSink) -> String? {
        writeFrequencyResponse(taps: run.taps, sampleRate: filter.recipe.sampleRate, mask: Self.mask(of: filter), into: sink)
    }

    /// The frequency response's rows of `taps` (alphas, and Hz at
    /// `sampleRate`), and its plot with `mask` when there is one.
    func writeFrequencyResponse(taps: [Double], sampleRate fs: Double?, mask: BandRequirements?, into sink: ByteSink) -> String? {
        let grid = FrequencyGrid(count: points ?? ResponseRequest.defaultPoints)
        let (h, delay) = Self.spectrum(taps, grid: grid)
        let axis = frequencyAxis ?? .linear
        var chartPoints = plot && axis == .linear
            ? FrequencyChartPoints(alphas: grid, sampleRate: fs, scale: scale, axis: axis) : nil
        sink.write(ResponseRequest.responseHeader + "\n")
        var unwrapper = PhaseUnwrapper()
        for k in 0..<grid.count {
            let alpha = grid.alpha(k), value = h[k]
            let magnitude = value.length
            var row = "\(alpha),"
            row += fs.map { "\(alpha * $0)" } ?? ""
            row += ",\(magnitude),"
            row += magnitude > 0 ? "\(20 * Double.log10(magnitude))" : ""
            row += ",\(unwrapper.next(value)),"
            row += delay[k].isFinite ? "\(delay[k])" : ""
            sink.append(row + "\n")
            chartPoints?.add(alpha: alpha, value)
            if k % 4096 == 4095 {
                sink.flushIfFull()
                if sink.failure != nil { return nil }
            }
        }
        guard plot else { return nil }
        let (magnitude, phase): (Chart, Chart)
        if let chartPoints {
            (magnitude, phase) = ResponseRequest.frequencyCharts(chartPoints, sampleRate: fs, scale: scale, mask: mask, axis: axis)
        } else {
            // A log axis: 1,024 points from a thousandth of Nyquist up, each summed directly.
            let alphas = (0..<1024).map { 5e-4 * Double.pow(1000, Double($0) / 1023) }
            let values = alphas.map { alpha in
                taps.enumerated().reduce(Complex<Double>(0, 0)) { sum, term in
                    let angle = -2 * Double.pi * alpha * Double(term.offset)
                    return sum + Complex(term.element * Double.cos(angle), term.element * Double.sin(angle))
                }
            }
            (magnitude, phase) = ResponseRequest.frequencyCharts(
                alphas: alphas, response: FrequencyResponse(grid: FrequencyGrid(count: 1024), values: values),
                sampleRate: fs, scale: scale, mask: mask, axis: .log)
        }
        return PlotPage(title: "Frequency response", subtitle: title, panels: [.chart(magnitude), .chart(phase)]).svg()
    }

    /// The specification's mask (a `mkfilter fir` design's bands), in dB
    /// below the passband's peak 1 + dp: its floor 1 - dp (R dB down) and the
    /// stopband's ceiling ds.
    static func mask(of filter: FIRFilter) -> BandRequirements? {
        guard let judged = filter.judgedBands else { return nil }
        var pass: [ClosedRange<Double>] = [], stop: [ClosedRange<Double>] = []
        var dp = 0.0, ds = 1.0
        for i in judged.passes.indices {
            let band = judged.edges[2 * i]...judged.edges[2 * i + 1]
            if judged.passes[i] { pass.append(band); dp = judged.allowed[i] } else { stop.append(band); ds = judged.allowed[i] }
        }
        return BandRequirements(passband: pass, stopband: stop, passbandLoss: 20 * Double.log10((1 + dp) / (1 - dp)),
                                stopbandAttenuation: 20 * Double.log10((1 + dp) / ds))
    }
}
