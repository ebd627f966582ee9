import FilterRuntime
import FilterDesign

/// A number as it was printed in a source file, with the precision the
/// printing implies: half a unit in its last printed digit.
public struct PrintedNumber: Sendable, Hashable {
    /// The text, sign included (`-0.4775922501`, `2.020612010e+01`, `2`).
    public let text: String
    /// Its value.
    public let value: Double

    /// Half a unit in the last printed digit: `0.5e-10` for `-0.4775922501`,
    /// `0.5e-8` for `2.020612010e+01`, `0.5` for `2`.
    public var halfUnit: Double {
        var mantissa = Substring(text), exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            // Any exponent beyond +-400 takes a double past its range; clamp
            // before the arithmetic, so `0e-9223372036854775808` cannot
            // overflow and `0e999999999999999999` cannot loop.
            let digits = text[text.index(after: e)...].replacingPlus()
            let negative = digits.first == "-"
            exponent = Int(digits).map { min(max($0, -400), 400) } ?? (negative ? -400 : 400)
        }
        let decimals = min(mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0, 400)
        return 0.5 * pow10(exponent - decimals)
    }

    /// 10^n for |n| <= 800, by at most 800 multiplications (0 or inf beyond
    /// a double's range, which is what such a digit is worth).
    private func pow10(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<min(abs(n), 800) { result *= 10 }
        return n >= 0 ? result : 1 / result
    }
}

private extension Substring {
    func replacingPlus() -> Substring { first == "+" ? dropFirst() : self }
}

/// One `DigitalFilterTemplate` definition read from source.
public struct TemplateDefinition: Sendable {
    /// Which kind of source it came from.
    public enum Form: String, Sendable { case swift, c }
    /// The variable it defines.
    public var identifier: String
    /// The file and 1-based line of its definition.
    public var file: String, line: Int
    /// Swift (our generated files) or C (Shake's initializers).
    public var form: Form
    /// The values (counts follow the coefficient lists).
    public var template: DigitalFilterTemplate
    /// The gain and coefficients as printed.
    public var printedGain: PrintedNumber
    /// The x coefficients as printed.
    public var printedX: [PrintedNumber]
    /// The y coefficients as printed.
    public var printedY: [PrintedNumber]
    /// The counts a C initializer declares (zeros, x coefficients, poles, y
    /// coefficients); nil in Swift, where they are computed.
    public var declaredCounts: (zeros: Int, xCount: Int, poles: Int, yCount: Int)?
    /// True when the provenance was written out (our Swift files).
    public var hasProvenance: Bool
    /// The enum (Swift) whose body holds the definition, when there is one.
    public var namespace: String? = nil
}

/// A FIR filter a generated Swift file declares (`FilterRuntime.FIRTemplate(`),
/// which `TemplateSourceReader.read(_:file:)` does not read.
public struct FIRTemplateDeclaration: Sendable, Equatable {
    /// Its `name:` argument.
    public var name: String
    /// Its `mkfilterCommandLine:` argument (empty when it has none).
    public var commandLine: String
    /// Its `taps:` array, each number as written (nil when one does not read
    /// as a Double).
    public var taps: [Double]?
    /// The line of `FIRTemplate(`.
    public var line: Int
}

/// A source file that does not read as template definitions.
public struct TemplateSourceError: Error, CustomStringConvertible, Sendable {
    /// The file as it was named.
    public let file: String
    /// The line at fault, or nil for the file as a whole.
    public let line: Int?
    /// What is wrong.
    public let message: String
    /// True when the file reads but defines no `DigitalFilterTemplate` (a
    /// file of FIR filters only, say).
    public var definesNoTemplates = false

    /// A problem at `line` of `file` (nil: the whole file).
    public init(file: String, line: Int?, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: what is wrong`, or `file: what is wrong`.
    public var description: String { file + (line.map { ":\($0)" } ?? "") + ": " + message }
}

/// Reads `DigitalFilterTemplate` definitions from generated Swift
/// (`static let name = FilterRuntime.DigitalFilterTemplate(tag: ..., provenance: FilterRuntime.FilterProvenance(...))`,
/// the module name optional)
/// and from Shake's C initializers
/// (`const static DigitalFilterTemplate name = { tag, "title", "description",
/// kFilterClassLowPass, fs, f1, f2, f3, order, gain, nZeros, nX, { x... }, nPoles,
/// nY, { y... } };`), comments allowed anywhere between the values.
public enum TemplateSourceReader {
    /// The FIR filters `text` declares: each `FIRTemplate(` in code (not in
    /// a string or a comment), with its `name:` and `mkfilterCommandLine:`
    /// string arguments and its `taps:` array. `read(_:file:)` reads the IIR
    /// templates only, so a reader of generated files uses this not to pass
    /// over FIR filters.
    public static func firDeclarations(_ text: String, file: String) throws(TemplateSourceError) -> [FIRTemplateDeclaration] {
        var tokenizer = Tokenizer(text: text, file: file)
        let tokens = try tokenizer.tokens()
        var result: [FIRTemplateDeclaration] = []
        var k = 0
        while k < tokens.count {
            guard tokens[k].kind == .identifier, tokens[k].text == "FIRTemplate",
                  k + 1 < tokens.count, tokens[k + 1].kind == .punctuation, tokens[k + 1].text == "(" else {
                k += 1
                continue
            }
            var declaration = FIRTemplateDeclaration(name: "", commandLine: "", taps: nil, line: tokens[k].line)
            // The string after `name:` and after `mkfilterCommandLine:`, up to the closing parenthesis.
            var depth = 0, j = k + 1
            while j < tokens.count {
                let t = tokens[j]
                if t.kind == .punctuation && t.text == "(" { depth += 1 }
                if t.kind == .punctuation && t.text == ")" { depth -= 1; if depth == 0 { break } }
                if depth == 1, t.kind == .identifier, j + 2 < tokens.count, tokens[j + 1].text == ":", tokens[j + 2].kind == .string {
                    if t.text == "name" { declaration.name = tokens[j + 2].text }
                    if t.text == "mkfilterCommandLine" { declaration.commandLine = tokens[j + 2].text }
                }
                if depth == 1, t.kind == .identifier, t.text == "taps", j + 2 < tokens.count, tokens[j + 1].text == ":", tokens[j + 2].text == "[" {
                    // Numbers, each maybe negated, separated by commas, up to `]`.
                    var taps: [Double]? = []
                    var m = j + 3, sign = 1.0
                    while m < tokens.count, tokens[m].text != "]" {
                        let u = tokens[m]
                        if u.kind == .punctuation && u.text == "-" { sign = -sign } else if u.kind == .number {
                            if let x = Double(u.text) { taps?.append(sign * x) } else { taps = nil }
                            sign = 1
                        } else if !(u.kind == .punctuation && u.text == ",") {
                            taps = nil
                        }
                        m += 1
                    }
                    declaration.taps = taps
                    j = m
                    continue
                }
                j += 1
            }
            result.append(declaration)
            k = j
        }
        return result
    }

    /// Every definition in `text`, in file order (none is an error too).
    public static func read(_ text: String, file: String) throws(TemplateSourceError) -> [TemplateDefinition] {
        var tokenizer = Tokenizer(text: text, file: file)
        var tokens = try tokenizer.tokens()
        tokens.append(Token(kind: .end, text: "", line: tokens.last?.line ?? 1))
        var parser = Parser(tokens: tokens, file: file)
        var result: [TemplateDefinition] = []
        var namespace: String?
        while parser.index < tokens.count - 1 {
            let token = tokens[parser.index]
            if token.kind == Token.Kind.identifier && token.text == "enum",
               tokens[parser.index + 1].kind == Token.Kind.identifier {
                namespace = tokens[parser.index + 1].text
            }
            if token.kind == Token.Kind.identifier && token.text == "DigitalFilterTemplate" {
                if var definition = try parser.definition() {
                    definition.namespace = namespace
                    result.append(definition)
                    continue
                }
            }
            parser.index += 1
        }
        if result.isEmpty {
            var error = TemplateSourceError(file: file, line: nil, "no DigitalFilterTemplate definitions found")
            error.definesNoTemplates = true
            throw error
        }
        return result
    }
}

struct Token: Sendable {
    enum Kind: Sendable { case identifier, number, string, punctuation, end }
    var kind: Kind
    var text: String
    var line: Int
}

/// Splits Swift or C source into identifiers, numbers, string literals (escapes
/// decoded) and punctuation; comments and whitespace dropped.
struct Tokenizer {
    let scalars: [Unicode.Scalar]
    let file: String
    var i = 0, line = 1

    init(text: String, file: String) {
        scalars = Array(text.unicodeScalars)
        self.file = file
    }

    func error(_ message: String) -> TemplateSourceError {
        TemplateSourceError(file: file, line: line, message)
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? { i + offset < scalars.count ? scalars[i + offset] : nil }

    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || (c.value < 128 && (("a"..."z").contains(c) || ("A"..."Z").contains(c)))
    }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }

    mutating func tokens() throws(TemplateSourceError) -> [Token] {
        var out: [Token] = []
        while let c = peek() {
            if c == "\n" { line += 1; i += 1; continue }
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if c == "/" && peek(1) == "/" {
                while let d = peek(), d != "\n" { i += 1 }
                continue
            }
            if c == "/" && peek(1) == "*" {
                i += 2
                while true {
                    guard let d = peek() else { throw error("unterminated /* comment") }
                    if d == "*" && peek(1) == "/" { i += 2; break }
                    if d == "\n" { line += 1 }
                    i += 1
                }
                continue
            }
            if c == "\"" {
                out.append(Token(kind: .string, text: try string(), line: line))
                continue
            }
            if Self.isDigit(c) || (c == "." && peek(1).map(Self.isDigit) == true) {
                let start = i
                while let d = peek(), Self.isDigit(d) || d == "." || d == "_" { i += 1 }
                if let e = peek(), e == "e" || e == "E" {
                    i += 1
                    if let s = peek(), s == "+" || s == "-" { i += 1 }
                    while let d = peek(), Self.isDigit(d) { i += 1 }
                }
                // C suffixes (f, L) carry no value.
                while let d = peek(), d == "f" || d == "F" || d == "l" || d == "L" { i += 1 }
                var text = String(String.UnicodeScalarView(scalars[start..<i]))
                text.removeAll { $0 == "_" || $0 == "f" || $0 == "F" || $0 == "l" || $0 == "L" }
                out.append(Token(kind: .number, text: text, line: line))
                continue
            }
            if Self.isIdentifierStart(c) {
                let start = i
                while let d = peek(), Self.isIdentifierStart(d) || Self.isDigit(d) { i += 1 }
                out.append(Token(kind: .identifier, text: String(String.UnicodeScalarView(scalars[start..<i])), line: line))
                continue
            }
            out.append(Token(kind: .punctuation, text: String(c), line: line))
            i += 1
        }
        return out
    }

    /// A "..." literal with Swift's and C's escapes: \\ \" \' \n \r \t \0 \u{hex} \xHH.
    mutating func string() throws(TemplateSourceError) -> String {
        i += 1
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek(), c != "\n" else { throw error("unterminated string literal") }
            i += 1
            if c == "\"" { break }
            if c != "\\" { out.append(c); continue }
            guard let e = peek() else { throw error("unterminated string literal") }
            i += 1
            switch e {
            case "\\", "\"", "'": out.append(e)
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case "0": out.append("\0")
            case "u", "x":
                var hex = ""
                let braced = e == "u" && peek() == "{"
                if braced { i += 1 }
                while let d = peek(), d.properties.isASCIIHexDigit { hex.unicodeScalars.append(d); i += 1 }
                if braced {
                    guard peek() == "}" else { throw error("bad \\u{...} escape") }
                    i += 1
                }
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw error("bad \\\(e) escape")
                }
                out.append(scalar)
            default:
                throw error("unknown escape \\\(e) in a string literal")
            }
        }
        return String(out)
    }
}

/// A value in an initializer: a number, string, name, nil, list or call.
indirect enum SourceValue {
    case number(PrintedNumber)
    case string(String)
    case name(String)
    case none
    case list([SourceValue])
    case call(String, [(label: String?, value: SourceValue)])
}

struct Parser {
    let tokens: [Token]
    let file: String
    var index = 0

    init(tokens: [Token], file: String) {
        self.tokens = tokens
        self.file = file
    }

    /// How deep in brackets, braces and calls the parser is.
    var depth = 0
    /// Deeper nesting than this is an error, not a stack overflow.
    static let maximumDepth = 64

    var current: Token { at(index) }

    /// The token at `position`, or the end token past the end.
    func at(_ position: Int) -> Token { position < tokens.count ? tokens[position] : tokens[tokens.count - 1] }

    mutating func enter(_ token: Token) throws(TemplateSourceError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nested more than \(Self.maximumDepth) levels deep; a template needs 3", at: token)
        }
    }

    func error(_ message: String, at token: Token? = nil) -> TemplateSourceError {
        TemplateSourceError(file: file, line: (token ?? current).line, message)
    }

    mutating func expect(_ text: String) throws(TemplateSourceError) {
        guard current.kind == .punctuation && current.text == text else {
            throw error("expected '\(text)', found '\(current.text.isEmpty ? "end of file" : current.text)'")
        }
        index += 1
    }

    /// At `DigitalFilterTemplate`: a definition, or nil when this mention is not
    /// one (a type annotation, a comment's word, ...).
    mutating func definition() throws(TemplateSourceError) -> TemplateDefinition? {
        let start = index
        let next = at(index + 1)
        // Swift: let NAME = DigitalFilterTemplate( ... ), or with the module,
        // let NAME = FilterRuntime.DigitalFilterTemplate( ... ).
        var equals = start - 1
        if equals >= 2 && tokens[equals].text == "." && tokens[equals - 1].text == "FilterRuntime" { equals -= 2 }
        if next.kind == .punctuation && next.text == "(" && equals >= 1
            && tokens[equals].text == "=" && tokens[equals - 1].kind == .identifier {
            let name = tokens[equals - 1].text
            index += 1
            let value = try call("DigitalFilterTemplate")
            return try TemplateFields.swift(value, identifier: name, file: file, line: tokens[start].line)
        }
        // C: DigitalFilterTemplate NAME = { ... }
        if next.kind == .identifier && at(index + 2).text == "=" && at(index + 3).text == "{" {
            index += 3
            let value = try self.value()
            return try TemplateFields.c(value, identifier: next.text, file: file, line: tokens[start].line)
        }
        return nil
    }

    /// `( label: value, ... )` after a callee's name.
    mutating func call(_ name: String) throws(TemplateSourceError) -> SourceValue {
        try enter(current)
        defer { depth -= 1 }
        try expect("(")
        var arguments: [(String?, SourceValue)] = []
        while !(current.kind == .punctuation && current.text == ")") {
            var label: String? = nil
            if current.kind == .identifier && at(index + 1).text == ":" {
                label = current.text
                index += 2
            }
            arguments.append((label, try value()))
            if current.text == "," { index += 1 } else if current.text != ")" { try expect(")") }
        }
        index += 1
        return .call(name, arguments)
    }

    mutating func value() throws(TemplateSourceError) -> SourceValue {
        let token = current
        switch token.kind {
        case .number:
            index += 1
            return .number(PrintedNumber(text: token.text, value: try number(token.text, token)))
        case .string:
            index += 1
            return .string(token.text)
        case .identifier:
            index += 1
            if token.text == "nil" || token.text == "NULL" { return .none }
            var name = token.text
            while current.text == "." && at(index + 1).kind == .identifier {
                name += "." + at(index + 1).text
                index += 2
            }
            if current.text == "(" { return try call(name) }
            return .name(name)
        case .punctuation:
            switch token.text {
            case "-", "+":
                index += 1
                guard current.kind == .number else { throw error("expected a number after '\(token.text)'") }
                let text = (token.text == "-" ? "-" : "") + current.text
                let value = try number(text, current)
                index += 1
                return .number(PrintedNumber(text: text, value: value))
            case ".":
                index += 1
                guard current.kind == .identifier else { throw error("expected a name after '.'") }
                index += 1
                return .name("." + tokens[index - 1].text)
            case "[", "{":
                return try list(opening: token)
            default:
                throw error("unexpected \(quotedTokenForMessage(token.text))")
            }
        case .end:
            throw error("unexpected end of file")
        }
    }

    /// The list that `opening` ('[' or '{') begins: its values, comma
    /// separated (a trailing comma allowed), up to the matching ']' or '}'.
    private mutating func list(opening token: Token) throws(TemplateSourceError) -> SourceValue {
        let close = token.text == "[" ? "]" : "}"
        try enter(token)
        defer { depth -= 1 }
        index += 1
        var items: [SourceValue] = []
        while current.text != close {
            if current.kind == .end { throw error("unterminated '\(token.text)'", at: token) }
            items.append(try value())
            if current.text == "," { index += 1 } else if current.text != close { try expect(close) }
        }
        index += 1
        return .list(items)
    }

    func number(_ text: String, _ token: Token) throws(TemplateSourceError) -> Double {
        guard let value = Double(text), value.isFinite else { throw error("\(quotedTokenForMessage(text)) is not a finite number", at: token) }
        return value
    }
}
