import FilterRequests
import AnalysisRequests
import FilterDesign

/// `mkfilter resample`: a recording at up/down times its rate
/// (`ResampleRequest`); this only reads the words.
public enum ResampleProgram {
    static let usage = """
        Usage: mkfilter resample [<recording.csv> | -] --up <L> --down <M> [--sample-rate <Hz>] [--output <file.csv>]
               mkfilter resample --up <L> --down <M> --emit swift|cmsis|cmsis-q15|cmsis-q31|json [--name <N>] [--output <file>]
        """

    /// Runs the command; the CSV goes to `standardOutput` (or into the
    /// result when nil) unless `--output`.
    public static func run(arguments: [String], standardInput: Int32 = 0, standardOutput: Int32? = nil) -> InvocationResult {
        if arguments.contains("--emit") { return emit(arguments) }
        return .running("mkfilter resample", usage: usage, arguments: arguments, standardInput: standardInput,
                 notice: standardOutput != nil, keepsOutputOnFailure: true, read: request) {
            $0.run(standardInput: standardInput, standardOutput: standardOutput)
        }
    }

    /// `--emit`: the resampler's filter as code (`DesignCommandRequest`'s
    /// `.resampler`), whole to `--output` or on standard output, with the
    /// fixed-point notes on standard error.
    static func emit(_ arguments: [String]) -> InvocationResult {
        let program = "mkfilter resample"
        do throws(UsageError) {
            let (words, emission) = try EmissionOptions.split(arguments)
            let r = try request(words)
            if let input = r.input {
                throw UsageError("--emit writes the resampler's code, not a recording: leave out \(ArgumentValues.quoted(input))")
            }
            if r.sampleRate != nil { throw UsageError("--sample-rate goes with a recording, not with --emit: leave it out") }
            let output: DesignCommandRequest.Output
            do { output = try DesignCommandRequest(design: .resampler(up: r.up, down: r.down), emission: emission.settings).run() } catch {
                throw UsageError(error)
            }
            return try Mkfilter.printed(output, to: emission.output ?? r.output, program: program)
        } catch {
            return .failure(program, error, usage: usage)
        }
    }

    /// The words of `mkfilter resample`, read and checked.
    static func request(_ arguments: [String]) throws(UsageError) -> ResampleRequest {
        var given = (up: false, down: false)
        let r = try ArgumentCursor.reading(arguments, into: ResampleRequest()) { word, cursor, r throws(UsageError) in
            switch word {
            case "--up":
                r.up = try cursor.integer(for: word, meaning: "the upsampling factor L", in: ResampleRequest.factorRange)
                given.up = true
            case "--down":
                r.down = try cursor.integer(for: word, meaning: "the downsampling factor M", in: ResampleRequest.factorRange)
                given.down = true
            case "--sample-rate": r.sampleRate = try cursor.positive(for: word, meaning: "the recording's sample rate in Hz")
            case "--output", "-o": r.output = try cursor.value(for: word)
            default:
                r.input = try ArgumentCursor.input(word, after: r.input, what: "recording")
            }
        }
        guard given.up || given.down else {
            throw UsageError("give --up L and/or --down M (the new rate is L/M times the recording's; e.g. --up 1 --down 8 for 400 Hz to 50 Hz)",
                             showsUsage: true)
        }
        return r
    }
}
