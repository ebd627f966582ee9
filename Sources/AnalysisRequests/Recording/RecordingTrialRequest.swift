import AccelerometerPipeline
import FilterRequests
import FilterDesign
import FilterJSON

/// The web page's "Try on a recording": an uploaded `t,x,y,z` recording,
/// read by the same reader as the command line (`RecordingInput`), its
/// spectrum with the page's filter overlaid (`RecordingSpectrum`,
/// `SpectrumPlot`) and the pipeline's trigger episodes for that filter with
/// `/live`'s defaults (`TriggerTrial`), as one JSON document. Nothing is kept.
public struct RecordingTrialRequest: Sendable {
    /// The largest upload accepted, bytes (10 MB).
    public static let maximumBytes = 10 * 1024 * 1024
    /// `/live`'s and `mkfilter pipeline`'s defaults: RMS window, threshold (g), count.
    public static let rmsWindow = 30, threshold = 0.1, count = 5

    /// The recording's bytes.
    public var bytes: [UInt8]
    /// The page's filter as the pipeline runs it (an IIR template, FIR taps).
    public var filter: AxisFilter
    /// Its name, for the legend.
    public var filterName: String
    /// The rate it was designed for, when in Hz: a note when the recording's differs.
    public var designSampleRate: Double?

    /// A request for the design page's IIR design.
    public init(bytes: [UInt8], design: QueryDesign) {
        self.init(bytes: bytes, filter: .template(design.filter.template), filterName: design.filterName,
                  designSampleRate: design.recipe.corners.sampleRate)
    }

    /// A request for any filter the pipeline runs (the FIR page's taps).
    public init(bytes: [UInt8], filter: AxisFilter, filterName: String, designSampleRate: Double?) {
        self.bytes = bytes
        self.filter = filter
        self.filterName = filterName
        self.designSampleRate = designSampleRate
    }

    /// The JSON answer:
    ///
    ///     {"samples": 3600, "sampleRate": 60, "peakHz": 1.99, "filteredPeakHz": 2.1,
    ///      "statistics": ["x: mean ...", ...], "notes": [...],
    ///      "spectrumSVG": "<svg ...>", "summary": "summary: ...",
    ///      "onsets": [{"start": 8.48, "end": 11.38, "axes": "xyz"}, ...]}
    ///
    /// - Throws: `ApplicationError` with field `recording` for a recording
    ///   the reader refuses (its message has the line number).
    public func run() throws(ApplicationError) -> String {
        do throws(ApplicationError) {
            let name = "recording"
            let spectrumInput = try RecordingInput(bytes: bytes, name: name, sampleRate: nil)
            let spectrum = try RecordingSpectrum.estimate(
                spectrumInput, filter: RecordingSpectrum.Filter(name: filterName, filter: filter))
            let trialInput = try RecordingInput(bytes: bytes, name: name, sampleRate: nil)
            let configuration = PipelineConfiguration(all: AxisConfiguration(filter: filter, rmsWindow: Self.rmsWindow,
                                                                             threshold: Self.threshold, count: Self.count))
            let trial = try TriggerTrial.run(trialInput, candidates: [.init(name: filterName, configuration: configuration)])
            var notes = spectrum.notes
            if let designed = designSampleRate, abs(designed / spectrum.sampleRate - 1) > 0.01 {
                notes.append("note: the filter is designed for \(messageNumber(designed)) Hz; the recording is at \(RecordingSpectrum.short(spectrum.sampleRate)) Hz, where its corners move in proportion")
            }
            let onsets: [JSONValue] = trial.summaries[0].episodes.map { e in
                .object([("start", .number(e.start)), ("end", .number(e.end)), ("axes", .string(e.axisNames))])
            }
            let answer = JSONValue.object([
                ("samples", .number(Double(spectrum.samples))),
                ("sampleRate", .number(spectrum.sampleRate)),
                ("peakHz", .number(spectrum.peakFrequency())),
                ("filteredPeakHz", .number(spectrum.peakFrequency(filtered: true))),
                ("statistics", .array(spectrum.statistics.map { .string($0) })),
                ("notes", .array(notes.map { .string($0) })),
                ("settings", .string("RMS over \(Self.rmsWindow) samples, trigger above \(Self.threshold) g for \(Self.count) samples")),
                ("summary", .string(trial.summaries[0].text(sampleRate: trial.sampleRate))),
                ("onsets", .array(onsets)),
                ("spectrumSVG", .string(SpectrumPlot.svg(spectrum, source: "recording", idPrefix: "recording-"))),
            ])
            return answer.text() + "\n"
        } catch {
            throw ApplicationError(messages: error.messages, field: "recording")
        }
    }
}
