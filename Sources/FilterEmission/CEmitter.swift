import EmissionTemplates
import FilterDesign
import FilterRuntime

/// A C header that compiles as it is (`cc -Wall -Werror`): a state struct, an
/// init and a step function per filter, in `float` or `double`, the
/// coefficients printed with 17 significant digits (exact for double).
public enum CEmitter {
    /// The C scalar type.
    public enum Precision: String, Sendable { case float, double }

    /// The header text for `templates`, with identifiers prefixed by `prefix`.
    public static func header(_ templates: [DigitalFilterTemplate], prefix: String, precision: Precision,
                              renderer: TemplateRenderer = .embedded) throws(EmissionError) -> String {
        let base = cIdentifier(prefix)
        guard !base.isEmpty else { throw EmissionError("C prefix \(SwiftSource.stringLiteral(prefix)) has no letters or digits") }
        var seen: [String: String] = [:]
        var filters: [[String: Any]] = []
        let suffix = precision == .float ? "f" : ""
        func literal(_ x: Double) -> String { formatC("%.17g", x) + (formatC("%.17g", x).contains(where: { ".en".contains($0) }) ? "" : ".0") + suffix }
        for t in templates {
            guard !t.name.isEmpty else { throw EmissionError("a filter has an empty name") }
            let id = base + "_" + cIdentifier(t.name)
            if let other = seen[id] { throw EmissionError("filters \(SwiftSource.stringLiteral(other)) and \(SwiftSource.stringLiteral(t.name)) both become the C identifier \(id)") }
            seen[id] = t.name
            guard ([t.gain] + t.xCoefficients + t.yCoefficients).allSatisfy(\.isFinite) else {
                throw EmissionError("filter \(SwiftSource.stringLiteral(t.name)) has a number that is not finite")
            }
            let nb = t.xCoefficients.count, na = t.isFIR ? 0 : t.yCoefficients.count
            // b_i = x_i / G folded in at generation time, in double.
            let b = t.xCoefficients.map { $0 / t.gain }
            var step = "    \(precision.rawValue) y = 0;\n"
            step += "    for (int i = 0; i < \(nb - 1); i++) f->x[i] = f->x[i + 1];\n"
            step += "    f->x[\(nb - 1)] = input;\n"
            for (i, bi) in b.enumerated() where bi != 0 { step += "    y += \(literal(bi)) * f->x[\(i)];\n" }
            if na > 0 {
                for (i, ai) in t.yCoefficients.enumerated() where ai != 0 { step += "    y += \(literal(ai)) * f->y[\(i)];\n" }
                step += "    for (int i = 0; i < \(na - 1); i++) f->y[i] = f->y[i + 1];\n"
                step += "    f->y[\(na - 1)] = y;\n"
            }
            filters.append([
                "id": id,
                "comment": t.name.replacingOccurrencesOfCommentEnd(),
                "description": t.description.replacingOccurrencesOfCommentEnd(),
                "commandLine": t.provenance.mkfilterCommandLine.replacingOccurrencesOfCommentEnd(),
                "inputCount": "\(nb)",
                "outputCount": "\(max(na, 1))",
                "step": step,
            ])
        }
        let guardName = base.uppercased() + "_H"
        return try renderer.render("c/filters.h.mustache", [
            "guard": guardName, "real": precision.rawValue, "filters": filters,
        ])
    }

    /// A C identifier from `name`: ASCII letters, digits and `_`; others become `_`.
    static func cIdentifier(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII, let c = Character(scalar).asciiValue,
               (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) {
                out.unicodeScalars.append(scalar)
            } else if !out.hasSuffix("_") {
                out += "_"
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        while out.hasPrefix("_") { out.removeFirst() }
        if let first = out.first, first.isNumber { out = "f" + out }
        return out
    }
}

extension String {
    /// Text safe inside a C `/* */` comment on one line.
    func replacingOccurrencesOfCommentEnd() -> String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F { out += " " } else { out.unicodeScalars.append(scalar) }
        }
        while let range = out.range(of: "*/") { out.replaceSubrange(range, with: "* /") }
        return out
    }
}
