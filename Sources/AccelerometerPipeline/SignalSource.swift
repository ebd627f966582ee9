#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Where a pipeline's samples come from (Shake!'s signal sources), in g.
///
/// Calculated sources (sine, step, impulse) first emit `leadingZeros` zero
/// samples so that a filter settles before the signal starts; sample
/// `leadingZeros` is the signal's time 0. Recorded samples are played as they are.
public enum SignalSource: Sendable, Equatable {
    /// Samples recorded from an accelerometer axis.
    case recorded([Double])
    /// `amplitude * sin(2 pi frequency t)`, t = (n - leadingZeros) / sampleRate.
    case sine(amplitude: Double, frequency: Double, sampleRate: Double, leadingZeros: Int)
    /// 0 before the step, then `amplitude`.
    case step(amplitude: Double, leadingZeros: Int)
    /// `amplitude` at sample `leadingZeros`, 0 elsewhere.
    case impulse(amplitude: Double, leadingZeros: Int)

    /// Shake!'s sine amplitudes: 0 ... 2 g.
    public static let amplitudeRange: ClosedRange<Double> = 0...2

    /// A sine, checked: amplitude in 0 ... 2 g, 0 < frequency < sampleRate / 2.
    public static func checkedSine(amplitude: Double, frequency: Double, sampleRate: Double,
                                   leadingZeros: Int = 0) throws(PipelineError) -> SignalSource {
        guard sampleRate.isFinite, sampleRate > 0 else {
            throw PipelineError("sample rate \(formatted(sampleRate)) Hz must be a finite number above 0")
        }
        guard amplitudeRange.contains(amplitude) else {
            throw PipelineError("sine amplitude \(formatted(amplitude)) g must be in 0 ... 2 g")
        }
        guard frequency > 0, frequency < sampleRate / 2 else {
            throw PipelineError("sine frequency \(formatted(frequency)) Hz must be above 0 and below Nyquist (\(formatted(sampleRate / 2)) Hz) for sample rate \(formatted(sampleRate)) Hz")
        }
        try checkLeadingZeros(leadingZeros)
        return .sine(amplitude: amplitude, frequency: frequency, sampleRate: sampleRate, leadingZeros: leadingZeros)
    }

    /// A step, checked: a finite amplitude, leading zeros >= 0.
    public static func checkedStep(amplitude: Double, leadingZeros: Int = 0) throws(PipelineError) -> SignalSource {
        guard amplitude.isFinite else { throw PipelineError("step amplitude \(formatted(amplitude)) g must be a finite number") }
        try checkLeadingZeros(leadingZeros)
        return .step(amplitude: amplitude, leadingZeros: leadingZeros)
    }

    /// An impulse, checked: a finite amplitude, leading zeros >= 0.
    public static func checkedImpulse(amplitude: Double, leadingZeros: Int = 0) throws(PipelineError) -> SignalSource {
        guard amplitude.isFinite else { throw PipelineError("impulse amplitude \(formatted(amplitude)) g must be a finite number") }
        try checkLeadingZeros(leadingZeros)
        return .impulse(amplitude: amplitude, leadingZeros: leadingZeros)
    }

    static func checkLeadingZeros(_ n: Int) throws(PipelineError) {
        guard n >= 0 else { throw PipelineError("leading zeros \(n) must be 0 or more") }
    }

    /// Sample `n` (0-based); recorded sources give 0 past their end.
    public func sample(_ n: Int) -> Double {
        switch self {
        case .recorded(let samples):
            return n >= 0 && n < samples.count ? samples[n] : 0
        case let .sine(amplitude, frequency, sampleRate, leadingZeros):
            guard n >= leadingZeros else { return 0 }
            // The phase from the sample index each time: no accumulated drift.
            let cycles = Double(n - leadingZeros) * frequency / sampleRate
            return amplitude * sin(2 * Double.pi * (cycles - cycles.rounded(.down)))
        case let .step(amplitude, leadingZeros):
            return n >= leadingZeros ? amplitude : 0
        case let .impulse(amplitude, leadingZeros):
            return n == leadingZeros ? amplitude : 0
        }
    }

    /// The first `count` samples.
    public func samples(_ count: Int) -> [Double] { (0..<max(count, 0)).map(sample) }

    /// The number of samples a recorded source holds; `nil` for calculated ones (endless).
    public var recordedCount: Int? {
        if case .recorded(let samples) = self { return samples.count }
        return nil
    }
}
