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

    /// A series; see the properties.
    public init(name: String, color: String, points: [(Double, Double?)], style: Style = .line) {
        self.name = name
        self.color = color
        self.points = points
        self.style = style
    }
}

/// A chart with a title, labelled axes, a grid and a legend.
public struct Chart: Sendable {
    /// Shown above the plot area.
    public var title: String
    /// Axis labels.
    public var xLabel: String, yLabel: String
    /// The curves, drawn in order.
    public var series: [PlotSeries]
    /// Axis ranges; nil: from the data.
    public var xRange: ClosedRange<Double>?, yRange: ClosedRange<Double>?

    /// A chart; see the properties.
    public init(title: String, xLabel: String, yLabel: String, series: [PlotSeries],
                xRange: ClosedRange<Double>? = nil, yRange: ClosedRange<Double>? = nil) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.xRange = xRange
        self.yRange = yRange
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
    /// Lines in red under the subtitle (an unstable filter), so that a plot
    /// passed around without its command's standard error still says so.
    public var warnings: [String]
    /// The panels, top to bottom.
    public var panels: [Panel]

    /// A page; see the properties.
    public init(title: String, subtitle: String = "", warnings: [String] = [], panels: [Panel]) {
        self.title = title
        self.subtitle = subtitle
        self.warnings = warnings
        self.panels = panels
    }

    static let width = 820.0
    static let chartHeight = 280.0
    static let poleZeroHeight = 420.0
    static let header = 62.0

    /// The SVG document.
    public func svg() -> String {
        let warningHeight = 16.0 * Double(warnings.count)
        let height = Self.header + warningHeight + panels.reduce(0) {
            if case .chart = $1 { return $0 + Self.chartHeight } else { return $0 + Self.poleZeroHeight }
        } + 10
        var svg = SVGWriter(width: Self.width, height: height)
        svg.text(title, x: Self.width / 2, y: 26, anchor: "middle", size: 18, weight: "bold")
        if !subtitle.isEmpty { svg.text(subtitle, x: Self.width / 2, y: 46, anchor: "middle", size: 12, color: "#555") }
        for (k, warning) in warnings.enumerated() {
            svg.text(warning, x: Self.width / 2, y: 62 + 16 * Double(k), anchor: "middle", size: 10, weight: "bold", color: "#c00")
        }
        var top = Self.header + warningHeight
        for (index, panel) in panels.enumerated() {
            switch panel {
            case .chart(let chart):
                draw(chart, into: &svg, top: top, id: "plot\(index)")
                top += Self.chartHeight
            case .poleZero(let diagram):
                draw(diagram, into: &svg, top: top)
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

    static func label(_ x: Double) -> String { formatC("%g", x) }

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
        let left = 78.0, right = Self.width - 24, plotTop = top + 28, plotBottom = top + Self.chartHeight - 52
        let xs = chart.series.flatMap { $0.points.map(\.0) }.filter(\.isFinite)
        let ys = chart.series.flatMap { $0.points.compactMap(\.1) }.filter(\.isFinite)
        let xRange = chart.xRange ?? Self.range(of: xs)
        let yRange = chart.yRange ?? Self.range(of: ys + (chart.series.contains { $0.style == .stems } ? [0] : []))
        // Points far outside the plot (clipped anyway) are drawn at most 1000
        // plot heights away, so that every coordinate stays a small finite number.
        func px(_ x: Double) -> Double {
            left + min(max(Self.fraction(x, in: xRange), -1e3), 1e3 + 1) * (right - left)
        }
        func py(_ y: Double) -> Double {
            plotBottom - min(max(Self.fraction(y, in: yRange), -1e3), 1e3 + 1) * (plotBottom - plotTop)
        }
        svg.text(chart.title, x: left, y: top + 18, size: 14, weight: "bold")
        // Grid and tick labels.
        for t in Self.ticks(xRange) {
            svg.line(px(t), plotTop, px(t), plotBottom, color: "#ddd")
            svg.text(Self.label(t), x: px(t), y: plotBottom + 16, anchor: "middle", size: 11)
        }
        for t in Self.ticks(yRange, target: 5) {
            svg.line(left, py(t), right, py(t), color: "#ddd")
            svg.text(Self.label(t), x: left - 6, y: py(t) + 4, anchor: "end", size: 11)
        }
        svg.element("rect", [("x", SVGWriter.number(left)), ("y", SVGWriter.number(plotTop)),
                             ("width", SVGWriter.number(right - left)), ("height", SVGWriter.number(plotBottom - plotTop)),
                             ("fill", "none"), ("stroke", "#444")])
        svg.text(chart.xLabel, x: (left + right) / 2, y: plotBottom + 36, anchor: "middle", size: 12)
        svg.text(chart.yLabel, x: 20, y: (plotTop + plotBottom) / 2, anchor: "middle", size: 12, rotate: true)
        // Curves, clipped to the plot area.
        svg.beginClippedGroup(id: id, x: left, y: plotTop, width: right - left, height: plotBottom - plotTop)
        for series in chart.series {
            switch series.style {
            case .line:
                var run: [(Double, Double)] = []
                for (x, y) in series.points {
                    if let y, y.isFinite, x.isFinite { run.append((px(x), py(y))) } else {
                        svg.polyline(run, color: series.color); run = []
                    }
                }
                svg.polyline(run, color: series.color)
            case .stems:
                for (x, y) in series.points {
                    guard let y, y.isFinite, x.isFinite else { continue }
                    svg.line(px(x), py(0), px(x), py(y), color: series.color, width: 1)
                    svg.element("circle", [("cx", SVGWriter.number(px(x))), ("cy", SVGWriter.number(py(y))),
                                           ("r", "1.8"), ("fill", series.color)])
                }
            }
        }
        svg.endGroup()
        // Legend, top right inside the plot.
        var legendY = plotTop + 16
        for series in chart.series where !series.name.isEmpty {
            svg.line(right - 150, legendY - 4, right - 128, legendY - 4, color: series.color, width: 2.5)
            svg.text(series.name, x: right - 122, y: legendY, size: 11)
            legendY += 16
        }
    }

    private func draw(_ diagram: PoleZeroChart, into svg: inout SVGWriter, top: Double) {
        let size = Self.poleZeroHeight - 70
        let all = (diagram.poles + diagram.zeros).filter { $0.real.isFinite && $0.imaginary.isFinite }
        let extent = max(1.25, (all.map { max(abs($0.real), abs($0.imaginary)) }.max() ?? 0) * 1.1)
        let cx = Self.width / 2, cy = top + 38 + size / 2
        func px(_ x: Double) -> Double { cx + x / extent * size / 2 }
        func py(_ y: Double) -> Double { cy - y / extent * size / 2 }
        svg.text(diagram.title, x: 78, y: top + 18, size: 14, weight: "bold")
        for t in Self.ticks(-extent...extent, target: 4) {
            svg.line(px(t), py(extent), px(t), py(-extent), color: "#eee")
            svg.line(px(-extent), py(t), px(extent), py(t), color: "#eee")
            svg.text(Self.label(t), x: px(t), y: py(-extent) + 15, anchor: "middle", size: 10)
            svg.text(Self.label(t), x: px(-extent) - 5, y: py(t) + 4, anchor: "end", size: 10)
        }
        svg.element("rect", [("x", SVGWriter.number(px(-extent))), ("y", SVGWriter.number(py(extent))),
                             ("width", SVGWriter.number(size)), ("height", SVGWriter.number(size)),
                             ("fill", "none"), ("stroke", "#444")])
        svg.line(px(-extent), py(0), px(extent), py(0), color: "#999")
        svg.line(px(0), py(-extent), px(0), py(extent), color: "#999")
        svg.element("circle", [("cx", SVGWriter.number(cx)), ("cy", SVGWriter.number(cy)),
                               ("r", SVGWriter.number(size / 2 / extent)), ("fill", "none"),
                               ("stroke", "#2a6"), ("stroke-dasharray", "5 3")])
        svg.text("Re z", x: px(extent) - 4, y: py(0) + 16, anchor: "end", size: 11)
        svg.text("Im z", x: px(0) + 6, y: py(extent) + 14, size: 11)
        // Zeros (circles) and poles (crosses); a count where several coincide.
        for (points, isPole) in [(diagram.zeros, false), (diagram.poles, true)] {
            var drawn: [(Complex<Double>, Int)] = []
            for p in points where p.real.isFinite && p.imaginary.isFinite {
                if let k = drawn.firstIndex(where: { ($0.0 - p).length < extent * 2e-3 }) { drawn[k].1 += 1 }
                else { drawn.append((p, 1)) }
            }
            for (p, count) in drawn {
                let (x, y) = (px(p.real), py(p.imaginary))
                if isPole {
                    svg.line(x - 5, y - 5, x + 5, y + 5, color: "#c22", width: 2)
                    svg.line(x - 5, y + 5, x + 5, y - 5, color: "#c22", width: 2)
                } else {
                    svg.element("circle", [("cx", SVGWriter.number(x)), ("cy", SVGWriter.number(y)), ("r", "5"),
                                           ("fill", "none"), ("stroke", "#22c"), ("stroke-width", "2")])
                }
                if count > 1 { svg.text("\(count)", x: x + 7, y: y - 7, size: 10, color: isPole ? "#c22" : "#22c") }
            }
        }
        let lx = px(extent) + 16
        svg.line(lx, cy - 40, lx + 10, cy - 30, color: "#c22", width: 2)
        svg.line(lx, cy - 30, lx + 10, cy - 40, color: "#c22", width: 2)
        svg.text("pole (\(diagram.poles.count))", x: lx + 16, y: cy - 31, size: 11)
        svg.element("circle", [("cx", SVGWriter.number(lx + 5)), ("cy", SVGWriter.number(cy - 10)), ("r", "5"),
                               ("fill", "none"), ("stroke", "#22c"), ("stroke-width", "2")])
        svg.text("zero (\(diagram.zeros.count))", x: lx + 16, y: cy - 6, size: 11)
        svg.line(lx, cy + 14, lx + 12, cy + 14, color: "#2a6", dash: "5 3")
        svg.text("unit circle", x: lx + 16, y: cy + 18, size: 11)
    }
}
