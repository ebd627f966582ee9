import FilterDesign
import FilterSets
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An accelerometer recording (`t,x,y,z` CSV) read once, row by row, with
/// its sample rate: the same reader, rules and messages for `mkfilter
/// spectrum`, `suggest`, `pipeline --compare` and the web page's upload.
///
/// The sample rate is `--sample-rate` when given, else, as `mkfilter
/// pipeline` takes it, (n - 1) / (t[n-1] - t[0]) over the first n = 64 rows
/// (fewer when the recording is shorter). The first time two rows are not
/// 1/fs apart within 5 %, a note says so (the analyses assume even spacing).
public final class RecordingInput {
    /// The name messages give the input: its path, or `<stdin>`.
    public let name: String
    /// Hz.
    public let sampleRate: Double
    /// Notes for standard error: where the sample rate came from, uneven spacing.
    public private(set) var notes: [String] = []
    /// How the uneven-spacing note ends: who assumes even spacing
    /// (`mkfilter pipeline`: "the filters assume it is").
    public var evenSpacingAssumption = "the analysis assumes it is"
    /// Whether the CSV has the attitude quaternion's columns (qw, qx, qy, qz).
    public var hasAttitude: Bool { reader.hasAttitude }
    private var reader: AccelerometerCSVReader
    private var pending: [AccelerometerRow]
    private var pendingIndex = 0
    private var descriptorToClose: Int32?
    private var previousTime: Double?
    private var unevenReported = false
    /// Rows returned so far.
    public private(set) var rowsRead = 0

    /// The rows read to find the rate.
    static let rateRows = 64

    /// Opens `path` (nil or `-`: `standardInput`) and reads its first rows.
    ///
    /// - Throws: `ApplicationError` for a file that cannot be opened or is a
    ///   directory, any bad line (with its line number), or a single-row
    ///   recording without `sampleRate`.
    public convenience init(path: String?, standardInput: Int32 = 0, sampleRate: Double?) throws(ApplicationError) {
        let (descriptor, name, owned) = try Self.openRecording(path, standardInput: standardInput)
        do {
            try self.init(reader: AccelerometerCSVReader(descriptor: descriptor, name: name), sampleRate: sampleRate,
                          rateOption: "--sample-rate")
        } catch {
            if let owned { close(owned) }
            throw error
        }
        descriptorToClose = owned
    }

    /// The recording `path` names, opened for reading (nil or `-`:
    /// `standardInput`), the name messages give it (`<stdin>` for standard
    /// input), and the descriptor the caller must close (nil for standard
    /// input).
    ///
    /// - Throws: `ApplicationError` for a file that cannot be opened or is a
    ///   directory.
    public static func openRecording(_ path: String?, standardInput: Int32) throws(ApplicationError)
        -> (descriptor: Int32, name: String, owned: Int32?) {
        guard let path, path != "-" else { return (standardInput, "<stdin>", nil) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ApplicationError("\(path): \(TextFile.openProblem(errno))") }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw ApplicationError("\(path): is a directory; give an accelerometer CSV file")
        }
        return (descriptor, path, descriptor)
    }

    /// A recording already in memory (an upload), called `name` in messages.
    /// `rateOption` is the option that gives a sample rate where the reader
    /// comes from (nil for the page's upload, whose rate comes from the
    /// times alone: its messages name no command-line option).
    public convenience init(bytes: [UInt8], name: String, sampleRate: Double?,
                            rateOption: String? = nil) throws(ApplicationError) {
        try self.init(reader: AccelerometerCSVReader(bytes: bytes, name: name), sampleRate: sampleRate, rateOption: rateOption)
    }

    private init(reader: AccelerometerCSVReader, sampleRate: Double?, rateOption: String?) throws(ApplicationError) {
        self.reader = reader
        name = reader.name
        var first: [AccelerometerRow] = []
        while first.count < Self.rateRows, let row = try self.reader.next() { first.append(row) }
        pending = first
        if let sampleRate {
            guard sampleRate > 0, sampleRate <= Self.largestSampleRate else {
                throw ApplicationError("\(rateOption ?? "the sample rate") \(messageNumber(sampleRate)): a recording's sample rate must be above 0 and at most 10^12 Hz")
            }
            self.sampleRate = sampleRate
        } else {
            guard first.count >= 2 else {
                throw ApplicationError("\(reader.name): one sample cannot give a sample rate; "
                                       + (rateOption.map { "give \($0)" } ?? "the times of two rows at least give it"))
            }
            let rate = Double(first.count - 1) / (first.last!.t - first[0].t)
            guard rate > 0, rate <= Self.largestSampleRate else {
                throw ApplicationError("\(reader.name): the times of the first \(first.count) samples (\(messageNumber(first[0].t)) to \(messageNumber(first.last!.t)) s) give a sample rate of \(messageNumber(rate)) Hz; it must be above 0 and at most 10^12 Hz" + (rateOption.map { " (give \($0))" } ?? ""))
            }
            self.sampleRate = rate
            notes.append("note: sample rate \(self.sampleRate) Hz from the times of the first \(first.count) samples"
                         + (rateOption.map { " (give \($0) to set it)" } ?? ""))
        }
    }

    /// The highest sample rate a recording may have, 10^12 Hz: far above any
    /// sensor or audio rate, and low enough that every frequency, bin and
    /// time printed from it (k fs / N, n / fs) is a finite number.
    public static let largestSampleRate = 1e12

    deinit { if let descriptorToClose { close(descriptorToClose) } }

    /// The next row, or nil at the end.
    ///
    /// - Throws: `ApplicationError` for a bad line, with its line number.
    public func next() throws(ApplicationError) -> AccelerometerRow? {
        let row: AccelerometerRow
        if pendingIndex < pending.count {
            row = pending[pendingIndex]
            pendingIndex += 1
            if pendingIndex == pending.count { pending = []; pendingIndex = 0 }
        } else {
            guard let next = try reader.next() else { return nil }
            row = next
        }
        if let previousTime, !unevenReported, abs((row.t - previousTime) * sampleRate - 1) > 0.05 {
            unevenReported = true
            notes.append("note: the samples are not evenly spaced: \(previousTime) s to \(row.t) s (sample \(rowsRead)) is not 1/\(sampleRate) s; \(evenSpacingAssumption)")
        }
        previousTime = row.t
        rowsRead += 1
        return row
    }
}
