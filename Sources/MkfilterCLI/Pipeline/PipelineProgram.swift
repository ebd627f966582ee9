import FilterApplication
import FilterApplicationAnalysis

/// `mkfilter pipeline`: Shake!'s chain (source -> filter -> moving RMS ->
/// trigger) on three axes (`PipelineRequest`).
public enum PipelineProgram {
    static let usage = """
        Usage: mkfilter pipeline [<input.csv> | -] [--source sine|step|impulse [--amplitude <g>] [--frequency <Hz>]
                                 [--samples <n>] [--leading-zeros <n>]] [--sample-rate <Hz>] [--config <file.json>]
                                 [--filter <filter>] [--rms-window <n>] [--threshold <g>] [--count <m>]
                                 [--initial-state steady|zero] [--output <file.csv>] [--svg <file.svg>] [--events]
        """

    /// Runs the command. `standardInput` is read when no file or source is
    /// given; the CSV goes to `standardOutput` (or into the result when nil).
    public static func run(arguments: [String], standardInput: Int32 = 0, standardOutput: Int32? = nil) -> InvocationResult {
        let request: PipelineRequest
        do { request = try self.request(arguments) } catch {
            return .failure("mkfilter pipeline", error, usage: usage)
        }
        let result = request.run(standardInput: standardInput, standardOutput: standardOutput)
        guard let failure = result.failure else {
            return InvocationResult(standardOutput: result.standardOutput, standardError: result.standardError, exitCode: 0)
        }
        var invocation = InvocationResult.failure("mkfilter pipeline", UsageError(failure), usage: usage)
        invocation.standardError = result.standardError + invocation.standardError
        invocation.standardOutput = result.standardOutput
        return invocation
    }

    /// The words of `mkfilter pipeline`, read and checked.
    static func request(_ arguments: [String]) throws(UsageError) -> PipelineRequest {
        var r = PipelineRequest()
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            switch word {
            case "--source":
                let kind = try cursor.value(for: word)
                guard ["sine", "step", "impulse"].contains(kind) else {
                    throw UsageError("--source \(ArgumentValues.quoted(kind)) must be sine, step or impulse (or give a CSV file)")
                }
                r.source = PipelineRequest.Source(rawValue: kind)
            case "--amplitude": r.amplitude = try cursor.number(for: word, meaning: "the amplitude in g")
            case "--frequency": r.frequency = try cursor.number(for: word, meaning: "the sine's frequency in Hz")
            case "--samples": r.samples = try cursor.integer(for: word, meaning: "the number of samples to calculate", in: 1...PipelineRequest.maximumSamples)
            case "--leading-zeros": r.leadingZeros = try cursor.integer(for: word, meaning: "zero samples before the signal", in: 0...PipelineRequest.maximumSamples)
            case "--sample-rate": r.sampleRate = try cursor.positive(for: word, meaning: "the sample rate in Hz")
            case "--config": r.config = try cursor.value(for: word)
            case "--filter": r.filter = try cursor.value(for: word)
            case "--rms-window": r.rmsWindow = try cursor.integer(for: word, meaning: "the RMS window in samples", in: PipelineSettings.countRange)
            case "--threshold": r.threshold = try cursor.number(for: word, meaning: "the RMS level in g")
            case "--count": r.count = try cursor.integer(for: word, meaning: "contiguous samples above the threshold", in: PipelineSettings.countRange)
            case "--output", "-o": r.output = try cursor.value(for: word)
            case "--svg": r.svg = try cursor.value(for: word)
            case "--events": r.events = true
            case "--initial-state":
                let value = try cursor.value(for: word)
                switch value {
                case "steady": r.initialState = .steadyState
                case "zero": r.initialState = .zero
                default: throw UsageError("--initial-state \(ArgumentValues.quoted(value)) must be steady (the default) or zero")
                }
            default:
                guard word == "-" || !word.hasPrefix("-") else { throw UsageError("unknown option \(ArgumentValues.quoted(word))", showsUsage: true) }
                guard r.input == nil else { throw UsageError("one input file only; \(ArgumentValues.quoted(word)) is a second", showsUsage: true) }
                r.input = word
            }
        }
        if r.source != nil && r.input != nil { throw UsageError("give a CSV input or --source, not both") }
        if r.source == nil && (r.amplitude != nil || r.frequency != nil || r.samples != nil || r.leadingZeros != nil) {
            throw UsageError("--amplitude, --frequency, --samples and --leading-zeros go with --source")
        }
        return r
    }
}
