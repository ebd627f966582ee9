import FilterRequests

/// The frame of a command that reads a `t,x,y,z` recording and writes one
/// at another rate (`mkfilter resample`, `mkfilter decimate`): the input
/// refused when `--output` would overwrite it, read with its notes, the CSV
/// header written, the rows by `body`, the notes the rows raised, and the
/// file committed whole (nothing written unless every row was), or standard
/// output flushed.
enum RecordingRewrite {
    /// What `body` gets: the recording (its rate known) and the CSV's sink.
    typealias Body = (_ recording: RecordingInput, _ csv: ByteSink, _ stderr: inout String) throws(ApplicationError) -> Void

    /// Runs `body` in the frame; the CSV to `standardOutput` (or into the
    /// result when nil), or whole to `output`.
    ///
    /// - Parameters:
    ///   - assumption: what the even spacing of the times is assumed for
    ///     ("resampling assumes it is"), for the reader's note.
    static func run(input: String?, sampleRate: Double?, output: String?, assumption: String, standardInput: Int32,
                    standardOutput: Int32?, before: () throws(ApplicationError) -> Void = {},
                    _ body: Body) -> (standardOutput: String, standardError: String, failure: ApplicationError?) {
        let stdout = ByteSink(descriptor: standardOutput)
        var stderr = ""
        do throws(ApplicationError) {
            try before()
            try FileOutput.refuseOverwriting(input: input, with: [("--output", output)])
            let recording = try RecordingInput(path: input, standardInput: standardInput, sampleRate: sampleRate)
            recording.evenSpacingAssumption = assumption
            stderr += recording.notes.map { $0 + "\n" }.joined()
            let notesBefore = recording.notes.count
            let csvOutput = try CSVOutput(output: output, standardOutput: stdout)
            defer { withExtendedLifetime(csvOutput) {} }
            csvOutput.sink.append("t,x,y,z\n")
            try body(recording, csvOutput.sink, &stderr)
            stderr += recording.notes.dropFirst(notesBefore).map { $0 + "\n" }.joined()
            try csvOutput.finishRows()
            try csvOutput.commit()
            return (standardOutput == nil ? stdout.text : "", stderr, nil)
        } catch {
            stdout.flush()
            return (standardOutput == nil ? stdout.text : "", stderr, error)
        }
    }
}
