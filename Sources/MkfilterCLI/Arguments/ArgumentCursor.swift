/// Walks a subcommand's words in order: each option, then the value after it,
/// read strictly by `ArgumentValues` (so every subcommand reports a missing or
/// bad value the same way).
struct ArgumentCursor {
    let words: [String]
    var index = 0

    /// A cursor before the first of `words`.
    init(_ words: [String]) { self.words = words }

    /// `arguments` read word by word into `request` (its starting value):
    /// `read` gets each word, the cursor after it (to take the word's
    /// values) and the request so far.
    static func reading<Request>(
        _ arguments: [String], into request: Request,
        _ read: (String, inout ArgumentCursor, inout Request) throws(UsageError) -> Void
    ) throws(UsageError) -> Request {
        var cursor = ArgumentCursor(arguments), request = request
        while let word = cursor.next() { try read(word, &cursor, &request) }
        return request
    }

    /// The next word, or nil after the last.
    mutating func next() -> String? {
        guard index < words.count else { return nil }
        defer { index += 1 }
        return words[index]
    }

    /// The word after `option`.
    mutating func value(for option: String) throws(UsageError) -> String {
        guard let word = next() else { throw UsageError("\(option) needs a value", showsUsage: true) }
        return word
    }

    /// A finite number after `option`.
    mutating func number(for option: String, meaning: String) throws(UsageError) -> Double {
        try ArgumentValues.number(try value(for: option), for: option, meaning: meaning)
    }

    /// A number above 0 after `option` (a sample rate, a cutoff).
    mutating func positive(for option: String, meaning: String) throws(UsageError) -> Double {
        let x = try number(for: option, meaning: meaning)
        guard x > 0 else { throw UsageError("\(option) \(x) is not allowed; it must be above 0 (\(meaning))") }
        return x
    }

    /// A whole number in `allowed` (the option's documented range) after `option`.
    mutating func integer(for option: String, meaning: String, in allowed: ClosedRange<Int>) throws(UsageError) -> Int {
        let text = try value(for: option)
        // Beyond Int: "out of range", with the range.
        let n = try ArgumentValues.integer(text, for: option, meaning: meaning, in: Int(text) == nil ? allowed : Int.min...Int.max)
        guard allowed.contains(n) else {
            throw UsageError("\(option) \(n) is not allowed; it must be in \(allowed.lowerBound) ... \(allowed.upperBound) (\(meaning))")
        }
        return n
    }
}
