/// Text in single quotes for an error message, control characters made
/// visible (`\u{a}`), so a message never breaks a line or hides a character.
public func quotedForMessage(_ text: String) -> String {
    var out = "'"
    for scalar in text.unicodeScalars {
        if scalar.value < 0x20 || scalar.value == 0x7F {
            out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out + "'"
}

/// A number for a message: an integer without a decimal point, otherwise the
/// shortest text that reads back as the same Double; NaN and infinities in words.
public func messageNumber(_ x: Double) -> String {
    if x.isNaN { return "NaN" }
    if x.isInfinite { return x < 0 ? "-infinity" : "infinity" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}
