import FilterAnalysis
import FilterDesign

/// The SVG of a `RecordingSpectrum`: one chart, frequency on a logarithmic
/// axis (dc left out), each axis' density in dB (10 log10 of g^2/Hz), its
/// mean and RMS about the mean in the legend; with a filter, the filtered
/// axes' density in lighter colours and the filter's magnitude (20 log10 |H|,
/// dB) against a second y axis on the right.
public enum SpectrumPlot {
    /// Colours of x, y, z, and of their filtered densities.
    static let colors = ["#d62728", "#2ca02c", "#1f77b4"]
    static let filteredColors = ["#ff9896", "#98df8a", "#aec7e8"]

    /// The lowest magnitude drawn on the right axis, dB.
    static let magnitudeFloor = -80.0

    /// The SVG document, titled with `source` (a file name, "recording").
    public static func svg(_ spectrum: RecordingSpectrum, source: String, idPrefix: String = "") -> String {
        let f = spectrum.raw.frequencies
        func decibels(_ psd: [Double]) -> [(Double, Double?)] {
            (1..<f.count).map { k in (f[k], psd[k] > 0 ? 10 * Double.log10(psd[k]) : nil) }
        }
        var series: [PlotSeries] = []
        for a in 0..<3 {
            let name = "\(["x", "y", "z"][a]) (mean \(RecordingSpectrum.short(spectrum.mean[a])) g, RMS \(RecordingSpectrum.short(spectrum.rms[a])) g)"
            series.append(PlotSeries(name: name, color: colors[a], points: decibels(spectrum.raw.psd[a])))
        }
        if let filtered = spectrum.filtered, let rms = spectrum.filteredRMS {
            for a in 0..<3 {
                series.append(PlotSeries(name: "\(["x", "y", "z"][a]) filtered (RMS \(RecordingSpectrum.short(rms[a])) g)",
                                         color: filteredColors[a], points: decibels(filtered.psd[a])))
            }
        }
        var rightLabel: String?
        if let magnitude = spectrum.filterMagnitude {
            let points: [(Double, Double?)] = (1..<f.count).map { k in
                let db = magnitude[k] > 0 ? 20 * Double.log10(magnitude[k]) : -Double.infinity
                return (f[k], max(db, magnitudeFloor))
            }
            series.append(PlotSeries(name: "filter |H| (dB, right axis)", color: "#333333", points: points, axis: .right))
            rightLabel = "filter magnitude (dB)"
        }
        let r = spectrum.raw
        let welch = "Welch: Hann window of \(r.segmentLength), overlap \(r.overlap), \(r.segments) segment\(r.segments == 1 ? "" : "s")"
        var chart = Chart(title: "Power spectral density", xLabel: "frequency (Hz)", yLabel: "PSD (dB re 1 g\u{B2}/Hz)",
                          series: series, xRange: f.count > 1 ? f[1]...f[f.count - 1] : nil, xScale: .log)
        chart.rightLabel = rightLabel
        if rightLabel != nil { chart.rightRange = magnitudeFloor...5 }
        let file = source.split(separator: "/").last.map(String.init) ?? source
        var subtitle = "\(file): \(spectrum.samples) samples at \(RecordingSpectrum.short(spectrum.sampleRate)) Hz; \(welch)"
        if let name = spectrum.filterName {
            subtitle += "; filter \(name)" + (spectrum.filterMagnitude == nil ? " (not linear: no magnitude drawn)" : "")
        }
        var page = PlotPage(title: "mkfilter spectrum", subtitle: subtitle, panels: [.chart(chart)])
        page.idPrefix = idPrefix
        return page.svg()
    }
}
