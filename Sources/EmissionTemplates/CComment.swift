/// Making text safe inside a C `/* ... */` comment, for the C emitters and
/// gencode.
public enum CComment {
    /// `text` for a one-line `/* */` comment: control characters become
    /// spaces, and a space goes between every `*` and `/` that meet, so the
    /// text can neither end the comment (`*/` becomes `* /`) nor open one
    /// within it (`/*` becomes `/ *`, which `-Wcomment` would reject), and
    /// between `??` and `/` (the trigraph for a backslash, which at the end of
    /// a line `-Wtrigraphs` rejects). Text without these or control
    /// characters is returned unchanged.
    public static func text(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar? = nil, beforePrevious: Unicode.Scalar? = nil
        for scalar in text.unicodeScalars {
            let c: Unicode.Scalar = scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar
            if (previous == "*" && c == "/") || (previous == "/" && c == "*")
                || (beforePrevious == "?" && previous == "?" && c == "/") {
                out.append(" ")
                beforePrevious = " "
            } else {
                beforePrevious = previous
            }
            out.append(c)
            previous = c
        }
        return String(out)
    }
}
