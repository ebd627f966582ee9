import ComplexModule
import FilterAnalysis
import FilterRequests
import FilterDesign
import FilterEmission
import FilterRuntime
import RealModule

/// The plots of a design page: magnitude (dB or linear, on a log or linear
/// frequency axis), unwrapped phase, group delay, impulse and step responses
/// and the pole-zero diagram (with a zoomed panel where poles crowd, as near
/// z = 1 for a low corner), each its own SVG element for inlining in HTML, of
/// the filter as it runs in `Double` (its sections, or its recurrence).
public struct DesignPlotsRequest: Sendable {
    /// The filter.
    public var design: Design
    /// The frequency axis; nil: logarithmic when the lowest corner is below a
    /// tenth of Nyquist (as `mkfilter response --svg`).
    public var frequencyAxis: AxisScale?
    /// The magnitude axis: `db` (default) or `linear`.
    public var scale = "db"
    /// Samples of the impulse and step responses.
    public var samples = 256
    /// Prepended to every element id, so that the plots of two designs can
    /// share a page.
    public var idPrefix = "plot-"

    /// The template of `design` when it has been built already (its name does
    /// not matter here); nil: built here.
    public var template: DigitalFilterTemplate?

    /// A request for the plots of `design`; see the properties for the rest.
    public init(design: Design) { self.design = design }

    /// The plots.
    ///
    /// - Throws: `ApplicationError` for a design without a finite gain, a
    ///   coefficient that is not finite or a response that is not (a pole on
    ///   the unit circle).
    public func run() throws(ApplicationError) -> DesignPlots {
        guard case .finite = design.passbandGain else {
            throw ApplicationError("the design has no finite passband gain G (\(design.infiniteGainCause)), so its response cannot be normalised")
        }
        let template: DigitalFilterTemplate
        if let given = self.template { template = given } else {
            do { template = try TemplateBuilder.template(for: design, name: "filter", description: "", tag: 0) } catch {
                throw ApplicationError(wrapping: error)
            }
        }
        let filter = FilterAsRun.runtime(template, precision: .double)
        guard filter.isFinite else { throw ApplicationError("a coefficient of the filter is not a finite number") }
        let form = filter.poleZeroForm
        let warnings = ResponseRequest.stabilityWarnings(form, precision: .double)
        let fs = design.recipe.corners.sampleRate
        let axis = frequencyAxis ?? ResponseRequest.defaultFrequencyAxis(for: design.recipe)

        // The frequencies: a log grid from a twentieth of the lowest corner, or 0 ... Nyquist.
        let alphas: [Double], response: FrequencyResponse
        if axis == .log {
            (alphas, response) = ResponseRequest.logResponse(form, lowestAlpha: ResponseRequest.lowestAlpha(of: design.recipe))
        } else {
            let grid = FrequencyGrid(count: 1025)
            (alphas, response) = (grid.alphas, filter.response(grid: grid))
        }
        if response.values.contains(where: { !$0.real.isFinite || !$0.imaginary.isFinite }) {
            throw ApplicationError("the response is infinite (a pole on the unit circle)")
        }
        let xs = alphas.map { $0 * (fs ?? 1) }
        let xLabel = fs == nil ? "frequency (alpha = f / fs)" : "frequency (Hz)"
        let xRange = axis == .log ? (xs.first ?? 1e-3)...(xs.last ?? 0.5) : 0...(xs.last ?? 0.5)

        let (magnitude, phase) = ResponseRequest.frequencyCharts(alphas: alphas, response: response, sampleRate: fs, scale: scale,
                                                                 mask: design.recipe.bandRequirements, axis: axis)
        let delays = alphas.map { form.groupDelay(atAlpha: $0) }
        let finiteDelays = delays.filter { $0.isFinite }
        // Near a zero on the unit circle the delay spikes: clip the axis to the 1st-99th percentile, padded.
        let sorted = finiteDelays.sorted()
        let delayRange: ClosedRange<Double>? = sorted.isEmpty ? nil : {
            let lo = sorted[sorted.count / 100], hi = sorted[sorted.count - 1 - sorted.count / 100]
            let pad = max((hi - lo) * 0.1, 0.5)
            return (lo - pad)...(hi + pad)
        }()
        let groupDelay = Chart(title: "Group delay", xLabel: xLabel, yLabel: "delay (samples)",
                               series: [PlotSeries(name: "group delay", color: "#6a3d9a",
                                                   points: zip(xs, delays).map { ($0, $1.isFinite ? $1 : nil) })],
                               xRange: xRange, yRange: delayRange, xScale: axis)
        let impulseValues = VerificationRequest.run(template, Double.self, count: samples, step: false)
        let stepValues = VerificationRequest.run(template, Double.self, count: samples, step: true)
        func timeChart(_ title: String, _ label: String, _ values: [Double]) -> Chart {
            Chart(title: title, xLabel: "sample n", yLabel: label,
                  series: [PlotSeries(name: label, color: "#1f5fbf",
                                      points: values.enumerated().map { (Double($0.offset), $0.element.isFinite ? $0.element : nil) },
                                      style: .stems)])
        }
        let poleZero = PoleZeroChart(title: "Poles and zeros (z-plane)", poles: form.poles, zeros: form.zeros)

        func svg(_ name: String, _ panel: PlotPage.Panel) -> String {
            var page = PlotPage(title: "", panels: [panel])
            page.idPrefix = idPrefix + name + "-"
            return Self.inline(page.svg())
        }
        return DesignPlots(
            magnitude: svg("magnitude", .chart(magnitude)),
            phase: svg("phase", .chart(phase)),
            groupDelay: svg("delay", .chart(groupDelay)),
            impulse: svg("impulse", .chart(timeChart("Impulse response", "h[n]", impulseValues))),
            step: svg("step", .chart(timeChart("Step response", "s[n]", stepValues))),
            poleZero: svg("polezero", .poleZero(poleZero)),
            frequencyAxis: axis,
            warnings: warnings
        )
    }

    /// An SVG document as an element for HTML: without its XML declaration.
    static func inline(_ document: String) -> String {
        guard document.hasPrefix("<?xml"), let end = document.firstIndex(of: "\n") else { return document }
        return String(document[document.index(after: end)...])
    }
}

/// The plots of one design, each an `<svg>` element (no XML declaration).
public struct DesignPlots: Sendable {
    /// |H| in dB or linear.
    public let magnitude: String
    /// arg H, unwrapped.
    public let phase: String
    /// The group delay in samples.
    public let groupDelay: String
    /// h[n].
    public let impulse: String
    /// The step response.
    public let step: String
    /// The z-plane.
    public let poleZero: String
    /// The frequency axis used.
    public let frequencyAxis: AxisScale
    /// "unstable as run" and the like.
    public let warnings: [String]

    /// The plots in page order, with a heading and a short id each.
    public var all: [(id: String, title: String, svg: String)] {
        [("magnitude", "Magnitude", magnitude), ("phase", "Phase", phase), ("delay", "Group delay", groupDelay),
         ("impulse", "Impulse response", impulse), ("step", "Step response", step), ("polezero", "Poles and zeros", poleZero)]
    }
}
