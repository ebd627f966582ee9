import FilterDesign
import FilterRuntime

/// A rational transfer function in powers of z^-1,
///
///     H(z) = B(z) / (g A(z)),   B(z) = sum_{k=0}^{M} b_k z^-k,   A(z) = sum_{k=0}^{N} a_k z^-k,
///
/// which is the recurrence a_0 y[n] = (1/g) sum_k b_k x[n-k] - sum_{k>=1} a_k y[n-k].
/// Every analysis in this module starts from one: it is the filter *as stored*,
/// with the coefficients exactly as they will run, not as they were meant.
public struct TransferFunction: Sendable, Hashable {
    /// b_0 ... b_M, the feed-forward coefficients by delay.
    public var numerator: [Double]
    /// a_0 ... a_N, the feedback coefficients by delay (a_0 = 1 for every filter
    /// made here).
    public var denominator: [Double]
    /// The gain g that the input is divided by.
    public var gain: Double

    /// A transfer function from coefficient lists (`denominator` non-empty with
    /// a_0 != 0, `gain` finite and non-zero).
    public init(numerator: [Double], denominator: [Double], gain: Double = 1) {
        precondition(!denominator.isEmpty && denominator[0] != 0, "a_0 must be non-zero")
        self.numerator = numerator
        self.denominator = denominator
        self.gain = gain
    }

    /// Fisher's recurrence (coefficients in ascending powers of z, y_NP = -1) with
    /// his gain G: b_k = x_{NZ-k}, a_0 = 1, a_k = -y_{NP-k}.
    public init(recurrence: Recurrence, gain: Double) {
        self.init(numerator: recurrence.xCoefficients.reversed(),
                  denominator: recurrence.yCoefficients.reversed().map { -$0 },
                  gain: gain)
    }

    /// A template's coefficients (y coefficients without the trailing -1) and gain.
    public init(template: DigitalFilterTemplate) {
        self.init(numerator: template.xCoefficients.reversed(),
                  denominator: [1] + template.yCoefficients.reversed().map { -$0 },
                  gain: template.gain)
    }

    /// The design's own recurrence and passband gain G = |H| at its reference
    /// frequency (dc, Nyquist or centre), or nil when that gain is not finite.
    public init?(design: Design) {
        guard case .finite = design.passbandGain else { return nil }
        self.init(recurrence: design.recurrence, gain: design.passbandGain.magnitude)
    }

    /// The filter that `DigitalFilter<Sample>` runs for `template`: the runtime
    /// folds 1/G into the feed-forward coefficients in Double and then rounds
    /// every coefficient to `Sample` (see `DigitalFilter.init`).
    public static func runtime<Sample: BinaryFloatingPoint>(
        _ template: DigitalFilterTemplate, as _: Sample.Type
    ) -> TransferFunction {
        func stored(_ value: Double) -> Double { Double(Sample(value)) }
        return TransferFunction(
            numerator: template.xCoefficients.reversed().map { stored($0 / template.gain) },
            denominator: [1] + template.yCoefficients.reversed().map { -stored($0) },
            gain: 1)
    }

    /// The numerator with trailing zero coefficients (zeros at the origin that
    /// only shorten the filter) removed; at least one coefficient.
    var trimmedNumerator: [Double] { Self.trimmed(numerator) }
    /// The denominator with trailing zero coefficients removed.
    var trimmedDenominator: [Double] { Self.trimmed(denominator) }

    private static func trimmed(_ c: [Double]) -> [Double] {
        var c = c
        while c.count > 1 && c.last == 0 { c.removeLast() }
        return c
    }

    /// True when every feedback coefficient after a_0 is zero: an FIR filter.
    public var isFIR: Bool { denominator.dropFirst().allSatisfy { $0 == 0 } }

    /// Every coefficient and the gain are finite, and the gain is not zero.
    public var isFinite: Bool {
        numerator.allSatisfy(\.isFinite) && denominator.allSatisfy(\.isFinite)
            && gain.isFinite && gain != 0
    }
}
