import AccelerometerPipeline
import FilterRequests
import FilterDesign

/// `mkfilter suggest`: a band-pass for a recording from when its gestures
/// happened (`BandSuggestion`), the report on standard output.
public struct SuggestRequest: Sendable {
    /// The CSV recording: a path, or nil / `-` for standard input.
    public var input: String?
    /// Hz, instead of the rate the `t` column gives.
    public var sampleRate: Double?
    /// When the gestures happened, seconds: sorted, not overlapping.
    public var events: [BandSuggestion.Event] = []
    /// Hz below which nothing counts (default 0.3).
    public var floor: Double?
    /// dB of event over rest energy that a band's bins need (default 6).
    public var threshold: Double?
    /// Instead of `events`: a filter (as `pipeline --filter` takes it) whose
    /// trigger, with the pipeline's RMS window and count and
    /// `triggerThreshold`, marks the events: each stretch with any axis
    /// triggered (`TriggerEpisode`) is one. The recording is read twice, so
    /// it must be a file.
    public var eventsFromTrigger: String?
    /// The trigger's RMS level, g (default 0.1, the pipeline's).
    public var triggerThreshold: Double?

    /// Every default; `events` must be given.
    public init() {}

    /// Reads the recording and suggests.
    public func run(standardInput: Int32 = 0) -> (standardOutput: String, standardError: String, failure: ApplicationError?) {
        var notes = ""
        do throws(ApplicationError) {
            var events = self.events
            if let trigger = eventsFromTrigger {
                (events, notes) = try triggerEvents(trigger)
            }
            let recording = try RecordingInput(path: input, standardInput: standardInput, sampleRate: sampleRate)
            let suggestion = try BandSuggestion.suggest(recording, events: events, floor: floor ?? 0.3, threshold: threshold ?? 6)
            return (suggestion.text, notes + recording.notes.map { $0 + "\n" }.joined(), nil)
        } catch {
            return ("", notes, error)
        }
    }

    /// The events `eventsFromTrigger`'s trigger marks (a first pass over
    /// the file), and a note listing them. Episodes shorter than
    /// `BandSuggestion.minimumSegment` samples are left out.
    func triggerEvents(_ trigger: String) throws(ApplicationError) -> ([BandSuggestion.Event], String) {
        let option = "--events-from-trigger \(quotedForMessage(trigger))"
        guard let input, input != "-" else {
            throw ApplicationError("\(option) reads the recording twice (the trigger, then the spectra): give a file, not standard input")
        }
        let first = try RecordingInput(path: input, sampleRate: sampleRate)
        var settings = PipelineSettings()
        for a in 0..<3 {
            settings.axes[a].filter = trigger
            if let triggerThreshold { settings.axes[a].threshold = triggerThreshold }
        }
        let configuration: PipelineConfiguration
        do { configuration = try settings.configuration(sampleRate: first.sampleRate) } catch {
            throw ApplicationError("\(option): \(error.description)", underlying: error)
        }
        let trial = try TriggerTrial.run(first, candidates: [.init(name: trigger, configuration: configuration)])
        let fs = first.sampleRate
        let episodes = trial.summaries[0].episodes
        let kept = episodes.filter { (($0.end - $0.start) * fs).rounded() >= Double(BandSuggestion.minimumSegment) }
        let level = triggerThreshold ?? settings.axes[0].threshold
        guard !kept.isEmpty else {
            throw ApplicationError("\(option): the trigger (RMS above \(messageNumber(level)) g for \(settings.axes[0].count) samples) "
                + (episodes.isEmpty ? "never fires on this recording" : "fires only for less than \(BandSuggestion.minimumSegment) samples at a time")
                + "; lower --trigger-threshold, or give --events")
        }
        let listed = kept.map { formatC("%.3f", $0.start) + "-" + formatC("%.3f", $0.end) }.joined(separator: ",")
        var note = "note: events from the trigger of '\(trigger)' (RMS above \(messageNumber(level)) g): \(listed)\n"
        if kept.count < episodes.count {
            note += "note: \(episodes.count - kept.count) shorter trigger episode(s) left out (under \(BandSuggestion.minimumSegment) samples)\n"
        }
        return (kept.map { ($0.start, $0.end) }, note)
    }

    /// Events as written, `3.2-4.0,9.1-9.8` (seconds; sorted, not overlapping).
    ///
    /// - Throws: `ApplicationError` naming the interval and what is allowed.
    public static func events(_ text: String) throws(ApplicationError) -> [BandSuggestion.Event] {
        var events: [BandSuggestion.Event] = []
        let allowed = "write intervals in seconds as START-END, comma-separated: 3.2-4.0,9.1-9.8"
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = String(part).trimmingSpaces
            // The '-' between the times: the first one after a digit (times are not negative).
            let halves = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard halves.count == 2, let a = DecimalParser.parse(halves[0].trimmingSpaces),
                  let b = DecimalParser.parse(halves[1].trimmingSpaces), a.isFinite, b.isFinite else {
                throw ApplicationError("--events \(quotedForMessage(item)) is not an interval; \(allowed)")
            }
            guard a >= 0, a < b else {
                throw ApplicationError("--events \(quotedForMessage(item)): the start must be 0 or more and before the end; \(allowed)")
            }
            if let last = events.last, a <= last.end {
                throw ApplicationError("--events \(quotedForMessage(item)) starts at or before the end of the one before it (\(messageNumber(last.end)) s); give the intervals in order, not overlapping")
            }
            events.append((a, b))
        }
        return events
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }
}
