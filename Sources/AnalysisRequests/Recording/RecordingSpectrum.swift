import AccelerometerPipeline
import FilterAnalysis
import FilterRequests
import FilterDesign
import FilterRuntime

/// The spectrum of an accelerometer recording: per axis, Welch's one-sided
/// power spectral density (`WelchAccumulator`, scipy.signal.welch's
/// defaults), the mean (gravity) and the RMS about the mean; with a filter,
/// the same for the filter's output, the filter run over the whole recording
/// as `mkfilter pipeline` runs it (from the steady state of the first
/// sample), and the filter's magnitude response at the same frequencies.
///
/// Streams: only a segment of each axis is held, however long the recording.
public struct RecordingSpectrum: Sendable {
    /// The filter to apply, as text for messages and the legend.
    public struct Filter: Sendable {
        /// How it was given (`'-Bu -Bp -o 3 --corner 0.5 3'`, a design's name).
        public var name: String
        /// The filter itself.
        public var filter: AxisFilter
        /// The option that gave it (`--filter`), for messages; nil on the
        /// page, whose messages name no command-line option.
        public var option: String?
        /// A filter already resolved.
        public init(name: String, filter: AxisFilter, option: String? = nil) {
            (self.name, self.filter, self.option) = (name, filter, option)
        }
    }

    /// The default segment length and the shortest and longest allowed.
    public static let defaultSegment = 256
    /// Segment lengths allowed (`--segment`).
    public static let segmentRange = 8...1_048_576

    /// The largest overlap for a segment of N samples: N - max(1, N/16), so
    /// that consecutive segments start at least N/16 samples apart and a
    /// recording costs at most 16 FFTs of N per N samples (an overlap of
    /// N - 1 would cost one FFT a sample: minutes on 10^5 rows).
    public static func largestOverlap(segment: Int) -> Int { segment - max(1, segment / 16) }

    /// Hz.
    public var sampleRate: Double
    /// Rows read.
    public var samples: Int
    /// The raw axes' density.
    public var raw: WelchSpectrum
    /// The filtered axes' density, with a filter.
    public var filtered: WelchSpectrum?
    /// The filter, with a filter.
    public var filterName: String?
    /// |H| at each of `raw.frequencies`; nil without a filter or for one
    /// that is not linear and time-invariant (adaptive, Kalman).
    public var filterMagnitude: [Double]?
    /// Per axis, the mean and the RMS about the mean (g), of the recording
    /// and (with a filter) of the filter's output.
    public var mean: [Double], rms: [Double]
    /// With a filter.
    public var filteredMean: [Double]?, filteredRMS: [Double]?
    /// Notes for standard error (sample rate, uneven spacing, a short recording).
    public var notes: [String]

    /// The overlap of the segments, `overlap` or by default half a
    /// segment, checked with the segment's length against their ranges.
    private static func checkedOverlap(_ overlap: Int?, segment: Int) throws(ApplicationError) -> Int {
        guard segmentRange.contains(segment) else {
            throw ApplicationError("--segment \(segment) is out of range; it must be in \(segmentRange.lowerBound) ... \(segmentRange.upperBound) samples")
        }
        let overlap = overlap ?? segment / 2
        guard (0...largestOverlap(segment: segment)).contains(overlap) else {
            throw ApplicationError("--overlap \(overlap) is out of range; it must be in 0 ... \(largestOverlap(segment: segment)) (segments of \(segment) samples start at least \(max(1, segment / 16)) apart)")
        }
        return overlap
    }

    /// The recording as filtered, sample by sample: its Welch accumulator and
    /// running moments per axis, and the filter, run by the pipeline or, a
    /// long FIR filter, by FFT (overlap-save) a block at a time.
    private struct FilteredChannels {
        let accumulator: WelchAccumulator
        var moments = [RunningMoments](repeating: RunningMoments(), count: 3)
        var pipeline: AccelerationPipeline?
        var blockFilters: [OverlapSave] = []
        var blockOutputs: [[Double]] = [[], [], []]
        /// A filter of the whole recording, and the recording's axes so far.
        var whole: (filter: WholeSignalFilter, axes: [[Double]])?
        let initialState: AccelerationPipeline.InitialState
        /// The recording's name, for the messages.
        let name: String
        /// The most samples a whole-signal filter holds (as the pipeline's zero-phase path).
        static let wholeLimit = 10_000_000

        /// The filter made for the recording's rate.
        init(_ filter: Filter, segment: Int, overlap: Int, sampleRate fs: Double,
             initialState: AccelerationPipeline.InitialState, name: String) throws(ApplicationError) {
            accumulator = WelchAccumulator(segmentLength: segment, overlap: overlap, channels: 3)
            self.initialState = initialState
            self.name = name
            if case .wholeSignal(let f) = filter.filter {
                whole = (f, [[], [], []])
            } else if case .fir(let t) = filter.filter, t.taps.count > OverlapSave.directFormLimit {
                blockFilters = (0..<3).map { _ in OverlapSave(taps: t.taps) }
            } else {
                do {
                    pipeline = try AccelerationPipeline(PipelineConfiguration(all: AxisConfiguration(filter: filter.filter)),
                                                        sampleRate: fs, initialState: initialState)
                } catch { throw ApplicationError("\(filter.option ?? "the filter") \(quotedForMessage(filter.name)): \(error.description)", underlying: error) }
            }
        }

        /// One row through the filter: its output accumulated (a block
        /// filter's when it completes a block), refused when not finite.
        mutating func append(_ row: AccelerometerRow) throws(ApplicationError) {
            if whole != nil {
                guard whole!.axes[0].count < Self.wholeLimit else {
                    throw ApplicationError("\(name): the recording has more than \(Self.wholeLimit) samples; \(whole!.filter.name) smooths the whole recording at once, so analyse it in parts")
                }
                whole!.axes[0].append(row.x); whole!.axes[1].append(row.y); whole!.axes[2].append(row.z)
                return
            }
            if !blockFilters.isEmpty {
                let values = [row.x, row.y, row.z]
                for axis in 0..<3 {
                    if blockFilters[axis].received == 0 && initialState == .steadyState { blockFilters[axis].settle(at: values[axis]) }
                    blockFilters[axis].push(values[axis], into: &blockOutputs[axis])
                }
                if !blockOutputs[0].isEmpty {
                    try appendBlock(blockOutputs)
                    for axis in 0..<3 { blockOutputs[axis].removeAll(keepingCapacity: true) }
                }
            }
            if pipeline != nil {
                let out = pipeline!.process(Acceleration(x: row.x, y: row.y, z: row.z), at: row.t)
                let f = out.filtered
                for axis in 0..<3 where !f[axis].isFinite {
                    throw ApplicationError("\(name):\(row.line): the filter's output on \(PipelineConfiguration.axisNames[axis]) is beyond the largest double at t = \(row.t) s; scale the input down")
                }
                accumulator.append(f.x, f.y, f.z)
                moments[0].add(f.x); moments[1].add(f.y); moments[2].add(f.z)
            }
        }

        /// The block filters' tails, accumulated.
        mutating func finish() throws(ApplicationError) {
            if let (filter, axes) = whole {
                var outputs: [[Double]] = []
                for (axis, signal) in axes.enumerated() {
                    do { outputs.append(try filter.apply(signal)) } catch {
                        throw ApplicationError("\(name): axis \(PipelineConfiguration.axisNames[axis]): \(error.description)", underlying: error)
                    }
                }
                try appendBlock(outputs)
                return
            }
            if !blockFilters.isEmpty {
                for axis in 0..<3 { blockFilters[axis].finish(into: &blockOutputs[axis]) }
                try appendBlock(blockOutputs)
            }
        }

        /// A block of the three axes' outputs, accumulated; refused at the
        /// first sample that is not finite.
        private mutating func appendBlock(_ outputs: [[Double]]) throws(ApplicationError) {
            for k in outputs[0].indices {
                let f = (outputs[0][k], outputs[1][k], outputs[2][k])
                guard f.0.isFinite, f.1.isFinite, f.2.isFinite else {
                    throw ApplicationError("\(name): the filter's output is beyond the largest double at sample \(accumulator.sampleCount + 1); scale the input down")
                }
                accumulator.append(f.0, f.1, f.2)
                moments[0].add(f.0); moments[1].add(f.1); moments[2].add(f.2)
            }
        }
    }

    /// Reads `input` to its end and estimates the spectra.
    ///
    /// - Parameters:
    ///   - segment: N, in `segmentRange`; `overlap` in 0 ..< N (default N / 2).
    ///     A recording shorter than N is one segment of all its samples, as
    ///     scipy.signal.welch does (with a note).
    /// - Throws: `ApplicationError` for a bad line, a recording of one
    ///   sample, or values so large that their squares overflow.
    public static func estimate(_ input: RecordingInput, segment: Int = defaultSegment, overlap: Int? = nil,
                                filter: Filter? = nil, initialState: AccelerationPipeline.InitialState = .steadyState)
        throws(ApplicationError) -> RecordingSpectrum {
        let overlap = try checkedOverlap(overlap, segment: segment)
        let fs = input.sampleRate
        let raw = WelchAccumulator(segmentLength: segment, overlap: overlap, channels: 3)
        var moments = [RunningMoments](repeating: RunningMoments(), count: 3)
        var filtered: FilteredChannels?
        if let filter {
            filtered = try FilteredChannels(filter, segment: segment, overlap: overlap, sampleRate: fs,
                                            initialState: initialState, name: input.name)
        }
        while let row = try input.next() {
            raw.append(row.x, row.y, row.z)
            moments[0].add(row.x); moments[1].add(row.y); moments[2].add(row.z)
            try filtered?.append(row)
        }
        try filtered?.finish()
        var notes = input.notes
        let n = raw.sampleCount
        func density(_ accumulator: WelchAccumulator) throws(ApplicationError) -> WelchSpectrum {
            if let d = accumulator.density(sampleRate: fs) { return d }
            if let d = accumulator.shortRecordingDensity(sampleRate: fs) { return d }
            throw ApplicationError("\(input.name): the recording has \(n) sample; a spectrum needs at least 2")
        }
        let rawDensity = try density(raw)
        if n < segment {
            notes.append("note: the recording has \(n) samples, fewer than a segment (\(segment)): one segment of \(n) samples, as scipy.signal.welch does")
        }
        var result = RecordingSpectrum(sampleRate: fs, samples: n, raw: rawDensity,
                                       mean: moments.map(\.mean), rms: moments.map(\.rmsAboutMean), notes: notes)
        if let filter, let filtered {
            result.filtered = try density(filtered.accumulator)
            result.filterName = filter.name
            result.filteredMean = filtered.moments.map(\.mean)
            result.filteredRMS = filtered.moments.map(\.rmsAboutMean)
            if let sections = filter.filter.sections(sampleRate: fs) {
                result.filterMagnitude = rawDensity.frequencies.map { SectionResponse.response(sections, atAlpha: $0 / fs).length }
            }
        }
        try result.checkFinite(name: input.name)
        return result
    }

    /// Refuses results that overflowed (inputs near the largest double).
    func checkFinite(name: String) throws(ApplicationError) {
        var values: [Double] = Array(raw.psd.joined())
        if let filtered { values += Array(filtered.psd.joined()) }
        values += mean
        values += rms
        values += filteredMean ?? []
        values += filteredRMS ?? []
        guard values.allSatisfy({ $0.isFinite }) else {
            throw ApplicationError("\(name): the values are too large for their squares in double precision (the power spectral density overflows); scale the input down")
        }
    }

    /// The CSV header: `frequency_hz,x_psd,y_psd,z_psd` and, with a filter,
    /// `,x_filtered_psd,y_filtered_psd,z_filtered_psd`.
    public var csvHeader: String {
        "frequency_hz,x_psd,y_psd,z_psd" + (filtered == nil ? "" : ",x_filtered_psd,y_filtered_psd,z_filtered_psd")
    }

    /// One row per frequency, every number the shortest text that reads back
    /// as the same Double.
    public var csv: String {
        var text = csvHeader + "\n"
        for k in raw.frequencies.indices {
            var fields = [raw.frequencies[k], raw.psd[0][k], raw.psd[1][k], raw.psd[2][k]]
            if let filtered { fields += [filtered.psd[0][k], filtered.psd[1][k], filtered.psd[2][k]] }
            text += fields.map(DecimalFormatter.string).joined(separator: ",") + "\n"
        }
        return text
    }

    /// Per axis, `x: mean 0.0012 g, RMS 0.21 g` (and the filtered output's RMS).
    public var statistics: [String] {
        (0..<3).map { a in
            var line = "\(PipelineConfiguration.axisNames[a]): mean \(Self.short(mean[a])) g, RMS \(Self.short(rms[a])) g"
            if let filteredRMS { line += ", filtered RMS \(Self.short(filteredRMS[a])) g" }
            return line
        }
    }

    /// The frequency (above dc) where the sum of the three axes' density
    /// peaks, and that of the filtered axes.
    public func peakFrequency(filtered useFiltered: Bool = false) -> Double {
        let s = useFiltered ? (filtered ?? raw) : raw
        var best = 1, bestValue = -1.0
        for k in 1..<s.frequencies.count {
            let v = s.psd[0][k] + s.psd[1][k] + s.psd[2][k]
            if v > bestValue { (best, bestValue) = (k, v) }
        }
        return s.frequencies[min(best, s.frequencies.count - 1)]
    }

    /// Four significant digits, for summaries.
    static func short(_ x: Double) -> String { formatC("%.4g", x) }
}
