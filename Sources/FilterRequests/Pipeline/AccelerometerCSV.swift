import AccelerometerPipeline
import FilterDesign
import FilterSets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accelerometer sample read from CSV: time in seconds, x, y, z in g,
/// and the device attitude when the input has quaternion columns.
public struct AccelerometerRow: Sendable, Equatable {
    /// The 1-based line it was read from.
    public var line: Int
    /// Time in seconds, and x, y, z in g.
    public var t: Double, x: Double, y: Double, z: Double
    /// qw, qx, qy, qz, when the header names them.
    public var attitude: Attitude?

    /// A sample; `line` 0 for one that was calculated, not read.
    public init(line: Int, t: Double, x: Double, y: Double, z: Double, attitude: Attitude? = nil) {
        (self.line, self.t, self.x, self.y, self.z, self.attitude) = (line, t, x, y, z, attitude)
    }
}

/// Reads accelerometer CSV from a file descriptor, line by line, strictly:
/// every problem is an error with its line number, and nothing is skipped
/// (an empty line, a missing or extra field, text, NaN, infinity, a time that
/// does not increase, an empty input).
///
/// Columns: `t,x,y,z` without a header line. A header names the columns, in
/// any order: `t`, `x`, `y`, `z`, and optionally all four of `qw`, `qx`, `qy`,
/// `qz` (an attitude quaternion, whose norm must be 1 within 1 %).
///
/// Lines may end in LF or CRLF; the last line may lack its newline. Numbers
/// are read by `DecimalParser` (the same Double as `strtod`, fast).
public struct AccelerometerCSVReader {
    let descriptor: Int32
    /// The name messages give the input (a path, or `<stdin>`).
    public let name: String
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes from `start` already searched for a newline.
    private var scanned = 0
    private var atEnd = false
    /// The longest line accepted (a real row is under 200 bytes).
    static let maximumLineLength = 1 << 16
    private(set) var line = 0
    /// Bytes dropped from the front of `buffer` so far, and where in the
    /// input the last line returned began: for "is not UTF-8 text (byte 0xFF
    /// at offset N)".
    private var consumed = 0, lineOffset = 0
    private var previousTime: Double?
    private var sawData = false, sawHeader = false
    /// For each column, which value it holds (an index into `names`).
    private var columns = [0, 1, 2, 3]
    /// Whether the columns include the quaternion.
    public private(set) var hasAttitude = false
    private let parser = DecimalParser()

    /// A reader of `descriptor`, called `name` in messages.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// A reader of text already in memory (an upload), called `name` in
    /// messages: the same rules and messages as from a file.
    public init(bytes: [UInt8], name: String) {
        self.descriptor = -1
        self.name = name
        buffer = bytes
        atEnd = true
    }

    func error(_ message: String, line: Int? = nil) -> ApplicationError {
        ApplicationError("\(name):\(line ?? self.line): \(message)")
    }

    /// The names of the values a row may hold, in the order `columns` indexes them.
    static let names = ["t", "x", "y", "z", "qw", "qx", "qy", "qz"]

    /// What the columns are, for messages.
    var expected: String { columns.map { Self.names[$0] }.joined(separator: ",") }

    /// The next sample, or nil at the end of the input.
    public mutating func next() throws(ApplicationError) -> AccelerometerRow? {
        while true {
            guard let (lineStart, lineEnd) = try nextLine() else {
                if !sawData {
                    throw ApplicationError(sawHeader ? "\(name): no samples after the header line; expected lines \(expected)"
                                     : "\(name): the input is empty; expected lines t,x,y,z (times in s, accelerations in g)")
                }
                return nil
            }
            if lineStart == lineEnd { throw error("empty line; every line is \(expected) (blank lines are not skipped)") }
            do {
                if let row = try parse(lineStart, lineEnd) { return row }
            } catch {
                // A line that is not text at all: say so, rather than quote its bytes.
                if let bad = TextFile.firstInvalidUTF8(buffer[lineStart..<lineEnd]) {
                    throw ApplicationError("\(name):\(line): \(TextFile.notUTF8(byte: bad.byte, offset: lineOffset + bad.offset)); expected lines \(expected)")
                }
                throw error
            }
        }
    }

    /// The next line's bounds in `buffer`, without its line ending.
    private mutating func nextLine() throws(ApplicationError) -> (Int, Int)? {
        while true {
            let from = max(start, scanned), count = buffer.count
            let newline: Int? = buffer.withUnsafeBufferPointer { b in
                guard from < count, let base = b.baseAddress,
                      let hit = memchr(base + from, 10, count - from) else { return nil }
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            if let newline {
                scanned = newline + 1
                return takeLine(end: newline, next: newline + 1)
            }
            scanned = buffer.count
            if buffer.count - start > Self.maximumLineLength {
                throw ApplicationError("\(name):\(line + 1): the line is longer than \(Self.maximumLineLength) bytes; expected \(expected)")
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                return takeLine(end: buffer.count, next: buffer.count)
            }
            try refill()
        }
    }

    /// The line buffer[start ..< end] as read: without its CR (a CRLF line
    /// end) and, on line 1, without a UTF-8 byte-order mark; counted, with
    /// its offset in the file noted, and reading resumed at `next`.
    private mutating func takeLine(end: Int, next: Int) -> (Int, Int) {
        var end = end
        if end > start, buffer[end - 1] == 13 { end -= 1 }
        var lineStart = start
        start = next
        line += 1
        if line == 1, end - lineStart >= 3, buffer[lineStart] == 0xEF, buffer[lineStart + 1] == 0xBB, buffer[lineStart + 2] == 0xBF {
            lineStart += 3  // a UTF-8 byte-order mark
        }
        lineOffset = consumed + lineStart
        return (lineStart, end)
    }

    /// Keeps the unread part of the buffer and reads up to 1 MiB more
    /// (retrying when interrupted); a read of nothing marks the end.
    private mutating func refill() throws(ApplicationError) {
        if start > 0 {
            consumed += start
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        let chunk = 1 << 20
        let old = buffer.count
        buffer.reserveCapacity(old + chunk)
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        var got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, chunk) }
        while got < 0 && errno == EINTR { got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, chunk) } }
        if got < 0 {
            buffer.removeLast(chunk)
            throw ApplicationError("\(name): cannot read it (\(String(cString: strerror(errno))))")
        }
        buffer.removeLast(chunk - got)
        if got == 0 { atEnd = true }
    }

    /// A row of numbers (or, on the first line, perhaps the header).
    private mutating func parse(_ lineStart: Int, _ lineEnd: Int) throws(ApplicationError) -> AccelerometerRow? {
        if line == 1, let header = try readHeader(lineStart, lineEnd) {
            columns = header
            hasAttitude = header.count == 8
            sawHeader = true
            return nil
        }
        // Up to 8 values, by column.
        var values = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        let columnCount = columns.count
        // The fast path reads each field where it starts and checks that it
        // ends at a comma (or the line's end); anything else goes to
        // `diagnose`, which finds the fields by their commas and names the problem.
        let wellFormed: Bool = buffer.withUnsafeBufferPointer { b in
            columns.withUnsafeBufferPointer { order in
                withUnsafeMutableBytes(of: &values) { raw in
                    let out = raw.baseAddress!.assumingMemoryBound(to: Double.self)
                    let base = b.baseAddress!
                    var i = lineStart
                    for field in 0 ..< columnCount {
                        while i < lineEnd, base[i] == 32 || base[i] == 9 { i += 1 }
                        let (value, next) = parser.scan(base, from: i, to: lineEnd)
                        guard let value, value.isFinite else { return false }
                        i = next
                        while i < lineEnd, base[i] == 32 || base[i] == 9 { i += 1 }
                        out[order[field]] = value
                        if field < columnCount - 1 {
                            guard i < lineEnd, base[i] == 44 else { return false }
                            i += 1
                        }
                    }
                    return i == lineEnd
                }
            }
        }
        if !wellFormed { throw diagnose(lineStart, lineEnd) }
        let t = values.0
        if let previousTime, !(t > previousTime) {
            throw error("time \(t) is not after the previous line's \(previousTime); times must increase")
        }
        previousTime = t
        sawData = true
        let attitude = hasAttitude ? try unitAttitude(w: values.4, x: values.5, y: values.6, z: values.7) : nil
        return AccelerometerRow(line: line, t: t, x: values.1, y: values.2, z: values.3, attitude: attitude)
    }

    /// The attitude quaternion q = (qw, qx, qy, qz) of a line, checked to be a
    /// unit quaternion: |q| = √(qw² + qx² + qy² + qz²) within 1 % of 1.
    private func unitAttitude(w: Double, x: Double, y: Double, z: Double) throws(ApplicationError) -> Attitude {
        let q = Attitude(w: w, x: x, y: y, z: z)
        let norm = q.normSquared.squareRoot()
        guard abs(norm - 1) <= 0.01 else {
            throw error("the quaternion qw,qx,qy,qz = \(q.w),\(q.x),\(q.y),\(q.z) has norm \(norm); an attitude quaternion has norm 1 (within 1 %)")
        }
        return q
    }

    /// Why a line the fast path refused is not a row: the wrong number of
    /// fields, or the first field that is not a finite number.
    private func diagnose(_ lineStart: Int, _ lineEnd: Int) -> ApplicationError {
        var fields: [(Int, Int)] = []
        var fieldStart = lineStart
        for i in lineStart ..< lineEnd where buffer[i] == 44 {
            fields.append((fieldStart, i))
            fieldStart = i + 1
        }
        fields.append((fieldStart, lineEnd))
        guard fields.count == columns.count else {
            return error("expected \(columns.count) fields \(expected), found \(fields.count): \(quotedForMessage(text(lineStart, lineEnd)))")
        }
        for (k, (a, e)) in fields.enumerated() {
            var a = a, e = e
            while a < e, buffer[a] == 32 || buffer[a] == 9 { a += 1 }
            while e > a, buffer[e - 1] == 32 || buffer[e - 1] == 9 { e -= 1 }
            let value = buffer.withUnsafeBufferPointer { parser.parse(UnsafeBufferPointer(rebasing: $0[a ..< e])) }
            if value == nil || !value!.isFinite { return problem(in: a, e, field: Self.names[columns[k]]) }
        }
        return error("cannot read the line \(quotedForMessage(text(lineStart, lineEnd))); expected \(expected)")
    }

    func text(_ a: Int, _ b: Int) -> String { String(decoding: buffer[a..<b], as: UTF8.self) }

    /// The column layout a header line gives, or nil when the line is data.
    private func readHeader(_ lineStart: Int, _ lineEnd: Int) throws(ApplicationError) -> [Int]? {
        let bytes = buffer[lineStart..<lineEnd]
        let fields = bytes.split(separator: 44, omittingEmptySubsequences: false).map {
            String(decoding: Self.trimmed($0), as: UTF8.self).lowercased()
        }
        guard let first = fields.first, let c = first.utf8.first, !Self.startsNumber(c),
              !["nan", "inf", "infinity"].contains(first) else { return nil }
        let allowed = "a header names the columns t, x, y, z and optionally qw, qx, qy, qz (all four), in any order"
        var layout: [Int] = []
        for word in fields {
            guard let k = Self.names.firstIndex(of: word) else {
                if fields.count == 4 && layout.isEmpty && !fields.contains(where: { Self.names.contains($0) }) {
                    throw error("expected the header t,x,y,z or four numbers, found \(quotedForMessage(text(lineStart, lineEnd)))")
                }
                throw error("unknown column \(quotedForMessage(word)) in the header \(quotedForMessage(text(lineStart, lineEnd))); \(allowed)")
            }
            guard !layout.contains(k) else { throw error("column \(quotedForMessage(word)) appears twice in the header; \(allowed)") }
            layout.append(k)
        }
        let missing = Self.names[0..<4].filter { !fields.contains($0) }
        guard missing.isEmpty else {
            throw error("the header lacks \(missing.joined(separator: ", ")); \(allowed)")
        }
        guard layout.count == 4 || layout.count == 8 else {
            let lacking = Self.names[4...].filter { !fields.contains($0) }
            throw error("the header lacks \(lacking.joined(separator: ", ")); the quaternion needs all of qw, qx, qy, qz")
        }
        return layout
    }

    static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var a = s.startIndex, b = s.endIndex
        while a < b, s[a] == 32 || s[a] == 9 { a += 1 }
        while b > a, s[b - 1] == 32 || s[b - 1] == 9 { b -= 1 }
        return s[a..<b]
    }

    static func startsNumber(_ c: UInt8) -> Bool { (48...57).contains(c) || c == 45 || c == 43 || c == 46 }

    /// Why the trimmed field `buffer[a..<b]` is not a finite number.
    private func problem(in a: Int, _ b: Int, field: String) -> ApplicationError {
        let s = buffer[a..<b]
        let text = String(decoding: s, as: UTF8.self)
        guard !s.isEmpty else { return error("\(field) is missing (an empty field); every field must be a number") }
        let lower = text.lowercased()
        if ["nan", "+nan", "-nan"].contains(lower) { return error("\(field) is NaN; every value must be a finite number") }
        if ["inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"].contains(lower) {
            return error("\(field) is infinite; every value must be a finite number")
        }
        let isNumeric = s.allSatisfy { (48...57).contains($0) || $0 == 45 || $0 == 43 || $0 == 46 || $0 == 101 || $0 == 69 }
        if isNumeric, DecimalParser.parse(text) != nil {
            return error("\(field) \(text.count > quotedForMessageLimit ? quotedForMessage(text) : text) is out of range for a double")
        }
        return error("\(field) \(quotedForMessage(text)) is not a number")
    }
}
