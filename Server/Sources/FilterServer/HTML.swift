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
