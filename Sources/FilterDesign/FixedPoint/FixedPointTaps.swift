import RealModule

/// A FIR filter's taps realized for CMSIS-DSP's fixed-point FIR filters
/// (`arm_fir_q15`, `arm_fir_q31`), with the proof that no input within full
/// scale can overflow, the model of ARM's arithmetic bit for bit, and the
/// noise it adds.
///
/// The arithmetic (CMSIS-DSP's C, Source/FilteringFunctions): the state
/// holds the last N samples; each output is the exact sum of the products
/// c_k x[n-k] in a 64-bit accumulator (q15: 2.30 products, q31: 2.62; the
/// sum wraps at 2^63), then
///
/// - q15: `__SSAT((acc >> 15), 16)`: the arithmetic shift's low 32 bits
///   saturated to 16 bits;
/// - q31: `(q31_t)(acc >> 31)`: the shift's low 32 bits, no saturation
///   (one guard bit: the sum wraps instead).
///
/// The sum is exact, so the order of the products does not matter, and the
/// output is floor(sum c_k x[n-k] / 2^F) wherever it fits.
///
/// Scaling (L1): the taps are multiplied by s and rounded, c_k = round(s h_k
/// 2^F), s = (2^F - 1) / (2^F sum |h_k|) and, where the rounding carries
/// sum |c_k| above 2^F - 1, lowered by the excess until it does not (within
/// a few parts in 2^F of the largest such s). Then for every input
/// |x| <= 2^F, |sum c_k x[n-k]| <= (2^F - 1) 2^F, so acc >> F lies in
/// [-2^F, 2^F - 1]: neither the saturation (q15) nor the wrap (q31) is ever
/// reached. The filter computes `outputScale` H(x), outputScale = s.
///
/// CMSIS's q15 FIR needs an even number of at least 4 taps: zeros are
/// appended to h (h[N], h[N+1], ... = 0), which adds no delay.
///
/// A decimator by M (`arm_fir_decimate_q15|q31`) computes the same sums,
/// every M-th of them: its output n is the filter's output M n.
/// An interpolator by L (`arm_fir_interpolate_q15|q31`) filters the input
/// with L - 1 zeros after each sample, so each output sums one phase of the
/// taps (c_p, c_{p+L}, ...): the bound that matters is the largest phase's
/// sum of |c|, and the taps are padded with zeros to a multiple of L, as
/// its init function requires.
public struct FixedPointTaps: Sendable, Hashable {
    /// Which of CMSIS's FIR routines runs the taps.
    public enum Structure: Sendable, Hashable {
        /// `arm_fir_q15|q31`: one output per input.
        case filter
        /// `arm_fir_decimate_q15|q31` by M (2 ... 255): one output per M inputs.
        case decimator(Int)
        /// `arm_fir_interpolate_q15|q31` by L (2 ... 255): L outputs per input.
        case interpolator(Int)

        /// The interleaved phases each output sums over (L for an
        /// interpolator, else 1).
        public var phases: Int {
            if case .interpolator(let l) = self { return l }
            return 1
        }
    }

    /// The sample format (`fast` is not a FIR variant here).
    public let arithmetic: FixedPointArithmetic
    /// The routine the taps are for.
    public let structure: Structure
    /// The taps as stored, c_k ~ outputScale h_k 2^F, in h's order (k = 0
    /// first), padded with zeros (q15's FIR rules, an interpolator's multiple of
    /// L); CMSIS's array is these time-reversed.
    public internal(set) var coefficients: [Int64]
    /// The zeros appended for q15's length rules.
    public let padding: Int
    /// s: the filter computes s H(x) (s < 1 / sum |h_k|).
    public let outputScale: Double
    /// The design's taps.
    public let taps: [Double]

    /// The most taps CMSIS's FIR instances hold (`numTaps` is a `uint16_t`).
    public static let maximumTaps = 65_534

    /// The largest factor of CMSIS's decimators and interpolators (`M` and
    /// `L` are `uint8_t`).
    public static let maximumFactor = 255

    /// The largest sum of |v| over one phase of `values` (every `phases`-th
    /// value, from each start); the whole sum for one phase.
    private static func phaseL1<T: Numeric & Comparable>(_ values: [T], phases: Int, _ magnitude: (T) -> T) -> T {
        (0..<phases).map { p in stride(from: p, to: values.count, by: phases).reduce(T.zero) { $0 + magnitude(values[$1]) } }.max() ?? .zero
    }

    /// The scale s and the coefficients round(s h_k 2^F) with each phase's
    /// sum |round(s h_k 2^F)| <= 2^F - 1: from the unrounded bound
    /// s = (2^F - 1) / 2^F / L1 down, each step by the excess the rounding
    /// made, s ← s (2^F - 1) / total (1 - 1e-12).
    private static func scaled(_ taps: [Double], l1: Double, phases: Int,
                               arithmetic: FixedPointArithmetic) throws(FixedPointError) -> (Double, [Int64]) {
        let full = Double(arithmetic.largestInteger) + 1, limit = arithmetic.largestInteger
        var s = Double(limit) / full / l1
        guard s.isFinite else {
            throw FixedPointError("the taps are too small (their magnitudes sum to \(l1)) for a scale in Double")
        }
        var c = taps.map { Int64(($0 * s * full).rounded()) }
        var total = phaseL1(c, phases: phases) { abs($0) }
        while total > limit {
            s *= Double(limit) / Double(total) * (1 - 1e-12)
            c = taps.map { Int64(($0 * s * full).rounded()) }
            total = phaseL1(c, phases: phases) { abs($0) }
        }
        return (s, c)
    }

    /// The zeros CMSIS needs after `count` coefficients: a q15 filter at
    /// least 4 taps and an even count (arm_fir_q15); an interpolator's
    /// count a multiple of its factor L, (L - count mod L) mod L.
    private static func padding(count: Int, structure: Structure, arithmetic: FixedPointArithmetic) -> Int {
        switch structure {
        case .filter where arithmetic.format == .q15:
            return max(4 - count, 0) + (max(count, 4) % 2)
        case .interpolator(let l):
            return (l - count % l) % l
        default:
            return 0
        }
    }

    /// `taps` realized in `arithmetic` for `structure`.
    ///
    /// - Throws: `FixedPointError` for a fast variant, more than
    ///   `maximumTaps` taps, taps that are all zero or not finite, a factor
    ///   outside 2 ... `maximumFactor`.
    public init(_ taps: [Double], arithmetic: FixedPointArithmetic, structure: Structure = .filter) throws(FixedPointError) {
        switch structure {
        case .filter: break
        case .decimator(let factor), .interpolator(let factor):
            guard (2...Self.maximumFactor).contains(factor) else {
                throw FixedPointError("a factor of \(factor): CMSIS-DSP's decimators and interpolators take 2 ... \(Self.maximumFactor) (a uint8_t)")
            }
        }
        guard !arithmetic.fast else {
            throw FixedPointError("\(arithmetic.name): CMSIS-DSP's FIR filters have no fast variant here; use \(arithmetic.format.rawValue)")
        }
        guard taps.count <= Self.maximumTaps else {
            throw FixedPointError("\(taps.count) taps: CMSIS-DSP's FIR instances hold at most \(Self.maximumTaps) (numTaps is a uint16_t); use Float")
        }
        guard taps.allSatisfy(\.isFinite) else { throw FixedPointError("a tap is not finite") }
        let phases = structure.phases
        let l1 = Self.phaseL1(taps, phases: phases) { abs($0) }
        guard l1 > 0 else { throw FixedPointError("every tap is zero: there is nothing to scale") }
        guard l1.isFinite else { throw FixedPointError("the taps' sum of magnitudes overflows Double: there is no scale to give them") }
        var (s, c) = try Self.scaled(taps, l1: l1, phases: phases, arithmetic: arithmetic)
        guard c.contains(where: { $0 != 0 }) else {
            throw FixedPointError("every tap rounds to 0 in \(arithmetic.format.rawValue) (\(taps.count) taps share 2^\(arithmetic.fractionBits) - 1): use \(arithmetic.format == .q15 ? "q31 or Float" : "Float")")
        }
        let padding = Self.padding(count: c.count, structure: structure, arithmetic: arithmetic)
        c += [Int64](repeating: 0, count: padding)
        guard c.count <= Self.maximumTaps else {
            throw FixedPointError("\(c.count) taps: CMSIS-DSP's FIR instances hold at most \(Self.maximumTaps) (numTaps is a uint16_t); use Float")
        }
        self.arithmetic = arithmetic
        self.structure = structure
        self.coefficients = c
        self.padding = padding
        self.outputScale = s
        self.taps = taps
    }

    /// The largest sum of |c_k| over the taps one output meets (all of them;
    /// for an interpolator by L one phase, c_p, c_{p+L}, ...), at most
    /// 2^F - 1: the proof that nothing overflows.
    public var l1Norm: Int64 {
        let phases = structure.phases
        return (0..<phases).map { p in stride(from: p, to: coefficients.count, by: phases).reduce(Int64(0)) { $0 + abs(coefficients[$1]) } }.max() ?? 0
    }

    /// The coefficients as real numbers, c_k / 2^F: outputScale times the
    /// design's taps, to the coefficients' rounding.
    public var storedTaps: [Double] { coefficients.map { Double($0) * arithmetic.quantum } }

    /// CMSIS's processing function: `arm_fir_q15`, `arm_fir_decimate_q31`,
    /// `arm_fir_interpolate_q15` and the like.
    public var cmsisFunction: String {
        switch structure {
        case .filter: return "arm_fir_" + arithmetic.format.rawValue
        case .decimator: return "arm_fir_decimate_" + arithmetic.format.rawValue
        case .interpolator: return "arm_fir_interpolate_" + arithmetic.format.rawValue
        }
    }

    /// The outputs `arm_fir_q15|q31` computes for `input` (integers k
    /// meaning k / 2^F) from rest, bit for bit as ARM's C: the 64-bit sum
    /// (wrapping), shifted right by F, its low 32 bits, saturated to 16 bits
    /// for q15. (A decimator's outputs are every M-th of these, from the first;
    /// an interpolator's are these of the input with L - 1 zeros after each
    /// sample.)
    public func run(_ input: [Int64]) -> [Int64] {
        let n = coefficients.count, f = Int64(arithmetic.fractionBits)
        return input.indices.map { i in
            var acc: Int64 = 0
            for k in 0..<min(n, i + 1) { acc = acc &+ coefficients[k] &* input[i - k] }
            let low = Int64(Int32(truncatingIfNeeded: acc >> f))
            return arithmetic.format == .q15 ? min(max(low, -32_768), 32_767) : low
        }
    }

    /// The predicted accuracy for a 0.9 full-scale sine at the design's
    /// passband peak alpha0 (the largest |H| on a grid of 512 intervals,
    /// 0 and 0.5 left out: a sine there is a constant or alternates, and its
    /// rounding errors are not noise), against the design
    /// scaled by outputScale, in dB:
    ///
    ///     SNR = 10 log10( (0.9 s |H(alpha0)|)^2 / 2
    ///                     / (q^2 / 3 + (0.9 |Hq(alpha0) - s H(alpha0)|)^2 / 2) ),
    ///
    /// q = 2^-F: the floor of each output errs by [0, q), mean square q^2/3;
    /// Hq the stored taps' response. And the largest |Hq - s H| on the grid
    /// over s max |H| (the rounding's move of the response, e.g. a stopband
    /// rising).
    public var analysis: (predictedSNR: Double, responseDeviation: Double, peakAlpha: Double) {
        let points = 512
        let stored = storedTaps
        var best = (alpha: 0.0, h: 0.0, deviation: 0.0)
        var worst = 0.0
        for i in 0...points {
            let alpha = 0.5 * Double(i) / Double(points)
            let (h, hq) = (Self.response(taps, alpha), Self.response(stored, alpha))
            let design = (re: outputScale * h.re, im: outputScale * h.im)
            let deviation = ((hq.re - design.re) * (hq.re - design.re) + (hq.im - design.im) * (hq.im - design.im)).squareRoot()
            worst = max(worst, deviation)
            let magnitude = (h.re * h.re + h.im * h.im).squareRoot()
            if i > 0 && i < points && magnitude > best.h { best = (alpha, magnitude, deviation) }
        }
        let q = arithmetic.quantum
        // An interpolator's input meets one phase: a sine comes out at 1/L of
        // the taps' gain (the zeros between its samples carry no signal).
        let (gain, deviation) = (best.h / Double(structure.phases), best.deviation / Double(structure.phases))
        let signal = (0.9 * outputScale * gain) * (0.9 * outputScale * gain) / 2
        let noise = q * q / 3 + (0.9 * deviation) * (0.9 * deviation) / 2
        return (10 * Double.log10(signal / noise), worst / (outputScale * best.h), best.alpha)
    }

    /// sum_k h_k e^{-2 pi i alpha k}.
    static func response(_ h: [Double], _ alpha: Double) -> (re: Double, im: Double) {
        var (re, im) = (0.0, 0.0)
        for (k, x) in h.enumerated() where x != 0 {
            let angle = -2 * Double.pi * alpha * Double(k)
            re += x * Double.cos(angle)
            im += x * Double.sin(angle)
        }
        return (re, im)
    }
}
