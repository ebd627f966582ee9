import RealModule

/// How far rounding a FIR filter's taps to fixed point (`FixedPointTaps`)
/// can move its response, as a hard bound (not a statistic), in the design's
/// scale (the stored taps divided by the output scale).
///
/// The taps correctly rounded are known: c_k = round(s h_k 2^F), and in the
/// design's scale they act as a_k = c_k 2^-F / s, so the errors
///
///     e_k = a_k - h_k,   |e_k| <= 2^-F / (2 s),
///
/// are known exactly (a tie rounds either way; `errors` takes
/// `FixedPointTaps`' choice). The response moves by E(alpha) = sum_k e_k
/// e^{-2 pi i alpha k}, and at every alpha
///
///     | |H_a(alpha)| - |H(alpha)| | <= |E(alpha)| <= sum_k |e_k|.
///
/// sum |e_k| (about N 2^-F / (4 s)) is seven times the largest |E| of a
/// 979-tap filter, so the bound taken is sup |E| itself, over a band, made
/// rigorous from a grid: R = |E|^2 is a real trigonometric polynomial of
/// degree n = N - 1, so (Bernstein) |R''| <= (2 pi n)^2 sup R in alpha. On
/// the grid alpha = j / L (L a power of two, at least 32 N, by FFT) every
/// point of a band lies within d = 1/(2L) of a grid point inside it or of an
/// edge (evaluated directly); at an interior maximum R' = 0, so
///
///     sup_band R <= max_points R + c S,   S = sup R <= max_grid R / (1 - c),
///     c = (pi n / L)^2 / 2 <= (pi / 32)^2 / 2 ~ 0.0048,
///
/// each |E| at a point raised by its evaluation error, (64 log2 L + 5 N)
/// 2^-53 sum |e_k| (the FFT's, and the direct sum's: its angles 2 pi alpha k
/// err by up to pi N 2^-53). The bound of a band is
/// sqrt(sup_band R) (about 0.25 % above the largest |E| on the grid), and
/// at one frequency |E(alpha)| itself (plus that error).
///
/// The statistics this replaces: each e_k spread over +-q/2 (variance
/// q^2/12, q = 2^-F / s) makes |E| at one frequency about q sqrt(N/12), but
/// the largest over a band of N independent points is about sqrt(2 ln N) of
/// those (3.7 at N = 979), not 3: three standard deviations failed correctly
/// rounded taps.
public struct FIRRoundingBound: Sendable {
    /// e_k = round(s h_k 2^F) 2^-F / s - h_k: the errors of the taps
    /// correctly rounded, in the design's scale (computed as `FIRAsRun` divides).
    public let errors: [Double]
    /// The grid's length L (a power of two, at least 32 N).
    public let gridLength: Int
    /// |E(j / L)| for j = 0 ... L/2, each raised by `evaluationError`.
    let gridMagnitudes: [Double]
    /// c = (pi (N - 1) / L)^2 / 2.
    let curvature: Double
    /// The bound on sup R over all frequencies: max_grid R / (1 - c).
    let globalSquare: Double
    /// The evaluation error of one |E|: (64 log2 L + 5 N) 2^-53 sum |e_k|.
    let evaluationError: Double

    /// The bound for `fixed`'s taps correctly rounded (from its design taps
    /// and output scale, not from its coefficients: a coefficient off by
    /// more than its rounding is not covered).
    public init(_ fixed: FixedPointTaps) {
        let s = fixed.outputScale, q = fixed.arithmetic.quantum
        let full = Double(fixed.arithmetic.largestInteger) + 1
        let errors = fixed.taps.map { h in Double(Int64((h * s * full).rounded())) * q / s - h }
        self.errors = errors
        let n = max(errors.count, 1)
        var length = 64
        while length < 32 * n { length *= 2 }
        gridLength = length
        let l1 = errors.reduce(0) { $0 + abs($1) }
        evaluationError = (64 * Double(length.trailingZeroBitCount) + 5 * Double(n)) * 0x1p-53 * l1
        var re = [Double](repeating: 0, count: length), im = re
        for (k, e) in errors.enumerated() { re[k] = e }
        RadixTwoFFT(count: length).forward(&re, &im)
        let error = evaluationError
        gridMagnitudes = (0...length / 2).map { j in (re[j] * re[j] + im[j] * im[j]).squareRoot() + error }
        let step = Double.pi * Double(n - 1) / Double(length)
        curvature = step * step / 2
        let largest = gridMagnitudes.max() ?? 0
        globalSquare = largest * largest / (1 - curvature)
    }

    /// An upper bound on |E(alpha)| over the band [lower, upper] (alphas in
    /// 0 ... 0.5): sqrt(max R at the band's grid points and edges + c S).
    public func bound(lower: Double, upper: Double) -> Double {
        var largest = max(magnitude(atAlpha: lower), magnitude(atAlpha: upper))
        let first = max(Int((lower * Double(gridLength)).rounded(.up)), 0)
        let last = min(Int((upper * Double(gridLength)).rounded(.down)), gridLength / 2)
        if first <= last {
            for j in first...last { largest = max(largest, gridMagnitudes[j]) }
        }
        return (largest * largest + curvature * globalSquare).squareRoot()
    }

    /// |E(alpha)| by direct sum, raised by its evaluation error: the most
    /// the correctly rounded taps' |H| can differ from the design's there.
    public func magnitude(atAlpha alpha: Double) -> Double {
        var re = 0.0, im = 0.0
        for (k, e) in errors.enumerated() where e != 0 {
            let angle = -2 * Double.pi * alpha * Double(k)
            re += e * Double.cos(angle)
            im += e * Double.sin(angle)
        }
        return (re * re + im * im).squareRoot() + evaluationError
    }
}

extension FixedPointTaps {
    /// These taps with `coefficients` stored instead (same scale, design
    /// and padding): a header read back, or one with a wrong tap, to verify.
    func replacingCoefficients(_ coefficients: [Int64]) -> FixedPointTaps {
        var copy = self
        copy.coefficients = coefficients
        return copy
    }
}
