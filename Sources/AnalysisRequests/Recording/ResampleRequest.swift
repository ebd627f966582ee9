import FilterRequests
import FilterDesign
import FilterRuntime
import FilterSets
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `mkfilter resample`: an accelerometer recording (`t,x,y,z`) at up/down
/// times its rate, each axis as `scipy.signal.resample_poly(axis, up, down)`
/// with its default filter, streaming: rows are read, resampled
/// (`PolyphaseResampler`, one per axis) and written as they come, so memory
/// does not grow with the recording. The output's times are t[0] + m M /
/// (L fs).
public struct ResampleRequest: Sendable {
    /// The recording's path; nil or `-`: standard input.
    public var input: String?
    /// The recording's rate in Hz; nil: from its first 64 times.
    public var sampleRate: Double?
    /// L and M.
    public var up = 1, down = 1
    /// The CSV file; nil: standard output.
    public var output: String?

    /// The factors allowed: 1 ... 10^4.
    public static let factorRange = ResamplingFilter.factorRange

    /// Every default: standard input to standard output, unchanged rate.
    public init() {}

    /// The recording's rows resampled by L/M on each axis (a polyphase
    /// filter per axis, as resample_poly), written as t,x,y,z rows with
    /// t = t_0 + n / rate from the first row's time, until the sink fails;
    /// then the filters' tails.
    private static func resampleRows(_ recording: RecordingInput, up l: Int, down m: Int, rate: Double,
                                     to csv: ByteSink) throws(ApplicationError) {
        var t0: Double?
        var written = 0
        func write(_ xs: [Double], _ ys: [Double], _ zs: [Double]) {
            for k in xs.indices {
                let t = (t0 ?? 0) + Double(written) / rate
                csv.append("\(t),\(xs[k]),\(ys[k]),\(zs[k])\n")
                written += 1
            }
            csv.flushIfFull()
        }
        let h: [Double]
        do { h = try ResamplingFilter(up: l, down: m).taps } catch {
            throw ApplicationError("the resampling filter for \(l)/\(m): \(error.description)", underlying: error)
        }
        var axes = [PolyphaseResampler](repeating: PolyphaseResampler(up: l, down: m, taps: h), count: 3)
        var (xs, ys, zs) = ([Double](), [Double](), [Double]())
        while let row = try recording.next() {
            if t0 == nil { t0 = row.t }
            xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true); zs.removeAll(keepingCapacity: true)
            axes[0].push(row.x, into: &xs)
            axes[1].push(row.y, into: &ys)
            axes[2].push(row.z, into: &zs)
            write(xs, ys, zs)
            if csv.failure != nil { break }
        }
        xs.removeAll(); ys.removeAll(); zs.removeAll()
        axes[0].finish(into: &xs)
        axes[1].finish(into: &ys)
        axes[2].finish(into: &zs)
        write(xs, ys, zs)
    }

    /// Runs it: the CSV to `standardOutput` (or into the result when nil),
    /// or whole to `output` (nothing written unless every row resampled).
    public func run(standardInput: Int32 = 0, standardOutput: Int32? = nil) -> (standardOutput: String, standardError: String, failure: ApplicationError?) {
        var (a, b) = (up, down)
        while b != 0 { (a, b) = (b, a % b) }
        let (l, m) = (up / a, down / a)
        return RecordingRewrite.run(input: input, sampleRate: sampleRate, output: output, assumption: "resampling assumes it is",
                                    standardInput: standardInput, standardOutput: standardOutput, before: { () throws(ApplicationError) in
            for (name, value) in [("--up", up), ("--down", down)] where !Self.factorRange.contains(value) {
                throw ApplicationError("\(name) \(value) is not allowed; give a whole number from 1 to \(Self.factorRange.upperBound)")
            }
        }) { recording, csv, stderr throws(ApplicationError) in
            let rate = recording.sampleRate * Double(l) / Double(m)
            stderr += "resampling by \(l)/\(m)" + (a > 1 ? " (\(up)/\(down) reduced)" : "")
                + ": \(recording.sampleRate) Hz to \(rate) Hz\n"
            if l == 1 && m == 1 {
                // resample_poly returns the signal itself.
                while let row = try recording.next() {
                    csv.append("\(row.t),\(row.x),\(row.y),\(row.z)\n")
                    csv.flushIfFull()
                    if csv.failure != nil { break }
                }
            } else {
                try Self.resampleRows(recording, up: l, down: m, rate: rate, to: csv)
            }
        }
    }
}
