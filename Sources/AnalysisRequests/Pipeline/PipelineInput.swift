import AccelerometerPipeline
import FilterRequests

/// The rows of a `mkfilter pipeline` run, in order: a recording's
/// (`RecordingInput`) or a calculated source's, t = i / fs on all three axes.
final class PipelineInput {
    /// The calculated source, if the rows are its.
    let source: SignalSource?
    /// The source's number of samples.
    let count: Int
    /// Hz.
    let sampleRate: Double
    private let recording: RecordingInput?
    private let sourceNote: String?
    private var position = 0

    /// `count` samples of `source` at `sampleRate`, with a note about them.
    init(source: SignalSource, count: Int, sampleRate: Double, note: String?) {
        (self.source, self.count, self.sampleRate, sourceNote, recording) = (source, count, sampleRate, note, nil)
    }

    /// The rows of `recording`, at its sample rate.
    init(recording: RecordingInput) {
        (source, count, sampleRate, sourceNote, self.recording) = (nil, 0, recording.sampleRate, nil, recording)
    }

    /// Notes for standard error so far: the source's, or where the sample
    /// rate came from and uneven spacing.
    var notes: [String] { recording?.notes ?? sourceNote.map { [$0] } ?? [] }

    /// The recording's name when it has no attitude columns (qw, qx, qy, qz).
    var recordingWithoutAttitude: String? { recording.flatMap { $0.hasAttitude ? nil : $0.name } }

    /// The next row, or nil at the end.
    ///
    /// - Throws: `ApplicationError` for a bad line of the recording.
    func next() throws(ApplicationError) -> AccelerometerRow? {
        if let recording { return try recording.next() }
        guard let source, position < count else { return nil }
        defer { position += 1 }
        return Self.row(position, of: source, sampleRate: sampleRate)
    }

    /// Sample `i` of `source` on all three axes, at t = i / fs.
    static func row(_ i: Int, of source: SignalSource, sampleRate fs: Double) -> AccelerometerRow {
        let v = source.sample(i)
        return AccelerometerRow(line: 0, t: Double(i) / fs, x: v, y: v, z: v)
    }
}

/// A zero-phase run's rows, all of them, and each axis filtered forward and
/// backward (`PipelineRequest.zeroPhaseRows`).
struct ZeroPhaseRows {
    /// The calculated source, if the rows are its (nothing held).
    let source: SignalSource?
    let sampleRate: Double
    /// The recording's rows, without a source.
    var recording: ZeroPhaseRecording
    /// The source's number of samples.
    var sourceCount = 0
    /// x, y and z filtered.
    var filteredAxes: [[Double]] = []

    init(source: SignalSource?, sampleRate: Double, recording: ZeroPhaseRecording) {
        (self.source, self.sampleRate, self.recording) = (source, sampleRate, recording)
    }

    var count: Int { source != nil ? sourceCount : recording.count }

    func value(_ i: Int, axis: Int) -> Double {
        if let source { return source.sample(i) }
        return recording.value(i, axis: axis)
    }

    func row(_ i: Int) -> AccelerometerRow {
        if let source { return PipelineInput.row(i, of: source, sampleRate: sampleRate) }
        return recording.row(i)
    }

    func filtered(_ i: Int) -> Acceleration {
        Acceleration(x: filteredAxes[0][i], y: filteredAxes[1][i], z: filteredAxes[2][i])
    }
}

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
