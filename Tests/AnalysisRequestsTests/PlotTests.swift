import ComplexModule
@testable import FilterAnalysis
import AnalysisRequests
import FilterDesign
import Foundation
import MkfilterCLI
import Testing

/// Plots people can read: a log frequency axis for low corners, legends off
/// the traces, a zoomed pole-zero panel where poles crowd, and a warning when
/// the filter is unstable as run.
@Suite struct PlotTests {
    static func responseSVG(_ arguments: [String]) throws -> String {
        try withTemporaryDirectory { dir in
            let svg = dir.appendingPathComponent("plot.svg").path
            let run = ResponseProgram.run(.response, arguments: arguments + ["--svg", svg, "-o", dir.appendingPathComponent("r.csv").path])
            #expect(run.exitCode == 0, "\(run.standardError)")
            return try String(contentsOfFile: svg, encoding: .utf8)
        }
    }

    /// Log by default when the lowest corner is below a tenth of Nyquist.
    @Test func frequencyAxisDefaultsToLogForLowCorners() throws {
        let bandPass = try Self.responseSVG(["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3"])
        #expect(bandPass.contains("frequency (Hz), log scale"))
        let highCorner = try Self.responseSVG(["-Bu", "-Lp", "-o", "3", "--sample-rate", "60", "--corner", "10"])
        #expect(!highCorner.contains("log scale"))
        let forced = try Self.responseSVG(["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3",
                                           "--frequency-axis", "linear"])
        #expect(!forced.contains("log scale"))
        #expect(ResponseRequest.defaultFrequencyAxis(for: try FilterRecipe(
            family: .butterworth, band: .lowPass, order: 2, corners: .alpha(0.049))) == .log)
        #expect(ResponseRequest.defaultFrequencyAxis(for: try FilterRecipe(
            family: .butterworth, band: .lowPass, order: 2, corners: .alpha(0.05))) == .linear)
    }

    /// Log ticks: decades labelled, 2 and 5 between them.
    @Test func logTicks() {
        let ticks = PlotPage.logTicks(0.01...30)
        #expect(ticks.filter(\.labelled).map(\.value) == [0.01, 0.1, 1, 10])
        #expect(ticks.map(\.value).contains(20) && ticks.map(\.value).contains(0.05))
        #expect(PlotPage.logTicks(0...1).isEmpty)
    }

    /// The legend sits above the plot area: every legend text's baseline is
    /// above the top of the frame it belongs to.
    @Test func legendIsAboveTheTraces() throws {
        let svg = try Self.responseSVG(["--elliptic", "-Lp", "--passband-edge", "5", "--stopband-edge", "7",
                                        "--passband-loss", "0.5", "--stopband-attenuation", "50", "--sample-rate", "60"])
        // The first chart's frame is the first <rect> with stroke #444.
        let frame = try #require(svg.range(of: "<rect x=\"78\" y=\""))
        let frameY = Double(svg[frame.upperBound...].prefix { $0 != "\"" })!
        for name in ["|H| (dB)", "passband limit (-0.5 dB)", "stopband limit (-50 dB)"] {
            let label = try #require(svg.range(of: ">\(SVGWriter.escaped(name))</text>"), "\(name)")
            let head = svg[..<label.lowerBound]
            let y = try #require(head.range(of: " y=\"", options: .backwards))
            let labelY = Double(head[y.upperBound...].prefix { $0 != "\"" })!
            #expect(labelY < frameY, "\(name) at y = \(labelY), the frame starts at \(frameY)")
        }
    }

    /// Poles crowding near z = 1 get a zoomed panel; spread ones do not.
    @Test func crowdedPolesGetAZoomedPanel() throws {
        let crowded = try Self.responseSVG(["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3"])
        #expect(crowded.contains("zoomed in on the grey box"))
        let spread = try Self.responseSVG(["-Bu", "-Lp", "-o", "2", "-a", "0.2"])
        #expect(!spread.contains("zoomed in"))
        // Multiplicities are labelled: three zeros at z = 1 and three at -1.
        #expect(crowded.components(separatedBy: ">\u{00D7}3</text>").count - 1 >= 2)
        let whole = PlotPage.PlaneView(center: Complex(0, 0), halfWidth: 1.25)
        let poles = [Complex(0.99, 0.01), Complex(0.99, -0.01), Complex(0.985, 0), Complex(-0.5, 0.5)]
        let zoom = try #require(PlotPage.zoomView(poles: poles, zeros: [], whole: whole))
        #expect(zoom.contains(poles[0]) && zoom.contains(poles[2]) && !zoom.contains(poles[3]))
    }

    /// Fisher's 20-pole Chebyshev band-pass as his recurrence in Float has a
    /// pole outside the unit circle: the plot says so; as sections it does not.
    @Test func unstableAsRunIsWarned() throws {
        let design = ["-Ch", "-0.5", "-Bp", "-o", "10", "-a", "0.1", "0.2"]
        let unstable = try Self.responseSVG(design + ["--realization", "direct", "--precision", "float"])
        #expect(unstable.contains("unstable as run in Float: largest pole radius 1.18"))
        let sections = try Self.responseSVG(design + ["--precision", "float"])
        #expect(!sections.contains("unstable as run"))
    }
}

/// Long series are thinned for drawing to the extremes of each pixel
/// column: at most two points a column, and every spike and dip survives.
@Suite struct ColumnDecimatorTests {
    @Test func extremesOfEachColumnSurvive() {
        let count = 1_000_000
        var decimator = ColumnDecimator(from: 0, to: Double(count - 1))
        func value(_ n: Int) -> Double {
            n == 123_457 ? 50 : n == 876_543 ? -40 : (n == 500_000 ? .nan : sin(Double(n) * 0.001))
        }
        for n in 0..<count { decimator.add(x: Double(n), y: value(n)) }
        let points = decimator.points
        #expect(points.count <= 2 * ColumnDecimator.columns)
        #expect(points.contains { $0.0 == 123_457 && $0.1 == 50 })
        #expect(points.contains { $0.0 == 876_543 && $0.1 == -40 })
        // Every column's extremes are the series' extremes there.
        let ys = points.compactMap(\.1)
        #expect(ys.max() == 50 && ys.min() == -40)
        // x increases through the points (a line through them does not double back).
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.0 <= $1.0 })
        #expect(ColumnDecimator.thins(count) && !ColumnDecimator.thins(1025))
    }

}
