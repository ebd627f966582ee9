/// Why a window, a window-method, least-squares or minimum-phase FIR design,
/// or an order estimate cannot be made: each case names the input at fault
/// and what is allowed (scipy raises `ValueError` in the same places).
///
/// Frequencies are fractions of the sample rate fs (0 ... 0.5), as everywhere
/// in these designs.
public enum LinearPhaseError: Error, Sendable, Equatable, CustomStringConvertible {
    // MARK: Windows
    /// A window name that is not one of `FIRWindow.names` (the text as given).
    case unknownWindow(String)
    /// `kaiser:BETA` whose BETA is not a finite number at least 0 (the text after the colon).
    case kaiserBetaInvalid(String)
    /// A window given the wrong number of parameters (`expected` as
    /// `FIRWindow.names` writes it: `tukey[:ALPHA]`).
    case windowParameterCount(window: String, given: Int, expected: String)
    /// A window parameter that is not a finite number in its range.
    case windowParameterInvalid(window: String, parameter: String, text: String, allowed: String)
    /// A window defined for an even number of points only, asked for an odd one.
    case windowNeedsEvenCount(window: String, count: Int)
    /// A window parameter out of range for this number of points.
    case windowParameterForCount(window: String, parameter: String, value: Double, count: Int, allowed: String)
    /// A window of more points than its cost allows (`FIRWindow.countLimit`).
    case windowCountTooLarge(window: String, count: Int, limit: Int)

    // MARK: Sizes and shared rules
    /// The number of taps is outside `allowed`.
    case tapsOutOfRange(Int, allowed: ClosedRange<Int>)
    /// A Kaiser transition width outside (0, 0.5].
    case widthOutOfRange(Double)
    /// `kaiserOrder`: Kaiser's formula needs an attenuation of at least 8 dB.
    case attenuationTooSmall(Double)

    // MARK: firwin
    /// No cutoff frequency was given.
    case noCutoffs
    /// A cutoff outside (0, 0.5) (0 and fs/2 are not cutoffs).
    case cutoffOutOfRange(index: Int, value: Double)
    /// Cutoffs that do not strictly increase at `index`.
    case cutoffsNotIncreasing(index: Int, cutoffs: [Double])
    /// A low-pass or high-pass was asked for with other than one cutoff.
    case bandNeedsOneCutoff(FIRBand, given: Int)
    /// A band-pass or band-stop was asked for with fewer than two cutoffs.
    case bandNeedsTwoCutoffs(FIRBand, given: Int)
    /// An even number of taps (type II) has a zero at fs/2, so it cannot have
    /// a passband that reaches fs/2.
    case evenTapsPassNyquist(taps: Int)

    // MARK: firwin2
    /// `frequencies` and `gains` differ in length.
    case frequencyGainCount(frequencies: Int, gains: Int)
    /// The interpolation grid must have more points than the filter has taps.
    case gridTooSmall(gridPoints: Int, taps: Int)
    /// The frequencies must start at 0 and end at 0.5.
    case frequencyEnds(first: Double, last: Double)
    /// A frequency below its predecessor (at `index`).
    case frequenciesDecreasing(index: Int, frequencies: [Double])
    /// A frequency given three or more times.
    case frequencyRepeatedTwice(Double)
    /// 0 given twice (a step at 0 means nothing).
    case zeroFrequencyRepeated
    /// 0.5 given twice (a step at fs/2 means nothing).
    case halfFrequencyRepeated
    /// A frequency within eps/2 of a repeated one (the step cannot be widened).
    case frequencyTooCloseToStep(Double)
    /// A gain that is not finite (at `index`).
    case gainNotFinite(index: Int, value: Double)
    /// The type (I-IV) forces a zero at 0 or fs/2 where the gain is not 0.
    case gainForcedToZero(type: Int, frequency: Double, gain: Double)

    // MARK: firls
    /// firls designs type I filters only: the number of taps must be odd.
    case tapsNotOdd(Int)
    /// Band edges come in pairs.
    case bandEdgeCount(Int)
    /// A band edge outside [0, 0.5].
    case bandEdgeOutOfRange(index: Int, value: Double)
    /// A band of zero or negative width, or bands out of order or overlapping.
    case bandEdgesNotIncreasing(index: Int, edges: [Double])
    /// One desired value per band edge.
    case desiredCount(given: Int, edges: Int)
    /// A desired value that is negative or not finite.
    case desiredInvalid(index: Int, value: Double)
    /// One weight per band.
    case weightCount(given: Int, bands: Int)
    /// A weight that is negative or not finite.
    case weightInvalid(band: Int, value: Double)
    /// The least-squares iteration did not reach the optimum (it always has so far).
    case leastSquaresNoConvergence(taps: Int, iterations: Int)

    // MARK: minimumPhase
    /// `minimumPhase` needs at least 3 taps.
    case tooFewTaps(Int)
    /// A tap that is not finite (at `index`).
    case tapNotFinite(index: Int, value: Double)
    /// The FFT length must be a power of two at least the number of taps.
    case fftLength(Int, taps: Int)
    /// The Hilbert method returns half the length only (scipy: `half=False`
    /// is only supported with the homomorphic method).
    case hilbertNeedsHalf

    // MARK: Order estimates
    /// Edges of a low-pass estimate: 0 < passband edge < stopband edge < 0.5.
    case orderEdges(passband: Double, stopband: Double)
    /// A deviation (linear, not dB) outside (0, 0.5).
    case deviationOutOfRange(Double)

    public var description: String { description(.alphas) }

    /// The message, its frequencies said as `wording` says them (in Hz for a
    /// design given in Hz).
    public func description(_ wording: FrequencyWording) -> String {
        let f = wording.frequency
        switch self {
        case let .unknownWindow(text):
            return "unknown window \(quotedTokenForMessage(text)); allowed: \(FIRWindow.names.joined(separator: ", "))"
        case .windowParameterCount, .windowParameterInvalid, .windowNeedsEvenCount, .windowParameterForCount, .windowCountTooLarge:
            return windowDescription
        case let .kaiserBetaInvalid(text):
            return "kaiser window beta \(quotedTokenForMessage(text)) is not a finite number at least 0 (write kaiser:BETA, e.g. kaiser:8.6)"
        case let .tapsOutOfRange(n, allowed):
            return "number of taps \(n) is out of range; it must be in \(allowed.lowerBound) ... \(allowed.upperBound)"
        case let .widthOutOfRange(w):
            return "transition width \(f(w)) is out of range; it must be above 0 and at most \(wording.nyquist)\(wording.rangeNote(plural: false))"
        case let .attenuationTooSmall(a):
            return "attenuation \(messageNumber(a)) dB is too small for Kaiser's formula; it must be at least 8 dB"
        case .noCutoffs:
            return "at least one cutoff frequency must be given"
        case let .cutoffOutOfRange(index, value):
            return "cutoff \(index + 1) = \(f(value)) is out of range; cutoffs must be above 0 and below \(wording.nyquist)\(wording.rangeNote(plural: true))"
        case let .cutoffsNotIncreasing(index, cutoffs):
            return "cutoffs must strictly increase: cutoff \(index + 1) = \(f(cutoffs[index])) follows \(f(cutoffs[index - 1]))"
        case let .bandNeedsOneCutoff(band, given):
            return "a \(band.rawValue) filter takes one cutoff, got \(given)"
        case let .bandNeedsTwoCutoffs(band, given):
            return "a \(band.rawValue) filter takes at least two cutoffs, got \(given)"
        case let .evenTapsPassNyquist(taps):
            return "\(taps) taps is even, so the response is 0 at half the sample rate, where this filter has a passband; use an odd number of taps"
        case let .frequencyGainCount(f, g):
            return "frequencies and gains must have the same length, got \(f) frequencies and \(g) gains"
        case let .gridTooSmall(points, taps):
            return "the interpolation grid (\(points) points) must have more points than the filter has taps (\(taps))"
        case let .frequencyEnds(first, last):
            return "frequencies must start with 0 and end with \(wording.nyquist) (half the sample rate), got \(f(first)) ... \(f(last))"
        case let .frequenciesDecreasing(index, frequencies):
            return "frequencies must not decrease: frequency \(index + 1) = \(f(frequencies[index])) follows \(f(frequencies[index - 1]))"
        case let .frequencyRepeatedTwice(f):
            return "frequency \(wording.frequency(f)) occurs more than twice; give it at most twice (once on each side of a step)"
        case .zeroFrequencyRepeated:
            return "frequency 0 must not be repeated"
        case .halfFrequencyRepeated:
            return "frequency \(wording.nyquist) (half the sample rate) must not be repeated"
        case let .frequencyTooCloseToStep(f):
            return "frequency \(wording.frequency(f)) is too close to a repeated frequency (within 2.2e-16 / 2)"
        case let .gainNotFinite(index, value):
            return "gain \(index + 1) = \(messageNumber(value)) is not a finite number"
        case let .gainForcedToZero(type, frequency, gain):
            let roman = ["I", "II", "III", "IV"][type - 1]
            let fix = type == 2 ? "use an odd number of taps" : type == 4 ? "use an odd number of taps or a symmetric filter" : "use a symmetric filter"
            return "a type \(roman) filter has a zero at frequency \(f(frequency)), where the gain is \(messageNumber(gain)); \(fix), or make that gain 0"
        case let .tapsNotOdd(n):
            return "number of taps \(n) must be odd (least-squares designs are type I)"
        case let .bandEdgeCount(n):
            return "band edges come in pairs (start and end of each band), got \(n)"
        case let .bandEdgeOutOfRange(index, value):
            return "band edge \(index + 1) = \(f(value)) is out of range; it must be in 0 ... \(wording.nyquist)\(wording.rangeNote(plural: false))"
        case let .bandEdgesNotIncreasing(index, edges):
            return "band edges must increase, each band with a width above 0 and bands not overlapping: edge \(index + 1) = \(f(edges[index])) follows \(f(edges[index - 1]))"
        case let .desiredCount(given, edges):
            return "one desired value is needed at each band edge: \(edges) edges, \(given) desired values"
        case let .desiredInvalid(index, value):
            return "desired value \(index + 1) = \(messageNumber(value)) must be a finite number at least 0"
        case let .weightCount(given, bands):
            return "one weight is needed per band: \(bands) bands, \(given) weights"
        case let .weightInvalid(band, value):
            return "weight of band \(band + 1) = \(messageNumber(value)) must be a finite number at least 0"
        case let .leastSquaresNoConvergence(taps, iterations):
            return "the least-squares solution for \(taps) taps did not converge in \(iterations) iterations; use fewer taps or wider bands"
        case let .tooFewTaps(n):
            return "a minimum-phase conversion needs at least 3 taps, got \(n)"
        case let .tapNotFinite(index, value):
            return "tap \(index + 1) = \(messageNumber(value)) is not a finite number"
        case let .fftLength(n, taps):
            return "FFT length \(n) must be a power of two at least the number of taps (\(taps))"
        case .hilbertNeedsHalf:
            return "the Hilbert method gives the half-length filter only; use the homomorphic method for the full length"
        case let .orderEdges(p, s):
            return "passband edge \(f(p)) and stopband edge \(f(s)) must satisfy 0 < passband < stopband < \(wording.nyquist) (a low-pass\(wording.sampleRate == nil ? ", fractions of the sample rate" : ""))"
        case let .deviationOutOfRange(d):
            return "deviation \(messageNumber(d)) is out of range; it must be above 0 and below 0.5 (linear, not dB)"
        }
    }
}

extension LinearPhaseError {
    /// The message of a window's error.
    var windowDescription: String {
        switch self {
        case let .windowParameterCount(window, given, expected):
            return "window \(window) takes \(expected == window ? "no parameters" : "its parameters as \(expected)"), not \(given) parameter\(given == 1 ? "" : "s")"
        case let .windowParameterInvalid(window, parameter, text, allowed):
            return "window \(window): \(parameter) \(quotedTokenForMessage(text)) is not allowed; it must be \(allowed)"
        case let .windowNeedsEvenCount(window, count):
            return "window \(window) is defined for an even number of taps only, not \(count)"
        case let .windowParameterForCount(window, parameter, value, count, allowed):
            return "window \(window): \(parameter) = \(messageNumber(value)) is too large for \(count) taps; it must be \(allowed)"
        case let .windowCountTooLarge(window, count, limit):
            return "window \(window) is computed for at most \(limit) taps (its cost grows faster than the taps), not \(count)"
        default: return ""
        }
    }
}
