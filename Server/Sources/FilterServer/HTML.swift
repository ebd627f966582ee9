import FilterRequests
/// Escaping reflected text for HTML.
public enum HTML {
    /// `text` safe in element content and in a quoted attribute value:
    /// `&`, `<`, `>`, `"` and `'` as character references.
    public static func escaped(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The values of a URL query as a form shows them again: tolerant (a bad
/// escape stays as written, the last of a repeated field wins), for filling in
/// the form, never for designing (`RecipeQuery` reads strictly).
enum FormValues {
    /// Field name to value, `+` as a space and `%XX` decoded.
    static func parse(_ query: String) -> [String: String] {
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = decoded(parts[0])
            values[key] = parts.count > 1 ? decoded(parts[1]) : ""
        }
        return values
    }

    static func decoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        let raw = Array(text.utf8)
        var k = 0
        while k < raw.count {
            let byte = raw[k]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), k + 2 < raw.count, let high = hex(raw[k + 1]), let low = hex(raw[k + 2]) {
                bytes.append(high << 4 | low)
                k += 2
            } else {
                bytes.append(byte)
            }
            k += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A GET form's inputs and menus, filled with the query's values (escaped)
/// and the field at fault marked: the design page's and the FIR page's.
struct FormControls {
    /// The values to show again, by field name.
    let values: [String: String]
    /// The error whose field is marked invalid, if any.
    let error: ApplicationError?

    /// A text input; `methods` (the FIR page) lists the methods it belongs to.
    func input(_ name: String, _ label: String, _ hint: String, size: Int = 10, methods: String? = nil, id: String? = nil) -> String {
        let invalid = error?.field == name
        return "<label class=\"field\(invalid ? " invalid" : "")\"><span>\(label)</span>"
            + "<input name=\"\(name)\" id=\"\(id ?? "field-\(name)")\" size=\"\(size)\" value=\"\(HTML.escaped(values[name] ?? ""))\""
            + (methods.map { " data-methods=\"\($0)\"" } ?? "")
            + (invalid ? " aria-invalid=\"true\" aria-describedby=\"error\"" : "") + ">"
            + "<small>\(hint)</small></label>\n"
    }

    /// A menu of `options` (and `empty` first, when given); a value the menu
    /// does not offer is shown as given (the error names it). A menu submits
    /// the form when changed (with JavaScript) unless `submits` is false.
    func select(_ name: String, _ label: String, _ options: [String], empty: String?, methods: String? = nil,
                submits: Bool = true) -> String {
        let invalid = error?.field == name
        let current = values[name] ?? ""
        var html = "<label class=\"field\(invalid ? " invalid" : "")\"><span>\(label)</span><select name=\"\(name)\" id=\"field-\(name)\""
            + (methods.map { " data-methods=\"\($0)\"" } ?? "") + (submits ? "" : " data-no-submit")
            + (invalid ? " aria-invalid=\"true\" aria-describedby=\"error\"" : "") + ">"
        if let empty { html += "<option value=\"\"\(current.isEmpty ? " selected" : "")>\(empty)</option>" }
        for option in (options.contains(current) || current.isEmpty ? options : options + [current]) {
            html += "<option value=\"\(HTML.escaped(option))\"\(option == current ? " selected" : "")>\(HTML.escaped(option))</option>"
        }
        return html + "</select></label>\n"
    }
}
