import FilterDesign
import FilterJSON

// MARK: - Messages

extension RecipeFields {
    /// A value for a message: a number as `FilterSetSpec.number`, a string in quotes.
    public static func describe(_ value: JSONValue) -> String {
        if case .number(let x) = value { return messageNumber(x) }
        if case .string(let s) = value { return "'\(s)'" }
        return value.kindDescription
    }

    /// `"a", "b" or "c"`.
    static func list(_ words: [String]) -> String {
        let quoted = words.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// " (did you mean "family"?)" for a near miss: same letters ignoring case,
    /// or one or two edits away.
    static func suggestion(_ word: String, _ candidates: [String]) -> String {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var previous = row[0]
                row[0] = i
                for j in stride(from: 1, through: b.count, by: 1) {
                    let current = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = current
                }
            }
            return a.isEmpty ? b.count : row[b.count]
        }
        let lower = Array(word.lowercased())
        let best = candidates.map { ($0, distance(lower, Array($0.lowercased()))) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 2 else { return "" }
        return " (did you mean \"\(best.0)\"?)"
    }
}
