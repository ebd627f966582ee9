import FilterAnalysis
import FilterApplication
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
    func runFixedPoint(_ arithmetic: FixedPointArithmetic) throws(ApplicationError) -> (csv: String, svg: String?, warnings: [String]) {
        let fixed: FixedPointSections
        do { fixed = try design.fixedPointSections(arithmetic, scaling: fixedPointScaling) } catch {
            throw ApplicationError("--precision \(arithmetic.name): \(error.description)")
        }
        var warnings = [FixedPointNotes.summary(fixed)] + (FixedPointNotes.warning(fixed).map { ["warning: " + $0] } ?? [])
        let filter = RealizedFilter.sections(fixed.sections)
        let form = filter.poleZeroForm
        let fs = design.recipe.corners.sampleRate
        switch kind {
        case .response:
            let grid = FrequencyGrid(count: points ?? Self.defaultPoints)
            let response = filter.response(grid: grid)
            let axis = frequencyAxis ?? Self.defaultFrequencyAxis(for: design.recipe)
            return (Self.responseCSV(response, form: form, sampleRate: fs),
                    plot ? Self.responseSVG(response, form: form, sampleRate: fs, scale: scale, title: title,
                                            axis: axis, lowestAlpha: Self.lowestAlpha(of: design.recipe)) : nil,
                    warnings)
        case .impulse, .step:
            let count = samples ?? Self.defaultSamples
            let input = kind == .impulse ? FixedPointRun.impulse(arithmetic, count: count) : FixedPointRun.step(arithmetic, count: count)
            let (output, overflows) = FixedPointRun.run(fixed, input)
            if overflows > 0 {
                warnings.append("warning: \(overflows) stage outputs overflowed (\(arithmetic.format == .q15 ? "saturated" : "wrapped"))")
            }
            let values = FixedPointRun.fractions(output, arithmetic)
            let csv = Self.timeHeader + "\n" + values.enumerated().map { "\($0.offset),\($0.element)\n" }.joined()
            return (csv, plot ? Self.timeSVG(values, kind: kind, form: form, title: title) : nil, warnings)
        }
    }
}
