import EmissionTemplates
import FilterDesign
import FilterRuntime

/// A C header that compiles as it is (`cc -Wall -Wextra -Werror`, gcc or
/// clang, `-std=c99` or GNU C11): a state struct, an init and a step function
/// per filter, in `float` or `double`, every coefficient printed so that it
/// reads back exactly (17 significant digits for double, 9 for float).
///
/// The step functions round every product before adding it, as Swift does:
/// they turn off the contraction of a*b + c into fused multiply-adds that GCC
/// applies by default in its GNU dialects wherever the target has FMA (x86
/// with `-march=native`, a Cortex-M4F), with
/// `__attribute__((optimize("fp-contract=off", "no-tree-slp-vectorize")))`
/// under GCC (which ignores `#pragma STDC FP_CONTRACT`, and whose 12.2
/// basic-block vectorizer fuses a TDF-II section's products into x86's
/// `vfmsubadd` even under `-ffp-contract=off` when the step is not inlined)
/// and that pragma inside the function under clang. Without it the sections' outputs differ from `SectionCascade` by an
/// ulp or two from the second sample on (`scripts/target-check.sh`,
/// `CEmissionTests`).
///
/// A template with sections is written as them, in the form `FilterRuntime`
/// runs for that precision (`SectionCascade`): transposed direct form II in
/// double; in float direct form I with the feedback about the nearest
/// integers and error feedback, which keep the poles and the arithmetic
/// accurate near z = +-1. Without sections,
/// the direct-form recurrence with 1/G folded into the feed-forward coefficients.
public enum CEmitter {
    /// The C scalar type.
    public enum Precision: String, Sendable { case float, double }

    /// The header text for `templates`, with identifiers prefixed by `prefix`.
    ///
    /// - Throws: `EmissionError` for a prefix or a filter name with no letters
    ///   or digits, two names that give the same identifier, or a number that
    ///   is not finite.
    public static func header(_ templates: [DigitalFilterTemplate], prefix: String, precision: Precision,
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        let base = try prefixIdentifier(prefix)
        var seen: [String: String] = [:]
        var filters: [[String: Any]] = []
        var ids: [String] = []
        for t in templates {
            let id = try identifier(t.name, prefix: prefix)
            ids.append(id)
            if let other = seen[id] { throw EmissionError("filters \(SwiftSource.stringLiteral(other)) and \(SwiftSource.stringLiteral(t.name)) both become the C identifier \(id)") }
            seen[id] = t.name
            guard ([t.gain] + t.xCoefficients + t.yCoefficients + t.sections.flatMap(\.coefficients)).allSatisfy(\.isFinite) else {
                throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)) has a number that is not finite")
            }
            var view = commentView(t, id: id)
            let code = t.sections.isEmpty ? directForm(t, precision) : precision == .float ? try offsetSections(t.sections, renderer: renderer) : transposedSections(t.sections)
            view["form"] = code.form
            view["stateFields"] = code.state
            view["init"] = code.initialisation
            view["step"] = code.step
            filters.append(view)
        }
        let guardName = includeGuard(ids, base: base, suffix: "_H")
        return try renderer.render("c/filters.h.mustache", [
            "guard": guardName, "real": precision.rawValue, "filters": filters,
        ])
    }

    /// The C of one filter: how it runs, its state fields, its init body, its step body.
    struct Code { var form: String, state: String, initialisation: String, step: String }

    /// A literal that reads back as `x` in `precision`.
    static func literal(_ x: Double, _ precision: Precision) -> String {
        let text = precision == .float ? formatC("%.9g", Double(Float(x))) : formatC("%.17g", x)
        return text + (text.contains(where: { ".en".contains($0) }) ? "" : ".0") + (precision == .float ? "f" : "")
    }

    /// Fisher's recurrence, b_i = x_i / G folded in at generation time, in double.
    static func directForm(_ t: DigitalFilterTemplate, _ precision: Precision) -> Code {
        let real = precision.rawValue
        let nb = t.xCoefficients.count, na = t.isFIR ? 0 : t.yCoefficients.count
        let b = t.xCoefficients.map { $0 / t.gain }
        var step = "    \(real) y = 0;\n"
        step += "    for (int i = 0; i < \(nb - 1); i++) f->x[i] = f->x[i + 1];\n"
        step += "    f->x[\(nb - 1)] = input;\n"
        for (i, bi) in b.enumerated() where bi != 0 { step += "    y += \(literal(bi, precision)) * f->x[\(i)];\n" }
        if na > 0 {
            for (i, ai) in t.yCoefficients.enumerated() where ai != 0 { step += "    y += \(literal(ai, precision)) * f->y[\(i)];\n" }
            step += "    for (int i = 0; i < \(na - 1); i++) f->y[i] = f->y[i + 1];\n"
            step += "    f->y[\(na - 1)] = y;\n"
        }
        step += "    return y;\n"
        let outputs = max(na, 1)
        return Code(form: "Direct form: y[n] = sum b_i x[n-i] + sum y_i y[n-i], input divided by G.",
                    state: "\(real) x[\(nb)]; \(real) y[\(outputs)];",
                    initialisation: "    for (int i = 0; i < \(nb); i++) f->x[i] = 0;\n    for (int i = 0; i < \(outputs); i++) f->y[i] = 0;\n",
                    step: step)
    }

    /// Sections in transposed direct form II (double).
    static func transposedSections(_ sections: [Biquad]) -> Code {
        let n = sections.count
        var step = "    double v = input, y;\n"
        for (k, s) in sections.enumerated() {
            let (b0, b1, b2, a1, a2) = (literal(s.b0, .double), literal(s.b1, .double), literal(s.b2, .double),
                                        literal(s.a1, .double), literal(s.a2, .double))
            step += "    y = \(b0) * v + f->s[\(2 * k)];\n"
            step += "    f->s[\(2 * k)] = (\(b1) * v + f->s[\(2 * k + 1)]) - \(a1) * y;\n"
            step += "    f->s[\(2 * k + 1)] = \(b2) * v - \(a2) * y;\n"
            step += "    v = y;\n"
        }
        step += "    return v;\n"
        return Code(form: "\(n) second-order section\(n == 1 ? "" : "s") in transposed direct form II: y = b0 x + s1; s1 = (b1 x + s2) - a1 y; s2 = b2 x - a2 y.",
                    state: "double s[\(2 * n)];",
                    initialisation: "    for (int i = 0; i < \(2 * n); i++) f->s[i] = 0;\n",
                    step: step)
    }

    /// Sections in direct form I with the feedback about the nearest integers
    /// and error feedback (float), as `OffsetDirectFormI<Float>`
    /// runs them (`SectionCascade<OffsetForm<Float>>`), each section
    /// from the template `c/offset-section.c.mustache`: w holds, per node (the
    /// input, then each section's output), its last two values and their
    /// rounding errors.
    static func offsetSections(_ sections: [Biquad], renderer: TemplateRenderer) throws(EmissionError) -> Code {
        let n = sections.count
        var step = "    float *w = f->w;\n    float v = input, y, small, large, back, r, p1, p2, e, wx, wy, fw, fd, sum, g, part, rem, low, q1, q2, c, ec, x0;\n"
        let factored = OffsetBiquad.factoringOutputGain(sections)
        let names = ["b0", "k1", "k2", "d1", "u", "tn", "c1", "s", "t", "m1", "m2", "d1Low", "uLow", "c1Low", "sLow"]
        for (k, section) in factored.sections.enumerated() {
            // The numbers SectionCascade<OffsetForm<Float>> stores, in OffsetDirectFormI's order.
            var view: [String: Any] = [:]
            for (name, x) in zip(names, OffsetBiquad(section).numbers(as: Float.self)) { view[name] = literal(x, .float) }
            let i = 4 * k, o = 4 * (k + 1)
            for (name, index) in [("i", i), ("i1", i + 1), ("o", o), ("o1", o + 1), ("o2", o + 2), ("o3", o + 3)] { view[name] = index }
            step += try renderer.render("c/offset-section.c.mustache", view)
        }
        step += "    w[\(4 * n + 1)] = w[\(4 * n)]; w[\(4 * n)] = v;\n"
        step += "    return v * \(literal(Double(Float(factored.outputGain)), .float));\n"
        return Code(form: "\(n) second-order section\(n == 1 ? "" : "s") in direct form I, the coefficients about the nearest integers, "
                        + "with error feedback (mkfilter's FilterRuntime form, see OffsetBiquad): "
                        + "fw = b0 (x + k1 x1 + k2 x2), ec the rounding errors of its two sums; fd = (d1 + d1') (x1 - tn x2) + (u + u') x2 + b0 ec; large = (m1 y1 + m2 y2) + fw; "
                        + "small = fd - (s + s') y2 - (c1 + c1') (y1 - t y2) + m2 r2 + m1 r1 + e + g, "
                        + "the primed numbers the low parts of the remainders, e and g the rounding errors of the two sums in large; "
                        + "y = large + small; r = its rounding error. Each b0 is a power of two; the significands taken out of them "
                        + "multiply the last output. Compile without -ffast-math, which would remove r and e.",
                    state: "float w[\(4 * (n + 1))];",
                    initialisation: "    for (int i = 0; i < \(4 * (n + 1)); i++) f->w[i] = 0;\n",
                    step: step)
    }

    /// The identifier filter `name` gets under `prefix`, `<prefix>_<name>`,
    /// which its state type, init and step function extend (`_state`, `_init`,
    /// `_step`). Both parts are made as Swift identifiers are, from the same
    /// words (`SwiftSource.identifier`): ASCII letters and digits kept, any
    /// other ASCII a word break, non-ASCII characters `U` and their hex code;
    /// here the words are joined by single underscores and keep their case
    /// (`"low pass 5 Hz"` -> `mkfilter_low_pass_5_Hz`). So an identifier never
    /// starts with an underscore or holds two in a row, and those made from
    /// it end in `_state`, `_init`, `_step` (never POSIX's `_t`): none of C's
    /// or POSIX's reserved forms.
    ///
    /// - Throws: `EmissionError` when the name or the prefix has no letters or digits.
    public static func identifier(_ name: String, prefix: String) throws(EmissionError) -> String {
        let base = try prefixIdentifier(prefix)
        guard !name.isEmpty else { throw EmissionError("a filter has an empty name; every filter needs one (it becomes its C identifier)") }
        let stem = cIdentifier(name)
        guard !stem.isEmpty else {
            throw EmissionError("filter \(SwiftSource.stringLiteral(name)) has no letters or digits to make a C identifier from")
        }
        return base + "_" + stem
    }

    /// The include guard of a header holding the filters `ids` (their C
    /// identifiers, prefix included): the identifiers upper-cased and joined,
    /// then `suffix`, so that two headers of different filters can share a
    /// translation unit. Past 64 characters, the first identifier and a
    /// 64-bit FNV-1a hash of all of them in hexadecimal (C guarantees 63
    /// significant characters of a macro name). `base` alone when there
    /// is no filter.
    static func includeGuard(_ ids: [String], base: String, suffix: String) -> String {
        let joined = (ids.isEmpty ? [base] : ids).joined(separator: "_").uppercased()
        guard joined.count + suffix.count > 64, let first = ids.first else { return joined + suffix }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in joined.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16, uppercase: true)
        let head = String(first.uppercased().prefix(max(1, 64 - suffix.count - hex.count - 1)))
        return head + "_" + hex + suffix
    }

    /// `prefix` as the start of C identifiers.
    static func prefixIdentifier(_ prefix: String) throws(EmissionError) -> String {
        let base = cIdentifier(prefix)
        guard !base.isEmpty else { throw EmissionError("C prefix \(SwiftSource.stringLiteral(prefix)) has no letters or digits") }
        return base
    }

    /// A C identifier from `name`: its words (`SwiftSource.identifierWords`)
    /// joined by `_`, `f` before a leading digit; empty when it has none.
    static func cIdentifier(_ name: String) -> String {
        let out = SwiftSource.identifierWords(name).joined(separator: "_")
        if let first = out.first, first.isNumber { return "f" + out }
        return out
    }
}
