import AccelerometerPipeline
import FilterAnalysis
import FilterRequests
import FilterDesign

/// Candidate pipelines tried side by side on one recording, read once: each
/// candidate's trigger episodes and summary (`TriggerSummary`), a table
/// that lines their onsets up by time, and one SVG with a row per candidate.
/// What `mkfilter pipeline --compare` and the web page's "Try on a
/// recording" run.
public struct TriggerTrial: Sendable {
    /// One pipeline to try: its name (the filter as given) and configuration.
    public struct Candidate: Sendable {
        /// The filter as the user gave it.
        public var name: String
        /// Filter, RMS window, threshold and count per axis.
        public var configuration: PipelineConfiguration
        /// A candidate; see the properties.
        public init(name: String, configuration: PipelineConfiguration) {
            self.name = name
            self.configuration = configuration
        }
    }

    /// The candidates, in the order given.
    public var candidates: [Candidate]
    /// Per candidate, what its triggers did (episodes kept).
    public var summaries: [TriggerSummary]
    /// Hz.
    public var sampleRate: Double
    /// Rows read.
    public var samples: Int
    /// Per candidate, its RMS and trigger plot (bounded in size).
    var plots: [PipelinePlot]

    /// Runs every candidate over `input` to its end.
    ///
    /// - Throws: `ApplicationError` for a bad line, a configuration the
    ///   pipeline refuses, or a filter whose output overflows.
    public static func run(_ input: RecordingInput, candidates: [Candidate],
                           initialState: AccelerationPipeline.InitialState = .steadyState) throws(ApplicationError) -> TriggerTrial {
        let fs = input.sampleRate
        var pipelines: [AccelerationPipeline] = []
        for (k, c) in candidates.enumerated() {
            do { pipelines.append(try AccelerationPipeline(c.configuration, sampleRate: fs, initialState: initialState)) } catch {
                throw ApplicationError("candidate \(k + 1) \(quotedForMessage(c.name)): \(error.description)", underlying: error)
            }
        }
        var summaries = candidates.map { _ in TriggerSummary(keepsEpisodes: true) }
        var plots = candidates.map { _ in PipelinePlot() }
        var n = 0
        while let row = try input.next() {
            let a = Acceleration(x: row.x, y: row.y, z: row.z)
            for k in pipelines.indices {
                let out = pipelines[k].process(a, at: row.t)
                for axis in 0..<3 where !out.filtered[axis].isFinite || !out.rms[axis].isFinite {
                    throw ApplicationError("\(input.name):\(row.line): candidate \(k + 1) \(quotedForMessage(candidates[k].name)): the output on \(PipelineConfiguration.axisNames[axis]) is beyond the largest double at t = \(row.t) s; scale the input down")
                }
                summaries[k].add(out, at: row.t)
                plots[k].add(t: row.t, output: out)
            }
            n += 1
        }
        return TriggerTrial(candidates: candidates, summaries: summaries, sampleRate: fs, samples: n, plots: plots)
    }

    /// The candidates' episodes lined up by time: each row starts with the
    /// earliest episode not yet placed, and takes from each other candidate
    /// its first unplaced episode that starts before that one ends (within
    /// one sample); the rest come in later rows. So a candidate that stays
    /// triggered throughout does not pull every row into one.
    public var alignedEpisodes: [[TriggerEpisode?]] {
        var all: [(candidate: Int, episode: TriggerEpisode)] = []
        for (k, s) in summaries.enumerated() { for e in s.episodes { all.append((k, e)) } }
        all.sort { ($0.episode.start, $0.candidate) < ($1.episode.start, $1.candidate) }
        let slack = 1 / sampleRate
        var placed = [Bool](repeating: false, count: all.count)
        var rows: [[TriggerEpisode?]] = []
        for i in all.indices where !placed[i] {
            var row = [TriggerEpisode?](repeating: nil, count: candidates.count)
            row[all[i].candidate] = all[i].episode
            placed[i] = true
            var j = i + 1
            while j < all.count && all[j].episode.start <= all[i].episode.end + slack {
                if !placed[j] && row[all[j].candidate] == nil {
                    row[all[j].candidate] = all[j].episode
                    placed[j] = true
                }
                j += 1
            }
            rows.append(row)
        }
        return rows
    }

    /// The table `pipeline --compare` prints: a legend of the candidates,
    /// then one row per group of episodes (`alignedEpisodes`), `start-end s
    /// axes` in each candidate's column (`-`: none), then each candidate's onsets, time
    /// triggered and onsets per minute (for any axis).
    public var table: String {
        var text = ""
        for (k, c) in candidates.enumerated() { text += "candidate \(k + 1): \(c.name)\n" }
        text += "\n"
        var rows: [[String]] = [["onset"] + candidates.indices.map { "candidate \($0 + 1)" }]
        for (i, row) in alignedEpisodes.enumerated() {
            rows.append(["\(i + 1)"] + row.map { episode in
                episode.map { "\(Self.time($0.start))-\(Self.time($0.end)) s \($0.axisNames)" } ?? "-"
            })
        }
        let duration = Double(samples) / sampleRate
        rows.append(["onsets"] + summaries.map { "\($0.anyOnsets)" })
        rows.append(["triggered"] + summaries.map {
            "\(TriggerSummary.short(Double($0.anyTriggeredSamples) / sampleRate)) s ("
                + formatC("%.1f", samples == 0 ? 0 : 100 * Double($0.anyTriggeredSamples) / Double(samples)) + " %)"
        })
        rows.append(["onsets/min"] + summaries.map { TriggerSummary.short(duration > 0 ? Double($0.anyOnsets) * 60 / duration : 0) })
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { c, cell in
                c == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[c] - cell.count)
            }
            text += cells.joined(separator: "  ") + "\n"
        }
        return text
    }

    /// Seconds with three decimals (milliseconds).
    static func time(_ t: Double) -> String { formatC("%.3f", t) }

    /// One SVG: a chart per candidate, its axes' RMS and when it was triggered.
    public func svg(source: String, idPrefix: String = "") -> String {
        let panels: [PlotPage.Panel] = candidates.indices.map { k in
            let s = summaries[k]
            let title = "\(k + 1): \(candidates[k].name): \(s.anyOnsets) onset\(s.anyOnsets == 1 ? "" : "s")"
            return .chart(plots[k].candidateChart(title: title, configuration: candidates[k].configuration))
        }
        let file = source.split(separator: "/").last.map(String.init) ?? source
        var page = PlotPage(title: "mkfilter pipeline --compare",
                            subtitle: "\(file): \(samples) samples at \(TriggerSummary.short(sampleRate)) Hz", panels: panels)
        page.idPrefix = idPrefix
        return page.svg()
    }
}
