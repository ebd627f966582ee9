import FilterAnalysis
import AccelerometerPipeline
import FilterRuntime

/// Shake!'s main screen as SVG: one graph per axis, red raw, green filtered,
/// blue RMS, pink trigger (0, jumping to the threshold level while triggered), kept to a
/// bounded number of points however long the input.
///
/// Up to `capacity` samples are plotted as they are; beyond that, samples are
/// gathered in buckets (each drawn as its minimum and maximum, so peaks stay
/// visible), and when the buckets fill up, neighbours merge and the bucket size
/// doubles. Memory stays O(capacity).
struct PipelinePlot {
    struct Bucket {
        var t0 = 0.0, t1 = 0.0
        /// raw, filtered, rms: min and max, per axis.
        var low = [Double](repeating: .infinity, count: 9), high = [Double](repeating: -.infinity, count: 9)
        var triggered: UInt8 = 0
        var count = 0

        mutating func add(t: Double, values: [Double], triggers: UInt8) {
            if count == 0 { t0 = t }
            t1 = t
            for k in 0..<9 {
                low[k] = min(low[k], values[k])
                high[k] = max(high[k], values[k])
            }
            triggered |= triggers
            count += 1
        }

        mutating func merge(_ other: Bucket) {
            t1 = other.t1
            for k in 0..<9 {
                low[k] = min(low[k], other.low[k])
                high[k] = max(high[k], other.high[k])
            }
            triggered |= other.triggered
            count += other.count
        }
    }

    let capacity = 4096
    var bucketSize = 1
    var buckets: [Bucket] = []
    var current = Bucket()
    var samples = 0

    mutating func add(t: Double, output: AccelerationPipeline.Output) {
        let values = [output.raw.x, output.filtered.x, output.rms.x, output.raw.y, output.filtered.y, output.rms.y,
                      output.raw.z, output.filtered.z, output.rms.z]
        current.add(t: t, values: values, triggers: output.triggers)
        samples += 1
        if current.count == bucketSize {
            buckets.append(current)
            current = Bucket()
            if buckets.count == capacity {
                buckets = stride(from: 0, to: buckets.count, by: 2).map {
                    var b = buckets[$0]
                    b.merge(buckets[$0 + 1])
                    return b
                }
                bucketSize *= 2
            }
        }
    }

    func svg(title: String, subtitle: String, configuration: PipelineConfiguration) -> String {
        let all = buckets + (current.count > 0 ? [current] : [])
        var panels: [PlotPage.Panel] = []
        for axis in 0..<3 {
            let name = PipelineConfiguration.axisNames[axis]
            let threshold = configuration[axis].threshold
            func points(_ k: Int) -> [(Double, Double?)] {
                all.flatMap { b -> [(Double, Double?)] in
                    b.count == 1 || b.low[k] == b.high[k] ? [(b.t0, b.low[k])] : [(b.t0, b.low[k]), (b.t1, b.high[k])]
                }
            }
            let trigger: [(Double, Double?)] = all.flatMap { b -> [(Double, Double?)] in
                let level = b.triggered & (1 << axis) != 0 ? threshold : 0
                return [(b.t0, level), (b.t1, level)]
            }
            let base = axis * 3
            let chart = Chart(
                title: "\(name) axis: \(describe(configuration[axis]))",
                xLabel: "time (s)", yLabel: "acceleration (g)",
                series: [
                    PlotSeries(name: "raw", color: "#d62728", points: points(base)),
                    PlotSeries(name: "filtered", color: "#2ca02c", points: points(base + 1)),
                    PlotSeries(name: "RMS", color: "#1f77b4", points: points(base + 2)),
                    PlotSeries(name: "trigger", color: "#ff69b4", points: trigger),
                ])
            panels.append(.chart(chart))
        }
        return PlotPage(title: title, subtitle: subtitle + (bucketSize > 1 ? "; \(samples) samples drawn as min/max of \(bucketSize)" : ""),
                        panels: panels).svg()
    }

    /// One chart for `pipeline --compare`: each axis' RMS (red x, green y,
    /// blue z) and, in pink, when any axis was triggered (drawn at the
    /// highest threshold).
    func candidateChart(title: String, configuration: PipelineConfiguration) -> Chart {
        let all = buckets + (current.count > 0 ? [current] : [])
        let level = (0..<3).map { configuration[$0].threshold }.max() ?? 0
        func points(_ k: Int) -> [(Double, Double?)] {
            all.flatMap { b -> [(Double, Double?)] in
                b.count == 1 || b.low[k] == b.high[k] ? [(b.t0, b.low[k])] : [(b.t0, b.low[k]), (b.t1, b.high[k])]
            }
        }
        let trigger: [(Double, Double?)] = all.flatMap { b -> [(Double, Double?)] in
            let on = b.triggered & 7 != 0 ? level : 0
            return [(b.t0, on), (b.t1, on)]
        }
        return Chart(title: title, xLabel: "time (s)", yLabel: "RMS (g)", series: [
            PlotSeries(name: "x RMS", color: "#d62728", points: points(2)),
            PlotSeries(name: "y RMS", color: "#2ca02c", points: points(5)),
            PlotSeries(name: "z RMS", color: "#1f77b4", points: points(8)),
            PlotSeries(name: "triggered (any axis)", color: "#ff69b4", points: trigger),
        ])
    }

    func describe(_ axis: AxisConfiguration) -> String {
        let filter: String
        switch axis.filter {
        case .passThrough: filter = "pass-through"
        case .template(let t): filter = t.name
        case .fir(let t): filter = t.name
        case let .apple(kind, cutoff, adaptive):
            filter = "Apple \(kind == .lowPass ? "low" : "high")-pass \(cutoff)\(adaptive ? " adaptive" : "")"
        case .filterFactorLowPass(let f): filter = "FILTERFACTOR low-pass \(f)"
        case .filterFactorHighPass(let f): filter = "FILTERFACTOR \"high-pass\" \(f)"
        case .iBellsHighPass(let f): filter = "iBells high-pass \(f)"
        case let .kalman(q, r, p0): filter = "Kalman q \(q) r \(r) p0 \(p0)"
        case .wholeSignal(let f): filter = f.name + " (the whole recording)"
        }
        return "\(filter), RMS over \(axis.rmsWindow), trigger > \(axis.threshold) g for \(axis.count)"
    }
}
