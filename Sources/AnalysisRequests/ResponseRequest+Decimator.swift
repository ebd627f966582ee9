import FilterAnalysis
import FilterDesign
import FilterRequests

/// A multistage decimator's responses (`mkfilter response decimator ...`,
/// `impulse`, `step`), with the columns of the others:
///
/// - the frequency response at the input rate is the equivalent filter's
///   (`DecimatorAsRun.equivalentTaps`: prod_i H_i(f P_i)), its stages' taps as
///   stored in Double, Float, q15 or q31, drawn with the specification's mask
///   (the passband within R dB; every band that folds onto it at the output,
///   [k/M - p, k/M + p], A dB down);
/// - the impulse and step responses are the cascade's outputs, one every M
///   inputs, run in Double or Float (`DecimatorAsRun.outputs`).
extension ResponseRequest {
    /// The most input samples a time response runs (2^24).
    static let decimatorInputLimit = 1 << 24

    /// `decimator`'s CSV into `sink`; the SVG, and the warnings (none).
    func produceDecimator(_ decimator: MultistageDecimator, into sink: ByteSink) throws(ApplicationError) -> (svg: String?, warnings: [String]) {
        let run = try DecimatorAsRun(decimator, precision: precision, fixedPoint: fixedPoint)
        let spec = decimator.specification
        guard kind != .response else {
            var stop: [ClosedRange<Double>] = []
            var k = 1
            while Double(k) / Double(spec.factor) - spec.passbandEdge < 0.5 {
                stop.append((Double(k) / Double(spec.factor) - spec.passbandEdge)...min(Double(k) / Double(spec.factor) + spec.passbandEdge, 0.5))
                k += 1
            }
            let mask = BandRequirements(passband: [0...spec.passbandEdge], stopband: stop, passbandLoss: spec.passbandLoss,
                                        stopbandAttenuation: spec.stopbandAttenuation)
            return (writeFrequencyResponse(taps: run.equivalentTaps, sampleRate: spec.sampleRate, mask: mask, into: sink), [])
        }
        guard fixedPoint == nil else {
            throw ApplicationError("a decimator's \(kind.rawValue) response runs in double or float; "
                                   + "mkfilter verify decimator ... --precision \(fixedPoint?.name ?? "q15") checks the fixed-point stages")
        }
        let count = samples ?? ResponseRequest.defaultSamples
        guard count <= Self.decimatorInputLimit / spec.factor else {
            throw ApplicationError("--samples \(count): at most \(Self.decimatorInputLimit / spec.factor) outputs of a decimator by \(spec.factor)")
        }
        let step = kind == .step
        let input = (0..<(count * spec.factor)).map { n in step || n == 0 ? 1.0 : 0.0 }
        let outputs = run.outputs(input)
        var series = ResponseRequest.TimeSeriesPlot(count: count, plot: plot)
        sink.write(ResponseRequest.timeHeader + "\n")
        for (n, value) in outputs.prefix(count).enumerated() {
            sink.append("\(n),\(value)\n")
            series.add(Double(n), value)
            if n % 4096 == 4095 {
                sink.flushIfFull()
                if sink.failure != nil { break }
            }
        }
        guard plot else { return (nil, []) }
        let name = step ? "Step response" : "Impulse response"
        let chart = Chart(title: name + " (one output every \(spec.factor) inputs)", xLabel: "output n", yLabel: step ? "s[n]" : "h[n]",
                          series: [PlotSeries(name: step ? "s[n]" : "h[n]", color: "#1f5fbf", points: series.points, style: .stems)])
        return (PlotPage(title: name, subtitle: title, panels: [.chart(chart)]).svg(), [])
    }
}
