import FilterApplication
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

    /// Every default; `events` must be given.
    public init() {}

    /// Reads the recording and suggests.
    public func run(standardInput: Int32 = 0) -> (standardOutput: String, standardError: String, failure: ApplicationError?) {
        do throws(ApplicationError) {
            let recording = try RecordingInput(path: input, standardInput: standardInput, sampleRate: sampleRate)
            let suggestion = try BandSuggestion.suggest(recording, events: events, floor: floor ?? 0.3, threshold: threshold ?? 6)
            return (suggestion.text, recording.notes.map { $0 + "\n" }.joined(), nil)
        } catch {
            return ("", "", error)
        }
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
