import ComplexModule
import FilterAnalysis
import FilterRequests
import FilterDesign
import FilterEmission
import FilterRuntime
import RealModule

/// A filter's frequency response (`mkfilter response`) or its impulse or
/// step response (`mkfilter impulse`, `mkfilter step`) as CSV, and optionally
/// as an SVG plot, of the filter as it runs: an IIR design's realization
/// (sections by default, or Fisher's direct form) at its precision (Double,
/// Float or CMSIS's fixed point), the time responses from
/// `DigitalFilter<Double>` or `<Float>` itself; or a FIR filter's taps as
/// they run (`FIRAsRun`, `ResponseRequest+Taps.swift`).
public struct ResponseRequest: Sendable {
    /// Which response.
    public enum Kind: String, Sendable { case response, impulse, step }

    /// The CSV header of `response`.
    public static let responseHeader = "alpha,frequency_hz,magnitude,magnitude_db,phase_rad,group_delay_samples"
    /// The CSV header of `impulse` and `step`.
    public static let timeHeader = "n,value"
    /// Frequencies when `points` is not given.
    public static let defaultPoints = 1025
    /// Samples when `samples` is not given.
    public static let defaultSamples = 256

    /// What runs: an IIR design or a FIR filter.
    public enum Subject: Sendable {
        /// An IIR design, run as its sections or Fisher's recurrence.
        case design(Design)
        /// A FIR filter, run as its taps.
        case taps(FIRFilter)
        /// A multistage decimator, run as its stages' taps
        /// (`ResponseRequest+Decimator.swift`).
        case decimator(MultistageDecimator)
    }

    /// The filter.
    public var subject: Subject
    /// Which response.
    public var kind: Kind
    /// Frequencies from 0 to 0.5 inclusive (response; default 1025).
    public var points: Int?
    /// Samples (impulse, step; default 256).
    public var samples: Int?
    /// The magnitude axis of the plot: `db` (default) or `linear`.
    public var scale = "db"
    /// The frequency axis of the plot; nil: logarithmic when the lowest corner
    /// is below a tenth of Nyquist (alpha < 0.05), else linear.
    public var frequencyAxis: AxisScale?
    /// Also draw the SVG.
    public var plot = false
    /// The plot's subtitle (the command line).
    public var title = ""
    /// The arithmetic the filter runs in: the response of its coefficients as
    /// stored in it, and the time responses as run in it.
    public var precision = RunningPrecision.double
    /// CMSIS fixed point instead of `precision`: the integer cascade's
    /// response (`FixedPointResponse`).
    public var fixedPoint: FixedPointArithmetic?
    /// How a fixed-point cascade's gain is placed.
    public var fixedPointScaling = FixedPointScaling.l1

    /// A request for `kind` of `design`; see the properties for the rest.
    public init(design: Design, kind: Kind) {
        self.subject = .design(design)
        self.kind = kind
    }

    /// A request for `kind` of the FIR filter `filter` (its plot's frequency
    /// axis linear unless `frequencyAxis` says otherwise; no
    /// `fixedPointScaling`: a FIR filter is scaled by its taps' L1 norm).
    public init(filter: FIRFilter, kind: Kind) {
        self.subject = .taps(filter)
        self.kind = kind
    }

    /// A request for `kind` of the multistage decimator `decimator`.
    public init(decimator: MultistageDecimator, kind: Kind) {
        self.subject = .decimator(decimator)
        self.kind = kind
    }

    /// The CSV, and the SVG when `plot` is set.
    ///
    /// - Throws: `ApplicationError` for a design without a finite gain, an
    ///   infinite response, or an unstable filter whose response overflows.
    public func run() throws(ApplicationError) -> (csv: String, svg: String?, warnings: [String]) {
        let sink = ByteSink(descriptor: nil)
        let (svg, warnings) = try produce(into: sink)
        return (sink.text, svg, warnings)
    }

    /// Writes the CSV to `descriptor` row by row as it is made, in bounded
    /// memory (a buffer of 64 KiB; the time responses are run in chunks of
    /// 2^16 samples, the frequency response of sections is made a block at a
    /// time, twice: `responseBlocks`; Fisher's direct form's is held whole),
    /// and returns the
    /// SVG (its long series thinned, `ColumnDecimator`) and the warnings.
    /// Every check that can fail is made before the first byte is written.
    ///
    /// - Returns: also `writeFailure`, the system's reason when `descriptor`
    ///   refused bytes (the rows stop there; the caller names the stream).
    /// - Throws: `ApplicationError` as `run()`.
    public func run(csvTo descriptor: Int32) throws(ApplicationError) -> (svg: String?, warnings: [String], writeFailure: String?) {
        let sink = ByteSink(descriptor: descriptor)
        let (svg, warnings) = try produce(into: sink)
        sink.flush()
        return (svg, warnings, sink.failure)
    }

    /// The CSV into `sink`; the SVG and the warnings.
    private func produce(into sink: ByteSink) throws(ApplicationError) -> (svg: String?, warnings: [String]) {
        switch subject {
        case let .design(design): return try produce(design, into: sink)
        case let .taps(filter): return try produceTaps(filter, into: sink)
        case let .decimator(decimator): return try produceDecimator(decimator, into: sink)
        }
    }

    /// An IIR design's CSV into `sink`; the SVG and the warnings.
    private func produce(_ design: Design, into sink: ByteSink) throws(ApplicationError) -> (svg: String?, warnings: [String]) {
        if let fixedPoint { return try runFixedPoint(design, fixedPoint, into: sink) }
        guard precision != .gencode else { throw ApplicationError("--precision gencode applies to verify; give double or float") }
        guard case .finite = design.passbandGain else {
            throw ApplicationError("the design has no finite passband gain G (\(design.infiniteGainCause)), so its response cannot be normalised")
        }
        let template: DigitalFilterTemplate
        do { template = try TemplateBuilder.template(for: design, name: "filter", description: "", tag: 0) } catch {
            throw ApplicationError(wrapping: error)
        }
        let filter = FilterAsRun.runtime(template, precision: precision)
        guard filter.isFinite else { throw ApplicationError("a coefficient of the filter is not a finite number") }
        let form = filter.poleZeroForm
        let warnings = Self.stabilityWarnings(form, precision: precision)
        switch kind {
        case .response:
            return (try writeFrequencyResponse(filter, form: form, recipe: design.recipe, into: sink,
                                               mask: design.recipe.bandRequirements, warnings: warnings),
                    warnings)
        case .impulse, .step:
            let count = samples ?? Self.defaultSamples
            let step = kind == .step
            // A first run, not stored, so that an overflow is an error before any row is out.
            let overflow = precision.visitCascadeForm(FirstNonFinite(template: template, count: count, step: step))
            if let n = overflow {
                throw ApplicationError("the \(kind.rawValue) response overflows at sample \(n): the filter is unstable (largest pole radius \(form.largestPoleRadius))")
            }
            var series = TimeSeriesPlot(count: count, plot: plot)
            sink.write(Self.timeHeader + "\n")
            precision.visitCascadeForm(ChunkRows(template: template, count: count, step: step) { offset, chunk in
                for (i, value) in chunk.enumerated() {
                    sink.append("\(offset + i),\(value)\n")
                    series.add(Double(offset + i), value)
                }
                sink.flushIfFull()
                return sink.failure == nil
            })
            return (plot ? Self.timeSVG(series.points, kind: kind, form: form, title: title,
                                        warnings: warnings) : nil,
                    warnings)
        }
    }

    /// The points of a time response's plot: every one, or thinned to two a
    /// pixel column when there are more than `ColumnDecimator.threshold`.
    struct TimeSeriesPlot {
        var all: [(Double, Double?)] = []
        var thinned: ColumnDecimator?
        let plot: Bool

        init(count: Int, plot: Bool) {
            self.plot = plot
            if plot && ColumnDecimator.thins(count) { thinned = ColumnDecimator(from: 0, to: Double(count - 1)) }
        }

        mutating func add(_ x: Double, _ y: Double) {
            guard plot else { return }
            if thinned != nil { thinned!.add(x: x, y: y) } else { all.append((x, y)) }
        }

        var points: [(Double, Double?)] { thinned?.points ?? all }
    }

    /// Runs `DigitalFilter<Form>` on 1, 0, 0, ... (or 1, 1, 1, ... for the
    /// step) in chunks of 2^16 samples, handing each chunk and its offset
    /// to `body` until `count` are done or `body` returns false. Chunked and
    /// whole runs are equal bit for bit.
    static func runChunks<Form: CascadeForm>(
        _ template: DigitalFilterTemplate, _: Form.Type, count: Int, step: Bool,
        _ body: (Int, UnsafeBufferPointer<Form.Sample>) -> Bool
    ) {
        var filter = DigitalFilter<Form>(template)
        let chunk = 1 << 16
        var input = [Form.Sample](repeating: step ? 1 : 0, count: min(chunk, max(count, 1)))
        var output = [Form.Sample](repeating: 0, count: input.count)
        var done = 0
        while done < count {
            let m = min(input.count, count - done)
            input[0] = done == 0 || step ? 1 : 0
            input.withUnsafeBufferPointer { i in
                output.withUnsafeMutableBufferPointer { o in
                    filter.process(UnsafeBufferPointer(rebasing: i[0..<m]), into: o)
                }
            }
            let more = output.withUnsafeBufferPointer { body(done, UnsafeBufferPointer(rebasing: $0[0..<m])) }
            done += m
            if !more { return }
        }
    }

    /// `runChunks` in a form, each chunk handed on in Double.
    struct ChunkRows: CascadeFormVisitor {
        let template: DigitalFilterTemplate, count: Int, step: Bool
        let body: (Int, [Double]) -> Bool
        func visit<Form: CascadeForm>(_ form: Form.Type) {
            ResponseRequest.runChunks(template, form, count: count, step: step) { offset, chunk in
                body(offset, chunk.map { Double($0) })
            }
        }
    }

    /// `firstNonFinite` in a form.
    struct FirstNonFinite: CascadeFormVisitor {
        let template: DigitalFilterTemplate, count: Int, step: Bool
        func visit<Form: CascadeForm>(_ form: Form.Type) -> Int? {
            ResponseRequest.firstNonFinite(template, form, count: count, step: step)
        }
    }

    /// The index of the first output of `runChunks` that is not finite.
    static func firstNonFinite<Form: CascadeForm>(
        _ template: DigitalFilterTemplate, _ form: Form.Type, count: Int, step: Bool
    ) -> Int? {
        var found: Int?
        runChunks(template, form, count: count, step: step) { offset, chunk in
            if let i = chunk.firstIndex(where: { !$0.isFinite }) { found = offset + i; return false }
            return true
        }
        return found
    }

    /// The frequency response of `filter` (factored as `form`) on the
    /// request's grid: its rows into `sink` as they are made, and its page
    /// (with `mask` and `warnings`) when `plot` is set.
    func writeFrequencyResponse(_ filter: FilterAsRun, form: PoleZeroForm, recipe: FilterRecipe, into sink: ByteSink,
                                mask: BandRequirements?, warnings: [String]) throws(ApplicationError) -> String? {
        let grid = FrequencyGrid(count: points ?? Self.defaultPoints)
        if case .direct(let transfer) = filter {
            let terms = max(transfer.numerator.count, transfer.denominator.count)
            guard grid.count <= Self.directWork / terms else {
                throw ApplicationError("--points \(grid.count) with --realization direct at order \(terms - 1): the recurrence's "
                                       + "response is recomputed in double-double wherever it cancels, at most "
                                       + "\(Self.directWork / terms) points at this order (points x (order + 1) up to \(Self.directWork)); "
                                       + "give fewer --points, or leave out --realization direct for the sections")
            }
        }
        let blocks = try Self.responseBlocks(filter, grid: grid)
        let fs = recipe.corners.sampleRate
        let axis = frequencyAxis ?? Self.defaultFrequencyAxis(for: recipe)
        var chartPoints = plot && axis == .linear ? FrequencyChartPoints(alphas: grid, sampleRate: fs, scale: scale, axis: axis) : nil
        Self.writeResponseCSV(blocks, grid: grid, form: form, sampleRate: fs, into: sink, chartPoints: &chartPoints)
        guard plot else { return nil }
        return Self.responseSVG(chartPoints, form: form, sampleRate: fs, scale: scale, title: title, mask: mask, axis: axis,
                                lowestAlpha: Self.lowestAlpha(of: recipe), warnings: warnings)
    }

    /// The most points times coefficients a direct form's response may
    /// take (2^24): where its A(z) cancels (every point at high orders) each
    /// point is evaluated again by Horner's rule in double-double, about a
    /// second per 10^7 terms here; 4,194,305 points at order 100 would take
    /// minutes.
    public static let directWork = 1 << 24

    /// The values of a response in order, a block at a time: each block and
    /// the index of its first point, to a body that returns false to stop.
    typealias ResponseBlocks = ((Int, UnsafeBufferPointer<Complex<Double>>) -> Bool) -> Void

    /// `filter`'s response on `grid` as blocks: for sections made as they are
    /// asked for (`SectionResponse.Evaluator`: memory of a block, so that
    /// 4 x 10^6 rows stream), for the direct form computed whole
    /// (`FrequencyResponse.fromCoefficients`: FFTs of the whole grid). Every
    /// value is checked to be finite first (for sections, by a first pass
    /// that stores nothing).
    ///
    /// - Throws: `ApplicationError` naming the first frequency where the
    ///   response is infinite (a pole on the unit circle).
    static func responseBlocks(_ filter: FilterAsRun, grid: FrequencyGrid) throws(ApplicationError) -> ResponseBlocks {
        let blocks: ResponseBlocks
        switch filter {
        case .sections(let sections):
            let evaluator = SectionResponse.Evaluator(sections, grid: grid)
            blocks = { evaluator.forEachBlock($0) }
        case .direct:
            let response = filter.response(grid: grid)
            blocks = { body in _ = response.values.withUnsafeBufferPointer { body(0, $0) } }
        }
        var infinite: Int?
        blocks { start, block in
            guard let i = block.firstIndex(where: { !$0.real.isFinite || !$0.imaginary.isFinite }) else { return true }
            infinite = start + i
            return false
        }
        if let k = infinite {
            throw ApplicationError("the response is infinite at alpha = \(grid.alpha(k)) (a pole on the unit circle)")
        }
        return blocks
    }

    /// The response CSV: one row per grid point, Swift's shortest round-trip
    /// digits; `frequency_hz` empty without a sample rate, `magnitude_db` empty
    /// where the magnitude is exactly 0, `group_delay_samples` empty where it is
    /// not finite. Written into `sink` a row at a time as the blocks come (the
    /// magnitude, dB and unwrapped phase of each point computed as it is
    /// written), each point also added to `chartPoints` when given.
    static func writeResponseCSV(_ blocks: ResponseBlocks, grid: FrequencyGrid, form: PoleZeroForm, sampleRate: Double?,
                                 into sink: ByteSink, chartPoints: inout FrequencyChartPoints?) {
        sink.write(Self.responseHeader + "\n")
        var unwrapper = PhaseUnwrapper()
        blocks { start, block in
            for (i, h) in block.enumerated() {
                let k = start + i
                let magnitude = h.length
                let decibels: Double? = magnitude > 0 ? 20 * Double.log10(magnitude) : nil
                let phase = unwrapper.next(h)
                let alpha = grid.alpha(k)
                let delay = form.groupDelay(atAlpha: alpha)
                var out = "\(alpha),"
                out += sampleRate.map { "\(alpha * $0)" } ?? ""
                out += ",\(magnitude),"
                out += decibels.map { "\($0)" } ?? ""
                out += ",\(phase),"
                out += delay.isFinite ? "\(delay)" : ""
                out += "\n"
                sink.append(out)
                chartPoints?.add(alpha: alpha, h)
            }
            sink.flushIfFull()
            return sink.failure == nil
        }
    }

    /// The mask of band requirements on a dB plot: the passband's lower
    /// limit (R dB below the peak `reference`) and the stopband's upper limit
    /// (A dB below it), each a line over its intervals (x scaled by `scale`),
    /// with gaps between them.
    static func maskSeries(_ mask: BandRequirements, reference: Double, scale: Double) -> [PlotSeries] {
        func line(_ intervals: [ClosedRange<Double>], _ level: Double) -> [(Double, Double?)] {
            intervals.flatMap { [($0.lowerBound * scale, level), ($0.upperBound * scale, level), ($0.upperBound * scale, nil)] }
        }
        var series: [PlotSeries] = []
        if let loss = mask.passbandLoss, !mask.passband.isEmpty {
            series.append(PlotSeries(name: "passband limit (-\(Verification.format(loss)) dB)", color: "#2a8a3a",
                                     points: line(mask.passband, reference - loss)))
        }
        series.append(PlotSeries(name: "stopband limit (-\(Verification.format(mask.stopbandAttenuation)) dB)", color: "#c0392b",
                                 points: line(mask.stopband, reference - mask.stopbandAttenuation)))
        return series
    }

    /// Log when the lowest corner is below a tenth of Nyquist: a 0.5-3 Hz
    /// band at 60 Hz would otherwise sit in the left 10 % of the plot.
    public static func defaultFrequencyAxis(for recipe: FilterRecipe) -> AxisScale {
        lowestAlpha(of: recipe) < 0.05 ? .log : .linear
    }

    /// The lowest corner or band edge of `recipe`, as alpha.
    static func lowestAlpha(of recipe: FilterRecipe) -> Double {
        let edges = recipe.bandRequirements.map { ($0.passband + $0.stopband).flatMap { [$0.lowerBound, $0.upperBound] } } ?? []
        return (edges + [recipe.alpha1]).filter { $0 > 0 }.min() ?? recipe.alpha1
    }

    /// A warning when the filter as run (its coefficients in `precision`) has a
    /// pole at or outside the unit circle: closer to it than 10 rounding units,
    /// the margin `mkfilter verify` requires.
    static func stabilityWarnings(_ form: PoleZeroForm, precision: RunningPrecision) -> [String] {
        let radius = form.largestPoleRadius
        let needed = 10 * precision.unitRoundoff
        guard !(1 - radius >= needed) else { return [] }
        let arithmetic = precision == .float ? "Float" : precision == .floatInDouble ? "Float (sections in Double)" : "Double"
        return ["warning: unstable as run in \(arithmetic): largest pole radius \(formatC("%.14g", radius))"
            + " (stable needs at most 1 - \(Verification.format(needed))); the filter will not output this response"]
    }

    /// The response on a log-spaced grid from a twentieth of the lowest
    /// corner to Nyquist (1,024 points), from the filter's poles and zeros.
    static func logResponse(_ form: PoleZeroForm, lowestAlpha: Double) -> (alphas: [Double], response: FrequencyResponse) {
        let count = 1024
        let start = min(max(lowestAlpha / 20, 1e-7), 1e-3)
        let ratio = 0.5 / start
        let alphas = (0..<count).map { start * Double.pow(ratio, Double($0) / Double(count - 1)) }
        let values = alphas.map { form.response(atAlpha: $0) }
        return (alphas, FrequencyResponse(grid: FrequencyGrid(count: count), values: values))
    }

    /// The magnitude chart (dB with the spec mask, or linear) and the
    /// unwrapped phase chart of `response` at `alphas`, in Hz when
    /// `sampleRate` is given; shared by `responseSVG` and the design page.
    static func frequencyCharts(alphas: [Double], response: FrequencyResponse, sampleRate: Double?,
                                scale: String, mask: BandRequirements?, axis: AxisScale) -> (magnitude: Chart, phase: Chart) {
        var points = FrequencyChartPoints(alphas: alphas, sampleRate: sampleRate, scale: scale, axis: axis)
        for (alpha, h) in zip(alphas, response.values) { points.add(alpha: alpha, h) }
        return frequencyCharts(points, sampleRate: sampleRate, scale: scale, mask: mask, axis: axis)
    }

    /// The magnitude and phase charts of `points`.
    static func frequencyCharts(_ points: FrequencyChartPoints, sampleRate: Double?,
                                scale: String, mask: BandRequirements?, axis: AxisScale) -> (magnitude: Chart, phase: Chart) {
        let xLabel = sampleRate == nil ? "frequency (alpha = f / fs)" : "frequency (Hz)"
        let xRange = axis == .log ? points.first...points.last : 0...points.last
        let (magnitudePoints, phasePoints) = points.points
        let magnitude: Chart
        if scale == "db" {
            let db = magnitudePoints.map(\.1)
            let peak = db.compactMap { $0 }.max() ?? 0
            var floor = max(db.compactMap { $0 }.min() ?? peak - 100, peak - 100)
            if let mask { floor = min(floor, peak - mask.stopbandAttenuation - 10) }
            let masks = mask.map { maskSeries($0, reference: peak, scale: sampleRate ?? 1) } ?? []
            magnitude = Chart(title: "Magnitude", xLabel: xLabel, yLabel: "magnitude (dB)",
                              series: [PlotSeries(name: "|H| (dB)", color: "#1f5fbf", points: magnitudePoints)] + masks,
                              xRange: xRange, yRange: (floor - 5)...(peak + 5), xScale: axis)
        } else {
            magnitude = Chart(title: "Magnitude", xLabel: xLabel, yLabel: "magnitude",
                              series: [PlotSeries(name: "|H|", color: "#1f5fbf", points: magnitudePoints)],
                              xRange: xRange, xScale: axis)
        }
        let phase = Chart(title: "Phase (unwrapped)", xLabel: xLabel, yLabel: "phase (rad)",
                          series: [PlotSeries(name: "arg H", color: "#b8420f", points: phasePoints)],
                          xRange: xRange, xScale: axis)
        return (magnitude, phase)
    }

    /// The response's page: magnitude and phase (on a log axis from
    /// `logResponse`, on a linear one `linear`'s points, made as the rows
    /// were written) and the pole-zero diagram.
    static func responseSVG(_ linear: FrequencyChartPoints?, form: PoleZeroForm, sampleRate: Double?,
                            scale: String, title: String, mask: BandRequirements? = nil,
                            axis: AxisScale = .linear, lowestAlpha: Double = 0.05, warnings: [String] = []) -> String {
        let magnitude: Chart, phase: Chart
        if axis == .log || linear == nil {
            let (alphas, response) = logResponse(form, lowestAlpha: lowestAlpha)
            (magnitude, phase) = frequencyCharts(alphas: alphas, response: response, sampleRate: sampleRate,
                                                 scale: scale, mask: mask, axis: .log)
        } else {
            (magnitude, phase) = frequencyCharts(linear!, sampleRate: sampleRate, scale: scale, mask: mask, axis: axis)
        }
        let poleZero = PoleZeroChart(title: "Poles and zeros (z-plane)", poles: form.poles, zeros: form.zeros)
        return PlotPage(title: "Frequency response", subtitle: title,
                        panels: [.chart(magnitude), .chart(phase), .poleZero(poleZero)], warnings: warnings).svg()
    }

    /// The time response's page: `points` (n, value), every sample or
    /// thinned (`TimeSeriesPlot`), as stems.
    static func timeSVG(_ points: [(Double, Double?)], kind: Kind, form: PoleZeroForm, title: String,
                        warnings: [String] = []) -> String {
        let name = kind == .impulse ? "Impulse response" : "Step response"
        let chart = Chart(title: name, xLabel: "sample n", yLabel: kind == .impulse ? "h[n]" : "s[n]",
                          series: [PlotSeries(name: kind == .impulse ? "h[n]" : "s[n]", color: "#1f5fbf",
                                              points: points,
                                              style: .stems)])
        let poleZero = PoleZeroChart(title: "Poles and zeros (z-plane)", poles: form.poles, zeros: form.zeros)
        return PlotPage(title: name, subtitle: title, panels: [.chart(chart), .poleZero(poleZero)], warnings: warnings).svg()
    }
}
