import AccelerometerPipeline
import FilterRequests
import Foundation

/// Writes the pipeline's CSV rows on a thread of its own, so that turning
/// numbers into text (10 to 14 shortest round-trip decimals a row, more than
/// half the work of `mkfilter pipeline`) overlaps reading, parsing and
/// filtering, which stay on the calling thread in input order.
///
/// The caller appends rows to a batch, writing the first number of each
/// (t) as text itself, which balances the two threads' work (reading,
/// parsing and filtering on one side, formatting on the other);
/// a full batch goes to the writer thread, which formats the rest of its
/// rows in order into the sink. Three batches
/// circulate (one filling, one waiting, one being written), so each side
/// waits only when the other is a whole batch behind. `finish` hands over the
/// last rows and returns when every row is in the sink: the sink belongs to
/// the writer thread from `init` to `finish`, and to the caller again after.
/// With one processor (or `threaded: false`) the rows are written on the
/// calling thread as each batch fills, with the same result.
final class PipelineCSVWriter: @unchecked Sendable {  // State shared with the thread is guarded by `condition`.
    /// The columns beyond Shake!'s 13.
    struct Extras {
        var shake = false, orientation = false, yaw = false, yawSmoothed = false

        /// ",shake,angle,orientation,yaw,yaw_smoothed", as asked for.
        var header: String {
            (shake ? ",shake" : "") + (orientation ? ",angle,orientation" : "") + (yaw ? ",yaw" : "") + (yawSmoothed ? ",yaw_smoothed" : "")
        }
    }

    /// The numbers of up to `capacity` rows, as the pipeline produced them.
    final class Batch {
        static let capacity = 4096
        /// Per row: t, x raw, filtered, rms, y ..., z ..., angle, yaw, yaw smoothed.
        static let stride = 13
        let numbers = UnsafeMutablePointer<Double>.allocate(capacity: capacity * stride)
        /// Per row: bits 0-2 the triggers, bit 3 shaking, bits 4-5 the orientation.
        let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        /// Per row, `prefixSize` bytes: t as text, its length in `prefixLengths`.
        static let prefixSize = DecimalFormatter.maximumLength
        let prefix = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * prefixSize)
        let prefixLengths = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        var count = 0

        deinit {
            numbers.deallocate()
            flags.deallocate()
            prefix.deallocate()
            prefixLengths.deallocate()
        }
    }

    let sink: ByteSink
    let extras: Extras
    let formatter = DecimalFormatter()
    let condition = NSCondition()
    private var current = Batch()
    private var waiting: [Batch] = []
    private var spare = [Batch(), Batch()]
    private var stopping = false, stopped = false
    private var thread: Thread?
    /// Whether the sink could not write (the writer thread's view, under `condition`).
    private var sinkFailed = false
    /// Whether the sink had failed when the caller last handed over a batch:
    /// the caller stops reading then (a closed pipe, a full disk).
    private(set) var failed = false

    /// A writer into `sink`; its thread starts here unless `threaded` is false
    /// or there is one processor.
    init(sink: ByteSink, extras: Extras, threaded: Bool = true) {
        self.sink = sink
        self.extras = extras
        if threaded && ProcessInfo.processInfo.activeProcessorCount > 1 {
            let thread = Thread { [self] in self.run() }
            thread.stackSize = 1 << 20
            self.thread = thread
            thread.start()
        }
    }

    /// Adds a row (the caller's thread).
    @inline(__always)
    func append(t: Double, raw: Acceleration, output: AccelerationPipeline.Output, angle: Double, yaw: Double, smoothed: Double) {
        let batch = current
        let n = batch.numbers + batch.count * Batch.stride
        n[0] = t
        n[1] = raw.x; n[2] = output.filtered.x; n[3] = output.rms.x
        n[4] = raw.y; n[5] = output.filtered.y; n[6] = output.rms.y
        n[7] = raw.z; n[8] = output.filtered.z; n[9] = output.rms.z
        n[10] = angle; n[11] = yaw; n[12] = smoothed
        var flags = output.triggers & 7 | (output.shaking ? 8 : 0)
        if extras.orientation {
            switch DeviceOrientation(angle: angle) {
            case .portrait: break
            case .landscapeRight: flags |= 16
            case .portraitUpsideDown: flags |= 32
            case .landscapeLeft: flags |= 48
            }
        }
        batch.flags[batch.count] = flags
        let text = batch.prefix + batch.count * Batch.prefixSize
        batch.prefixLengths[batch.count] = UInt8(formatter.write(t, to: text))
        batch.count += 1
        if batch.count == Batch.capacity { submit() }
    }

    /// Hands the filling batch over and takes an empty one.
    private func submit() {
        guard thread != nil else {
            write(current)
            current.count = 0
            failed = sink.failure != nil
            return
        }
        condition.lock()
        waiting.append(current)
        condition.broadcast()
        while spare.isEmpty { condition.wait() }
        current = spare.removeLast()
        failed = sinkFailed
        condition.unlock()
    }

    /// Every row appended so far is in the sink when this returns (the
    /// sink's own buffer may still hold the last of them: flush it).
    func finish() {
        guard let thread else {
            write(current)
            current.count = 0
            return
        }
        condition.lock()
        if current.count > 0 {
            waiting.append(current)
            current = Batch()
        }
        stopping = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
        _ = thread  // joined: it has set `stopped` and returns
        self.thread = nil
    }

    /// The writer thread: batches in order until told to stop.
    private func run() {
        while true {
            condition.lock()
            while waiting.isEmpty && !stopping { condition.wait() }
            guard !waiting.isEmpty else {
                stopped = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let batch = waiting.removeFirst()
            condition.unlock()
            write(batch)
            let failure = sink.failure != nil
            condition.lock()
            sinkFailed = sinkFailed || failure
            batch.count = 0
            spare.append(batch)
            condition.broadcast()
            condition.unlock()
        }
    }

    static let orientationNames: [[UInt8]] = DeviceOrientation.allCases.map { Array($0.rawValue.utf8) }

    /// The batch's rows as CSV text into the sink.
    private func write(_ batch: Batch) {
        let formatter = self.formatter, extras = self.extras, sink = self.sink
        for row in 0 ..< batch.count {
            let n = batch.numbers + row * Batch.stride
            let flags = batch.flags[row]
            let start = sink.reserve(1024)
            var p = start
            let length = Int(batch.prefixLengths[row])
            p.update(from: batch.prefix + row * Batch.prefixSize, count: length)
            p += length
            p[0] = 44; p += 1; p += formatter.write(n[1], to: p)
            p[0] = 44; p += 1; p += formatter.write(n[2], to: p)
            p[0] = 44; p += 1; p += formatter.write(n[3], to: p)
            p[0] = 44; p[1] = 48 | (flags & 1); p += 2
            p[0] = 44; p += 1; p += formatter.write(n[4], to: p)
            p[0] = 44; p += 1; p += formatter.write(n[5], to: p)
            p[0] = 44; p += 1; p += formatter.write(n[6], to: p)
            p[0] = 44; p[1] = 48 | ((flags >> 1) & 1); p += 2
            p[0] = 44; p += 1; p += formatter.write(n[7], to: p)
            p[0] = 44; p += 1; p += formatter.write(n[8], to: p)
            p[0] = 44; p += 1; p += formatter.write(n[9], to: p)
            p[0] = 44; p[1] = 48 | ((flags >> 2) & 1); p += 2
            if extras.shake { p[0] = 44; p[1] = 48 | ((flags >> 3) & 1); p += 2 }
            if extras.orientation {
                p[0] = 44; p += 1; p += formatter.write(n[10], to: p)
                p[0] = 44; p += 1
                for byte in Self.orientationNames[Int(flags >> 4)] { p[0] = byte; p += 1 }
            }
            if extras.yaw { p[0] = 44; p += 1; p += formatter.write(n[11], to: p) }
            if extras.yawSmoothed { p[0] = 44; p += 1; p += formatter.write(n[12], to: p) }
            p[0] = 10
            sink.advance(start.distance(to: p) + 1)
            sink.flushIfFull()
        }
    }
}
