import FilterRequests
import AnalysisRequests
import FilterDesign

/// `mkfilter decimate`: a recording at 1/q of its rate, as scipy's
/// `decimate` (`DecimateRequest`); this only reads the words.
public enum DecimateProgram {
    static let usage = """
        Usage: mkfilter decimate [<recording.csv> | -] --factor <q> [--ftype iir|fir] [--order <n>]
                                 [--no-zero-phase] [--sample-rate <Hz>] [--output <file.csv>]
        """

    /// Runs the command; the CSV goes to `standardOutput` (or into the
    /// result when nil) unless `--output`.
    public static func run(arguments: [String], standardInput: Int32 = 0, standardOutput: Int32? = nil) -> InvocationResult {
        .running("mkfilter decimate", usage: usage, arguments: arguments, standardInput: standardInput,
                 notice: standardOutput != nil, keepsOutputOnFailure: true, read: request) {
            $0.run(standardInput: standardInput, standardOutput: standardOutput)
        }
    }

    /// The words of `mkfilter decimate`, read and checked.
    static func request(_ arguments: [String]) throws(UsageError) -> DecimateRequest {
        var seen: Set<String> = []
        let r = try ArgumentCursor.reading(arguments, into: DecimateRequest()) { word, cursor, r throws(UsageError) in
            if word.hasPrefix("-"), word != "-", !seen.insert(word == "-o" ? "--output" : word).inserted {
                throw UsageError("\(word) is given twice; give it once")
            }
            switch word {
            case "--factor", "-q":
                r.factor = try cursor.integer(for: word, meaning: "the decimation factor q", in: Decimation.factorRange)
            case "--ftype":
                let text = try cursor.value(for: word)
                guard let type = Decimation.FilterType(rawValue: text) else {
                    throw UsageError("--ftype \(ArgumentValues.quoted(text)) is not a filter type; use iir (Chebyshev I, scipy's default) or fir (Hamming-windowed)")
                }
                r.type = type
            case "--order", "-n":
                r.order = try cursor.integer(for: word, meaning: "the filter's order (iir 1 ... 20, fir 1 ... 100000)", in: 1...100_000)
            case "--no-zero-phase": r.zeroPhase = false
            case "--sample-rate": r.sampleRate = try cursor.positive(for: word, meaning: "the recording's sample rate in Hz")
            case "--output", "-o": r.output = try cursor.value(for: word)
            default:
                r.input = try ArgumentCursor.input(word, after: r.input, what: "recording")
            }
        }
        guard r.factor != 0 else {
            throw UsageError("--factor is required (the new rate is the recording's over q; e.g. --factor 4 for 400 Hz to 100 Hz)",
                             showsUsage: true)
        }
        return r
    }
}
