import AccelerometerPipeline
import FilterRequests
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

    /// Refuses an --output and --svg that name the same file, or either
    /// naming the input.
    private func refuseClashingFiles() throws(ApplicationError) {
        if let output, let svg, AtomicFileSet.sameFile(output, svg) {
            throw ApplicationError("--output \(quotedForMessage(output)) and --svg \(quotedForMessage(svg)) name the same file: give each its own")
        }
        try FileOutput.refuseOverwriting(input: self.input, with: [("--output", output), ("--svg", svg)])
    }

    /// Every row through the chain to the writer, until the writer fails:
    /// the zero-phase rows (filtered forward and backward) when there are,
    /// else the recording's rows as they are read.
    private static func emitRows(_ input: PipelineInput, _ zeroPhaseRows: ZeroPhaseRows?, through chain: inout PipelineChain,
                                 to writer: PipelineCSVWriter) throws(ApplicationError) {
        if let zeroPhaseRows {
            for i in 0..<zeroPhaseRows.count {
                try chain.emit(zeroPhaseRows.row(i), filtered: zeroPhaseRows.filtered(i), to: writer)
                if writer.failed { break }
            }
        } else {
            while !writer.failed, let row = try input.next() { try chain.emit(row, filtered: nil, to: writer) }
        }
    }

    /// Runs the chain. `standardInput` is read when no file or source is
    /// given; the CSV goes to `standardOutput` (or into the result when nil).
    public func run(standardInput: Int32 = 0, standardOutput: Int32? = nil) -> PipelineResult {
        if !compare.isEmpty { return runComparison(standardInput: standardInput) }
        let stdout = ByteSink(descriptor: standardOutput)
        var stderr = ""
        // The recording's notes that come while its rows are read (uneven
        // spacing) go after the others, on every way out.
        var reading: (input: PipelineInput, notesBefore: Int)?
        func rowNotes() -> String { reading.map { $0.input.notes.dropFirst($0.notesBefore).map { $0 + "\n" }.joined() } ?? "" }
        do throws(ApplicationError) {
            try refuseClashingFiles()
            var settings = try self.settings()
            let input = try openInput(standardInput: standardInput)
            stderr += input.notes.map { $0 + "\n" }.joined()
            if (yaw || yawSmoother != nil), let name = input.recordingWithoutAttitude {
                throw ApplicationError("\(name): --yaw needs the attitude quaternion: a header line naming the columns qw, qx, qy, qz beside t, x, y, z")
            }
            let configuration = try self.configuration(&settings, sampleRate: input.sampleRate)
            stderr += settings.notes.map { $0 + "\n" }.joined()
            reading = (input, input.notes.count)
            var chain = try self.chain(configuration, sampleRate: input.sampleRate, eventSink: events && output != nil ? stdout : nil)
            let wholeRows = zeroPhase || configuration.needsWholeSignal
            if wholeRows && !zeroPhase {
                // A whole-signal filter beside filters that run sample by sample: those would need a causal pass over the array.
                for axis in 0..<3 {
                    switch configuration[axis].filter {
                    case .wholeSignal, .passThrough: continue
                    default:
                        throw ApplicationError("axis \(PipelineConfiguration.axisNames[axis]): a smoother of the whole recording (savgol) runs with the other axes' filters only when they run over it too: give every axis savgol (or passThrough), or add --zero-phase")
                    }
                }
            }
            let zeroPhaseRows = wholeRows ? try self.zeroPhaseRows(input, pipeline: chain.pipeline) : nil

            // Where the CSV goes: a temporary file renamed at the end, or standard output.
            let csv = try CSVOutput(output: output, standardOutput: stdout)
            // The file is closed and removed when `csv` goes; keep it past the
            // writer's finish on every way out (defers run last first).
            defer { withExtendedLifetime(csv) {} }
            csv.sink.append(Self.header + chain.extras.header)
            csv.sink.append(10)
            // From here until it finishes, the writer's thread owns `csv.sink`.
            let writer = PipelineCSVWriter(sink: csv.sink, extras: chain.extras)
            defer { writer.finish() }
            try Self.emitRows(input, zeroPhaseRows, through: &chain, to: writer)
            writer.finish()
            stderr += rowNotes()
            reading = nil
            try commitOutputs(csv, chain: chain, configuration: configuration, sampleRate: input.sampleRate)
            stdout.flush()
            if let failure = stdout.failure { throw ApplicationError("cannot write to standard output (\(failure))") }
            return PipelineResult(standardOutput: standardOutput == nil ? stdout.text : "",
                                  standardError: stderr + chain.eventText + chain.summary.text(sampleRate: input.sampleRate),
                                  failure: nil)
        } catch {
            stdout.flush()
            return PipelineResult(standardOutput: standardOutput == nil ? stdout.text : "", standardError: stderr + rowNotes(), failure: error)
        }
    }

    /// The rows to filter: the recording's (`RecordingInput`: its sample rate
    /// and the notes on it), or the calculated source's at `--sample-rate`
    /// (default 60 Hz).
    ///
    /// - Throws: `ApplicationError` for an input that cannot be read, or a
    ///   source's bad settings.
    func openInput(standardInput: Int32) throws(ApplicationError) -> PipelineInput {
        if let source {
            let fs = sampleRate ?? 60
            let (signal, total, note) = try self.signal(source, sampleRate: fs)
            return PipelineInput(source: signal, count: total, sampleRate: fs, note: note)
        }
        let recording = try RecordingInput(path: input, standardInput: standardInput, sampleRate: sampleRate)
        recording.evenSpacingAssumption = "the filters assume it is"
        return PipelineInput(recording: recording)
    }

    /// The axes' settings at `fs`, with the articles' shake detector and
    /// debounce when asked for.
    func configuration(_ settings: inout PipelineSettings, sampleRate fs: Double) throws(ApplicationError) -> PipelineConfiguration {
        var configuration = try settings.configuration(sampleRate: fs)
        if let thresholds = shakeThresholds {
            do { configuration.shakeDetector = try ShakeDetector(onThreshold: thresholds.on, offThreshold: thresholds.off) } catch {
                throw ApplicationError("--detector shake: \(error.description)", underlying: error)
            }
        }
        if let minimumInterval {
            do { configuration.debounce = try Debounce(minimumInterval: minimumInterval) } catch {
                throw ApplicationError("--min-interval: \(error.description)", underlying: error)
            }
        }
        return configuration
    }

    /// The chain of `configuration` at `fs`, starting in `initialState`, and
    /// what the run gathers beside the CSV.
    func chain(_ configuration: PipelineConfiguration, sampleRate fs: Double, eventSink: ByteSink?) throws(ApplicationError) -> PipelineChain {
        let yawFilter = try yawSmoother.map { text throws(ApplicationError) in try Self.kalman(text) }
        let pipeline: AccelerationPipeline
        do { pipeline = try AccelerationPipeline(configuration, sampleRate: fs, initialState: initialState) } catch {
            throw ApplicationError(wrapping: error)
        }
        let extras = PipelineCSVWriter.Extras(shake: shakeThresholds != nil, orientation: orientation,
                                              yaw: yaw || yawSmoother != nil, yawSmoothed: yawSmoother != nil)
        return PipelineChain(pipeline: pipeline, yawFilter: yawFilter, extras: extras, sampleRate: fs,
                             events: events, eventSink: eventSink, plots: svg != nil)
    }

    /// Offline, the whole input before the first row is written: the
    /// recording in columns of chunks (t, x, y, z and the line, 36 bytes a
    /// sample, and the attitude only when asked for), a calculated source not
    /// at all; each axis filtered forward and backward in turn. At most
    /// `zeroPhaseLimit` samples, under 1 GB.
    func zeroPhaseRows(_ input: PipelineInput, pipeline: AccelerationPipeline) throws(ApplicationError) -> ZeroPhaseRows {
        var rows = ZeroPhaseRows(source: input.source, sampleRate: input.sampleRate,
                                 recording: ZeroPhaseRecording(keepsAttitude: yaw || yawSmoother != nil))
        if input.source != nil {
            rows.sourceCount = input.count
        } else {
            while let row = try input.next() {
                guard rows.recording.count < Self.zeroPhaseLimit else {
                    throw ApplicationError(zeroPhase
                        ? "--zero-phase: the recording has more than \(Self.zeroPhaseLimit) samples; zero-phase filtering holds all of it in memory (about 100 bytes a sample), so filter it in parts, or without --zero-phase (which streams)"
                        : "the recording has more than \(Self.zeroPhaseLimit) samples; savgol smooths the whole recording at once (about 100 bytes a sample), so filter it in parts")
                }
                rows.recording.append(row)
            }
        }
        do {
            for axis in 0..<3 {
                var signal = [Double]()
                signal.reserveCapacity(rows.count)
                for i in 0..<rows.count { signal.append(rows.value(i, axis: axis)) }
                rows.filteredAxes.append(try pipeline.zeroPhaseFiltered(signal, axis: axis))
            }
        } catch { throw ApplicationError((zeroPhase ? "--zero-phase: " : "") + error.description, underlying: error) }
        return rows
    }

    /// The CSV flushed and closed, the SVG staged, and both renamed into
    /// place together: if either cannot be written, neither appears.
    func commitOutputs(_ csv: CSVOutput, chain: PipelineChain,
                       configuration: PipelineConfiguration, sampleRate fs: Double) throws(ApplicationError) {
        try csv.finishRows()
        if let svg, let plot = chain.plot {
            let title = "mkfilter pipeline: \(chain.count) samples at \(fs) Hz"
            let text = plot.svg(title: title, subtitle: input ?? source.map { "source: \($0.rawValue)" } ?? "standard input", configuration: configuration)
            do { try csv.files.stage(text, for: svg) } catch {
                throw ApplicationError("--svg \(quotedForMessage(svg)): cannot write it (\(error.explanation))", underlying: error)
            }
        }
        try csv.commit(other: svg.map { ($0, "--svg") })
    }

    /// The most samples `--zero-phase` holds (the largest `--samples`): about
    /// 1 GB at 100 bytes a sample.
    public static let zeroPhaseLimit = 10_000_000

    /// The yaw smoother, `kalman Q R P0`.
    static func kalman(_ text: String) throws(ApplicationError) -> KalmanSmoother {
        guard text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first == "kalman" else {
            throw ApplicationError("--yaw-smoother \(quotedForMessage(text)) must be kalman Q R P0 (the articles use kalman 0.1 0.1 0.1)")
        }
        var settings = PipelineSettings()
        let filter: AxisFilter
        do { filter = try settings.resolve(text, sampleRate: 1) } catch {
            throw ApplicationError("--yaw-smoother \(quotedForMessage(text)): \(error.description)", underlying: error)
        }
        guard case let .kalman(q, r, p0) = filter else {
            throw ApplicationError("--yaw-smoother \(quotedForMessage(text)) must be kalman Q R P0 (the articles use kalman 0.1 0.1 0.1)")
        }
        do { return try KalmanSmoother(processNoise: q, measurementNoise: r, initialError: p0) } catch {
            throw ApplicationError("--yaw-smoother: \(error.description)", underlying: error)
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
            throw ApplicationError("--source \(source.rawValue): \(error.description)", underlying: error)
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
