import ComplexModule
import FilterDesign
import RealModule

/// One curve of a chart. A nil y breaks the line (a value that cannot be drawn,
/// such as the dB of an exact zero).
public struct PlotSeries: Sendable {
    /// How the points are joined.
    public enum Style: Sendable { case line, stems }
    /// The legend text.
    public var name: String
    /// An SVG colour.
    public var color: String
    /// The points (x, y).
    public var points: [(Double, Double?)]
    /// Line or stems (for sampled responses).
    public var style: Style
    /// The y axis it is drawn against: the chart's left one, or its right
    /// one (`Chart.rightLabel`), for a second quantity over the same x.
    public var axis: YAxis

    /// Which of a chart's two y axes a series uses.
    public enum YAxis: Sendable { case left, right }

    /// A series; see the properties.
    public init(name: String, color: String, points: [(Double, Double?)], style: Style = .line, axis: YAxis = .left) {
        self.name = name
        self.color = color
        self.points = points
        self.style = style
        self.axis = axis
    }
}

/// How an axis maps values to positions.
public enum AxisScale: String, Sendable, CaseIterable {
    /// Equal steps for equal differences.
    case linear
    /// Equal steps for equal ratios (decades); values at or below 0 are not drawn.
    case log
}

/// A chart with a title, labelled axes, a grid and a legend. The legend is
/// drawn above the plot area, never over a trace.
public struct Chart: Sendable {
    /// Shown above the plot area.
    public var title: String
    /// Axis labels.
    public var xLabel: String, yLabel: String
    /// The curves, drawn in order.
    public var series: [PlotSeries]
    /// Axis ranges; nil: from the data. A log axis needs a positive range.
    public var xRange: ClosedRange<Double>?, yRange: ClosedRange<Double>?
    /// The x axis: linear (default) or logarithmic.
    public var xScale: AxisScale
    /// The right y axis' label, for series with `axis: .right`; its range
    /// (nil: from their data).
    public var rightLabel: String?, rightRange: ClosedRange<Double>?

    // A public memberwise init spelled out (Swift makes only an internal
    // one), alike in shape to other such inits on purpose.
    /// A chart; see the properties.
    public init(title: String, xLabel: String, yLabel: String, series: [PlotSeries],
                xRange: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>? = nil, xScale: AxisScale = .linear) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.xRange = xRange
        self.yRange = yRange
        self.xScale = xScale
    }
}

/// A pole-zero diagram: the unit circle, poles as crosses, zeros as circles.
public struct PoleZeroChart: Sendable {
    /// Shown above the diagram.
    public var title: String
    /// The poles and zeros in the z-plane.
    public var poles: [Complex<Double>], zeros: [Complex<Double>]

    /// A diagram; see the properties.
    public init(title: String, poles: [Complex<Double>], zeros: [Complex<Double>]) {
        self.title = title
        self.poles = poles
        self.zeros = zeros
    }
}

/// A page of charts stacked top to bottom, rendered as one SVG document.
public struct PlotPage: Sendable {
    /// One panel of the page.
    public enum Panel: Sendable {
        case chart(Chart)
        case poleZero(PoleZeroChart)
    }

    /// The page title.
    public var title: String
    /// A line under the title (e.g. the command line), may be empty.
    public var subtitle: String
    /// The panels, top to bottom.
    public var panels: [Panel]
    /// Lines drawn in red under the subtitle (e.g. "unstable as run"); empty
    /// for none.
    public var warnings: [String]
    /// Prepended to the document's element ids (its clip paths), so that
    /// several plots inlined in one HTML page do not share an id.
    public var idPrefix = ""

    /// A page; see the properties.
    public init(title: String, subtitle: String = "", panels: [Panel], warnings: [String] = []) {
        self.title = title
        self.subtitle = subtitle
        self.panels = panels
        self.warnings = warnings
    }

    static let width = 820.0
    static let chartHeight = 300.0
    static let poleZeroHeight = 420.0
    static let header = 62.0
    static let warningHeight = 18.0

    /// The SVG document; without a title or subtitle, no space is kept for them.
    public func svg() -> String {
        let header = (title.isEmpty && subtitle.isEmpty ? 8 : Self.header) + Double(warnings.count) * Self.warningHeight
        let height = header + panels.reduce(0) {
            if case .chart = $1 { return $0 + Self.chartHeight } else { return $0 + Self.poleZeroHeight }
        } + 10
        var svg = SVGWriter(width: Self.width, height: height)
        svg.text(title, x: Self.width / 2, y: 26, anchor: "middle", size: 18, weight: "bold")
        if !subtitle.isEmpty { svg.text(subtitle, x: Self.width / 2, y: 46, anchor: "middle", size: 12, color: "#555") }
        for (k, warning) in warnings.enumerated() {
            svg.text("\u{26A0} " + warning, x: Self.width / 2, y: header - Double(warnings.count - k) * Self.warningHeight + 4,
                     anchor: "middle", size: 13, weight: "bold", color: "#c0392b")
        }
        var top = header
        for (index, panel) in panels.enumerated() {
            switch panel {
            case .chart(let chart):
                draw(chart, into: &svg, top: top, id: idPrefix + "plot\(index)")
                top += Self.chartHeight
            case .poleZero(let diagram):
                draw(diagram, into: &svg, top: top, idPrefix: idPrefix)
                top += Self.poleZeroHeight
            }
        }
        return svg.document
    }

    /// Tick positions at 1, 2 or 5 times a power of ten, about `target` of them.
    static func ticks(_ range: ClosedRange<Double>, target: Int = 6) -> [Double] {
        guard range.lowerBound.isFinite, range.upperBound.isFinite else { return [] }
        // Halves, so that a span of +-1e308 does not overflow.
        let halfSpan = range.upperBound / 2 - range.lowerBound / 2
        guard halfSpan > 0 else { return [range.lowerBound] }
        let raw = halfSpan / Double(target) * 2
        let power = Double.pow(10, (Double.log10(raw)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
        var ticks: [Double] = []
        var t = (range.lowerBound / step).rounded(.up) * step
        // t stays finite (near the largest double, upperBound + step * 1e-9 is
        // inf, and so would t be), and there are never more than a few dozen.
        while t.isFinite, t <= range.upperBound + step * 1e-9, ticks.count < 100 {
            ticks.append(abs(t) < step * 1e-9 ? 0 : t)
            t += step
        }
        return ticks
    }


    /// Log-axis ticks: every 1, 2 and 5 times a power of ten in `range`
    /// (positive); `labelled` says which get a label (all three when the
    /// range spans less than three decades, else only the powers of ten).
    static func logTicks(_ range: ClosedRange<Double>) -> [(value: Double, labelled: Bool)] {
        guard range.lowerBound > 0, range.upperBound > range.lowerBound, range.upperBound.isFinite else { return [] }
        let decades = Double.log10(range.upperBound / range.lowerBound)
        var ticks: [(Double, Bool)] = []
        var power = Double.pow(10, Double.log10(range.lowerBound).rounded(.down))
        while power <= range.upperBound * (1 + 1e-9) && ticks.count < 200 {
            for m in [1.0, 2, 5] {
                let t = m * power
                if t >= range.lowerBound * (1 - 1e-9) && t <= range.upperBound * (1 + 1e-9) {
                    ticks.append((t, m == 1 || decades < 3))
                }
            }
            power *= 10
        }
        return ticks
    }

    static func label(_ x: Double) -> String { formatC("%g", x) }

    /// Approximate width in pixels of `text` at 11 px (for laying out legends).
    static func textWidth(_ text: String, size: Double = 11) -> Double { Double(text.count) * size * 0.56 }

    /// A range around `values` (padded by 5 %; a flat line gets +-1), finite
    /// however large the values (the padding is clamped to the largest double).
    static func range(of values: [Double]) -> ClosedRange<Double> {
        guard let lo = values.min(), let hi = values.max() else { return 0...1 }
        let big = Double.greatestFiniteMagnitude
        // Halves: hi - lo itself overflows for values of +-1e308.
        let halfSpan = hi / 2 - lo / 2
        if halfSpan < 0.5e-12 * max(1, abs(hi)) { return max(lo - 1, -big)...min(hi + 1, big) }
        let halfPad = 0.05 * halfSpan
        return max(lo - 2 * halfPad, -big)...min(hi + 2 * halfPad, big)
    }

    /// Where `x` falls in `range`, 0 at its lower bound and 1 at its upper,
    /// without overflow (halves) for ranges as wide as the doubles.
    static func fraction(_ x: Double, in range: ClosedRange<Double>) -> Double {
        (x / 2 - range.lowerBound / 2) / (range.upperBound / 2 - range.lowerBound / 2)
    }

    private func draw(_ chart: Chart, into svg: inout SVGWriter, top: Double, id: String) {
        let hasRight = chart.series.contains { $0.axis == .right }
        let left = 78.0, right = Self.width - (hasRight ? 70 : 24)
        let rows = Self.legendRows(chart, left: left, right: right)
        for (r, row) in rows.enumerated() {
            var x = right
            let y = top + 18 + Double(r) * 16
            for series in row.reversed() {
                let width = Self.textWidth(series.name)
                x -= width
                svg.text(series.name, x: x, y: y, size: 11)
                svg.line(x - 28, y - 4, x - 6, y - 4, color: series.color, width: 2.5)
                x -= 44
            }
        }
        let frame = ChartFrame(chart, left: left, right: right,
                               plotTop: top + 28 + Double(rows.count - 1) * 16, plotBottom: top + Self.chartHeight - 52)
        svg.text(chart.title, x: left, y: top + 18, size: 14, weight: "bold")
        drawAxes(chart, frame, hasRight: hasRight, into: &svg)
        // Curves, clipped to the plot area.
        svg.beginClippedGroup(id: id, x: left, y: frame.plotTop, width: right - left, height: frame.plotBottom - frame.plotTop)
        for series in chart.series { drawCurve(series, frame, into: &svg) }
        svg.endGroup()
    }

    /// The legend's rows: entries laid out right to left on the title's line
    /// when they fit beside the title, else on rows of their own above the
    /// plot area, so that no entry sits on a trace.
    private static func legendRows(_ chart: Chart, left: Double, right: Double) -> [[PlotSeries]] {
        let entries = chart.series.filter { !$0.name.isEmpty }
        func width(_ series: PlotSeries) -> Double { 30 + textWidth(series.name) + 14 }
        let besideTitle = right - left - textWidth(chart.title, size: 14) - 24
        guard entries.map(width).reduce(0, +) > besideTitle else { return [entries] }
        var rows: [[PlotSeries]] = [[], []]
        var used = 0.0
        for series in entries {
            if used + width(series) > right - left && !rows[rows.count - 1].isEmpty {
                rows.append([])
                used = 0
            }
            rows[rows.count - 1].append(series)
            used += width(series)
        }
        return rows
    }

    /// A chart's plot area and its scales: data to pixels.
    private struct ChartFrame {
        let left: Double, right: Double, plotTop: Double, plotBottom: Double
        let log: Bool
        let xRange: ClosedRange<Double>, yRange: ClosedRange<Double>, rightRange: ClosedRange<Double>
        let positions: ClosedRange<Double>

        init(_ chart: Chart, left: Double, right: Double, plotTop: Double, plotBottom: Double) {
            (self.left, self.right, self.plotTop, self.plotBottom) = (left, right, plotTop, plotBottom)
            let log = chart.xScale == .log
            self.log = log
            let xs = chart.series.flatMap { $0.points.map { $0.0 } }.filter { $0.isFinite && (!log || $0 > 0) }
            let ys = chart.series.filter { $0.axis == .left }.flatMap { $0.points.compactMap { $0.1 } }.filter { $0.isFinite }
            let rightYs = chart.series.filter { $0.axis == .right }.flatMap { $0.points.compactMap { $0.1 } }.filter { $0.isFinite }
            rightRange = chart.rightRange ?? PlotPage.range(of: rightYs)
            var xRange = chart.xRange ?? PlotPage.range(of: xs)
            if log && !(xRange.lowerBound > 0) { xRange = (xs.min() ?? 1e-3)...max(xRange.upperBound, (xs.min() ?? 1e-3) * 10) }
            self.xRange = xRange
            yRange = chart.yRange ?? PlotPage.range(of: ys + (chart.series.contains { $0.style == .stems } ? [0] : []))
            let position = { (x: Double) in log ? Double.log10(x) : x }
            positions = position(xRange.lowerBound)...max(position(xRange.upperBound), position(xRange.lowerBound))
        }

        func position(_ x: Double) -> Double { log ? Double.log10(x) : x }
        /// Fractions by halves, clamped: no overflow for ranges as wide as the doubles.
        func px(_ x: Double) -> Double {
            left + min(max(PlotPage.fraction(position(x), in: positions), -1e3), 1e3 + 1) * (right - left)
        }
        func py(_ y: Double, _ range: ClosedRange<Double>) -> Double {
            plotBottom - min(max(PlotPage.fraction(y, in: range), -1e3), 1e3 + 1) * (plotBottom - plotTop)
        }
        func py(_ y: Double) -> Double { py(y, yRange) }
        /// Whether a point can be drawn.
        func shows(_ x: Double, _ y: Double?) -> Bool {
            guard let y else { return false }
            return y.isFinite && x.isFinite && (!log || x > 0)
        }
    }

    /// The grid, the tick labels, the frame and the axes' labels.
    private func drawAxes(_ chart: Chart, _ f: ChartFrame, hasRight: Bool, into svg: inout SVGWriter) {
        if f.log {
            for (t, labelled) in Self.logTicks(f.xRange) {
                svg.line(f.px(t), f.plotTop, f.px(t), f.plotBottom, color: labelled ? "#ccc" : "#eee")
                if labelled { svg.text(Self.label(t), x: f.px(t), y: f.plotBottom + 16, anchor: "middle", size: 11) }
            }
        } else {
            for t in Self.ticks(f.xRange) {
                svg.line(f.px(t), f.plotTop, f.px(t), f.plotBottom, color: "#ddd")
                svg.text(Self.label(t), x: f.px(t), y: f.plotBottom + 16, anchor: "middle", size: 11)
            }
        }
        for t in Self.ticks(f.yRange, target: 5) {
            svg.line(f.left, f.py(t), f.right, f.py(t), color: "#ddd")
            svg.text(Self.label(t), x: f.left - 6, y: f.py(t) + 4, anchor: "end", size: 11)
        }
        svg.element("rect", [("x", SVGWriter.number(f.left)), ("y", SVGWriter.number(f.plotTop)),
                             ("width", SVGWriter.number(f.right - f.left)), ("height", SVGWriter.number(f.plotBottom - f.plotTop)),
                             ("fill", "none"), ("stroke", "#444")])
        svg.text(chart.xLabel + (f.log ? ", log scale" : ""), x: (f.left + f.right) / 2, y: f.plotBottom + 36, anchor: "middle", size: 12)
        svg.text(chart.yLabel, x: 20, y: (f.plotTop + f.plotBottom) / 2, anchor: "middle", size: 12, rotate: true)
        guard hasRight else { return }
        for t in Self.ticks(f.rightRange, target: 5) {
            svg.line(f.right, f.py(t, f.rightRange), f.right + 4, f.py(t, f.rightRange), color: "#444")
            svg.text(Self.label(t), x: f.right + 6, y: f.py(t, f.rightRange) + 4, size: 11)
        }
        svg.text(chart.rightLabel ?? "", x: Self.width - 12, y: (f.plotTop + f.plotBottom) / 2, anchor: "middle", size: 12, rotate: true)
    }

    /// One series: a line broken where a point cannot be drawn, or stems.
    private func drawCurve(_ series: PlotSeries, _ f: ChartFrame, into svg: inout SVGWriter) {
        let range = series.axis == .right ? f.rightRange : f.yRange
        switch series.style {
        case .line:
            var run: [(Double, Double)] = []
            for (x, y) in series.points {
                if let y, f.shows(x, y) { run.append((f.px(x), f.py(y, range))) } else {
                    svg.polyline(run, color: series.color); run = []
                }
            }
            svg.polyline(run, color: series.color)
        case .stems:
            for (x, y) in series.points {
                guard let y, f.shows(x, y) else { continue }
                svg.line(f.px(x), f.py(0, range), f.px(x), f.py(y, range), color: series.color, width: 1)
                svg.element("circle", [("cx", SVGWriter.number(f.px(x))), ("cy", SVGWriter.number(f.py(y, range))),
                                       ("r", "1.8"), ("fill", series.color)])
            }
        }
    }

    /// The square of the z-plane a pole-zero panel shows: centre and half-width.
    struct PlaneView {
        var center: Complex<Double>
        var halfWidth: Double
        func contains(_ z: Complex<Double>) -> Bool {
            abs(z.real - center.real) <= halfWidth && abs(z.imaginary - center.imaginary) <= halfWidth
        }
    }

    /// Where a second, zoomed panel helps: around the poles and zeros that
    /// crowd each other in the whole view (two distinct points closer than
    /// `crowding` of its width, as poles near z = 1 are for a low corner at a
    /// high sample rate), padded by 40 %; nil when none crowd.
    static func zoomView(poles: [Complex<Double>], zeros: [Complex<Double>], whole: PlaneView,
                         crowding: Double = 0.04) -> PlaneView? {
        let points = (poles + zeros).filter { $0.real.isFinite && $0.imaginary.isFinite }
        let width = 2 * whole.halfWidth
        let near = crowding * width, same = 4e-3 * width
        let crowded = points.filter { p in
            points.contains { q in let d = (p - q).length; return d > same && d < near }
        }
        guard let minRe = crowded.map(\.real).min(), let maxRe = crowded.map(\.real).max(),
              let minIm = crowded.map(\.imaginary).min(), let maxIm = crowded.map(\.imaginary).max() else { return nil }
        let span = max(maxRe - minRe, maxIm - minIm)
        let half = max(span / 2 * 1.4, 1e-9, 1e-4 * whole.halfWidth)
        guard half < 0.3 * whole.halfWidth else { return nil }
        return PlaneView(center: Complex((minRe + maxRe) / 2, (minIm + maxIm) / 2), halfWidth: half)
    }

    /// Points that coincide at `tolerance` counted once: the multiplicities.
    static func multiplicities(_ points: [Complex<Double>], tolerance: Double) -> [(Complex<Double>, Int)] {
        var drawn: [(Complex<Double>, Int)] = []
        for p in points where p.real.isFinite && p.imaginary.isFinite {
            if let k = drawn.firstIndex(where: { ($0.0 - p).length <= tolerance }) { drawn[k].1 += 1 }
            else { drawn.append((p, 1)) }
        }
        return drawn
    }

    private func draw(_ diagram: PoleZeroChart, into svg: inout SVGWriter, top: Double, idPrefix: String) {
        let all = (diagram.poles + diagram.zeros).filter { $0.real.isFinite && $0.imaginary.isFinite }
        let extent = max(1.25, (all.map { max(abs($0.real), abs($0.imaginary)) }.max() ?? 0) * 1.1)
        let whole = PlaneView(center: Complex(0, 0), halfWidth: extent)
        let zoom = Self.zoomView(poles: diagram.poles, zeros: diagram.zeros, whole: whole)
        svg.text(diagram.title, x: 78, y: top + 18, size: 14, weight: "bold")
        let size = Self.poleZeroHeight - 90
        let planeTop = top + 38
        if let zoom {
            drawPlane(diagram, whole, into: &svg, x: 60, y: planeTop, size: size, id: idPrefix + "pz-whole", marking: zoom)
            drawPlane(diagram, zoom, into: &svg, x: 60 + size + 70, y: planeTop, size: size, id: idPrefix + "pz-zoom", marking: nil)
            svg.text("zoomed in on the grey box", x: 60 + size + 70 + size / 2, y: planeTop - 6,
                     anchor: "middle", size: 11, color: "#555")
            drawPoleZeroLegend(diagram, into: &svg, x: 60, y: planeTop + size + 34, horizontal: true)
        } else {
            drawPlane(diagram, whole, into: &svg, x: Self.width / 2 - size / 2, y: planeTop, size: size, id: idPrefix + "pz-whole", marking: nil)
            drawPoleZeroLegend(diagram, into: &svg, x: Self.width / 2 + size / 2 + 16, y: planeTop + size / 2 - 40, horizontal: false)
        }
    }

    /// One pole (a red ×) or zero (a blue ○) at (x, y) in the plot, with
    /// "×count" beside it when `count` of them coincide there.
    private static func drawMark(isPole: Bool, count: Int, x: Double, y: Double, into svg: inout SVGWriter) {
        if isPole {
            svg.line(x - 5, y - 5, x + 5, y + 5, color: "#c22", width: 2)
            svg.line(x - 5, y + 5, x + 5, y - 5, color: "#c22", width: 2)
        } else {
            svg.element("circle", [("cx", SVGWriter.number(x)), ("cy", SVGWriter.number(y)), ("r", "5"),
                                   ("fill", "none"), ("stroke", "#22c"), ("stroke-width", "2")])
        }
        if count > 1 {
            svg.text("\u{00D7}\(count)", x: x + 7, y: isPole ? y - 7 : y + 15, size: 11, weight: "bold",
                     color: isPole ? "#c22" : "#22c")
        }
    }

    /// One square of the z-plane: grid, axes, unit circle, zeros (circles)
    /// and poles (crosses) with "x k" where k of them coincide at this scale.
    private func drawPlane(_ diagram: PoleZeroChart, _ view: PlaneView, into svg: inout SVGWriter,
                           x left: Double, y top: Double, size: Double, id: String, marking: PlaneView?) {
        let (c, h) = (view.center, view.halfWidth)
        func px(_ x: Double) -> Double { left + (x - (c.real - h)) / (2 * h) * size }
        func py(_ y: Double) -> Double { top + ((c.imaginary + h) - y) / (2 * h) * size }
        let reRange = (c.real - h)...(c.real + h), imRange = (c.imaginary - h)...(c.imaginary + h)
        for t in Self.ticks(reRange, target: 4) {
            svg.line(px(t), top, px(t), top + size, color: "#eee")
            svg.text(Self.label(t), x: px(t), y: top + size + 15, anchor: "middle", size: 10)
        }
        for t in Self.ticks(imRange, target: 4) {
            svg.line(left, py(t), left + size, py(t), color: "#eee")
            svg.text(Self.label(t), x: left - 5, y: py(t) + 4, anchor: "end", size: 10)
        }
        svg.element("rect", [("x", SVGWriter.number(left)), ("y", SVGWriter.number(top)),
                             ("width", SVGWriter.number(size)), ("height", SVGWriter.number(size)),
                             ("fill", "none"), ("stroke", "#444")])
        svg.beginClippedGroup(id: id, x: left, y: top, width: size, height: size)
        if imRange.contains(0) { svg.line(left, py(0), left + size, py(0), color: "#999") }
        if reRange.contains(0) { svg.line(px(0), top, px(0), top + size, color: "#999") }
        svg.element("circle", [("cx", SVGWriter.number(px(0))), ("cy", SVGWriter.number(py(0))),
                               ("r", SVGWriter.number(size / (2 * h))), ("fill", "none"),
                               ("stroke", "#2a6"), ("stroke-dasharray", "5 3")])
        if let m = marking {
            svg.element("rect", [("x", SVGWriter.number(px(m.center.real - m.halfWidth))),
                                 ("y", SVGWriter.number(py(m.center.imaginary + m.halfWidth))),
                                 ("width", SVGWriter.number(max(m.halfWidth / h * size, 3))),
                                 ("height", SVGWriter.number(max(m.halfWidth / h * size, 3))),
                                 ("fill", "#8882"), ("stroke", "#888")])
        }
        let tolerance = 2 * h * 4e-3
        for (points, isPole) in [(diagram.zeros, false), (diagram.poles, true)] {
            for (p, count) in Self.multiplicities(points.filter(view.contains), tolerance: tolerance) {
                Self.drawMark(isPole: isPole, count: count, x: px(p.real), y: py(p.imaginary), into: &svg)
            }
        }
        svg.endGroup()
        svg.text("Re z", x: left + size - 4, y: top + size - 6, anchor: "end", size: 11)
        svg.text("Im z", x: left + 6, y: top + 14, size: 11)
    }

    private func drawPoleZeroLegend(_ diagram: PoleZeroChart, into svg: inout SVGWriter, x lx: Double, y: Double,
                                    horizontal: Bool) {
        let step = horizontal ? (170.0, 0.0) : (0.0, 24.0)
        svg.line(lx, y - 10, lx + 10, y, color: "#c22", width: 2)
        svg.line(lx, y, lx + 10, y - 10, color: "#c22", width: 2)
        svg.text("pole (\(diagram.poles.count))", x: lx + 16, y: y - 1, size: 11)
        svg.element("circle", [("cx", SVGWriter.number(lx + step.0 + 5)), ("cy", SVGWriter.number(y + step.1 - 5)), ("r", "5"),
                               ("fill", "none"), ("stroke", "#22c"), ("stroke-width", "2")])
        svg.text("zero (\(diagram.zeros.count))", x: lx + step.0 + 16, y: y + step.1 - 1, size: 11)
        svg.line(lx + 2 * step.0, y + 2 * step.1 - 5, lx + 2 * step.0 + 12, y + 2 * step.1 - 5, color: "#2a6", dash: "5 3")
        svg.text("unit circle", x: lx + 2 * step.0 + 16, y: y + 2 * step.1 - 1, size: 11)
        svg.text("\u{00D7}k: k coincide", x: lx + 3 * step.0, y: y + 3 * step.1 - 1, size: 11)
    }
}
