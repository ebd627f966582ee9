import FilterAnalysis
import FilterRequests
import FilterDesign
import FilterEmission
import FilterRuntime

extension ResponseRequest {
    /// `response`, `impulse` or `step` at `--precision q15|q31`: the design
    /// as a CMSIS fixed-point cascade (`Design.fixedPointSections`).
    ///
    /// - impulse: the input is the largest positive sample (0x7FFF or
    ///   0x7FFFFFFF), then zeros; step: that sample throughout. Each output k
    ///   is printed as the real number k / 2^15 or k / 2^31 (exact in Double),
    ///   as the bit-exact model of CMSIS's arithmetic (`CMSISBiquadModel`)
    ///   computes it.
    /// - response: the response of the coefficients as stored, which is
    ///   output scale times the design's, to the coefficients' rounding.
    ///
    /// The warnings name the scaling, post-shift, output scale and predicted
    /// SNR, and any overflow.
    func runFixedPoint(_ design: Design, _ arithmetic: FixedPointArithmetic, into sink: ByteSink) throws(ApplicationError) -> (svg: String?, warnings: [String]) {
        let fixed: FixedPointSections
        do { fixed = try design.fixedPointSections(arithmetic, scaling: fixedPointScaling) } catch {
            throw ApplicationError("--precision \(arithmetic.name): \(error.description)", underlying: error)
        }
        var warnings = [FixedPointNotes.summary(fixed)] + (FixedPointNotes.warning(fixed).map { ["warning: " + $0] } ?? [])
        let filter = FilterAsRun.sections(fixed.sections)
        let form = filter.poleZeroForm
        switch kind {
        case .response:
            return (try writeFrequencyResponse(filter, form: form, recipe: design.recipe, into: sink, mask: nil, warnings: []), warnings)
        case .impulse, .step:
            // In chunks of 2^16 samples, the model's state carried over (as
            // CMSIS runs block after block), the rows written as they come.
            let count = samples ?? Self.defaultSamples
            var model = fixed.model
            var series = TimeSeriesPlot(count: count, plot: plot)
            sink.write(Self.timeHeader + "\n")
            var done = 0
            while done < count && sink.failure == nil {
                let m = min(1 << 16, count - done)
                var input = [Int64](repeating: kind == .step ? arithmetic.largestInteger : 0, count: m)
                if done == 0 && kind == .impulse { input[0] = arithmetic.largestInteger }
                let output = FixedPointRun.fractions(model.process(input), arithmetic)
                for (i, value) in output.enumerated() {
                    sink.append("\(done + i),\(value)\n")
                    series.add(Double(done + i), value)
                }
                sink.flushIfFull()
                done += m
            }
            if model.overflows > 0 {
                warnings.append("warning: \(model.overflows) stage outputs overflowed (\(arithmetic.format == .q15 ? "saturated" : "wrapped"))")
            }
            return (plot ? Self.timeSVG(series.points, kind: kind, form: form, title: title) : nil, warnings)
        }
    }
}
