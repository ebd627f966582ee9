import FilterRequests
import AnalysisRequests

/// `mkfilter suggest`: a band-pass for a recording from when its gestures
/// happened (`SuggestRequest`); this only reads the words.
public enum SuggestProgram {
    static let usage = """
        Usage: mkfilter suggest [<recording.csv> | -] --events <start-end>,... [--floor <Hz>] [--threshold <dB>]
                                [--sample-rate <Hz>]
               mkfilter suggest <recording.csv> --events-from-trigger <filter> [--trigger-threshold <g>] ...
        """

    /// Runs the command.
    public static func run(arguments: [String], standardInput: Int32 = 0) -> InvocationResult {
        .running("mkfilter suggest", usage: usage, arguments: arguments, standardInput: standardInput, read: request) {
            $0.run(standardInput: standardInput)
        }
    }

    /// The words of `mkfilter suggest`, read and checked.
    static func request(_ arguments: [String]) throws(UsageError) -> SuggestRequest {
        var sawEvents = false
        let r = try ArgumentCursor.reading(arguments, into: SuggestRequest()) { word, cursor, r throws(UsageError) in
            switch word {
            case "--events":
                let text = try cursor.value(for: word)
                do throws(ApplicationError) { r.events = try SuggestRequest.events(text) } catch { throw UsageError(error) }
                sawEvents = true
            case "--events-from-trigger": r.eventsFromTrigger = try cursor.value(for: word)
            case "--trigger-threshold": r.triggerThreshold = try cursor.number(for: word, meaning: "the trigger's RMS level in g")
            case "--sample-rate": r.sampleRate = try cursor.positive(for: word, meaning: "the sample rate in Hz")
            case "--floor":
                let floor = try cursor.number(for: word, meaning: "the lowest frequency considered, Hz")
                guard floor >= 0 else { throw UsageError("--floor \(floor) is not allowed; it must be 0 Hz or more") }
                r.floor = floor
            case "--threshold":
                let threshold = try cursor.number(for: word, meaning: "dB of event over rest energy in the band")
                guard threshold > 0 && threshold <= 100 else { throw UsageError("--threshold \(threshold) is not allowed; it must be above 0 and at most 100 dB") }
                r.threshold = threshold
            default:
                r.input = try ArgumentCursor.input(word, after: r.input, what: "recording")
            }
        }
        guard sawEvents != (r.eventsFromTrigger != nil) else {
            throw UsageError(sawEvents ? "give --events or --events-from-trigger, not both"
                                       : "--events is required: when the gestures happened, in seconds, e.g. --events 3.2-4.0,9.1-9.8 (or --events-from-trigger <filter>)",
                             showsUsage: true)
        }
        if r.triggerThreshold != nil && r.eventsFromTrigger == nil {
            throw UsageError("--trigger-threshold goes with --events-from-trigger")
        }
        return r
    }
}
