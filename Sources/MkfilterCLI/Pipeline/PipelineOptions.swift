import FilterRuntime
import FilterSets
import Foundation

/// The words of `mkfilter pipeline`, read and checked (see `PipelineProgram.usage`).
struct PipelineOptions {
    var input: String?, source: String?, amplitude: Double?, frequency: Double?, samples: Int?, leadingZeros: Int?
    var sampleRate: Double?, config: String?, output: String?, svg: String?, events = false
    /// Settings given as flags, which apply to every axis.
    var filter: String?, rmsWindow: Int?, threshold: Double?, count: Int?

    init(_ arguments: [String]) throws(UsageError) {
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            switch word {
            case "--source":
                let kind = try cursor.value(for: word)
                guard ["sine", "step", "impulse"].contains(kind) else {
                    throw UsageError("--source \(ArgumentValues.quoted(kind)) must be sine, step or impulse (or give a CSV file)")
                }
                source = kind
            case "--amplitude": amplitude = try cursor.number(for: word, meaning: "the amplitude in g")
            case "--frequency": frequency = try cursor.number(for: word, meaning: "the sine's frequency in Hz")
            case "--samples": samples = try cursor.integer(for: word, meaning: "the number of samples to calculate, at least 1", minimum: 1)
            case "--leading-zeros": leadingZeros = try cursor.integer(for: word, meaning: "zero samples before the signal, 0 or more", minimum: 0)
            case "--sample-rate": sampleRate = try cursor.positive(for: word, meaning: "the sample rate in Hz")
            case "--config": config = try cursor.value(for: word)
            case "--filter": filter = try cursor.value(for: word)
            case "--rms-window": rmsWindow = try cursor.integer(for: word, meaning: "the RMS window in samples, at least 1", minimum: 1)
            case "--threshold": threshold = try cursor.number(for: word, meaning: "the RMS level in g")
            case "--count": count = try cursor.integer(for: word, meaning: "contiguous samples above the threshold, at least 1", minimum: 1)
            case "--output", "-o": output = try cursor.value(for: word)
            case "--svg": svg = try cursor.value(for: word)
            case "--events": events = true
            default:
                guard word == "-" || !word.hasPrefix("-") else { throw UsageError("unknown option \(ArgumentValues.quoted(word))", showsUsage: true) }
                guard input == nil else { throw UsageError("one input file only; \(ArgumentValues.quoted(word)) is a second", showsUsage: true) }
                input = word
            }
        }
        if source != nil && input != nil { throw UsageError("give a CSV input or --source, not both") }
        if source == nil && (amplitude != nil || frequency != nil || samples != nil || leadingZeros != nil) {
            throw UsageError("--amplitude, --frequency, --samples and --leading-zeros go with --source")
        }
    }

    /// Defaults, then `--config` ("all", then "x", "y", "z"), then the flags on every axis.
    func settings() throws(UsageError) -> PipelineSettings {
        var settings = PipelineSettings()
        if let config {
            guard FileManager.default.fileExists(atPath: config) else { throw UsageError("--config \(ArgumentValues.quoted(config)): no such file") }
            guard let text = AtomicFile.read(config) else { throw UsageError("--config \(ArgumentValues.quoted(config)): cannot read it as UTF-8 text") }
            try settings.apply(configText: text, file: config)
        }
        for a in 0..<3 {
            if let filter { settings.axes[a].filter = filter }
            if let rmsWindow { settings.axes[a].rmsWindow = rmsWindow }
            if let threshold { settings.axes[a].threshold = threshold }
            if let count { settings.axes[a].count = count }
        }
        return settings
    }

    /// The calculated source and how many samples to take from it: by default
    /// one second of zeros, then ten seconds of signal.
    func signal(_ source: String, sampleRate fs: Double) throws(UsageError) -> (SignalSource, count: Int) {
        let zeros = leadingZeros ?? Int(fs.rounded())
        let a = amplitude ?? 1
        if source == "sine" && frequency == nil {
            throw UsageError("--source sine needs --frequency <Hz> (below \(fs / 2) Hz)")
        }
        let signal: SignalSource
        do throws(PipelineError) {
            switch source {
            case "sine": signal = try SignalSource.checkedSine(amplitude: a, frequency: frequency!, sampleRate: fs, leadingZeros: zeros)
            case "step": signal = try SignalSource.checkedStep(amplitude: a, leadingZeros: zeros)
            default: signal = try SignalSource.checkedImpulse(amplitude: a, leadingZeros: zeros)
            }
        } catch {
            throw UsageError("--source \(source): \(error.description)")
        }
        return (signal, samples ?? zeros + Int((10 * fs).rounded()))
    }
}
