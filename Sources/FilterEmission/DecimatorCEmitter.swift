import EmissionTemplates

/// A multistage decimator (`mkfilter decimator --emit c`) as one portable C
/// header: each stage's taps, one state for the cascade, `_init`, `_step`
/// (one input; an output every M inputs) and `_block`.
///
/// Stage i keeps every m_i-th output of its FIR filter, causally (output m
/// at its input m m_i, the filter's delay kept):
///
///     y[m] = sum_{k = 0}^{K-1} h[k] x[m m_i - k],   x zero before the first input,
///
/// the products summed in increasing k from 0. In double that is
/// FilterRuntime's `DecimatingCascade` bit for bit (a `PolyphaseResampler`
/// by 1/m_i with causal alignment a stage, which leaves out the terms
/// before the first input: each is a signed zero, and adding one to a sum
/// that started at +0 changes no bit); in float, the same sums in float.
/// The window is kept twice (w[p] and w[p + K]) so that the last K inputs
/// are contiguous, as the FIR header's (`FIREmitter.c`).
public enum DecimatorCEmitter {
    /// One stage: its factor m_i and taps h.
    public struct Stage: Sendable {
        /// m_i, at least 1.
        public var factor: Int
        /// h, at least one tap.
        public var taps: [Double]
        /// What the stage is, for its comment ("an equiripple half-band filter").
        public var origin: String

        /// A stage of `factor` with `taps`, described by `origin`.
        public init(factor: Int, taps: [Double], origin: String) {
            self.factor = factor
            self.taps = taps
            self.origin = origin
        }
    }

    /// The header.
    ///
    /// - Parameters:
    ///   - name: the cascade's name (its C identifier after `prefix`).
    ///   - stages: input first.
    ///   - commandLine: the command that designs it, for the comment.
    ///   - precision: double or float.
    ///   - prefix: the identifiers' prefix.
    /// - Throws: `EmissionError` for a name or prefix without letters or
    ///   digits, no stage, or a tap not finite in `precision`.
    public static func header(name: String, stages: [Stage], commandLine: String, precision: CEmitter.Precision,
                              prefix: String = "mkfilter") throws(EmissionError) -> String {
        let id = try CEmitter.identifier(name, prefix: prefix)
        guard !stages.isEmpty else { throw EmissionError("a decimator without stages has no C to write") }
        for (i, s) in stages.enumerated() {
            if let tap = s.taps.first(where: { !(precision == .float ? Double(Float($0)) : $0).isFinite }) {
                throw EmissionError("stage \(i + 1)'s tap \(tap) is not a finite \(precision.rawValue)")
            }
        }
        let macro = id.uppercased(), real = precision.rawValue
        let guardName = CEmitter.includeGuard([id], base: id, suffix: "_DECIMATOR_H")
        let factor = stages.reduce(1) { $0 * $1.factor }
        var out = prologue(name: name, stages: stages, factor: factor, commandLine: commandLine, real: real, guardName: guardName)
        out += "#define \(macro)_FACTOR \(factor)\n#define \(macro)_STAGES \(stages.count)\n"
        for (i, s) in stages.enumerated() {
            let n = i + 1
            out += "\n/* Stage \(n) of \(stages.count): decimates by \(s.factor) with \(s.taps.count) taps, \(CComment.text(s.origin)). */\n"
            out += "#define \(macro)_STAGE\(n)_NUM_TAPS \(s.taps.count)\n#define \(macro)_STAGE\(n)_FACTOR \(s.factor)\n"
            out += "static const \(real) \(id)_stage\(n)_taps[\(macro)_STAGE\(n)_NUM_TAPS] \(guardName)_UNUSED = {\n"
            var row: [String] = []
            for tap in s.taps {
                row.append(CEmitter.literal(tap, precision))
                if row.count == 4 { out += "    " + row.joined(separator: ", ") + ",\n"; row = [] }
            }
            if !row.isEmpty { out += "    " + row.joined(separator: ", ") + ",\n" }
            out += "};\n"
        }
        out += "\n/* The cascade's state: each stage's last inputs, twice, and where it stands. */\ntypedef struct {\n"
        for n in 1...stages.count {
            out += "    \(real) w\(n)[2 * \(macro)_STAGE\(n)_NUM_TAPS]; int p\(n), phase\(n);\n"
        }
        out += "} \(id)_state;\n\n"
        out += "static inline void \(id)_init(\(id)_state *f)\n{\n"
        for n in 1...stages.count {
            out += "    for (int i = 0; i < 2 * \(macro)_STAGE\(n)_NUM_TAPS; i++) f->w\(n)[i] = 0;\n    f->p\(n) = 0;\n    f->phase\(n) = 0;\n"
        }
        out += "}\n\n"
        out += stageFunction(id: id, guardName: guardName, real: real)
        out += """

            /* Takes one input; returns 1 and sets *output when it completes an output
               (one every \(macro)_FACTOR inputs, the first input's included), else 0. */
            static inline int \(id)_step(\(id)_state *f, \(real) input, \(real) *output)
            {
                \(real) y = input;

            """
        for n in 1...stages.count {
            out += "    if (!\(id)_stage(f->w\(n), &f->p\(n), &f->phase\(n), \(id)_stage\(n)_taps, \(macro)_STAGE\(n)_NUM_TAPS,\n"
                + "                    \(macro)_STAGE\(n)_FACTOR, y, &y)) return 0;\n"
        }
        out += """
                *output = y;
                return 1;
            }

            /* count inputs, as count calls of \(id)_step: writes the outputs they complete
               to output (at most count / \(macro)_FACTOR + 1) and returns how many. */
            static inline size_t \(id)_block(\(id)_state *f, const \(real) *input, size_t count, \(real) *output)
            {
                size_t k = 0;
                for (size_t i = 0; i < count; i++) k += (size_t)\(id)_step(f, input[i], output + k);
                return k;
            }

            #endif

            """
        return out
    }

    /// The header's comment, include guard and the macros that turn off
    /// contraction into FMAs (as the FIR header's).
    static func prologue(name: String, stages: [Stage], factor: Int, commandLine: String, real: String, guardName: String) -> String {
        let factors = stages.map { "\($0.factor)" }.joined(separator: " x ")
        return """
            /* DO NOT EDIT: generated by mkfilter. Compiles with cc -Wall -Wextra -Werror
               (gcc and clang, -std=c99 or the default gnu11).

               \(CComment.text(name)): decimates by \(factor) in \(stages.count) stage\(stages.count == 1 ? "" : "s") (\(factors)), designed by
                 \(CComment.text(commandLine))
               Stage i keeps every m_i-th output of its FIR filter, causally:
               y[m] = sum_{k=0}^{K-1} h[k] x[m m_i - k], x zero before the first input, the
               products summed in increasing k from 0, in \(real). In double that is
               FilterRuntime's DecimatingCascade bit for bit, given IEEE binary64
               arithmetic evaluated in the declared type (FLT_EVAL_METHOD 0), no
               -ffast-math, and no fused multiply-adds: the functions turn off the
               contraction into FMAs themselves (GCC: optimize("fp-contract=off"); clang:
               #pragma STDC FP_CONTRACT OFF). Output n stands at input \(factor) n, each
               stage's filter delay kept. */
            #ifndef \(guardName)
            #define \(guardName)

            #include <stddef.h>

            #if defined(__clang__)
            #define \(guardName)_NO_FMA
            #define \(guardName)_CONTRACT_OFF _Pragma("STDC FP_CONTRACT OFF")
            #define \(guardName)_UNUSED __attribute__((unused))
            #elif defined(__GNUC__)
            #define \(guardName)_NO_FMA __attribute__((optimize("fp-contract=off", "no-tree-slp-vectorize")))
            #define \(guardName)_CONTRACT_OFF
            #define \(guardName)_UNUSED __attribute__((unused))
            #else
            #define \(guardName)_NO_FMA
            #define \(guardName)_CONTRACT_OFF
            #define \(guardName)_UNUSED
            #endif


            """
    }

    /// One stage's step: the input into the window, and on every m-th input
    /// (the first included) the output, summed in increasing k.
    static func stageFunction(id: String, guardName: String, real: String) -> String {
        """
        /* One stage: takes x; on every m-th input (the first included) sets *y to
           sum_{k=0}^{n-1} h[k] x[now - k] and returns 1, else returns 0. */
        static inline \(guardName)_NO_FMA int \(id)_stage(\(real) *w, int *p, int *phase, const \(real) *h, int n, int m,
                                                \(real) x, \(real) *y)
        {
            \(guardName)_CONTRACT_OFF
            w[*p] = x;
            w[*p + n] = x;
            /* newest[-k] is the input k samples ago. */
            const \(real) *newest = w + *p + n;
            *p = *p + 1 == n ? 0 : *p + 1;
            const int produces = *phase == 0;
            *phase = *phase + 1 == m ? 0 : *phase + 1;
            if (!produces) return 0;
            \(real) s = 0;
            for (int k = 0; k < n; k++) s += h[k] * newest[-k];
            *y = s;
            return 1;
        }

        """
    }
}
