import FilterRequests
import FilterDesign
import FilterRuntime

/// `mkfilter decimate`: an accelerometer recording (`t,x,y,z`) at 1/q of its
/// rate, each axis as `scipy.signal.decimate(axis, q, n, ftype, zero_phase)`
/// (`Decimation`), the times t_0 + m q / fs.
///
/// Memory: the FIR paths and the causal IIR path stream (rows are read,
/// filtered and written as they come); only the zero-phase IIR filter,
/// which runs backward from the recording's end, holds the recording, up
/// to `wholeLimit` samples.
public struct DecimateRequest: Sendable {
    /// The recording's path; nil or `-`: standard input.
    public var input: String?
    /// The recording's rate in Hz; nil: from its first 64 times.
    public var sampleRate: Double?
    /// q (required: 0 is "not given").
    public var factor = 0
    /// iir (default) or fir.
    public var type: Decimation.FilterType = .iir
    /// n; nil: scipy's default.
    public var order: Int?
    /// scipy's default true.
    public var zeroPhase = true
    /// The CSV file; nil: standard output.
    public var output: String?

    /// The most samples a zero-phase IIR decimation holds (about 32 bytes each).
    public static let wholeLimit = 10_000_000

    /// Every default but the factor.
    public init() {}

    /// Runs it: the CSV to `standardOutput` (or into the result when nil),
    /// or whole to `output` (nothing written unless every row was decimated).
    public func run(standardInput: Int32 = 0, standardOutput: Int32? = nil) -> (standardOutput: String, standardError: String, failure: ApplicationError?) {
        var made: (Decimation, Filter)?
        return RecordingRewrite.run(input: input, sampleRate: sampleRate, output: output, assumption: "decimation assumes it is",
                                    standardInput: standardInput, standardOutput: standardOutput, before: { () throws(ApplicationError) in
            // The filter first: a design that fails writes nothing.
            do throws(DecimationError) {
                let d = try Decimation(factor: factor, type: type, order: order, zeroPhase: zeroPhase)
                made = (d, d.type == .iir ? .sections(try d.sections()) : .taps(try d.taps()))
            } catch { throw ApplicationError(error.description, underlying: error) }
        }) { recording, csv, stderr throws(ApplicationError) in
            guard let (decimation, filter) = made else { return }
            let rate = recording.sampleRate / Double(decimation.factor)
            stderr += "decimating by \(decimation.factor) (\(decimation.type.rawValue), order \(decimation.order)"
                + (decimation.zeroPhase ? ", zero phase" : ", causal") + "): \(recording.sampleRate) Hz to \(rate) Hz\n"
            var writer = Writer(csv: csv, rate: rate)
            switch filter {
            case let .taps(h): try Self.streamTaps(recording, h, decimation, into: &writer)
            case let .sections(s) where !decimation.zeroPhase: try Self.streamSections(recording, s, decimation, into: &writer)
            case let .sections(s): try Self.zeroPhaseSections(recording, s, decimation, into: &writer)
            }
        }
    }

    /// The anti-aliasing filter.
    enum Filter {
        case taps([Double])
        case sections([Biquad])
    }

    /// Writes rows t,x,y,z, t = t_0 + m / rate.
    struct Writer {
        let csv: ByteSink
        let rate: Double
        var t0: Double?
        var written = 0

        mutating func write(_ x: Double, _ y: Double, _ z: Double) {
            csv.append("\((t0 ?? 0) + Double(written) / rate),\(x),\(y),\(z)\n")
            written += 1
            csv.flushIfFull()
        }
    }

    /// FIR: a `PolyphaseResampler` by 1/q per axis, centred (zero phase, as
    /// resample_poly) or causal (as upfirdn).
    static func streamTaps(_ recording: RecordingInput, _ h: [Double], _ d: Decimation,
                           into writer: inout Writer) throws(ApplicationError) {
        let resampler = PolyphaseResampler(up: 1, down: d.factor, taps: h, alignment: d.zeroPhase ? .centred : .causal)
        var axes = [PolyphaseResampler](repeating: resampler, count: 3)
        var (xs, ys, zs) = ([Double](), [Double](), [Double]())
        func flush() {
            for k in xs.indices { writer.write(xs[k], ys[k], zs[k]) }
            xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true); zs.removeAll(keepingCapacity: true)
        }
        while let row = try recording.next() {
            if writer.t0 == nil { writer.t0 = row.t }
            axes[0].push(row.x, into: &xs)
            axes[1].push(row.y, into: &ys)
            axes[2].push(row.z, into: &zs)
            flush()
            if writer.csv.failure != nil { return }
        }
        axes[0].finish(into: &xs)
        axes[1].finish(into: &ys)
        axes[2].finish(into: &zs)
        flush()
    }

    /// Causal IIR: the sections from rest on each axis, every q-th output kept.
    static func streamSections(_ recording: RecordingInput, _ sections: [Biquad], _ d: Decimation,
                               into writer: inout Writer) throws(ApplicationError) {
        var axes = [SectionCascade<Double>](repeating: SectionCascade(sections), count: 3)
        var n = 0
        while let row = try recording.next() {
            if writer.t0 == nil { writer.t0 = row.t }
            let (x, y, z) = (axes[0].process(row.x), axes[1].process(row.y), axes[2].process(row.z))
            if n % d.factor == 0 { writer.write(x, y, z) }
            n += 1
            if writer.csv.failure != nil { return }
        }
    }

    /// Zero-phase IIR: the whole recording, each axis forward and backward
    /// (`ZeroPhase`, as sosfiltfilt), every q-th sample kept.
    static func zeroPhaseSections(_ recording: RecordingInput, _ sections: [Biquad], _ d: Decimation,
                                  into writer: inout Writer) throws(ApplicationError) {
        var axes: [[Double]] = [[], [], []]
        while let row = try recording.next() {
            if writer.t0 == nil { writer.t0 = row.t }
            guard axes[0].count < wholeLimit else {
                throw ApplicationError("the recording has more than \(wholeLimit) samples; zero-phase IIR decimation holds all of it in memory, so decimate it in parts, or use --ftype fir or --no-zero-phase (which stream)")
            }
            axes[0].append(row.x); axes[1].append(row.y); axes[2].append(row.z)
        }
        guard !axes[0].isEmpty else { return }
        var filtered: [[Double]] = []
        for axis in axes {
            guard let y = ZeroPhase.filter(axis, sections: sections) else {
                throw ApplicationError("zero-phase filtering with order \(d.order) needs more than \(ZeroPhase.padLength(sections)) samples (scipy's padding, reflected at each end); the recording has \(axis.count): use --no-zero-phase or --ftype fir")
            }
            filtered.append(y)
        }
        for m in 0..<d.outputCount(inputs: axes[0].count) {
            let n = m * d.factor
            writer.write(filtered[0][n], filtered[1][n], filtered[2][n])
            if writer.csv.failure != nil { return }
        }
    }
}
