import AccelerometerPipeline
import FilterRequests
import FilterDesign

/// `mkfilter spectrum`: a recording's power spectral density per axis
/// (`RecordingSpectrum`) as CSV on standard output or in `output`, an SVG
/// plot in `svg` (both written whole or neither), and each axis' mean and
/// RMS about the mean on standard error.
public struct SpectrumRequest: Sendable {
    /// The CSV recording: a path, or nil / `-` for standard input.
    public var input: String?
    /// Hz, instead of the rate the `t` column gives.
    public var sampleRate: Double?
    /// Samples per segment (default 256) and shared by consecutive ones (default half).
    public var segment: Int?, overlap: Int?
    /// A filter as `mkfilter pipeline --filter` takes it.
    public var filter: String?
    /// The CSV file; nil: standard output.
    public var output: String?
    /// The SVG file.
    public var svg: String?

    /// Every default: standard input to standard output.
    public init() {}

    /// Reads the recording and writes the spectrum.
    public func run(standardInput: Int32 = 0) -> SpectrumResult {
        var stderr = ""
        do throws(ApplicationError) {
            if let output, let svg, FileOutput.sameFile(output, svg) {
                throw ApplicationError("--output \(quotedForMessage(output)) and --svg \(quotedForMessage(svg)) name the same file: give each its own")
            }
            try FileOutput.refuseOverwriting(input: input, with: [("--output", output), ("--svg", svg)])
            let recording = try RecordingInput(path: input, standardInput: standardInput, sampleRate: sampleRate)
            var resolved: RecordingSpectrum.Filter?
            if let filter {
                var settings = PipelineSettings()
                do {
                    resolved = RecordingSpectrum.Filter(name: filter, filter: try settings.resolve(filter, sampleRate: recording.sampleRate),
                                                        option: "--filter")
                } catch { throw ApplicationError("--filter \(quotedForMessage(filter)): \(error.description)", underlying: error) }
                stderr += settings.notes.map { $0 + "\n" }.joined()
            }
            let spectrum = try RecordingSpectrum.estimate(recording, segment: segment ?? RecordingSpectrum.defaultSegment,
                                                          overlap: overlap, filter: resolved)
            stderr += spectrum.notes.map { $0 + "\n" }.joined()
            stderr += spectrum.statistics.map { $0 + "\n" }.joined()
            let csv = spectrum.csv
            var files: [(path: String, text: String)] = []
            if let output { files.append((output, csv)) }
            if let svg { files.append((svg, SpectrumPlot.svg(spectrum, source: recording.name))) }
            if let failure = FileOutput.writeAll(files) {
                let option = failure.path == svg && failure.path != output ? "--svg" : "--output"
                throw ApplicationError("\(option) \(quotedForMessage(failure.path)): cannot write it (\(failure.reason))")
            }
            return SpectrumResult(standardOutput: output == nil ? csv : "", standardError: stderr, spectrum: spectrum, failure: nil)
        } catch {
            return SpectrumResult(standardOutput: "", standardError: stderr, spectrum: nil, failure: error)
        }
    }
}

/// What `SpectrumRequest.run` printed and computed.
public struct SpectrumResult: Sendable {
    /// The CSV when no `--output` was given.
    public var standardOutput: String
    /// Notes and the per-axis statistics.
    public var standardError: String
    /// The spectrum, when the run succeeded.
    public var spectrum: RecordingSpectrum?
    /// Why the run stopped; nil when it succeeded.
    public var failure: ApplicationError?
}
