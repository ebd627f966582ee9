import FilterRequests
import AnalysisRequests

/// `mkfilter spectrum`: a recording's Welch power spectral density per axis
/// (`SpectrumRequest`); this only reads the words.
public enum SpectrumProgram {
    static let usage = """
        Usage: mkfilter spectrum [<recording.csv> | -] [--filter <filter>] [--sample-rate <Hz>]
                                 [--segment <n>] [--overlap <n>] [--output <file.csv>] [--svg <file.svg>]
        """

    // The run and the word loop have the shape of `pipeline`'s and `suggest`'s,
    // left on purpose: what they share is `InvocationResult.running` and
    // `ArgumentCursor`; what is left is each command's own words.

    /// Runs the command; the CSV goes to standard output unless `--output`.
    public static func run(arguments: [String], standardInput: Int32 = 0) -> InvocationResult {
        .running("mkfilter spectrum", usage: usage, arguments: arguments, standardInput: standardInput, read: request) {
            $0.run(standardInput: standardInput)
        }
    }

    /// The words of `mkfilter spectrum`, read and checked.
    static func request(_ arguments: [String]) throws(UsageError) -> SpectrumRequest {
        let r = try ArgumentCursor.reading(arguments, into: SpectrumRequest()) { word, cursor, r throws(UsageError) in
            switch word {
            case "--filter": r.filter = try cursor.value(for: word)
            case "--sample-rate": r.sampleRate = try cursor.positive(for: word, meaning: "the sample rate in Hz")
            case "--segment":
                r.segment = try cursor.integer(for: word, meaning: "samples per Welch segment", in: RecordingSpectrum.segmentRange)
            case "--overlap":
                r.overlap = try cursor.integer(for: word, meaning: "samples shared by consecutive segments, less than --segment",
                                               in: 0...(RecordingSpectrum.segmentRange.upperBound - 1))
            case "--output", "-o": r.output = try cursor.value(for: word)
            case "--svg": r.svg = try cursor.value(for: word)
            default:
                r.input = try ArgumentCursor.input(word, after: r.input, what: "recording")
            }
        }
        let segment = r.segment ?? RecordingSpectrum.defaultSegment
        if let overlap = r.overlap, overlap > RecordingSpectrum.largestOverlap(segment: segment) {
            throw UsageError("--overlap \(overlap) is not allowed; it must leave segments of \(segment) samples at least \(max(1, segment / 16)) apart (0 ... \(RecordingSpectrum.largestOverlap(segment: segment)))")
        }
        return r
    }
}
