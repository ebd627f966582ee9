import FilterAnalysis
import FilterRequests
import AnalysisRequests
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MkfilterCLI
import Testing

/// `mkfilter pipeline`'s summary and `--compare`, and `mkfilter suggest`, on
/// the fixture recording (scripts/shake_recording.py: 60 Hz, gravity on z,
/// sway below 0.3 Hz, 2 Hz shakes during `events`, noise).
@Suite struct RecordingTrialTests {
    static let recording = SpectrumTests.recordingPath
    /// The generator's EVENTS, seconds.
    static let events: [(Double, Double)] = [(8.0, 11.0), (20.5, 23.0), (33.0, 37.0), (47.2, 50.0)]
    static let shakeHz = 2.0

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    /// Shake!'s band-pass with a 0.2 g threshold triggers once per shake,
    /// each onset inside its event (at most 1 s late: the filter's delay and
    /// the RMS window), and the summary counts them.
    @Test func summaryOnTheFixture() {
        let r = PipelineProgram.run(arguments: [Self.recording, "--filter", "butterworthBP3rd05To3Hz", "--threshold", "0.2", "--events"],
                                    standardOutput: nil)
        #expect(r.exitCode == 0, "\(r.standardError)")
        #expect(r.standardError.contains("summary: 3600 samples (60 s at 60 Hz)\n"))
        #expect(r.standardError.contains("  any axis: 4 onsets, "), "\(r.standardError)")
        #expect(r.standardError.contains(", 4 onsets/min\n"))
        let onsets = Self.lines(r.standardError).filter { $0.hasPrefix("trigger x") }
            .map { Double($0.split(separator: " ")[2].dropFirst(2))! }
        #expect(onsets.count == 4)
        for (t, event) in zip(onsets, Self.events) { #expect(t >= event.0 && t <= event.0 + 1, "onset \(t) for \(event)") }
    }

    /// Two candidates side by side: a row per shake, each cell's episode
    /// starting inside its event; the totals; one SVG with a chart per
    /// candidate; the same numbers as each candidate run alone.
    @Test func compareOnTheFixture() throws {
        let dir = try SpectrumTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("compare.svg").path
        let a = "-Bu -Bp -o 2 --corner 0.5 3", b = "-Bu -Bp -o 4 --corner 1 4"
        let r = PipelineProgram.run(arguments: [Self.recording, "--compare", a, b, "--threshold", "0.2", "--svg", svg], standardOutput: nil)
        #expect(r.exitCode == 0, "\(r.standardError)")
        let lines = Self.lines(r.standardOutput)
        #expect(lines[0] == "candidate 1: \(a)" && lines[1] == "candidate 2: \(b)")
        let rows = lines.filter { $0.first?.isNumber == true }
        #expect(rows.count == 4, "\(r.standardOutput)")
        for (row, event) in zip(rows, Self.events) {
            let cells = row.split(separator: " ", omittingEmptySubsequences: true)
            // "1  8.483-11.383 s xyz  8.633-11.550 s xyz"
            for cell in [cells[1], cells[4]] {
                let start = Double(cell.split(separator: "-")[0])!
                #expect(start >= event.0 && start <= event.0 + 1, "\(row)")
            }
        }
        #expect(lines.contains { $0.hasPrefix("onsets") && $0.split(separator: " ").dropFirst() == ["4", "4"] }, "\(r.standardOutput)")
        // Each candidate alone gives the same summary.
        for (k, filter) in [a, b].enumerated() {
            let alone = PipelineProgram.run(arguments: [Self.recording, "--filter", filter, "--threshold", "0.2", "-o", dir.appendingPathComponent("\(k).csv").path],
                                            standardOutput: nil)
            let summary = alone.standardError.components(separatedBy: "summary:")[1]
            #expect(r.standardError.contains("candidate \(k + 1), summary:" + summary), "\(alone.standardError)")
        }
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        _ = try XMLDocument(xmlString: text)
        #expect(text.contains("1: \(a): 4 onsets") && text.contains("2: \(b): 4 onsets"))
    }

    /// What --compare refuses, naming what to do instead.
    @Test func compareRefusals() {
        let cases: [([String], String)] = [
            ([Self.recording, "--compare"], "--compare needs one or more filters"),
            ([Self.recording, "--compare", "passThrough", "-o", "x.csv"], "--compare prints a table of onsets; --output"),
            ([Self.recording, "--compare", "passThrough", "--zero-phase"], "--compare tries the filter and trigger only"),
            (["--source", "step", "--compare", "passThrough"], "--compare runs candidates on a recording"),
            ([Self.recording, "--compare", "passThrough", "bogusFilter"], "--compare candidate 2 'bogusFilter': axis x: filter 'bogusFilter': is not passThrough"),
            ([Self.recording, "--compare"] + Array(repeating: "passThrough", count: 17),
             "--compare takes at most 16 filters (got 17)"),
            ([Self.recording, "--compare", "-Bu -Bp -o 2 --corner 1 3 -l"], "-l asks for Fisher's listing, which a filter run on the data does not print"),
            ([Self.recording, "--compare", "-Bu -Bp -o 2 --corner 1 3 --sample-rate 100"],
             "is designed for 100 Hz, but the data is at 60 Hz, where its corners would move"),
        ]
        for (arguments, message) in cases {
            let r = PipelineProgram.run(arguments: arguments, standardOutput: nil)
            #expect(r.exitCode == 1 && r.standardError.contains(message), "\(arguments): \(r.standardError)")
            #expect(r.standardOutput == "")
        }
    }

    /// The suggested band contains the shake frequency and excludes gravity
    /// (0 Hz) and the sway (at most 0.2 Hz); its command line designs, and
    /// the design passes the shake and stops the sway.
    @Test func suggestOnTheFixture() throws {
        let r = SuggestProgram.run(arguments: [Self.recording, "--events", "8-11,20.5-23,33-37,47.2-50"])
        #expect(r.exitCode == 0, "\(r.standardError)")
        let input = try RecordingInput(path: Self.recording, sampleRate: nil)
        let s = try BandSuggestion.suggest(input, events: Self.events.map { ($0.0, $0.1) })
        #expect(s.low > 0.3 && s.low < Self.shakeHz && s.high > Self.shakeHz && s.high < 6, "\(s.low) ... \(s.high)")
        #expect(abs(s.peak - Self.shakeHz) <= 60.0 / Double(s.segmentLength))
        #expect((1...8).contains(s.order))
        #expect(s.inBandRatio > 20 && s.inBandRatio > s.outOfBandRatio + 20)
        #expect(r.standardOutput.hasSuffix(s.commandLine + "\n"))
        let words = Array(s.commandLine.split(separator: " ").dropFirst().map(String.init))
        let design = try DesignRequest(fisherWords: words).run()
        #expect(design.design.recipe.corners.sampleRate == 60)
        // Through the suggested filter: the shake at 2 Hz passes (within 3 dB), the sway at 0.2 Hz is 20 dB down.
        var settings = PipelineSettings()
        guard case .template(let t) = try settings.resolve(words.joined(separator: " "), sampleRate: 60) else { Issue.record("not a template"); return }
        let pass = SectionResponse.response(t.sections, atAlpha: Self.shakeHz / 60).length
        let sway = SectionResponse.response(t.sections, atAlpha: 0.2 / 60).length
        #expect(pass > 0.7 && sway < 0.1, "|H(2 Hz)| = \(pass), |H(0.2 Hz)| = \(sway)")
    }

    /// Events taken from a trigger: the Shake band-pass's episodes at 0.2 g,
    /// each starting inside one of the fixture's events; the band from them
    /// still holds the shake and leaves out gravity and the sway.
    @Test func suggestFromTrigger() {
        let r = SuggestProgram.run(arguments: [Self.recording, "--events-from-trigger", "-Bu -Bp -o 3 --corner 0.5 3",
                                               "--trigger-threshold", "0.2"])
        #expect(r.exitCode == 0, "\(r.standardError)")
        let note = r.standardError.split(separator: "\n").first { $0.hasPrefix("note: events from the trigger") }
        let listed = note.map { $0.split(separator: " ").last!.split(separator: ",") } ?? []
        #expect(listed.count == 4, "\(r.standardError)")
        for (interval, event) in zip(listed, Self.events) {
            let start = Double(interval.split(separator: "-")[0])!
            #expect(start >= event.0 && start <= event.0 + 1, "\(interval) for \(event)")
        }
        let band = r.standardOutput.split(separator: "\n").first { $0.hasPrefix("band: ") }!.split(separator: " ")
        let (low, high) = (Double(band[1])!, Double(band[3])!)
        #expect(low > 0.3 && low < Self.shakeHz && high > Self.shakeHz, "\(band)")
        let refusals: [([String], String)] = [
            (["-", "--events-from-trigger", "passThrough"], "reads the recording twice (the trigger, then the spectra): give a file"),
            ([Self.recording, "--events-from-trigger", "-Bu -Bp -o 3 --corner 0.5 3", "--trigger-threshold", "5"],
             "the trigger (RMS above 5 g for 5 samples) never fires on this recording"),
            ([Self.recording, "--events", "8-11", "--events-from-trigger", "passThrough"], "give --events or --events-from-trigger, not both"),
            ([Self.recording, "--events", "8-11", "--trigger-threshold", "0.2"], "--trigger-threshold goes with --events-from-trigger"),
        ]
        for (arguments, message) in refusals {
            let r = SuggestProgram.run(arguments: arguments)
            #expect(r.exitCode == 1 && r.standardError.contains(message), "\(arguments): \(r.standardError)")
        }
    }

    /// An event holds floor(d fs) or one more samples of a 60 Hz recording;
    /// the segment is sized by the first: 6.954-9.23 s (136.56 sample
    /// intervals) holds 136 samples, and a segment of 136 fits it.
    @Test func suggestSizesTheSegmentByTheSamplesAnEventHolds() {
        let r = SuggestProgram.run(arguments: [Self.recording, "--events", "6.954-9.23,20.5-23,33-37,47.2-50"])
        #expect(r.exitCode == 0, "\(r.standardError)")
        #expect(r.standardOutput.contains("mkfilter -Bu -Bp"), "\(r.standardOutput)")
        // An event of 1e300 s (its samples far beyond Int) runs to the end of
        // the recording: a segment of 256 samples, no trap.
        let long = SuggestProgram.run(arguments: [Self.recording, "--events", "8-1e300"])
        #expect(long.exitCode == 0 && long.standardOutput.contains("segments of 256 samples"), "\(long.standardError)")
    }

    /// Bad events name the interval and what is allowed; events that do not
    /// fit the recording say so.
    @Test func suggestRefusals() {
        let cases: [([String], String)] = [
            ([Self.recording], "--events is required"),
            ([Self.recording, "--events", "3.2"], "--events '3.2' is not an interval; write intervals in seconds as START-END"),
            ([Self.recording, "--events", "4-3"], "--events '4-3': the start must be 0 or more and before the end"),
            ([Self.recording, "--events", "8-11,10-12"], "--events '10-12' starts at or before the end of the one before it (11 s)"),
            ([Self.recording, "--events", "8-8.1"], "--events: 8-8.1 s holds about 6 samples at 60 Hz; each event must span at least 16 samples"),
            ([Self.recording, "--events", "8-11,70-75"], "--events: 70-75 s holds 0 samples of the recording"),
            ([Self.recording, "--events", "0-60"], "the rest of the recording (0 samples outside the events)"),
            ([Self.recording, "--events", "8-11", "--threshold", "0"], "--threshold 0.0 is not allowed"),
            // An event whose length in samples is far beyond Int: refused, not a trap.
            ([Self.recording, "--events", "1e19-2e19"], "--events: 1e+19-2e+19 s holds 0 samples of the recording"),
        ]
        for (arguments, message) in cases {
            let r = SuggestProgram.run(arguments: arguments)
            #expect(r.exitCode == 1 && r.standardError.contains(message), "\(arguments): \(r.standardError)")
            #expect(r.standardOutput == "")
        }
    }
}
