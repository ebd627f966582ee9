import AccelerometerPipeline
import FilterRequests
import FilterDesign

extension PipelineRequest {
    /// The most candidates one `--compare` runs: each is a whole run of the
    /// recording and a row of the plot (500 on 10,000 rows took 1.25 GB).
    public static let maximumComparedFilters = 16

    /// `mkfilter pipeline RECORDING --compare 'A' 'B' ...`: each candidate
    /// filter in place of `--filter`, with every other setting (`--config`,
    /// `--rms-window`, `--threshold`, `--count`, `--min-interval`,
    /// `--initial-state`) the same, run over the same recording read once
    /// (`TriggerTrial`). The table of onsets goes to standard output, each
    /// candidate's summary to standard error, and with `svg` one plot with a
    /// row per candidate.
    func runComparison(standardInput: Int32) -> PipelineResult {
        var stderr = ""
        do throws(ApplicationError) {
            if source != nil { throw ApplicationError("--compare runs candidates on a recording; give a CSV file, not --source") }
            guard compare.count <= Self.maximumComparedFilters else {
                throw ApplicationError("--compare takes at most \(Self.maximumComparedFilters) filters (got \(compare.count)): each is run over the whole recording and drawn; compare them in groups")
            }
            if output != nil {
                throw ApplicationError("--compare prints a table of onsets; --output (the pipeline's CSV) is for one filter: leave it out, or run each candidate with --filter")
            }
            if filter != nil { throw ApplicationError("--compare gives the filters; leave --filter out (the other settings apply to every candidate)") }
            if zeroPhase || shakeThresholds != nil || orientation || yaw || yawSmoother != nil {
                throw ApplicationError("--compare tries the filter and trigger only; leave out --zero-phase, --detector, --orientation, --yaw and --yaw-smoother")
            }
            let recording = try RecordingInput(path: input, standardInput: standardInput, sampleRate: sampleRate)
            let fs = recording.sampleRate
            var candidates: [TriggerTrial.Candidate] = []
            for (k, candidate) in compare.enumerated() {
                var settings = try self.settings()
                for a in 0..<3 { settings.axes[a].filter = candidate }
                var configuration: PipelineConfiguration
                do { configuration = try settings.configuration(sampleRate: fs) } catch {
                    throw ApplicationError("--compare candidate \(k + 1) \(quotedForMessage(candidate)): \(error.description)", underlying: error)
                }
                if let minimumInterval {
                    do { configuration.debounce = try Debounce(minimumInterval: minimumInterval) } catch {
                        throw ApplicationError("--min-interval: \(error.description)", underlying: error)
                    }
                }
                stderr += settings.notes.map { $0 + "\n" }.joined()
                candidates.append(TriggerTrial.Candidate(name: candidate, configuration: configuration))
            }
            let trial = try TriggerTrial.run(recording, candidates: candidates, initialState: initialState)
            stderr = recording.notes.map { $0 + "\n" }.joined() + stderr
            for (k, summary) in trial.summaries.enumerated() {
                stderr += "candidate \(k + 1), \(summary.text(sampleRate: fs))"
            }
            if let svg {
                if let failure = FileOutput.write(trial.svg(source: recording.name), to: svg) {
                    throw ApplicationError("--svg \(quotedForMessage(svg)): cannot write it (\(failure))")
                }
            }
            return PipelineResult(standardOutput: trial.table, standardError: stderr, failure: nil)
        } catch {
            return PipelineResult(standardOutput: "", standardError: stderr, failure: error)
        }
    }
}
