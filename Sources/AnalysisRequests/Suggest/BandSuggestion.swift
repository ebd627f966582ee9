import AccelerometerPipeline
import FilterAnalysis
import FilterRequests
import FilterDesign
import FilterRuntime

/// A band-pass for a recording, suggested from when the gestures happened
/// (`mkfilter suggest`). A heuristic, documented step by step:
///
/// 1. **Spectra of events and of the rest.** Each sample is in an event
///    (its time within one of the intervals given, ends included) or in the
///    rest. Welch's estimate (`WelchAccumulator`: Hann window, 50 % overlap,
///    each segment's mean removed, so gravity is gone) is taken over the
///    events and over the rest separately, segments never spanning a change,
///    with segments of M = min(shortest event's samples, 256) samples, so
///    that every event holds at least one. Per frequency, the three axes'
///    densities are added: E(f) for the events, R(f) for the rest.
/// 2. **Where events have energy the rest does not.** Only frequencies from
///    the floor (default 0.3 Hz, above gravity's dc and slow sway; never
///    below the third bin, 2 fs / M, where the window's main lobe around dc
///    ends) up to Nyquist count. The peak is the f where E(f) - R(f) is
///    largest.
/// 3. **The band.** From the peak, bins are added downward and upward while
///    E/R stays at or above the threshold (default 6 dB): sensor noise, the
///    same in both, has E/R near 1 and stops the band above; sway and
///    gravity stop it below (and the floor). The edges lie half a bin
///    outside the last bins, rounded outward to two significant digits,
///    kept above the floor and below 0.95 of Nyquist.
/// 4. **The order.** For each Butterworth band-pass order N = 1 ... 8 on
///    that band, the separation S(N) = sum |H|^2 E / sum |H|^2 R over every
///    bin is the ratio of event to rest power that the filter lets
///    through. The order chosen is the smallest with S(N) within 1 dB of
///    the best of the eight: higher orders cost delay and gain little more.
///
/// Reported: the band, the order, the separation per order, and the
/// event/rest energy ratios in band and out of band (above the floor).
public struct BandSuggestion: Sendable {
    /// Event times, seconds, start < end, in increasing order, not overlapping.
    public typealias Event = (start: Double, end: Double)

    /// Hz.
    public var sampleRate: Double
    /// Segment length M and the segments averaged for the events and the rest.
    public var segmentLength: Int, eventSegments: Int, restSegments: Int
    /// Seconds in events and in the rest.
    public var eventSeconds: Double, restSeconds: Double
    /// Where E - R peaks, Hz.
    public var peak: Double
    /// The suggested corners, Hz.
    public var low: Double, high: Double
    /// The suggested order.
    public var order: Int
    /// S(N) in dB for N = 1 ... 8.
    public var separation: [Double]
    /// Event/rest energy (sum E / sum R) in the band and outside it above the floor, dB.
    public var inBandRatio: Double, outOfBandRatio: Double
    /// The floor and the threshold used.
    public var floor: Double, threshold: Double

    /// The highest order tried.
    public static let maximumOrder = 8
    /// The longest segment used, samples; the shortest an event may be.
    public static let maximumSegment = 256, minimumSegment = 16

    /// The design's command line.
    public var commandLine: String {
        "mkfilter -Bu -Bp -o \(order) --sample-rate \(messageNumber(sampleRate)) --corner \(messageNumber(low)) \(messageNumber(high))"
    }

    /// Reads `input` to its end and suggests a band.
    ///
    /// - Throws: `ApplicationError` for a bad line, an event too short or
    ///   outside the recording, too little rest, or no frequency above the
    ///   floor where events have more energy than the rest by the threshold.
    public static func suggest(_ input: RecordingInput, events: [Event], floor: Double = 0.3,
                               threshold: Double = 6) throws(ApplicationError) -> BandSuggestion {
        let fs = input.sampleRate
        let m = try segmentLength(events, sampleRate: fs)
        let split = try Split(input, events: events, segment: m)
        guard let eventDensity = split.event.density(sampleRate: fs) else {
            throw ApplicationError("--events: no event holds a whole segment of \(m) samples")
        }
        guard let restDensity = split.rest.density(sampleRate: fs) else {
            throw ApplicationError("--events: the rest of the recording (\(split.restCount) samples outside the events) holds no stretch of \(m) samples; the comparison needs time without gestures")
        }
        let bins = eventDensity.frequencies.count
        let f = eventDensity.frequencies
        let e = (0..<bins).map { k in eventDensity.psd[0][k] + eventDensity.psd[1][k] + eventDensity.psd[2][k] }
        let r = (0..<bins).map { k in restDensity.psd[0][k] + restDensity.psd[1][k] + restDensity.psd[2][k] }
        let binWidth = fs / Double(m)
        let first = max(2, Int((floor / binWidth).rounded(.up)))
        guard first < bins else {
            throw ApplicationError("--floor \(messageNumber(floor)) Hz leaves no frequency below Nyquist (\(messageNumber(fs / 2)) Hz)")
        }
        let (peakBin, low, high) = try band(f: f, e: e, r: r, first: first, binWidth: binWidth, sampleRate: fs,
                                            floor: floor, threshold: threshold)
        let separation = try separations(low: low, high: high, sampleRate: fs, f: f, e: e, r: r)
        let best = separation.max()!
        let order = separation.firstIndex { $0 >= best - 1 }! + 1
        var inE = 0.0, inR = 0.0, outE = 0.0, outR = 0.0
        for k in first..<bins {
            if f[k] >= low && f[k] <= high { inE += e[k]; inR += r[k] } else { outE += e[k]; outR += r[k] }
        }
        func decibels(_ a: Double, _ b: Double) -> Double { b > 0 && a > 0 ? 10 * Double.log10(a / b) : 0 }
        let result = BandSuggestion(
            sampleRate: fs, segmentLength: m, eventSegments: eventDensity.segments, restSegments: restDensity.segments,
            eventSeconds: Double(split.eventCounts.reduce(0, +)) / fs, restSeconds: Double(split.restCount) / fs,
            peak: f[peakBin], low: low, high: high, order: order, separation: separation,
            inBandRatio: decibels(inE, inR), outOfBandRatio: decibels(outE, outR), floor: floor, threshold: threshold)
        guard ([result.peak, result.inBandRatio, result.outOfBandRatio] + separation).allSatisfy({ $0.isFinite }) else {
            throw ApplicationError("\(input.name): the values are too large for their squares in double precision; scale the input down")
        }
        return result
    }

    /// The Welch segment: as long as the shortest event surely holds, at
    /// most `maximumSegment`. An interval of d seconds holds floor(d fs) or
    /// one more samples of a uniformly sampled recording (rounding could ask
    /// a segment one sample longer than the event; 1e-6 keeps 0.1 s at 60 Hz,
    /// 5.99999..., at 6). In Double: d fs may be far beyond Int (an event of
    /// 1e300 s).
    static func segmentLength(_ events: [Event], sampleRate fs: Double) throws(ApplicationError) -> Int {
        guard !events.isEmpty else { throw ApplicationError("--events: give at least one interval, e.g. --events 3.2-4.0,9.1-9.8") }
        let samplesHeld = { (e: Event) in ((e.end - e.start) * fs + 1e-6).rounded(.down) }
        let shortest = events.min { samplesHeld($0) < samplesHeld($1) }!
        guard samplesHeld(shortest) >= Double(minimumSegment) else {
            throw ApplicationError("--events: \(messageNumber(shortest.start))-\(messageNumber(shortest.end)) s holds about \(formatC("%.0f", samplesHeld(shortest))) samples at \(messageNumber(fs)) Hz; each event must span at least \(minimumSegment) samples (\(formatC("%.3g", Double(minimumSegment) / fs)) s)")
        }
        return Int(min(samplesHeld(shortest), Double(maximumSegment)))
    }

    /// The recording read to its end, its samples split between the events'
    /// spectrum and the rest's (each restarted where a stretch begins).
    struct Split {
        let event: WelchAccumulator, rest: WelchAccumulator
        var eventCounts: [Int], restCount = 0

        init(_ input: RecordingInput, events: [Event], segment m: Int) throws(ApplicationError) {
            event = WelchAccumulator(segmentLength: m, overlap: m / 2, channels: 3)
            rest = WelchAccumulator(segmentLength: m, overlap: m / 2, channels: 3)
            eventCounts = [Int](repeating: 0, count: events.count)
            var state: Int? = nil  // -1 rest, else the event's index
            var eventIndex = 0
            while let row = try input.next() {
                while eventIndex < events.count && row.t > events[eventIndex].end { eventIndex += 1 }
                let now = eventIndex < events.count && row.t >= events[eventIndex].start ? eventIndex : -1
                if now != state {
                    if now >= 0 { event.restart() } else { rest.restart() }
                    state = now
                }
                if now >= 0 {
                    event.append(row.x, row.y, row.z)
                    eventCounts[now] += 1
                } else {
                    rest.append(row.x, row.y, row.z)
                    restCount += 1
                }
            }
            let fs = input.sampleRate
            for (k, e) in events.enumerated() where eventCounts[k] < m {
                throw ApplicationError("--events: \(messageNumber(e.start))-\(messageNumber(e.end)) s holds \(eventCounts[k]) samples of the recording, fewer than a segment (\(m)); is it within the recording (\(input.rowsRead) samples, \(formatC("%.4g", Double(input.rowsRead) / fs)) s)?")
            }
        }
    }

    /// The peak of the events' excess over the rest above `first`, and the
    /// band around it where the ratio stays above the threshold, its edges
    /// rounded to two digits within the floor and 0.95 Nyquist.
    static func band(f: [Double], e: [Double], r: [Double], first: Int, binWidth: Double, sampleRate fs: Double,
                     floor: Double, threshold: Double) throws(ApplicationError) -> (peak: Int, low: Double, high: Double) {
        let bins = f.count
        let ratioThreshold = Double.pow(10, threshold / 10)
        let peakBin = (first..<bins).max { e[$0] - r[$0] < e[$1] - r[$1] }!
        func ratio(_ k: Int) -> Double { r[k] > 0 ? e[k] / r[k] : (e[k] > 0 ? .infinity : 0) }
        guard e[peakBin] > r[peakBin], ratio(peakBin) >= ratioThreshold else {
            throw ApplicationError("no frequency above \(messageNumber(floor)) Hz has \(messageNumber(threshold)) dB more energy in the events than in the rest (the best, \(formatC("%.3g", f[peakBin])) Hz, has \(formatC("%.3g", 10 * Double.log10(max(ratio(peakBin), 1e-300)))) dB); check the event times, or lower --threshold")
        }
        var lowBin = peakBin, highBin = peakBin
        while lowBin - 1 >= first && ratio(lowBin - 1) >= ratioThreshold { lowBin -= 1 }
        while highBin + 1 < bins && ratio(highBin + 1) >= ratioThreshold { highBin += 1 }
        let nyquist = fs / 2
        var low = roundedDown(max(f[lowBin] - binWidth / 2, floor))
        var high = roundedUp(min(f[highBin] + binWidth / 2, 0.95 * nyquist))
        if low < floor { low = roundedUp(floor) }
        if high >= nyquist { high = roundedDown(0.95 * nyquist) }
        guard low < high else {
            throw ApplicationError("the band around \(formatC("%.3g", f[peakBin])) Hz collapses (\(messageNumber(low)) ... \(messageNumber(high)) Hz); give longer events or a lower --floor")
        }
        return (peakBin, low, high)
    }

    /// For each order 1 ... `maximumOrder`, the Butterworth band-pass's
    /// separation: the events' energy through it over the rest's, in dB.
    static func separations(low: Double, high: Double, sampleRate fs: Double,
                            f: [Double], e: [Double], r: [Double]) throws(ApplicationError) -> [Double] {
        var separation: [Double] = []
        for order in 1...maximumOrder {
            var settings = PipelineSettings()
            let words = "-Bu -Bp -o \(order) --corner \(messageNumber(low)) \(messageNumber(high))"
            guard case .template(let t) = try settings.resolve(words, sampleRate: fs), !t.sections.isEmpty else {
                throw ApplicationError("cannot design '\(words)' at \(messageNumber(fs)) Hz")
            }
            var pe = 0.0, pr = 0.0
            for k in 0..<f.count {
                let h = SectionResponse.response(t.sections, atAlpha: f[k] / fs).lengthSquared
                pe += h * e[k]
                pr += h * r[k]
            }
            separation.append(10 * Double.log10(pe / pr))
        }
        return separation
    }

    /// `x` rounded down (up) to two significant digits, as the nearest
    /// double to that decimal (1.2, not 1.2000000000000002).
    static func roundedDown(_ x: Double) -> Double { rounded(x, .down) }
    static func roundedUp(_ x: Double) -> Double { rounded(x, .up) }
    static func rounded(_ x: Double, _ rule: FloatingPointRoundingRule) -> Double {
        guard x > 0 else { return x }
        let unit = Double.pow(10, Double.log10(x).rounded(.down) - 1)
        let digits = (x / unit * (1 + 1e-12 * (rule == .down ? 1 : -1))).rounded(rule)
        return Double(formatC("%.2g", digits * unit)) ?? digits * unit
    }

    /// The report `mkfilter suggest` prints.
    public var text: String {
        let db = { (x: Double) in formatC("%.1f", x) + " dB" }
        var text = "events: \(formatC("%.4g", eventSeconds)) s, rest: \(formatC("%.4g", restSeconds)) s; "
            + "segments of \(segmentLength) samples (\(formatC("%.3g", sampleRate / Double(segmentLength))) Hz apart): "
            + "\(eventSegments) in events, \(restSegments) in the rest\n"
        text += "peak of event over rest energy: \(formatC("%.3g", peak)) Hz\n"
        text += "band: \(messageNumber(low)) ... \(messageNumber(high)) Hz (event/rest energy at least \(messageNumber(threshold)) dB, above the \(messageNumber(floor)) Hz floor)\n"
        text += "order  separation (event/rest power through the filter)\n"
        for (k, s) in separation.enumerated() {
            text += "\(k + 1)      \(db(s))" + (k + 1 == order ? "  <- the smallest within 1 dB of the best" : "") + "\n"
        }
        text += "energy ratio event/rest: in band \(db(inBandRatio)), out of band \(db(outOfBandRatio))\n"
        return text + commandLine + "\n"
    }
}
