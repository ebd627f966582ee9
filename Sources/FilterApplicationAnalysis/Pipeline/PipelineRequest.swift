import AccelerometerPipeline
import FilterApplication
import FilterDesign
import FilterRuntime
import FilterSets
import Foundation

/// Where bytes go: a file descriptor (buffered) or memory (tests). Rows are
/// written straight into its buffer (`reserve`, then `advance`), numbers by
/// `DecimalFormatter`, with no allocation per row.
final class ByteSink {  // Used on one thread, inside one run.
    private let descriptor: Int32?
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    private(set) var failure: String?
    /// A descriptor's buffer is written out when it holds this much.
    static let flushSize = 1 << 16

    /// Buffered writes to `descriptor`; `nil` keeps everything in memory.
    init(descriptor: Int32?) {
        self.descriptor = descriptor
        capacity = 2 * Self.flushSize
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    /// Room for `n` more bytes: where to write them.
    @inline(__always)
    func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count + n > capacity { grow(n) }
        return storage + count
    }

    /// `n` bytes were written at `reserve`'s pointer.
    @inline(__always)
    func advance(_ n: Int) { count += n }

    private func grow(_ n: Int) {
        if descriptor != nil { flush() }
        guard count + n > capacity else { return }
        let bigger = max(2 * capacity, count + n)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        fresh.update(from: storage, count: count)
        storage.deallocate()
        storage = fresh
        capacity = bigger
    }

    func write(_ text: String) { append(text); flushIfFull() }
    func append(_ text: String) {
        var copy = text
        copy.withUTF8 { bytes in
            let p = reserve(bytes.count)
            if let base = bytes.baseAddress { p.update(from: base, count: bytes.count) }
            advance(bytes.count)
        }
    }
    func append(_ byte: UInt8) { reserve(1).pointee = byte; advance(1) }

    func flushIfFull() { if descriptor != nil, count >= Self.flushSize { flush() } }

    func flush() {
        guard let descriptor else { return }
        guard failure == nil else { count = 0; return }
        var offset = 0
        while offset < count {
            let n = systemWrite(descriptor, storage + offset, count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = String(cString: strerror(errno)); break }
            offset += n
        }
        count = 0
    }

    var text: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }
}

/// The C library's `write(2)` (Foundation brings it on Linux and macOS alike).
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// Shake!'s chain (source -> filter -> moving RMS -> trigger) on three axes,
/// from accelerometer CSV or a calculated source, to CSV, an SVG of Shake!'s
/// main screen, and trigger events (`mkfilter pipeline`); beside it the
/// accelerometer articles' stages: the shake detector, the debounce, tilt
/// and orientation, yaw and its Kalman smoother; and, offline, zero-phase
/// filtering.
public struct PipelineRequest: Sendable {
    /// A calculated source on all three axes.
    public enum Source: String, Sendable, CaseIterable { case sine, step, impulse }

    /// The CSV header's first 13 columns.
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
    /// Filter the whole input forward and backward (zero phase, not causal).
    public var zeroPhase = false
    /// The articles' shake detector: its shake and re-arm thresholds, g.
    public var shakeThresholds: (on: Double, off: Double)?
    /// The articles' `minTimeDelta`, seconds.
    public var minimumInterval: Double?
    /// Add the columns `angle` (atan2(y, -x)) and `orientation`.
    public var orientation = false
    /// Add the column `yaw` (from the input's quaternion columns).
    public var yaw = false
    /// A smoother for the yaw, `kalman Q R P0`: adds `yaw_smoothed` (and implies `yaw`).
    public var yawSmoother: String?
    /// Candidate filters (each as `filter` takes it) to run side by side on
    /// the same recording instead of one (`PipelineComparison`).
    public var compare: [String] = []

    /// A request with every default: CSV from standard input to standard output.
    public init() {}

    /// Runs the chain. `standardInput` is read when no file or source is
    /// given; the CSV goes to `standardOutput` (or into the result when nil).
    public func run(standardInput: Int32 = 0, standardOutput: Int32? = nil) -> PipelineResult {
        if !compare.isEmpty { return runComparison(standardInput: standardInput) }
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
            if let output, let svg, AtomicFileSet.sameFile(output, svg) {
                throw ApplicationError("--output \(quotedForMessage(output)) and --svg \(quotedForMessage(svg)) name the same file: give each its own")
            }
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
                let (descriptor, name, owned) = try RecordingInput.openRecording(input, standardInput: standardInput)
                descriptorToClose = owned
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
                if (yaw || yawSmoother != nil) && !reader!.hasAttitude {
                    throw ApplicationError("\(name): --yaw needs the attitude quaternion: a header line naming the columns qw, qx, qy, qz beside t, x, y, z")
                }
            }

            var configuration = try settings.configuration(sampleRate: fs)
            stderr += settings.notes.map { $0 + "\n" }.joined()
            if let thresholds = shakeThresholds {
                do { configuration.shakeDetector = try ShakeDetector(onThreshold: thresholds.on, offThreshold: thresholds.off) } catch {
                    throw ApplicationError("--detector shake: \(error.description)")
                }
            }
            if let minimumInterval {
                do { configuration.debounce = try Debounce(minimumInterval: minimumInterval) } catch {
                    throw ApplicationError("--min-interval: \(error.description)")
                }
            }
            var yawFilter: KalmanSmoother?
            if let yawSmoother { yawFilter = try Self.kalman(yawSmoother) }
            var pipeline: AccelerationPipeline
            do { pipeline = try AccelerationPipeline(configuration, sampleRate: fs, initialState: initialState) } catch { throw ApplicationError(error.description) }
            let extras = PipelineCSVWriter.Extras(shake: shakeThresholds != nil, orientation: orientation,
                                yaw: yaw || yawSmoother != nil, yawSmoothed: yawSmoother != nil)

            // Offline, the whole input is read before the first row is written:
            // in columns of chunks (t, x, y, z and the line, 36 bytes a sample,
            // and the attitude only when asked for), a calculated source not
            // at all, each axis filtered in turn; at most `zeroPhaseLimit`
            // samples, under 1 GB.
            var recording = ZeroPhaseRecording(keepsAttitude: extras.yaw)
            var zeroPhaseOutput: [[Double]] = []
            if zeroPhase {
                let count: Int
                if signalSource != nil {
                    count = total
                } else {
                    for row in pending { recording.append(row) }
                    pending = []
                    while let row = try reader!.next() {
                        guard recording.count < Self.zeroPhaseLimit else {
                            throw ApplicationError("--zero-phase: the recording has more than \(Self.zeroPhaseLimit) samples; zero-phase filtering holds all of it in memory (about 100 bytes a sample), so filter it in parts, or without --zero-phase (which streams)")
                        }
                        recording.append(row)
                    }
                    count = recording.count
                }
                do {
                    for axis in 0..<3 {
                        var signal = [Double]()
                        signal.reserveCapacity(count)
                        if let signalSource { for i in 0..<count { signal.append(signalSource.sample(i)) } }
                        else { for i in 0..<count { signal.append(recording.value(i, axis: axis)) } }
                        zeroPhaseOutput.append(try pipeline.zeroPhaseFiltered(signal, axis: axis))
                    }
                } catch { throw ApplicationError("--zero-phase: \(error.description)") }
            }

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
            var summary = TriggerSummary()

            csv.append(Self.header + extras.header)
            csv.append(10)
            // From here until it finishes, the writer's thread owns `csv`.
            let writer = PipelineCSVWriter(sink: csv, extras: extras)
            defer { writer.finish() }
            var n = 0
            var previousTime: Double?, unevenReported = false
            func emit(_ row: AccelerometerRow, filtered: Acceleration?) throws(ApplicationError) {
                let t = row.t
                let a = Acceleration(x: row.x, y: row.y, z: row.z)
                guard t.isFinite else {
                    throw ApplicationError("the time of sample \(n), \(n) / \(messageNumber(fs)) Hz, is beyond the largest double; give a higher --sample-rate")
                }
                let out = filtered.map { pipeline.process(a, filtered: $0, at: t) } ?? pipeline.process(a, at: t)
                // A filter whose output overflows (an input near the largest
                // double through a gain above 1): refused, never printed as inf.
                for axis in 0..<3 where !out.filtered[axis].isFinite || !out.rms[axis].isFinite {
                    let column = PipelineConfiguration.axisNames[axis] + (out.filtered[axis].isFinite ? "_rms" : "_filtered")
                    let value = out.filtered[axis].isFinite ? out.rms[axis] : out.filtered[axis]
                    let place = row.line > 0 ? ", line \(row.line)" : ""
                    let sample = "at sample \(n) (t = \(t) s\(place), \(PipelineConfiguration.axisNames[axis]) = \(a[axis]) g)"
                    throw ApplicationError(value.isNaN
                        ? "\(column) is not a number \(sample): the filter cannot compute it in double precision at \(messageNumber(fs)) Hz with this input"
                        : "\(column) overflows \(sample): the filter's output is beyond the largest double (\(Double.greatestFiniteMagnitude)); scale the input down")
                }
                var yawValue = 0.0, smoothed = 0.0
                if extras.yaw, let attitude = row.attitude {
                    yawValue = attitude.yaw
                    if yawFilter != nil { smoothed = yawFilter!.process(yawValue) }
                }
                let angle = extras.orientation ? DeviceOrientation.tiltAngle(x: a.x, y: a.y) : 0
                writer.append(t: t, raw: a, output: out, angle: angle, yaw: yawValue, smoothed: smoothed)
                if let previous = previousTime, !unevenReported, abs((t - previous) * fs - 1) > 0.05 {
                    unevenReported = true
                    stderr += "note: the samples are not evenly spaced: \(previous) s to \(t) s (sample \(n)) is not 1/\(fs) s; the filters assume it is\n"
                }
                previousTime = t
                if events && (out.onsets != 0 || out.shakeOnset) {
                    var lines = ""
                    for axis in 0..<3 where out.onsets & (1 << axis) != 0 {
                        lines += "trigger \(PipelineConfiguration.axisNames[axis]) t=\(t) sample=\(n)\n"
                    }
                    if out.shakeOnset { lines += "shake t=\(t) sample=\(n)\n" }
                    if let eventSink { eventSink.write(lines) } else { eventText += lines }
                }
                plot?.add(t: t, output: out)
                summary.add(out, at: t)
                n += 1
            }
            if zeroPhase {
                let count = signalSource != nil ? total : recording.count
                for i in 0..<count {
                    let row: AccelerometerRow
                    if let signalSource {
                        let v = signalSource.sample(i)
                        row = AccelerometerRow(line: 0, t: Double(i) / fs, x: v, y: v, z: v)
                    } else {
                        row = recording.row(i)
                    }
                    try emit(row, filtered: Acceleration(x: zeroPhaseOutput[0][i], y: zeroPhaseOutput[1][i], z: zeroPhaseOutput[2][i]))
                    if writer.failed { break }
                }
            } else if let signalSource {
                for i in 0..<total {
                    let v = signalSource.sample(i)
                    try emit(AccelerometerRow(line: 0, t: Double(i) / fs, x: v, y: v, z: v), filtered: nil)
                    if writer.failed { break }
                }
            } else {
                for row in pending { try emit(row, filtered: nil) }
                pending = []
                while !writer.failed, let row = try reader!.next() { try emit(row, filtered: nil) }
            }
            writer.finish()
            csv.flush()
            if let failure = csv.failure {
                throw ApplicationError(output.map { "--output \(quotedForMessage($0)): cannot write it (\(failure))" }
                    ?? "cannot write to standard output (\(failure))")
            }
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
                                  standardError: stderr + eventText + summary.text(sampleRate: fs), failure: nil)
        } catch {
            stdout.flush()
            return PipelineResult(standardOutput: standardOutput == nil ? stdout.text : "", standardError: stderr, failure: error)
        }
    }

    /// The most samples `--zero-phase` holds (the largest `--samples`): about
    /// 1 GB at 100 bytes a sample.
    public static let zeroPhaseLimit = 10_000_000

    /// The input of a zero-phase run, held in columns of chunks (no array
    /// grows past what it holds by more than a chunk).
    struct ZeroPhaseRecording {
        static let chunk = 1 << 16
        var t: [[Double]] = [], x: [[Double]] = [], y: [[Double]] = [], z: [[Double]] = []
        var lines: [[Int32]] = []
        var attitudes: [[Attitude?]] = []
        let keepsAttitude: Bool
        private(set) var count = 0

        init(keepsAttitude: Bool) { self.keepsAttitude = keepsAttitude }

        mutating func append(_ row: AccelerometerRow) {
            if count % Self.chunk == 0 {
                for k in 0..<4 { var c = [Double](); c.reserveCapacity(Self.chunk); switch k { case 0: t.append(c); case 1: x.append(c); case 2: y.append(c); default: z.append(c) } }
                var l = [Int32](); l.reserveCapacity(Self.chunk); lines.append(l)
                if keepsAttitude { var a = [Attitude?](); a.reserveCapacity(Self.chunk); attitudes.append(a) }
            }
            let c = count / Self.chunk
            t[c].append(row.t); x[c].append(row.x); y[c].append(row.y); z[c].append(row.z)
            lines[c].append(Int32(clamping: row.line))
            if keepsAttitude { attitudes[c].append(row.attitude) }
            count += 1
        }

        func value(_ i: Int, axis: Int) -> Double {
            let (c, j) = (i / Self.chunk, i % Self.chunk)
            return axis == 0 ? x[c][j] : axis == 1 ? y[c][j] : z[c][j]
        }

        func row(_ i: Int) -> AccelerometerRow {
            let (c, j) = (i / Self.chunk, i % Self.chunk)
            return AccelerometerRow(line: Int(lines[c][j]), t: t[c][j], x: x[c][j], y: y[c][j], z: z[c][j],
                                    attitude: keepsAttitude ? attitudes[c][j] : nil)
        }
    }

    /// The yaw smoother, `kalman Q R P0`.
    static func kalman(_ text: String) throws(ApplicationError) -> KalmanSmoother {
        guard text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first == "kalman" else {
            throw ApplicationError("--yaw-smoother \(quotedForMessage(text)) must be kalman Q R P0 (the articles use kalman 0.1 0.1 0.1)")
        }
        var settings = PipelineSettings()
        let filter: AxisFilter
        do { filter = try settings.resolve(text, sampleRate: 1) } catch {
            throw ApplicationError("--yaw-smoother \(quotedForMessage(text)): \(error.description)")
        }
        guard case let .kalman(q, r, p0) = filter else {
            throw ApplicationError("--yaw-smoother \(quotedForMessage(text)) must be kalman Q R P0 (the articles use kalman 0.1 0.1 0.1)")
        }
        do { return try KalmanSmoother(processNoise: q, measurementNoise: r, initialError: p0) } catch {
            throw ApplicationError("--yaw-smoother: \(error.description)")
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
