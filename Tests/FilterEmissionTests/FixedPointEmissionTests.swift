import Foundation
import Testing
import FilterRequests
import FilterDesign
import FilterEmission
import FilterRuntime
import MkfilterCLI

/// `--emit cmsis-q15|q31`, the bit-exact model of CMSIS-DSP's fixed-point
/// biquads, and the scaling that keeps them from overflowing. (The model
/// against ARM's own library, on a grid of designs: scripts/cmsis_fixed_point_check.py.)
@Suite struct FixedPointEmissionTests {
    static let designs: [(String, [String])] = [
        ("shake", ["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3"]),
        ("lp4", ["-Bu", "-Lp", "-o", "4", "-a", "0.1"]),
        ("el_bs", ["--elliptic", "0.5", "40", "-Bs", "-o", "3", "-a", "0.1", "0.2"]),
        ("ch_hp", ["-Ch", "-0.5", "-Hp", "-o", "5", "-a", "0.3"]),
    ]

    // MARK: The model, on numbers ARM's cmsisdsp 1.10 gave

    /// {16384, 0, 0, 0, 0, 0} with post-shift 1 is 1.0: 0x7FFF passes unchanged.
    @Test func q15UnitStagePassesFullScale() {
        var m = CMSISBiquadModel(arithmetic: .init(.q15), stages: [[16384, 0, 0, 0, 0]], postShift: 1)
        #expect(m.process([32767, -32768, 5, 0]) == [32767, -32768, 5, 0])
        #expect(m.overflows == 0)
    }

    /// b0 = 1/2 (2^30, post-shift 0) on 0x7FFFFFFF, 0, 5, 2^20: the standard
    /// q31 truncates (1073741823, 2), the fast one rounds (1073741824, 2), as
    /// cmsisdsp's arm_biquad_cascade_df1_q31 and _fast_q31 return.
    @Test func q31TruncatesAndFastRounds() {
        var standard = CMSISBiquadModel(arithmetic: .init(.q31), stages: [[1 << 30, 0, 0, 0, 0]], postShift: 0)
        #expect(standard.process([2_147_483_647, 0, 5, 1 << 20]) == [1_073_741_823, 0, 2, 524_288])
        var fast = CMSISBiquadModel(arithmetic: .init(.q31, fast: true), stages: [[1 << 30, 0, 0, 0, 0]], postShift: 0)
        #expect(fast.process([2_147_483_647, 0, 5, 1 << 20]) == [1_073_741_824, 0, 2, 524_288])
    }

    /// q15 saturates and counts it; q31 wraps and counts it.
    @Test func overflowSaturatesInQ15AndWrapsInQ31() {
        var q15 = CMSISBiquadModel(arithmetic: .init(.q15), stages: [[32767, 0, 0, 0, 0]], postShift: 1)
        #expect(q15.process([32767, -32768]) == [32767, -32768])
        #expect(q15.overflows == 2)
        var q31 = CMSISBiquadModel(arithmetic: .init(.q31), stages: [[2_147_483_647, 0, 0, 0, 0]], postShift: 1)
        let y = q31.process([2_147_483_647])
        #expect(y[0] < 0)   // 2^31 - 2 wrapped
        #expect(q31.overflows == 1)
    }

    /// Where the shifted sum passes 32 bits (a post-shift of 14, beyond what
    /// mkfilter emits), q15 saturates the shift's low 32 bits, as ARM's M4
    /// code and its portable C both do: all five coefficients 32767 and a
    /// full-scale step give acc = 5 * 32767^2 at sample 2, whose shift by 1
    /// is 2684190722, -1610776574 in 32 bits: -32768, not 32767 (measured on
    /// the emulated Cortex-M4 by scripts/target/cmsis-dsp-check.sh and in
    /// PyPI's cmsisdsp).
    @Test func q15SaturatesTheLow32BitsOfTheShift() {
        var m = CMSISBiquadModel(arithmetic: .init(.q15), stages: [[32767, 32767, 32767, 32767, 32767]], postShift: 14)
        let y = m.process([Int64](repeating: 32767, count: 6))
        #expect(y == [32767, 32767, -32768, 32767, 32767, -32768])
    }

    // MARK: Scaling

    /// Every node's bound is within full scale, and the worst-case inputs of
    /// every node, run in the model, overflow nowhere; the impulse as run is
    /// within the predicted bound of the stored coefficients' exact response.
    @Test(arguments: [FixedPointArithmetic(.q15), .init(.q31), .init(.q31, fast: true)])
    func l1ScalingNeverOverflows(_ arithmetic: FixedPointArithmetic) throws {
        for (_, words) in Self.designs {
            let fixed = try Mkfilter.design(arguments: words).fixedPointSections(arithmetic)
            let limit = 1 - arithmetic.quantum
            #expect(fixed.analysis.nodeBounds.allSatisfy { $0 <= limit }, "\(words)")
            for k in fixed.sections.indices {
                let inner = fixed.prefix(k + 1)
                for negative in [false, true] {
                    var model = inner.model
                    let input = Self.worstCase(inner, count: 2048, negative: negative)
                    let output = model.process(input)
                    #expect(model.overflows == 0, "\(words) node \(k + 1)")
                    // The worst case drives the node close to its bound: the scaling is not idle.
                    if k == fixed.sections.count - 1 && !negative {
                        let peak = Double(output.map { abs($0) }.max()!) * arithmetic.quantum
                        #expect(peak > 0.5 * fixed.analysis.nodeBounds[k], "\(words): \(peak)")
                    }
                }
            }
            var model = fixed.model
            var impulse = [Int64](repeating: 0, count: 1024)
            impulse[0] = arithmetic.largestInteger
            let run = model.process(impulse).map { Double($0) * arithmetic.quantum }
            var exact = impulse.map { Double($0) * arithmetic.quantum }
            for s in fixed.sections { exact = s.filtered(exact) }
            let worst = zip(run, exact).map { abs($0 - $1) }.max()!
            #expect(worst <= fixed.analysis.outputErrorBound, "\(words)")
            #expect(worst > 0, "\(words): the model rounds")
        }
    }

    /// The sign of node k's time-reversed impulse response, at full scale.
    static func worstCase(_ s: FixedPointSections, count: Int, negative: Bool) -> [Int64] {
        var h = [Double](repeating: 0, count: count)
        h[0] = 1
        for section in s.sections { h = section.filtered(h) }
        return (0..<count).map { n in (h[count - 1 - n] >= 0) != negative ? s.arithmetic.largestInteger : s.arithmetic.smallestInteger }
    }

    /// The output scale is the stored cascade's gain at the passband peak:
    /// the Shake band-pass's impulse response, divided by it, has the design's
    /// response to the coefficients' rounding.
    @Test func outputScaleIsTheGainApplied() throws {
        let design = try Mkfilter.design(arguments: Self.designs[0].1)
        let fixed = try design.fixedPointSections(.init(.q31))
        let sections = try #require(design.secondOrderSections())
        var h = [Double](repeating: 0, count: 512)
        h[0] = 1
        var stored = h
        for s in sections { h = s.filtered(h) }
        for s in fixed.sections { stored = s.filtered(stored) }
        let peak = h.map(abs).max()!
        let off = zip(stored, h).map { abs($0 / fixed.outputScale - $1) }.max()! / peak
        #expect(off < 1e-5, "\(off)")
        #expect(fixed.outputScale > 0.2 && fixed.outputScale < 1)
    }

    /// A design whose rounded Q15 coefficients would be unstable is refused,
    /// naming the radius and what to use instead; Q31 holds it.
    @Test func unrepresentableDesignIsRefusedWithTheReason() throws {
        let design = try Mkfilter.design(arguments: ["--cheby2", "40", "-Bs", "-o", "2", "-a", "0.005", "0.02"])
        #expect { try design.fixedPointSections(.init(.q15)) } throws: { error in
            "\(error)".contains("q31 or Float")
        }
        _ = try design.fixedPointSections(.init(.q31))
    }

    // MARK: The header

    /// The header compiles with -Wall -Wextra -Werror against a stand-in
    /// arm_math.h (typedefs only), with gcc and clang where present, and a C
    /// direct-form I loop written from CMSIS's documented arithmetic, run on
    /// its array, gives the model's output bit for bit.
    @Test(arguments: ["q15", "q31"]) func headerCompilesAndRunsAsTheModel(_ format: String) throws {
        let arithmetic = FixedPointArithmetic(name: format)!
        var request = EmissionRequest(design: try Mkfilter.design(arguments: Self.designs[0].1),
                                      format: format == "q15" ? .cmsisQ15 : .cmsisQ31, listingCommandLine: "")
        request.name = "shake */ \"x\""
        let header = try request.run()
        #expect(try request.run() == header, "deterministic")
        let fixed = try Mkfilter.design(arguments: Self.designs[0].1).fixedPointSections(arithmetic)
        var model = fixed.model
        let input: [Int64] = (0..<300).map { n in n % 97 == 0 ? arithmetic.largestInteger : (n % 5 == 0 ? arithmetic.smallestInteger : 0) }
        let expected = model.process(input)
        let ctype = arithmetic.cType, wide = format == "q15" ? "int64_t" : "int64_t"
        let per = arithmetic.coefficientsPerStage
        let id = "mkfilter_shake_x"
        let program = """
            #include <stdint.h>
            #include <stdio.h>
            typedef int16_t q15_t;
            typedef int32_t q31_t;
            #include "filter.h"
            static \(ctype) clip(\(wide) v) {
            \(format == "q15" ? "    return (q15_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);" : "    return (q31_t)v;")
            }
            int main(void) {
                \(wide) state[4 * \(id.uppercased())_NUM_STAGES] = {0};
                static const long input[] = {\(input.map { "\($0)" }.joined(separator: ", "))};
                for (unsigned n = 0; n < sizeof input / sizeof input[0]; n++) {
                    \(wide) x = input[n];
                    for (int s = 0; s < \(id.uppercased())_NUM_STAGES; s++) {
                        const \(ctype) *c = &\(id)_coefficients[\(per) * s];
                        \(wide) *st = &state[4 * s];
                        \(wide) acc = \(format == "q15" ? "(int64_t)c[0] * x + (int64_t)c[2] * st[0] + (int64_t)c[3] * st[1] + (int64_t)c[4] * st[2] + (int64_t)c[5] * st[3]" : "(int64_t)c[0] * x + (int64_t)c[1] * st[0] + (int64_t)c[2] * st[1] + (int64_t)c[3] * st[2] + (int64_t)c[4] * st[3]");
                        \(wide) y = clip(acc >> (\(format == "q15" ? 15 : 31) - \(id.uppercased())_POST_SHIFT));
                        st[1] = st[0]; st[0] = x; st[3] = st[2]; st[2] = y;
                        x = y;
                    }
                    printf("%ld\\n", (long)x);
                }
                (void)\(id.uppercased())_OUTPUT_SCALE;
                return 0;
            }
            """
        for compiler in ["gcc", "clang"] {
            guard let cc = Support.tool(compiler) else { continue }
            let dir = try Support.temporaryDirectory("cmsis-fixed")
            defer { try? FileManager.default.removeItem(at: dir) }
            try header.write(to: dir.appendingPathComponent("filter.h"), atomically: true, encoding: .utf8)
            try program.write(to: dir.appendingPathComponent("main.c"), atomically: true, encoding: .utf8)
            let build = try Support.run(cc, ["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", "main.c", "-o", "main"], in: dir)
            #expect(build.status == 0, "\(compiler): \(build.err)")
            guard build.status == 0 else { continue }
            let run = try Support.run(dir.appendingPathComponent("main").path, [], in: dir)
            #expect(run.out.split(separator: "\n").map { Int64($0)! } == expected, "\(compiler)")
        }
    }

    /// The header names the function, the defines and the array; the layout
    /// has CMSIS's zero in q15, and a1, a2 negated.
    @Test func headerLayout() throws {
        let design = try Mkfilter.design(arguments: Self.designs[1].1)
        let q15 = try EmissionRequest(design: design, format: .cmsisQ15, listingCommandLine: "").run()
        for text in ["arm_biquad_cascade_df1_q15", "_NUM_STAGES 2", "_POST_SHIFT 1", "_STATE_SIZE (4 * ", "_OUTPUT_SCALE 0.",
                     "static const q15_t mkfilter_butterworth_lowPass_order_4_coefficients[6 * "] {
            #expect(q15.contains(text), "\(text)")
        }
        let fixed = try design.fixedPointSections(.init(.q15))
        let first = fixed.stages[0]
        #expect(q15.contains("    \(first[0]), 0, \(first[1]), \(first[2]), \(-first[3]), \(-first[4]),"))
    }

    /// The notes: the summary, and for a design too narrow for Q15 a warning
    /// with the number and what to use instead.
    @Test func lowSNRIsSaidNotSilent() throws {
        let narrow = try Mkfilter.design(arguments: ["-Bu", "-Bp", "-o", "4", "--sample-rate", "60", "--corner", "0.5", "0.8"])
        let (code, notes) = try EmissionRequest(design: narrow, format: .cmsisQ15, listingCommandLine: "").runWithNotes()
        #expect(notes.first?.contains("predicted SNR") == true)
        #expect(notes.contains { $0.hasPrefix("warning: in q15 this design reaches only") && $0.contains("q31 or Float") }, "\(notes)")
        #expect(code.contains("WARNING: in q15 this design reaches only"))
    }
}
