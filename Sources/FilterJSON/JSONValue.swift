/// A JSON document as a tree: read strictly (RFC 8259), so that a spec file can
/// be checked field by field with messages that name the field and its line,
/// and written deterministically (`JSONValue.text`), every number in Swift's
/// shortest round-trip digits.
///
/// Why not Foundation: on Linux its parsers report "Invalid value around
/// character 15" (no line), accept trailing commas, and keep the last of two
/// equal keys without a word: a filter bank whose second `"order"` silently
/// wins is the kind of data loss a spec file must not allow. This reader
/// reports `line L, column C`, rejects duplicate keys and trailing commas, and
/// keeps object members in file order.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number; the reader gives every number as this case.
    case number(Double)
    /// A whole number written without a decimal point (`3`, not `3.0`); only
    /// writers make this case.
    case integer(Int)
    case string(String)
    case array([JSONValue])
    /// Members in file order (keys are unique: the reader rejects repeats).
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// What kind of value this is, for messages ("a string", "an array", ...).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .number, .integer: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Reads `text` as one JSON document.
    ///
    /// - Throws: `JSONSyntaxError` with the line and column of the first problem.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(text)
        reader.skipWhitespace()
        guard reader.peek() != nil else { throw reader.error("the file is empty; expected a JSON object") }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.peek() != nil { throw reader.error("unexpected text after the end of the JSON document") }
        return value
    }
}

/// Where and why a document is not JSON.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    /// 1-based line and column (in Unicode scalars) of the problem.
    public var line: Int, column: Int
    /// What is wrong there.
    public var reason: String
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// Recursive descent over Unicode scalars, tracking line and column.
private struct JSONReader {
    let scalars: [Unicode.Scalar]
    var index = 0, line = 1, column = 1
    static let maximumDepth = 200

    init(_ text: String) {
        var all = Array(text.unicodeScalars)
        if all.first == "\u{FEFF}" { all.removeFirst() }  // a byte-order mark is not content
        scalars = all
    }

    func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func advance() {
        if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    func error(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(line: line, column: column, reason: reason) }

    func found() -> String {
        guard let c = peek() else { return "the end of the file" }
        if c == "\n" { return "the end of the line" }
        return "'\(Character(c))'"
    }

    mutating func skipWhitespace() {
        while let c = peek(), c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
    }

    mutating func expect(_ word: String, value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        for s in word.unicodeScalars {
            guard peek() == s else { throw error("expected '\(word)', found \(found())") }
            advance()
        }
        return value
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        guard let c = peek() else { throw error("expected a value, found the end of the file") }
        switch c {
        case "{": return try object(depth: depth)
        case "[": return try array(depth: depth)
        case "\"": return .string(try string())
        case "t": return try expect("true", value: .bool(true))
        case "f": return try expect("false", value: .bool(false))
        case "n": return try expect("null", value: .null)
        case "-", "0"..."9": return .number(try number())
        default:
            throw error("expected a value (an object, array, string, number, true, false or null), found \(found())")
        }
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        advance()  // {
        var members: [(key: String, value: JSONValue)] = []
        var lines: [String: Int] = [:]
        skipWhitespace()
        if peek() == "}" { advance(); return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == "\"" else {
                throw error(members.isEmpty ? "expected a key in double quotes, found \(found())"
                            : "expected a key in double quotes after ',', found \(found()) (JSON allows no trailing comma)")
            }
            let keyLine = line, keyColumn = column
            let key = try string()
            if let first = lines[key] {
                (line, column) = (keyLine, keyColumn)
                throw error("key \"\(key)\" appears twice in one object (first on line \(first)); keep one")
            }
            lines[key] = keyLine
            skipWhitespace()
            guard peek() == ":" else { throw error("expected ':' after the key \"\(key)\", found \(found())") }
            advance()
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            if peek() == "," { advance(); continue }
            if peek() == "}" { advance(); return .object(members) }
            throw error("expected ',' or '}' in an object, found \(found())")
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == "]" { advance(); return .array(elements) }
        while true {
            skipWhitespace()
            if peek() == "]" { throw error("expected a value after ',', found ']' (JSON allows no trailing comma)") }
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if peek() == "," { advance(); continue }
            if peek() == "]" { advance(); return .array(elements) }
            throw error("expected ',' or ']' in an array, found \(found())")
        }
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        advance()  // "
        var result = String.UnicodeScalarView()
        while true {
            guard let c = peek() else { throw error("unterminated string") }
            if c == "\"" { advance(); return String(result) }
            if c.value < 0x20 { throw error("a control character (U+\(hex(c.value))) inside a string; write it as an escape such as \\n") }
            if c != "\\" { result.append(c); advance(); continue }
            advance()
            guard let e = peek() else { throw error("unterminated string") }
            advance()
            switch e {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "/": result.append("/")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                var code = try hexQuad()
                if (0xD800..<0xDC00).contains(code) {
                    guard peek() == "\\" else { throw error("a lone high surrogate \\u\(hex(code)) in a string") }
                    advance()
                    guard peek() == "u" else { throw error("a lone high surrogate \\u\(hex(code)) in a string") }
                    advance()
                    let low = try hexQuad()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("\\u\(hex(code)) must be followed by a low surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(code) {
                    throw error("a lone low surrogate \\u\(hex(code)) in a string")
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("\\u\(hex(code)) is not a character") }
                result.append(scalar)
            default:
                throw error("'\\\(Character(e))' is not a JSON escape; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
            }
        }
    }

    mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let c = peek(), let digit = Character(c).hexDigitValue else { throw error("\\u needs four hexadecimal digits") }
            code = code * 16 + UInt32(digit)
            advance()
        }
        return code
    }

    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// RFC 8259 number grammar, then `Double(String)` (correctly rounded).
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index, startColumn = column
        func digits() -> Int {
            var n = 0
            while let c = peek(), ("0"..."9").contains(c) { advance(); n += 1 }
            return n
        }
        if peek() == "-" { advance() }
        guard let first = peek(), ("0"..."9").contains(first) else { throw error("expected a digit, found \(found())") }
        if first == "0" {
            advance()
            if let c = peek(), ("0"..."9").contains(c) { throw error("a number cannot have a leading zero") }
        } else {
            _ = digits()
        }
        if peek() == "." {
            advance()
            guard digits() > 0 else { throw error("expected a digit after the decimal point, found \(found())") }
        }
        if peek() == "e" || peek() == "E" {
            advance()
            if peek() == "+" || peek() == "-" { advance() }
            guard digits() > 0 else { throw error("expected a digit in the exponent, found \(found())") }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(line: line, column: startColumn, reason: "the number \(text) is too large for a double")
        }
        return value
    }
}
