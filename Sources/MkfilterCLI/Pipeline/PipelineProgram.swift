import FilterRequests
import AnalysisRequests
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `mkfilter pipeline`: Shake!'s chain (source -> filter -> moving RMS ->
/// trigger) on three axes (`PipelineRequest`).
public enum PipelineProgram {
    static let usage = """
        Usage: mkfilter pipeline [<input.csv> | -] [--source sine|step|impulse [--amplitude <g>] [--frequency <Hz>]
                                 [--samples <n>] [--leading-zeros <n>]] [--sample-rate <Hz>] [--config <file.json>]
                                 [--filter <filter>] [--rms-window <n>] [--threshold <g>] [--count <m>]
                                 [--initial-state steady|zero] [--zero-phase] [--detector shake <on g> <off g>]
                                 [--min-interval <s>] [--orientation] [--yaw] [--yaw-smoother 'kalman <q> <r> <p0>']
                                 [--output <file.csv>] [--svg <file.svg>] [--events]
               mkfilter pipeline <input.csv> --compare <filter> <filter> ... [--svg <file.svg>]
        """

    /// Runs the command. `standardInput` is read when no file or source is
    /// given; the CSV goes to `standardOutput` (or into the result when nil).
    public static func run(arguments: [String], standardInput: Int32 = 0, standardOutput: Int32? = nil) -> InvocationResult {
        .running("mkfilter pipeline", usage: usage, arguments: arguments, standardInput: standardInput,
                 notice: standardOutput != nil, keepsOutputOnFailure: true, read: request) {
            $0.run(standardInput: standardInput, standardOutput: standardOutput)
        }
    }

    /// `--yaw-smoother "kalman Q R P0"`: the smoother's words, checked to
    /// start with kalman (the numbers are read with the chain).
    private static func readYawSmoother(_ cursor: inout ArgumentCursor, _ word: String) throws(UsageError) -> String {
        let value = try cursor.value(for: word)
        guard value.split(whereSeparator: { $0 == " " || $0 == "\t" }).first == "kalman" else {
            throw UsageError("--yaw-smoother \(ArgumentValues.quoted(value)) must be kalman Q R P0 (the articles use 'kalman 0.1 0.1 0.1')")
        }
        return value
    }

    /// `--initial-state steady|zero`: where the filters start.
    private static func readInitialState(_ cursor: inout ArgumentCursor, _ word: String,
                                         into r: inout PipelineRequest) throws(UsageError) {
        let value = try cursor.value(for: word)
        switch value {
        case "steady": r.initialState = .steadyState
        case "zero": r.initialState = .zero
        default: throw UsageError("--initial-state \(ArgumentValues.quoted(value)) must be steady (the default) or zero")
        }
    }

    /// The words of `mkfilter pipeline`, read and checked.
    static func request(_ arguments: [String]) throws(UsageError) -> PipelineRequest {
        let r = try ArgumentCursor.reading(arguments, into: PipelineRequest()) { word, cursor, r throws(UsageError) in
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
            case "--compare": try readCompare(&cursor, into: &r)
            case "--rms-window": r.rmsWindow = try cursor.integer(for: word, meaning: "the RMS window in samples", in: PipelineSettings.countRange)
            case "--threshold": r.threshold = try cursor.number(for: word, meaning: "the RMS level in g")
            case "--count": r.count = try cursor.integer(for: word, meaning: "contiguous samples above the threshold", in: PipelineSettings.countRange)
            case "--output", "-o": r.output = try cursor.value(for: word)
            case "--svg": r.svg = try cursor.value(for: word)
            case "--events": r.events = true
            case "--zero-phase": r.zeroPhase = true
            case "--detector": r.shakeThresholds = try readDetector(&cursor, word)
            case "--min-interval":
                let seconds = try cursor.number(for: word, meaning: "the shortest time between reported onsets, in s")
                guard seconds >= 0 else { throw UsageError("--min-interval \(seconds) is not allowed; it must be 0 or more seconds") }
                r.minimumInterval = seconds
            case "--orientation": r.orientation = true
            case "--yaw": r.yaw = true
            case "--yaw-smoother": r.yawSmoother = try readYawSmoother(&cursor, word)
            case "--initial-state": try readInitialState(&cursor, word, into: &r)
            default:
                r.input = try ArgumentCursor.input(word, after: r.input, what: "input file")
            }
        }
        try checkSource(r)
        return r
    }

    /// `--compare`'s candidates: up to the next option (a word starting with
    /// '-' without a space: '-Bu -Bp ...' in one argument is a candidate); a
    /// word naming an existing file is the input.
    static func readCompare(_ cursor: inout ArgumentCursor, into r: inout PipelineRequest) throws(UsageError) {
        var candidates: [String] = []
        while cursor.index < cursor.words.count {
            let next = cursor.words[cursor.index]
            if next.hasPrefix("-") && !next.contains(where: { $0 == " " || $0 == "\t" }) { break }
            cursor.index += 1
            if r.input == nil, access(next, F_OK) == 0 { r.input = next } else { candidates.append(next) }
        }
        guard !candidates.isEmpty else {
            throw UsageError("--compare needs one or more filters, each one argument: --compare '-Bu -Bp -o 2 --corner 0.5 3' '-Bu -Bp -o 4 --corner 1 4'")
        }
        r.compare += candidates
        guard r.compare.count <= PipelineRequest.maximumComparedFilters else {
            throw UsageError("--compare takes at most \(PipelineRequest.maximumComparedFilters) filters (got \(r.compare.count)): each is run over the whole recording and drawn; compare them in groups")
        }
    }

    /// `--detector shake ON OFF`, as three words or one: the two thresholds.
    static func readDetector(_ cursor: inout ArgumentCursor, _ word: String) throws(UsageError) -> (Double, Double) {
        var words = try cursor.value(for: word).split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.first == "shake" else {
            throw UsageError("--detector \(ArgumentValues.quoted(words.joined(separator: " "))) must be shake <on g> <off g> (the articles use shake 0.7 0.2); the RMS trigger always runs")
        }
        while words.count < 3 {
            guard let next = cursor.next() else { break }
            words.append(next)
        }
        guard words.count == 3 else { throw UsageError("--detector shake needs two thresholds: <on g> <off g> (the articles use 0.7 0.2)") }
        let on = try ArgumentValues.number(words[1], for: "--detector shake", meaning: "the change in g on two axes that reports a shake")
        let off = try ArgumentValues.number(words[2], for: "--detector shake", meaning: "the change in g below which it re-arms")
        return (on, off)
    }

    /// The rules that join the options: a recording or a source, the
    /// source's own options, and the yaw that only a recording has.
    static func checkSource(_ r: PipelineRequest) throws(UsageError) {
        if r.source != nil && r.input != nil { throw UsageError("give a CSV input or --source, not both") }
        if r.source == nil && (r.amplitude != nil || r.frequency != nil || r.samples != nil || r.leadingZeros != nil) {
            throw UsageError("--amplitude, --frequency, --samples and --leading-zeros go with --source")
        }
        if r.source != nil && (r.yaw || r.yawSmoother != nil) {
            throw UsageError("--yaw reads the attitude quaternion of a recording (columns qw, qx, qy, qz); a --source has none")
        }
    }
}
