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
/// A filter realized as sections is written as them, in the form `FilterRuntime`
/// runs for that precision (`SectionCascade`): transposed direct form II in
/// double; in float direct form I with the feedback about the nearest
/// integers and error feedback, which keep the poles and the arithmetic
/// accurate near z = +-1. Without sections,
/// the direct-form recurrence with 1/G folded into the feed-forward coefficients.
public enum CEmitter {
    /// The C scalar type.
    public enum Precision: String, Sendable { case float, double }

    /// The header text for `filters`, with identifiers prefixed by `prefix`:
    /// their sections or recurrences (`c/filters.h.mustache`), or when they
    /// are FIR filters their taps (`FIREmitter.c`, `c/fir.h.mustache`).
    ///
    /// - Throws: `EmissionError` for a prefix or a filter name with no letters
    ///   or digits, two names that give the same identifier, a number that
    ///   is not finite, IIR and FIR filters in one header, or a fixed-point
    ///   structure (`CMSISFixedPointEmitter` writes those).
    public static func header(_ filters: [EmittedFilter], prefix: String, precision: Precision,
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        if let fir = try filters.firTemplates(for: "C") { return try FIREmitter.c(fir, prefix: prefix, precision: precision, renderer: renderer) }
        let base = try prefixIdentifier(prefix)
        var seen: [String: String] = [:]
        var views: [[String: Any]] = []
        var ids: [String] = []
        for t in filters {
            let id = try identifier(t.name, prefix: prefix)
            ids.append(id)
            if let other = seen[id] { throw EmissionError("filters \(SwiftSource.stringLiteral(other)) and \(SwiftSource.stringLiteral(t.name)) both become the C identifier \(id)") }
            seen[id] = t.name
            guard t.numbers.allSatisfy(\.isFinite) else { throw EmissionError("\(t.quotedName) has a number that is not finite") }
            var view = commentView(t, id: id)
            switch t.structure {
            case let .recurrence(gain, x, y):
                view["direct"] = directForm(gain: gain, x: x, y: y, precision)
            case .sections(let sections):
                if precision == .float { view["offset"] = offsetSections(sections) } else { view["transposed"] = transposedSections(sections) }
            default:
                throw EmissionError("\(t.quotedName) is \(t.structureName); --emit c writes sections, a recurrence or FIR taps (--emit cmsis-q15 and cmsis-q31 write fixed point)")
            }
            views.append(view)
        }
        let guardName = includeGuard(ids, base: base, suffix: "_H")
        return try renderer.render("c/filters.h.mustache", [
            "guard": guardName, "real": precision.rawValue, "filters": views,
        ])
    }

    /// A literal that reads back as `x` in `precision`.
    static func literal(_ x: Double, _ precision: Precision) -> String {
        let text = precision == .float ? formatC("%.9g", Double(Float(x))) : formatC("%.17g", x)
        return text + (text.contains(where: { ".en".contains($0) }) ? "" : ".0") + (precision == .float ? "f" : "")
    }

    // The views below hold numbers only; `Templates/c/filters.h.mustache`
    // holds all of the C (the state, the init and the step of each form), so
    // `--template` reaches every line.

    /// Fisher's recurrence, b_i = x_i / G folded in at generation time: the
    /// view of the template's `direct` section (the non-zero b_i and y_i with
    /// their indices, the history lengths).
    static func directForm(gain: Double, x: [Double], y: [Double], _ precision: Precision) -> [String: Any] {
        let nb = x.count, na = y.allSatisfy({ $0 == 0 }) ? 0 : y.count
        let b = x.map { $0 / gain }
        let term = { (i: Int, c: Double) -> [String: Any] in ["value": literal(c, precision), "index": i] }
        var view: [String: Any] = [
            "inputs": nb, "lastInput": nb - 1, "outputs": max(na, 1),
            "feedForward": b.enumerated().filter { $0.element != 0 }.map { term($0.offset, $0.element) },
        ]
        if na > 0 {
            view["recursive"] = [
                "feedback": y.enumerated().filter { $0.element != 0 }.map { term($0.offset, $0.element) },
                "lastOutput": na - 1,
            ] as [String: Any]
        }
        return view
    }

    /// Sections in transposed direct form II (double): the view of the
    /// template's `transposed` section (each section's coefficients and the
    /// indices of its two states).
    static func transposedSections(_ sections: [Biquad]) -> [String: Any] {
        let n = sections.count
        let views = sections.enumerated().map { k, s -> [String: Any] in
            ["b0": literal(s.b0, .double), "b1": literal(s.b1, .double), "b2": literal(s.b2, .double),
             "a1": literal(s.a1, .double), "a2": literal(s.a2, .double), "s1": 2 * k, "s2": 2 * k + 1]
        }
        return ["count": n, "plural": n == 1 ? "" : "s", "states": 2 * n, "sections": views]
    }

    /// Sections in direct form I with the feedback about the nearest integers
    /// and error feedback (float), as `OffsetDirectFormI<Float>` runs them
    /// (`SectionCascade<OffsetForm<Float>>`): the view of the template's
    /// `offset` section. w holds, per node (the input, then each section's
    /// output), its last two values and their rounding errors.
    static func offsetSections(_ sections: [Biquad]) -> [String: Any] {
        let n = sections.count
        let factored = OffsetBiquad.factoringOutputGain(sections)
        let names = ["b0", "k1", "k2", "d1", "u", "tn", "c1", "s", "t", "m1", "m2", "d1Low", "uLow", "c1Low", "sLow"]
        let views = factored.sections.enumerated().map { k, section -> [String: Any] in
            // The numbers SectionCascade<OffsetForm<Float>> stores, in OffsetDirectFormI's order.
            var view: [String: Any] = [:]
            for (name, x) in zip(names, OffsetBiquad(section).numbers(as: Float.self)) { view[name] = literal(x, .float) }
            let i = 4 * k, o = 4 * (k + 1)
            for (name, index) in [("i", i), ("i1", i + 1), ("o", o), ("o1", o + 1), ("o2", o + 2), ("o3", o + 3)] { view[name] = index }
            return view
        }
        return ["count": n, "plural": n == 1 ? "" : "s", "nodes": 4 * (n + 1), "sections": views,
                "lastNode": 4 * n, "lastNode1": 4 * n + 1, "outputGain": literal(Double(Float(factored.outputGain)), .float)]
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
