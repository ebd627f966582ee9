import AccelerometerPipeline
import FilterDesign

/// What a pipeline's triggers did over a run, counted as it goes: per axis
/// and for any axis, the onsets (reported ones: after `--min-interval`, if
/// given), the samples spent triggered, and from them the time triggered
/// (samples / fs) and the onsets per minute (onsets / (n / fs) x 60).
///
/// "Any axis" is the trigger state that is on while at least one axis is
/// triggered; its onsets are the samples where it switches on, and each
/// stretch until it switches off again is a `TriggerEpisode` (kept when
/// `keepsEpisodes`, for `pipeline --compare` and the web page).
public struct TriggerSummary: Sendable {
    /// Samples seen.
    public private(set) var samples = 0
    /// Per axis, reported onsets and samples triggered.
    public private(set) var onsets = [0, 0, 0], triggeredSamples = [0, 0, 0]
    /// For any axis.
    public private(set) var anyOnsets = 0, anyTriggeredSamples = 0
    /// The any-axis episodes, when kept.
    public private(set) var episodes: [TriggerEpisode] = []
    /// Whether `episodes` is filled.
    public let keepsEpisodes: Bool
    private var episodeOpen = false

    /// An empty summary.
    public init(keepsEpisodes: Bool = false) { self.keepsEpisodes = keepsEpisodes }

    /// Counts one sample's output, taken at `time` seconds.
    public mutating func add(_ output: AccelerationPipeline.Output, at time: Double) {
        for axis in 0..<3 {
            if output.onsets & (1 << axis) != 0 { onsets[axis] += 1 }
            if output.isTriggered(axis) { triggeredSamples[axis] += 1 }
        }
        let any = output.triggers & 7 != 0
        let wasAny = episodeOpen
        if any {
            anyTriggeredSamples += 1
            if !wasAny {
                anyOnsets += 1
                episodeOpen = true
                if keepsEpisodes { episodes.append(TriggerEpisode(start: time, end: time, sample: samples, axes: 0)) }
            }
            if keepsEpisodes {
                episodes[episodes.count - 1].axes |= output.triggers & 7
                episodes[episodes.count - 1].end = time
            }
        } else if wasAny {
            episodeOpen = false
        }
        samples += 1
    }

    /// The summary for standard error, at sample rate `fs`:
    ///
    ///     summary: 3600 samples (60 s at 60 Hz)
    ///       x: 4 onsets, 11.2 s triggered (18.7 %), 4 onsets/min
    ///       ...
    ///       any axis: 4 onsets, 12.1 s triggered (20.2 %), 4 onsets/min
    public func text(sampleRate fs: Double) -> String {
        let duration = Double(samples) / fs
        func line(_ name: String, _ onsets: Int, _ triggered: Int) -> String {
            let seconds = Double(triggered) / fs
            let share = samples == 0 ? 0 : 100 * Double(triggered) / Double(samples)
            return "  \(name): \(onsets) onset\(onsets == 1 ? "" : "s"), \(Self.short(seconds)) s triggered "
                + "(\(formatC("%.1f", share)) %), \(Self.short(duration > 0 ? Double(onsets) * 60 / duration : 0)) onsets/min\n"
        }
        var text = "summary: \(samples) samples (\(Self.short(duration)) s at \(Self.short(fs)) Hz)\n"
        for axis in 0..<3 { text += line(PipelineConfiguration.axisNames[axis], onsets[axis], triggeredSamples[axis]) }
        return text + line("any axis", anyOnsets, anyTriggeredSamples)
    }

    /// Four significant digits.
    static func short(_ x: Double) -> String { formatC("%.4g", x) }
}

/// A stretch during which at least one axis was triggered.
public struct TriggerEpisode: Sendable, Equatable {
    /// When it began (the onset) and the time of the last sample before it
    /// ended (or of the last sample, if it lasted to the end), seconds.
    public var start: Double, end: Double
    /// The onset's sample index.
    public var sample: Int
    /// The axes triggered at some time during it (bit 0 x, 1 y, 2 z).
    public var axes: UInt8

    /// "xz" for bits 0 and 2.
    public var axisNames: String {
        (0..<3).filter { axes & (1 << $0) != 0 }.map { PipelineConfiguration.axisNames[$0] }.joined()
    }
}
