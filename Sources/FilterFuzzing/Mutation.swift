/// Mutations of a valid input: the ways the fuzzing campaign broke readers
/// (huge and tiny exponents, deep nesting, non-finite numbers, comment
/// terminators, truncation, random bytes), applied at random positions.
public enum Mutation {
    /// Numbers that have broken or might break a reader.
    public static let hostileNumbers = [
        "0e-9223372036854775808", "0e999999999999999999", "1e999999999999999999", "1e308", "-1e308", "1e309",
        "1e-320", "4.9e-324", "1e155", "-1e155", "nan", "NaN", "inf", "-inf", "Infinity", "-0", "0", "-1", "1e-30",
        "99999999999999999999", "9223372036854775807", "-9223372036854775808", "0x10", "1_000", "1e7", "1e18",
        "4194306", "10000001", "25", "0.5", "0.49999999999999994", "1e-9", "", ".", "-", "+1", "1.", ".5", "1e", "1e+",
    ]
    /// Fragments that have broken or might break a parser or an emitter.
    public static let hostileFragments = [
        "*/", "/*", "//", "\"", "\\", "\\(x)", "\"\"\"", "#", "{", "}", "[", "]", "(", ")", ",", ":", ";", "=",
        "\u{0}", "\r", "\r\n", "\t", "\u{202E}", "é", "🎛️", "\u{FEFF}", "null", "true", "[]", "{}", "Double",
        "DigitalFilterTemplate", "FilterProvenance", "Swift", "%s", "%n", "$(rm)", "<script>", "&amp;",
    ]

    /// `text` with 1 to 4 mutations.
    public static func mutate(_ text: String, _ rng: inout SeededGenerator) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            scalars = mutateOnce(scalars, &rng)
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    static func mutateOnce(_ s: [Unicode.Scalar], _ rng: inout SeededGenerator) -> [Unicode.Scalar] {
        var s = s
        let position = s.isEmpty ? 0 : Int.random(in: 0...s.count, using: &rng)
        func insert(_ text: String) { s.insert(contentsOf: text.unicodeScalars, at: min(position, s.count)) }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<35:
            // Replace a number with a hostile one.
            let numbers = numberRanges(s)
            guard let range = numbers.randomElement(using: &rng) else { insert(hostileNumbers.randomElement(using: &rng)!); break }
            s.replaceSubrange(range, with: hostileNumbers.randomElement(using: &rng)!.unicodeScalars)
        case 35..<50:
            insert(hostileFragments.randomElement(using: &rng)!)
        case 50..<62:
            // Delete a range.
            guard !s.isEmpty else { break }
            let length = Int.random(in: 1...min(16, s.count), using: &rng)
            let start = Int.random(in: 0...(s.count - length), using: &rng)
            s.removeSubrange(start..<(start + length))
        case 62..<72:
            // Duplicate a range.
            guard !s.isEmpty else { break }
            let length = Int.random(in: 1...min(64, s.count), using: &rng)
            let start = Int.random(in: 0...(s.count - length), using: &rng)
            s.insert(contentsOf: s[start..<(start + length)], at: min(position, s.count))
        case 72..<80:
            // Truncate.
            s = Array(s.prefix(position))
        case 80..<92:
            // Random printable ASCII.
            let count = Int.random(in: 1...8, using: &rng)
            insert(String((0..<count).map { _ in Character(Unicode.Scalar(UInt8.random(in: 32...126, using: &rng))) }))
        case 92..<97:
            // Deep nesting.
            let open = ["{", "[", "("].randomElement(using: &rng)!
            insert(String(repeating: open, count: [10, 300, 100_000].randomElement(using: &rng)!))
        default:
            // A very long number or name.
            insert(String(repeating: ["9", "a", "0"].randomElement(using: &rng)!, count: Int.random(in: 300...5000, using: &rng)))
        }
        return s
    }

    /// The ranges of number-like tokens (digits, with sign, point and exponent).
    static func numberRanges(_ s: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        while i < s.count {
            if isDigit(s[i]) || (s[i] == "-" && i + 1 < s.count && isDigit(s[i + 1])) {
                let start = i
                i += 1
                while i < s.count && (isDigit(s[i]) || s[i] == "." || s[i] == "e" || s[i] == "E"
                                      || ((s[i] == "-" || s[i] == "+") && (s[i - 1] == "e" || s[i - 1] == "E"))) { i += 1 }
                ranges.append(start..<i)
            } else {
                i += 1
            }
        }
        return ranges
    }
}
