/// The integer arithmetic of one of CMSIS-DSP's fixed-point biquad cascades
/// (`arm_biquad_cascade_df1_q15`, `_q31` and their `_fast` variants).
///
/// Samples and states are two's-complement integers read as fractions:
/// k / 2^15 (Q15, 1.15) or k / 2^31 (Q31, 1.31), full scale [-1, 1 - 2^-F).
/// Coefficients are stored as c 2^(F - postShift), so one common post-shift
/// p lets every coefficient reach |c| < 2^p (a1 of a second-order section
/// needs p >= 1).
public struct FixedPointArithmetic: Sendable, Hashable, CustomStringConvertible {
    /// The sample format.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// 1.15: `q15_t`, 16-bit samples and coefficients.
        case q15
        /// 1.31: `q31_t`, 32-bit samples and coefficients.
        case q31
    }

    /// The sample format.
    public var format: Format
    /// The `_fast` variant: a 32-bit accumulator (q15), or each product's
    /// low 32 bits rounded away as it is added (q31).
    public var fast: Bool

    /// The arithmetic of `format`, standard or fast.
    public init(_ format: Format, fast: Bool = false) {
        self.format = format
        self.fast = fast
    }

    /// `q15`, `q31`, `q15-fast` or `q31-fast`; nil for anything else.
    public init?(name: String) {
        switch name {
        case "q15": self.init(.q15)
        case "q31": self.init(.q31)
        case "q15-fast": self.init(.q15, fast: true)
        case "q31-fast": self.init(.q31, fast: true)
        default: return nil
        }
    }

    /// Every name `init(name:)` accepts.
    public static let names = ["q15", "q31", "q15-fast", "q31-fast"]

    /// `q15`, `q31`, `q15-fast` or `q31-fast`.
    public var name: String { format.rawValue + (fast ? "-fast" : "") }

    /// The name, as `name`.
    public var description: String { name }

    /// F: 15 or 31 fraction bits.
    public var fractionBits: Int { format == .q15 ? 15 : 31 }

    /// 2^F - 1, the largest sample: 0x7FFF or 0x7FFFFFFF.
    public var largestInteger: Int64 { (Int64(1) << Int64(fractionBits)) - 1 }

    /// -2^F, the smallest sample.
    public var smallestInteger: Int64 { -(Int64(1) << Int64(fractionBits)) }

    /// One unit in the last place of a sample, 2^-F.
    public var quantum: Double { Double(sign: .plus, exponent: -fractionBits, significand: 1) }

    /// The largest post-shift this toolkit uses: coefficients up to 2^p with
    /// at least 8 significant bits left for q15 (p <= 7), 16 for q31 (p <= 15).
    public var largestPostShift: Int { format == .q15 ? 7 : 15 }

    /// The C type of samples and coefficients: `q15_t` or `q31_t`.
    public var cType: String { format == .q15 ? "q15_t" : "q31_t" }

    /// CMSIS-DSP's processing function.
    public var cmsisFunction: String {
        "arm_biquad_cascade_df1_" + (fast ? "fast_" : "") + format.rawValue
    }

    /// Coefficients a stage takes in CMSIS's array: 6 for q15 ({b0, 0, b1, b2,
    /// a1, a2}), 5 for q31 ({b0, b1, b2, a1, a2}).
    public var coefficientsPerStage: Int { format == .q15 ? 6 : 5 }
}

/// How a fixed-point cascade's gain is placed so that no stored value (a
/// section's output, which the next section stores as its input) can
/// overflow.
public enum FixedPointScaling: String, Sendable, Hashable, CaseIterable {
    /// Safe for every input within full scale: the gain to each section's
    /// output times the L1 norm sum |h[n]| of the impulse response from the
    /// input to it, plus the bound on the rounding errors that reach it, stays
    /// within full scale.
    case l1
    /// Safe for every full-scale sinusoid in steady state: the same with the
    /// peak of |H(e^jw)| to each section's output instead of the L1 norm.
    /// Louder (peak |H| <= L1 norm), but a step or a burst can overflow:
    /// q15 then saturates and q31 wraps.
    case linf
}
