import FilterRuntime
import FilterSets
import Foundation

/// Where bytes go: a file descriptor (buffered) or memory (tests).
final class ByteSink {
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
            let n = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = String(cString: strerror(errno)); break }
            offset += n
        }
        bytes.removeAll(keepingCapacity: true)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// `mkfilter pipeline`: Shake!'s chain (source -> filter -> moving RMS ->
/// trigger) on three axes, from accelerometer CSV or a calculated source, to CSV,
/// an SVG of Shake!'s main screen, and trigger events.
public enum PipelineProgram {
    static let usage = """
        Usage: mkfilter pipeline [<input.csv> | -] [--source sine|step|impulse [--amplitude <g>] [--frequency <Hz>]
                                 [--samples <n>] [--leading-zeros <n>]] [--sample-rate <Hz>] [--config <file.json>]
                                 [--filter <filter>] [--rms-window <n>] [--threshold <g>] [--count <m>]
                                 [--output <file.csv>] [--svg <file.svg>] [--events]
        """

    /// The CSV header.
    static let header = "t,x_raw,x_filtered,x_rms,x_trigger,y_raw,y_filtered,y_rms,y_trigger,z_raw,z_filtered,z_rms,z_trigger"

    /// Runs the command. `standardInput` is read when no file or source is
    /// given; the CSV goes to `standardOutput` (or into the result when nil).
    public static func run(arguments: [String], standardInput: Int32 = 0, standardOutput: Int32? = nil) -> InvocationResult {
        let stdout = ByteSink(descriptor: standardOutput)
        var stderr = ""
        var temporary: String?
        var outputDescriptor: Int32?
        defer {
            if let outputDescriptor { close(outputDescriptor) }
            if let temporary { unlink(temporary) }
        }
        do throws(UsageError) {
            let options = try PipelineOptions(arguments)
            let (input, source, output, svg, events) = (options.input, options.source, options.output, options.svg, options.events)
            var settings = try options.settings()

            // The input: rows from CSV, or a calculated source.
            var reader: AccelerometerCSVReader?
            var pending: [AccelerometerRow] = []
            var descriptorToClose: Int32?
            defer { if let descriptorToClose { close(descriptorToClose) } }
            let fs: Double
            var signal: SignalSource?, total = 0
            if let source {
                fs = options.sampleRate ?? 60
                (signal, total) = try options.signal(source, sampleRate: fs)
            } else {
                let name = input == nil || input == "-" ? "<stdin>" : input!
                var descriptor = standardInput
                if let input, input != "-" {
                    descriptor = open(input, O_RDONLY)
                    guard descriptor >= 0 else { throw UsageError("\(input): cannot open it (\(String(cString: strerror(errno))))") }
                    descriptorToClose = descriptor
                }
                reader = AccelerometerCSVReader(descriptor: descriptor, name: name)
                // The sample rate from the first rows' times, unless given.
                while pending.count < 64, let row = try reader!.next() { pending.append(row) }
                if let sampleRate = options.sampleRate {
                    fs = sampleRate
                } else {
                    guard pending.count >= 2 else {
                        throw UsageError("\(name): one sample cannot give a sample rate; give --sample-rate")
                    }
                    fs = Double(pending.count - 1) / (pending.last!.t - pending[0].t)
                    stderr += "note: sample rate \(fs) Hz from the times of the first \(pending.count) samples (give --sample-rate to set it)\n"
                }
            }

            let configuration = try settings.configuration(sampleRate: fs)
            stderr += settings.notes.map { $0 + "\n" }.joined()
            var pipeline: AccelerationPipeline
            do { pipeline = try AccelerationPipeline(configuration, sampleRate: fs) } catch { throw UsageError(error.description) }

            // Where the CSV goes: a temporary file renamed at the end, or standard output.
            var csv = stdout
            if let output {
                let path = AtomicFile.temporaryPath(for: output)
                let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                guard descriptor >= 0 else { throw UsageError("--output \(ArgumentValues.quoted(output)): cannot write it (\(String(cString: strerror(errno))))") }
                temporary = path
                outputDescriptor = descriptor
                csv = ByteSink(descriptor: descriptor)
            }
            let eventSink: ByteSink? = events ? (output != nil ? stdout : nil) : nil
            var eventText = ""
            var plot = svg.map { _ in PipelinePlot() }

            csv.append(header)
            csv.append(10)
            var n = 0
            var previousTime: Double?, unevenReported = false
            func emit(_ t: Double, _ a: Acceleration) {
                let out = pipeline.process(a)
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
            if let signal {
                for i in 0..<total {
                    let v = signal.sample(i)
                    emit(Double(i) / fs, Acceleration(x: v, y: v, z: v))
                }
            } else {
                for row in pending { emit(row.t, Acceleration(x: row.x, y: row.y, z: row.z)) }
                pending = []
                while let row = try reader!.next() {
                    emit(row.t, Acceleration(x: row.x, y: row.y, z: row.z))
                    if let failure = csv.failure { throw UsageError("cannot write the CSV (\(failure))") }
                }
            }
            csv.flush()
            if let failure = csv.failure { throw UsageError("cannot write the CSV (\(failure))") }
            // The SVG first: if it cannot be written, no CSV appears either.
            if let svg, let plot {
                let title = "mkfilter pipeline: \(n) samples at \(fs) Hz"
                let text = plot.svg(title: title, subtitle: input ?? source.map { "source: \($0)" } ?? "standard input", configuration: configuration)
                try Emission.write(text, to: svg, option: "--svg")
            }
            if let output, let path = temporary {
                if let descriptor = outputDescriptor {
                    outputDescriptor = nil
                    guard close(descriptor) == 0 else { throw UsageError("--output \(ArgumentValues.quoted(output)): cannot write it (\(String(cString: strerror(errno))))") }
                }
                guard rename(path, output) == 0 else {
                    throw UsageError("--output \(ArgumentValues.quoted(output)): cannot write it (\(String(cString: strerror(errno))))")
                }
                temporary = nil
            }
            stdout.flush()
            if let failure = stdout.failure { throw UsageError("cannot write to standard output (\(failure))") }
            return InvocationResult(standardOutput: standardOutput == nil ? stdout.text : "",
                                    standardError: stderr + eventText, exitCode: 0)
        } catch {
            stdout.flush()
            var result = InvocationResult.failure("mkfilter pipeline", error, usage: usage)
            result.standardError = stderr + result.standardError
            result.standardOutput = standardOutput == nil ? stdout.text : ""
            return result
        }
    }
}
