/// Text in single quotes for an error message, control characters made
/// visible (`\u{a}`), so a message never breaks a line or hides a character;
/// past `quotedForMessageLimit` characters cut, with the text's length.
public func quotedForMessage(_ text: String) -> String {
    var out = "'"
    for scalar in text.unicodeScalars.prefix(quotedForMessageLimit) {
        if scalar.value < 0x20 || scalar.value == 0x7F {
            out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    let count = text.unicodeScalars.count
    return count > quotedForMessageLimit ? out + "...' (\(count) characters)" : out + "'"
}

/// The most characters of a user's text a message repeats: a 10^6-digit
/// field or a whole file read as one line is cut there, with its length.
public let quotedForMessageLimit = 80

/// A number for a message: an integer without a decimal point, otherwise the
/// shortest text that reads back as the same Double; NaN and infinities in words.
public func messageNumber(_ x: Double) -> String {
    if x.isNaN { return "NaN" }
    if x.isInfinite { return x < 0 ? "-infinity" : "infinity" }
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
}

/// A token of someone's input quoted for a message, as `quotedForMessage`,
/// but when it is longer than `limit` characters only its first and last
/// few are shown, with its length: `'12222...22x' (403 characters)`. (A path
/// is quoted whole; a 400-digit number read from a file need not be.)
public func quotedTokenForMessage(_ text: String, limit: Int = 40) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count > limit else { return quotedForMessage(text) }
    let half = max(1, (limit - 3) / 2)
    var shortened = String.UnicodeScalarView(scalars[..<half])
    shortened.append(contentsOf: "...".unicodeScalars)
    shortened.append(contentsOf: scalars[(scalars.count - half)...])
    return quotedForMessage(String(shortened)) + " (\(scalars.count) characters)"
}
