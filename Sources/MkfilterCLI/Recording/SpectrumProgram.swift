import FilterApplication
import FilterApplicationAnalysis
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `mkfilter spectrum`: a recording's Welch power spectral density per axis
/// (`SpectrumRequest`); this only reads the words.
public enum SpectrumProgram {
    static let usage = """
        Usage: mkfilter spectrum [<recording.csv> | -] [--filter <filter>] [--sample-rate <Hz>]
                                 [--segment <n>] [--overlap <n>] [--output <file.csv>] [--svg <file.svg>]
        """

    /// Runs the command; the CSV goes to standard output unless `--output`.
    public static func run(arguments: [String], standardInput: Int32 = 0) -> InvocationResult {
        let request: SpectrumRequest
        do { request = try self.request(arguments) } catch {
            return .failure("mkfilter spectrum", error, usage: usage)
        }
        // (Not while it reads a terminal: the notice would be in the way of the typing.)
        let notice = isatty(standardInput) == 0 ? ProgressNotice("mkfilter spectrum") : nil
        let result = request.run(standardInput: standardInput)
        notice?.finish()
        guard let failure = result.failure else {
            return InvocationResult(standardOutput: result.standardOutput, standardError: result.standardError, exitCode: 0)
        }
        var invocation = InvocationResult.failure("mkfilter spectrum", UsageError(failure), usage: usage)
        invocation.standardError = result.standardError + invocation.standardError
        return invocation
    }

    /// The words of `mkfilter spectrum`, read and checked.
    static func request(_ arguments: [String]) throws(UsageError) -> SpectrumRequest {
        var r = SpectrumRequest()
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
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
                guard word == "-" || !word.hasPrefix("-") else { throw UsageError("unknown option \(ArgumentValues.quoted(word))", showsUsage: true) }
                guard r.input == nil else { throw UsageError("one recording only; \(ArgumentValues.quoted(word)) is a second", showsUsage: true) }
                r.input = word
            }
        }
        if let overlap = r.overlap, overlap >= (r.segment ?? RecordingSpectrum.defaultSegment) {
            throw UsageError("--overlap \(overlap) is not allowed; it must be less than the segment, \(r.segment ?? RecordingSpectrum.defaultSegment) samples (0 ... \((r.segment ?? RecordingSpectrum.defaultSegment) - 1))")
        }
        return r
    }
}
