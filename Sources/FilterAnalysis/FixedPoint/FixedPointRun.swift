import RealModule
import FilterDesign
import FilterRuntime

/// A fixed-point cascade run on integer inputs (`CMSISBiquadModel`), beside
/// the same stored coefficients in Double: what `verify`, `impulse`, `step`
/// and `response` at `--precision q15|q31` show.
public enum FixedPointRun {
    /// The impulse as a fixed-point input: the largest positive sample
    /// (0x7FFF or 0x7FFFFFFF), then zeros.
    public static func impulse(_ arithmetic: FixedPointArithmetic, count: Int) -> [Int64] {
        var x = [Int64](repeating: 0, count: count)
        if count > 0 { x[0] = arithmetic.largestInteger }
        return x
    }

    /// The step: the largest positive sample throughout.
    public static func step(_ arithmetic: FixedPointArithmetic, count: Int) -> [Int64] {
        [Int64](repeating: arithmetic.largestInteger, count: count)
    }

    /// A sinusoid of `amplitude` (a fraction of full scale) at `alpha`,
    /// rounded to samples: round(amplitude 2^F cos(2 pi alpha n)), within
    /// range (cosine phase, so that at alpha 0 it is a constant and at 0.5 it
    /// alternates), faded in over `fadeIn` samples by a raised cosine.
    public static func sinusoid(_ arithmetic: FixedPointArithmetic, alpha: Double, amplitude: Double,
                            count: Int, fadeIn: Int = 0) -> [Int64] {
        let full = Double(arithmetic.largestInteger) + 1
        return (0..<count).map { n in
            let ramp = n < fadeIn ? (1 - Double.cos(Double.pi * Double(n) / Double(fadeIn))) / 2 : 1
            let v = (amplitude * ramp * full * Double.cos(2 * Double.pi * alpha * Double(n))).rounded()
            return Int64(min(max(v, Double(arithmetic.smallestInteger)), Double(arithmetic.largestInteger)))
        }
    }

    /// The input that drives node `k` (section k's output) of `sections`
    /// furthest, to its largest value at the last of `count` samples: full
    /// scale with the sign of the node's impulse response, time reversed
    /// (largest positive or most negative sample); negated with `negative`.
    public static func worstCase(_ sections: FixedPointSections, node k: Int, count: Int,
                                 negative: Bool = false) -> [Int64] {
        var h = [Double](repeating: 0, count: count)
        h[0] = 1
        for s in sections.sections.prefix(k + 1) { h = s.filtered(h) }
        let a = sections.arithmetic
        return (0..<count).map { n in
            let positive = (h[count - 1 - n] >= 0) != negative
            return positive ? a.largestInteger : a.smallestInteger
        }
    }

    /// The outputs of the model for `input`, and how many stage outputs overflowed.
    public static func run(_ sections: FixedPointSections, _ input: [Int64]) -> (output: [Int64], overflows: Int) {
        var model = sections.model
        let y = model.process(input)
        return (y, model.overflows)
    }

    /// The same input through the stored coefficients in Double (no
    /// rounding but Double's), as fractions of full scale.
    public static func exact(_ sections: FixedPointSections, _ input: [Int64]) -> [Double] {
        let q = sections.arithmetic.quantum
        var y = input.map { Double($0) * q }
        for s in sections.sections { y = s.filtered(y) }
        return y
    }

    /// The design's own output for the same input, times the output scale:
    /// what the cascade approximates (`designed` are the design's sections).
    public static func designed(_ designed: [Biquad], scale: Double, _ sections: FixedPointSections,
                                _ input: [Int64]) -> [Double] {
        let q = sections.arithmetic.quantum
        var y = input.map { Double($0) * q }
        for s in designed { y = s.filtered(y) }
        return y.map { $0 * scale }
    }

    /// Samples as fractions of full scale: k / 2^F, exact in Double.
    public static func fractions(_ values: [Int64], _ arithmetic: FixedPointArithmetic) -> [Double] {
        let q = arithmetic.quantum
        return values.map { Double($0) * q }
    }
}
