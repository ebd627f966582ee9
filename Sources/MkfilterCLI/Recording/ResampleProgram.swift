import FilterApplication
import FilterApplicationAnalysis

/// `mkfilter resample`: a recording at up/down times its rate
/// (`ResampleRequest`); this only reads the words.
public enum ResampleProgram {
    static let usage = """
        Usage: mkfilter resample [<recording.csv> | -] --up <L> --down <M> [--sample-rate <Hz>] [--output <file.csv>]
        """

    /// Runs the command; the CSV goes to `standardOutput` (or into the
    /// result when nil) unless `--output`.
    public static func run(arguments: [String], standardInput: Int32 = 0, standardOutput: Int32? = nil) -> InvocationResult {
        .running("mkfilter resample", usage: usage, arguments: arguments, standardInput: standardInput,
                 notice: standardOutput != nil, keepsOutputOnFailure: true, read: request) {
            $0.run(standardInput: standardInput, standardOutput: standardOutput)
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
