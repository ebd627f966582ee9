/// A bit-exact model of CMSIS-DSP's direct-form I fixed-point biquad
/// cascades, as they run on a Cortex-M4 (ARM's DSP-extension code, checked
/// on an emulated M4 by scripts/target/cmsis-dsp-check.sh) and as its
/// portable C builds them (the code PyPI's `cmsisdsp` wraps):
///
/// - `arm_biquad_cascade_df1_q15`: acc = b0 x + b1 x1 + b2 x2 + a1 y1 + a2 y2
///   in 64 bits (each product exact); y = SSAT16(low 32 bits of
///   (acc >> (15 - postShift))): an arithmetic shift (truncation toward minus
///   infinity), its low 32 bits (the M4 code assembles them from the two
///   halves of the SMLALD sum; the portable C passes the shift to an
///   `int32_t` argument), then saturation. The 32-bit step matters only for
///   a post-shift of 14, beyond what `FixedPointSections` emits.
/// - `arm_biquad_cascade_df1_fast_q15`: the same sum in a 32-bit accumulator
///   that wraps; the same shift and saturation.
/// - `arm_biquad_cascade_df1_q31`: the sum in 64 bits (wrapping),
///   y = (int32)(acc >> (31 - postShift)): truncated, and wrapped on
///   overflow, not saturated.
/// - `arm_biquad_cascade_df1_fast_q31`: acc = round-high(b0 x) then, for
///   each later product, acc = (acc 2^32 + c v + 2^31) >> 32 in 32 bits
///   (SMMULR, SMMLAR); y = (int32)(acc << (postShift + 1)).
///
/// The coefficients are in CMSIS's sign: y = ... + a1 y1 + a2 y2, so a1 and a2
/// are the negated denominator coefficients. Each stage keeps x[n-1], x[n-2],
/// y[n-1], y[n-2]; a stage's output is the next stage's input.
///
/// `overflows` counts the stage outputs whose exact value did not fit (and
/// so saturated or wrapped): a filter scaled as `FixedPointSections` scales it
/// never overflows on the inputs its scaling covers.
public struct CMSISBiquadModel: Sendable {
    /// The arithmetic.
    public let arithmetic: FixedPointArithmetic
    /// Per stage: b0, b1, b2, a1, a2 as stored (CMSIS's sign for a1, a2).
    public let stages: [[Int64]]
    /// The post-shift.
    public let postShift: Int
    /// x[n-1], x[n-2], y[n-1], y[n-2] per stage.
    public private(set) var state: [Int64]
    /// How many stage outputs so far did not fit in a sample (saturated in q15,
    /// wrapped in q31).
    public private(set) var overflows = 0

    /// A cascade at rest.
    ///
    /// - Precondition: each stage has 5 coefficients within the format's
    ///   range; `0 <= postShift < F`.
    public init(arithmetic: FixedPointArithmetic, stages: [[Int64]], postShift: Int) {
        precondition(stages.allSatisfy { $0.count == 5 })
        precondition(postShift >= 0 && postShift < arithmetic.fractionBits)
        self.arithmetic = arithmetic
        self.stages = stages
        self.postShift = postShift
        self.state = [Int64](repeating: 0, count: 4 * stages.count)
    }

    /// The outputs for `input` (samples within the format's range), each
    /// stage run over the whole block in turn as CMSIS runs it; the state
    /// carries over to the next call.
    public mutating func process(_ input: [Int64]) -> [Int64] {
        var signal = input
        for (s, c) in stages.enumerated() {
            var x1 = state[4 * s], x2 = state[4 * s + 1], y1 = state[4 * s + 2], y2 = state[4 * s + 3]
            for n in signal.indices {
                let x = signal[n]
                let y = output(c, x, x1, x2, y1, y2)
                x2 = x1; x1 = x; y2 = y1; y1 = y
                signal[n] = y
            }
            state[4 * s] = x1; state[4 * s + 1] = x2; state[4 * s + 2] = y1; state[4 * s + 3] = y2
        }
        return signal
    }

    /// One stage's output for input x and state x1, x2, y1, y2.
    @inline(__always)
    mutating func output(_ c: [Int64], _ x: Int64, _ x1: Int64, _ x2: Int64, _ y1: Int64, _ y2: Int64) -> Int64 {
        let p0 = c[0] * x, p1 = c[1] * x1, p2 = c[2] * x2, p3 = c[3] * y1, p4 = c[4] * y2
        switch (arithmetic.format, arithmetic.fast) {
        case (.q15, _):
            // Each product fits 31 bits; their sum fits 64 bits exactly.
            let exact = p0 + p1 + p2 + p3 + p4
            let shift = Int64(15 - postShift)
            // fast: the 32-bit accumulator wraps before the shift.
            let sum = arithmetic.fast ? Int64(Int32(truncatingIfNeeded: exact)) : exact
            let shifted = sum >> shift
            if exact >> shift != shifted || shifted > 32767 || shifted < -32768 { overflows += 1 }
            // SSAT16 of the shift's low 32 bits, as the M4 and the portable C both do.
            let low = Int64(Int32(truncatingIfNeeded: shifted))
            return min(max(low, -32768), 32767)
        case (.q31, false):
            // Products fit 63 bits; the sum wraps in 64, which the carries tell.
            var sum = p0, carries = 0
            for p in [p1, p2, p3, p4] {
                let (s, o) = sum.addingReportingOverflow(p)
                if o { carries += p > 0 ? 1 : -1 }
                sum = s
            }
            let shifted = sum >> Int64(31 - postShift)
            let y = Int64(Int32(truncatingIfNeeded: shifted))
            if carries != 0 || y != shifted { overflows += 1 }
            return y
        case (.q31, true):
            // SMMULR then SMMLAR: acc = (acc 2^32 + p + 2^31) >> 32 in 32 bits
            // is acc + ((p + 2^31) >> 32) modulo 2^32 (acc 2^32 has no low
            // bits), so the exact sum of the rounded products, wrapped to 32
            // bits, is the accumulator.
            let half: Int64 = 0x8000_0000
            let exact = ((p0 + half) >> 32) + ((p1 + half) >> 32) + ((p2 + half) >> 32)
                + ((p3 + half) >> 32) + ((p4 + half) >> 32)
            let acc = Int64(Int32(truncatingIfNeeded: exact))
            let shifted = acc << Int64(postShift + 1)
            let y = Int64(Int32(truncatingIfNeeded: shifted))
            if acc != exact || y != shifted { overflows += 1 }
            return y
        }
    }
}
