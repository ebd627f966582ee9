import AccelerometerPipeline
import FilterApplication
import FilterDesign
import FilterRuntime
import FilterSets
import Foundation

/// Where bytes go: a file descriptor (buffered) or memory (tests).
final class ByteSink {  // Used on one thread, inside one run.
    private let descriptor: Int32?
    private(set) var bytes: [UInt8] = []
    private(set) var failure: String?

    /// Buffered writes to `descriptor`; `nil` keeps everything in `bytes`.
    init(descriptor: Int32?) {
        self.descriptor = descriptor
        bytes.reserveCapacity(1 << 16)
    }

    func write(_ text: String) { bytes.append(contentsOf: text.utf8); flushIfFull() }
    func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
    func append(_ byte: UInt8) { bytes.append(byte) }

    func flushIfFull() { if descriptor != nil, bytes.count >= 1 << 16 { flush() } }

    func flush() {
        guard let descriptor else { return }
        guard failure == nil else { bytes.removeAll(keepingCapacity: true); return }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = String(cString: strerror(errno)); break }
            offset += n
        }
        bytes.removeAll(keepingCapacity: true)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// The C library's `write(2)` (Foundation brings it on Linux and macOS alike).
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// Shake!'s chain (source -> filter -> moving RMS -> trigger) on three axes,
/// from accelerometer CSV or a calculated source, to CSV, an SVG of Shake!'s
/// main screen, and trigger events (`mkfilter pipeline`).
public struct PipelineRequest: Sendable {
    /// A calculated source on all three axes.
    public enum Source: String, Sendable, CaseIterable { case sine, step, impulse }

    /// The CSV header.
    public static let header = "t,x_raw,x_filtered,x_rms,x_trigger,y_raw,y_filtered,y_rms,y_trigger,z_raw,z_filtered,z_rms,z_trigger"

    /// The CSV input: a path, or `-` / `nil` for standard input.
    public var input: String?
    /// A calculated source instead of the input.
    public var source: Source?
    /// The source's amplitude, g (default 1).
    public var amplitude: Double?
    /// The sine's frequency, Hz.
    public var frequency: Double?
    /// Samples to calculate (default: the leading zeros and ten seconds).
    public var samples: Int?
    /// Zero samples before the signal (default: one second).
    public var leadingZeros: Int?
    /// The sample rate, Hz: for a source (default 60), or instead of the CSV's times.
    public var sampleRate: Double?
    /// A `{"all": ..., "x": ..., "y": ..., "z": ...}` configuration file.
    public var config: String?
    /// The CSV output file (written whole or not at all); `nil`: standard output.
    public var output: String?
    /// The SVG file of Shake!'s screen.
    public var svg: String?
    /// Print each trigger onset.
    public var events = false
    /// Where the filters start: in the steady state of each axis' first
    /// sample (the default), or at rest.
    public var initialState = AccelerationPipeline.InitialState.steadyState
    /// Settings that apply to every axis, over the configuration file's.
    public var filter: String?, rmsWindow: Int?, threshold: Double?, count: Int?

    /// A request with every default: CSV from standard input to standard output.
    public init() {}

    /// Runs the chain. `standardInput` is read when no file or source is
    /// given; the CSV goes to `standardOutput` (or into the result when nil).
    public func run(standardInput: Int32 = 0, standardOutput: Int32? = nil) -> PipelineResult {
        let stdout = ByteSink(descriptor: standardOutput)
        var stderr = ""
        // The output files, written to temporary files and renamed together at
        // the end; whatever is not committed is removed on every way out.
        var files = AtomicFileSet()
        var outputDescriptor: Int32?
        defer {
            if let outputDescriptor { close(outputDescriptor) }
            files.discard()
        }
        do throws(ApplicationError) {
            var settings = try self.settings()
            // The input: rows from CSV, or a calculated source.
            var reader: AccelerometerCSVReader?
            var pending: [AccelerometerRow] = []
            var descriptorToClose: Int32?
            defer { if let descriptorToClose { close(descriptorToClose) } }
            let fs: Double
            var signalSource: SignalSource?, total = 0
            if let source {
                fs = sampleRate ?? 60
                let note: String?
                (signalSource, total, note) = try signal(source, sampleRate: fs)
                if let note { stderr += note + "\n" }
            } else {
                let name = input == nil || input == "-" ? "<stdin>" : input!
                var descriptor = standardInput
                if let input, input != "-" {
                    descriptor = open(input, O_RDONLY)
                    guard descriptor >= 0 else { throw ApplicationError("\(input): \(TextFile.openProblem(errno))") }
                    descriptorToClose = descriptor
                    var info = stat()
                    if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                        throw ApplicationError("\(input): is a directory; give an accelerometer CSV file")
                    }
                }
                reader = AccelerometerCSVReader(descriptor: descriptor, name: name)
                // The sample rate from the first rows' times, unless given.
                while pending.count < 64, let row = try reader!.next() { pending.append(row) }
                if let sampleRate = sampleRate {
                    fs = sampleRate
                } else {
                    guard pending.count >= 2 else {
                        throw ApplicationError("\(name): one sample cannot give a sample rate; give --sample-rate")
                    }
                    fs = Double(pending.count - 1) / (pending.last!.t - pending[0].t)
                    stderr += "note: sample rate \(fs) Hz from the times of the first \(pending.count) samples (give --sample-rate to set it)\n"
                }
            }

            let configuration = try settings.configuration(sampleRate: fs)
            stderr += settings.notes.map { $0 + "\n" }.joined()
            var pipeline: AccelerationPipeline
            do { pipeline = try AccelerationPipeline(configuration, sampleRate: fs, initialState: initialState) } catch { throw ApplicationError(error.description) }

            // Where the CSV goes: a temporary file renamed at the end, or standard output.
            var csv = stdout
            if let output {
                do { outputDescriptor = try files.create(for: output) } catch {
                    throw ApplicationError("--output \(quotedForMessage(output)): cannot write it (\(error.explanation))")
                }
                csv = ByteSink(descriptor: outputDescriptor)
            }
            let eventSink: ByteSink? = events ? (output != nil ? stdout : nil) : nil
            var eventText = ""
            var plot = svg.map { _ in PipelinePlot() }

            csv.append(Self.header)
            csv.append(10)
            var n = 0
            var previousTime: Double?, unevenReported = false
            func emit(_ t: Double, _ a: Acceleration) throws(ApplicationError) {
                let out = pipeline.process(a)
                // A filter whose output overflows (an input near the largest
                // double through a gain above 1): refused, never printed as inf.
                guard t.isFinite else {
                    throw ApplicationError("the time of sample \(n), \(n) / \(messageNumber(fs)) Hz, is beyond the largest double; give a higher --sample-rate")
                }
                for axis in 0..<3 where !out.filtered[axis].isFinite || !out.rms[axis].isFinite {
                    let column = PipelineConfiguration.axisNames[axis] + (out.filtered[axis].isFinite ? "_rms" : "_filtered")
                    let value = out.filtered[axis].isFinite ? out.rms[axis] : out.filtered[axis]
                    let sample = "at sample \(n) (t = \(t) s, \(PipelineConfiguration.axisNames[axis]) = \(a[axis]) g)"
                    throw ApplicationError(value.isNaN
                        ? "\(column) is not a number \(sample): the filter cannot compute it in double precision at \(messageNumber(fs)) Hz with this input"
                        : "\(column) overflows \(sample): the filter's output is beyond the largest double (\(Double.greatestFiniteMagnitude)); scale the input down")
                }
                csv.append(t.description)
                for axis in 0..<3 {
                    csv.append(44); csv.append(a[axis].description)
                    csv.append(44); csv.append(out.filtered[axis].description)
                    csv.append(44); csv.append(out.rms[axis].description)
                    csv.append(44); csv.append(out.isTriggered(axis) ? 49 : 48)
                }
                csv.append(10)
                csv.flushIfFull()
                if let previous = previousTime, !unevenReported, abs((t - previous) * fs - 1) > 0.05 {
                    unevenReported = true
                    stderr += "note: the samples are not evenly spaced: \(previous) s to \(t) s (sample \(n)) is not 1/\(fs) s; the filters assume it is\n"
                }
                previousTime = t
                if events && out.onsets != 0 {
                    for axis in 0..<3 where out.onsets & (1 << axis) != 0 {
                        let line = "trigger \(PipelineConfiguration.axisNames[axis]) t=\(t) sample=\(n)\n"
                        if let eventSink { eventSink.write(line) } else { eventText += line }
                    }
                }
                plot?.add(t: t, output: out)
                n += 1
            }
            if let signalSource {
                for i in 0..<total {
                    let v = signalSource.sample(i)
                    try emit(Double(i) / fs, Acceleration(x: v, y: v, z: v))
                    if let failure = csv.failure { throw ApplicationError("cannot write the CSV (\(failure))") }
                }
            } else {
                for row in pending { try emit(row.t, Acceleration(x: row.x, y: row.y, z: row.z)) }
                pending = []
                while let row = try reader!.next() {
                    try emit(row.t, Acceleration(x: row.x, y: row.y, z: row.z))
                    if let failure = csv.failure { throw ApplicationError("cannot write the CSV (\(failure))") }
                }
            }
            csv.flush()
            if let failure = csv.failure { throw ApplicationError("cannot write the CSV (\(failure))") }
            if let output, let descriptor = outputDescriptor {
                outputDescriptor = nil
                guard close(descriptor) == 0 else { throw ApplicationError("--output \(quotedForMessage(output)): cannot write it (\(String(cString: strerror(errno))))") }
            }
            // The SVG and the CSV together: if either cannot be written, neither appears.
            if let svg, let plot {
                let title = "mkfilter pipeline: \(n) samples at \(fs) Hz"
                let text = plot.svg(title: title, subtitle: input ?? source.map { "source: \($0.rawValue)" } ?? "standard input", configuration: configuration)
                do { try files.stage(text, for: svg) } catch {
                    throw ApplicationError("--svg \(quotedForMessage(svg)): cannot write it (\(error.explanation))")
                }
            }
            do { try files.commit() } catch {
                let option = error.path == svg && error.path != output ? "--svg" : "--output"
                throw ApplicationError("\(option) \(quotedForMessage(error.path)): cannot write it (\(error.explanation))")
            }
            stdout.flush()
            if let failure = stdout.failure { throw ApplicationError("cannot write to standard output (\(failure))") }
            return PipelineResult(standardOutput: standardOutput == nil ? stdout.text : "",
                                  standardError: stderr + eventText, failure: nil)
        } catch {
            stdout.flush()
            return PipelineResult(standardOutput: standardOutput == nil ? stdout.text : "", standardError: stderr, failure: error)
        }
    }

    /// Defaults, then `--config` ("all", then "x", "y", "z"), then the flags on every axis.
    func settings() throws(ApplicationError) -> PipelineSettings {
        var settings = PipelineSettings()
        if let config {
            let text = try FileOutput.readText(config, describedAs: "--config \(quotedForMessage(config))")
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

    /// The most samples a calculated source gives (`--samples`, `--leading-zeros`,
    /// and their defaults at a high sample rate).
    public static let maximumSamples = 10_000_000

    /// The calculated source and how many samples to take from it: by default
    /// one second of zeros, then ten seconds of signal.
    ///
    /// - Throws: `ApplicationError` when a count is above `maximumSamples`, or
    ///   when the default length at a high (or very low) sample rate is: the
    ///   message says which option to give.
    func signal(_ source: Source, sampleRate fs: Double) throws(ApplicationError) -> (SignalSource, count: Int, note: String?) {
        let limit = Self.maximumSamples
        if let samples, !(1...limit).contains(samples) {
            throw ApplicationError("--samples \(samples) is out of range; it must be in 1 ... \(limit)")
        }
        if let leadingZeros, !(0...limit).contains(leadingZeros) {
            throw ApplicationError("--leading-zeros \(leadingZeros) is out of range; it must be in 0 ... \(limit)")
        }
        // The defaults in Double first: at 1e18 Hz they are far beyond Int.
        let oneSecond = fs.rounded()
        let count: Int
        if let samples {
            count = samples
        } else {
            let total = Double(leadingZeros ?? 0) + (leadingZeros == nil ? oneSecond : 0) + (10 * fs).rounded()
            guard total <= Double(limit) else {
                throw ApplicationError("--sample-rate \(messageNumber(fs)): the default length, \(leadingZeros == nil ? "1 s of zeros and " : "")10 s of signal, is \(messageNumber(total)) samples, "
                    + "above the limit of \(limit); give --samples (1 ... \(limit))" + (leadingZeros == nil ? " and --leading-zeros" : ""))
            }
            guard total >= 1 else {
                throw ApplicationError("--sample-rate \(messageNumber(fs)): the default length, \(leadingZeros == nil ? "1 s of zeros and " : "")10 s of signal, is no samples at all; give --samples (1 ... \(limit))")
            }
            count = Int(total)
        }
        // One second of zeros by default, never more than the samples asked for.
        let zeros = leadingZeros ?? Int(min(oneSecond, Double(count)))
        let a = amplitude ?? 1
        if source == .sine && frequency == nil {
            throw ApplicationError("--source sine needs --frequency <Hz> (below \(fs / 2) Hz)")
        }
        let signal: SignalSource
        do throws(PipelineError) {
            switch source {
            case .sine: signal = try SignalSource.checkedSine(amplitude: a, frequency: frequency!, sampleRate: fs, leadingZeros: zeros)
            case .step: signal = try SignalSource.checkedStep(amplitude: a, leadingZeros: zeros)
            case .impulse: signal = try SignalSource.checkedImpulse(amplitude: a, leadingZeros: zeros)
            }
        } catch {
            throw ApplicationError("--source \(source.rawValue): \(error.description)")
        }
        let note = zeros >= count
            ? "note: the \(count) samples end before the \(source.rawValue) starts (after \(zeros) leading zeros); give --leading-zeros" : nil
        return (signal, count, note)
    }
}

/// What a pipeline run printed, and why it stopped when it failed.
public struct PipelineResult: Sendable {
    /// The CSV, when it went neither to a file nor to a file descriptor; the
    /// events line by line with `--output`.
    public var standardOutput: String
    /// Notes (sample rate, uneven spacing, redesigned filters) and events
    /// without `--output`.
    public var standardError: String
    /// The error that stopped the run; `nil` when it ran to the end.
    public var failure: ApplicationError?
}
