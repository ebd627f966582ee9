import AccelerometerPipeline
import FilterRequests
import FilterDesign

/// One `mkfilter pipeline` run's chain and what it gathers, a row at a time:
/// the three axes through `AccelerationPipeline`, the articles' extra
/// columns, the CSV row (to the writer's thread), trigger events, the SVG's
/// points and the summary.
struct PipelineChain {
    var pipeline: AccelerationPipeline
    /// The yaw's Kalman smoother, with `--yaw-smoother`.
    var yawFilter: KalmanSmoother?
    let extras: PipelineCSVWriter.Extras
    let sampleRate: Double
    /// Whether to report each trigger onset; where (nil: into `eventText`).
    let events: Bool, eventSink: ByteSink?
    /// Events kept for standard error (without `--output`).
    private(set) var eventText = ""
    /// The SVG's points, with `--svg`.
    private(set) var plot: PipelinePlot?
    private(set) var summary = TriggerSummary()
    /// Rows emitted so far.
    private(set) var count = 0

    init(pipeline: AccelerationPipeline, yawFilter: KalmanSmoother?, extras: PipelineCSVWriter.Extras, sampleRate: Double,
         events: Bool, eventSink: ByteSink?, plots: Bool) {
        self.pipeline = pipeline
        self.yawFilter = yawFilter
        self.extras = extras
        self.sampleRate = sampleRate
        self.events = events
        self.eventSink = eventSink
        plot = plots ? PipelinePlot() : nil
    }

    /// `row` through the chain (or, zero-phase, its `filtered` values through
    /// the stages after the filters) into `writer`, the events, the plot and
    /// the summary.
    ///
    /// - Throws: `ApplicationError` for a time or an output that is not
    ///   finite: never written as inf or NaN.
    mutating func emit(_ row: AccelerometerRow, filtered: Acceleration?, to writer: PipelineCSVWriter) throws(ApplicationError) {
        let (t, n, fs) = (row.t, count, sampleRate)
        let a = Acceleration(x: row.x, y: row.y, z: row.z)
        guard t.isFinite else {
            throw ApplicationError("the time of sample \(n), \(n) / \(messageNumber(fs)) Hz, is beyond the largest double; give a higher --sample-rate")
        }
        let out = filtered.map { pipeline.process(a, filtered: $0, at: t) } ?? pipeline.process(a, at: t)
        // A filter whose output overflows (an input near the largest double
        // through a gain above 1): refused, never printed as inf.
        for axis in 0..<3 where !out.filtered[axis].isFinite || !out.rms[axis].isFinite {
            let column = PipelineConfiguration.axisNames[axis] + (out.filtered[axis].isFinite ? "_rms" : "_filtered")
            let value = out.filtered[axis].isFinite ? out.rms[axis] : out.filtered[axis]
            let place = row.line > 0 ? ", line \(row.line)" : ""
            let sample = "at sample \(n) (t = \(t) s\(place), \(PipelineConfiguration.axisNames[axis]) = \(a[axis]) g)"
            throw ApplicationError(value.isNaN
                ? "\(column) is not a number \(sample): the filter cannot compute it in double precision at \(messageNumber(fs)) Hz with this input"
                : "\(column) overflows \(sample): the filter's output is beyond the largest double (\(Double.greatestFiniteMagnitude)); scale the input down")
        }
        var yaw = 0.0, smoothed = 0.0
        if extras.yaw, let attitude = row.attitude {
            yaw = attitude.yaw
            if yawFilter != nil { smoothed = yawFilter!.process(yaw) }
        }
        let angle = extras.orientation ? DeviceOrientation.tiltAngle(x: a.x, y: a.y) : 0
        writer.append(t: t, raw: a, output: out, angle: angle, yaw: yaw, smoothed: smoothed)
        if events && (out.onsets != 0 || out.shakeOnset) {
            var lines = ""
            for axis in 0..<3 where out.onsets & (1 << axis) != 0 {
                lines += "trigger \(PipelineConfiguration.axisNames[axis]) t=\(t) sample=\(n)\n"
            }
            if out.shakeOnset { lines += "shake t=\(t) sample=\(n)\n" }
            if let eventSink { eventSink.write(lines) } else { eventText += lines }
        }
        plot?.add(t: t, output: out)
        summary.add(out, at: t)
        count += 1
    }
}
