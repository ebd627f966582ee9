import FilterDesign
import FilterSets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accelerometer sample read from CSV: time in seconds, x, y, z in g.
public struct AccelerometerRow: Sendable, Equatable {
    /// The 1-based line it was read from.
    public var line: Int
    /// Time in seconds, and x, y, z in g.
    public var t: Double, x: Double, y: Double, z: Double
}

/// Reads accelerometer CSV (`t,x,y,z`, header line optional) from a file
/// descriptor, line by line, strictly: every problem is an error with its line
/// number, and nothing is skipped (an empty line, a missing or extra field,
/// text, NaN, infinity, a time that does not increase, an empty input).
///
/// Lines may end in LF or CRLF; the last line may lack its newline.
public struct AccelerometerCSVReader {
    let descriptor: Int32
    /// The name messages give the input (a path, or `<stdin>`).
    public let name: String
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes from `start` already searched for a newline.
    private var scanned = 0
    private var atEnd = false
    /// The longest line accepted (a real row is under 100 bytes).
    static let maximumLineLength = 1 << 16
    private(set) var line = 0
    /// Bytes dropped from the front of `buffer` so far, and where in the
    /// input the last line returned began: for "is not UTF-8 text (byte 0xFF
    /// at offset N)".
    private var consumed = 0, lineOffset = 0
    private var previousTime: Double?
    private var sawData = false, sawHeader = false

    /// A reader of `descriptor`, called `name` in messages.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    func error(_ message: String, line: Int? = nil) -> ApplicationError {
        ApplicationError("\(name):\(line ?? self.line): \(message)")
    }

    /// The next sample, or nil at the end of the input.
    public mutating func next() throws(ApplicationError) -> AccelerometerRow? {
        while true {
            guard let bytes = try nextLine() else {
                if !sawData {
                    throw ApplicationError(sawHeader ? "\(name): no samples after the header line; expected lines t,x,y,z"
                                     : "\(name): the input is empty; expected lines t,x,y,z (times in s, accelerations in g)")
                }
                return nil
            }
            if bytes.isEmpty { throw error("empty line; every line is t,x,y,z (blank lines are not skipped)") }
            do {
                if let row = try parse(bytes) { return row }
            } catch {
                // A line that is not text at all: say so, rather than quote its bytes.
                if let bad = TextFile.firstInvalidUTF8(bytes) {
                    throw ApplicationError("\(name): \(TextFile.notUTF8(byte: bad.byte, offset: lineOffset + bad.offset)), line \(line); expected lines t,x,y,z")
                }
                throw error
            }
        }
    }

    /// The next line's bytes without its line ending.
    private mutating func nextLine() throws(ApplicationError) -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[max(start, scanned)...].firstIndex(of: 10) {
                var end = newline
                if end > start, buffer[end - 1] == 13 { end -= 1 }
                let result = buffer[start..<end]
                lineOffset = consumed + start
                start = newline + 1
                scanned = start
                line += 1
                if line == 1, result.starts(with: [0xEF, 0xBB, 0xBF]) {  // a UTF-8 byte-order mark
                    lineOffset += 3
                    return result.dropFirst(3)
                }
                return result
            }
            scanned = buffer.count
            if buffer.count - start > Self.maximumLineLength {
                throw ApplicationError("\(name):\(line + 1): the line is longer than \(Self.maximumLineLength) bytes; expected t,x,y,z")
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == 13 { end -= 1 }
                let result = buffer[start..<end]
                lineOffset = consumed + start
                start = buffer.count
                line += 1
                return result
            }
            // Refill: keep the unread part, read up to 1 MiB more.
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
    }

    static let names = ["t", "x", "y", "z"]

    private mutating func parse(_ bytes: ArraySlice<UInt8>) throws(ApplicationError) -> AccelerometerRow? {
        var fields: [ArraySlice<UInt8>] = []
        fields.reserveCapacity(4)
        var fieldStart = bytes.startIndex
        for i in bytes.indices where bytes[i] == 44 {  // ','
            fields.append(bytes[fieldStart..<i])
            fieldStart = i + 1
        }
        fields.append(bytes[fieldStart..<bytes.endIndex])

        // A header, on the first line only.
        if line == 1, let first = fields.first.map(Self.trimmed), let c = first.first, !Self.startsNumber(c),
           !["nan", "inf", "infinity"].contains(String(decoding: first, as: UTF8.self).lowercased()) {
            let words = fields.map { String(decoding: Self.trimmed($0), as: UTF8.self).lowercased() }
            guard words == Self.names else {
                throw error("expected the header t,x,y,z or four numbers, found \(quotedForMessage(String(decoding: bytes, as: UTF8.self)))")
            }
            sawHeader = true
            return nil
        }
        guard fields.count == 4 else {
            throw error("expected 4 fields t,x,y,z, found \(fields.count): \(quotedForMessage(String(decoding: bytes, as: UTF8.self)))")
        }
        var values = (0.0, 0.0, 0.0, 0.0)
        for k in 0..<4 {
            let v = try number(fields[k], field: Self.names[k])
            switch k {
            case 0: values.0 = v
            case 1: values.1 = v
            case 2: values.2 = v
            default: values.3 = v
            }
        }
        if let previousTime, !(values.0 > previousTime) {
            throw error("time \(values.0) is not after the previous line's \(previousTime); times must increase")
        }
        previousTime = values.0
        sawData = true
        return AccelerometerRow(line: line, t: values.0, x: values.1, y: values.2, z: values.3)
    }

    static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var a = s.startIndex, b = s.endIndex
        while a < b, s[a] == 32 || s[a] == 9 { a += 1 }
        while b > a, s[b - 1] == 32 || s[b - 1] == 9 { b -= 1 }
        return s[a..<b]
    }

    static func startsNumber(_ c: UInt8) -> Bool { (48...57).contains(c) || c == 45 || c == 43 || c == 46 }

    /// A decimal number, the whole field (strtod, after checking the characters).
    private func number(_ raw: ArraySlice<UInt8>, field: String) throws(ApplicationError) -> Double {
        let s = Self.trimmed(raw)
        let text = { String(decoding: s, as: UTF8.self) }
        guard !s.isEmpty else { throw error("\(field) is missing (an empty field); every field must be a number") }
        guard s.allSatisfy({ (48...57).contains($0) || $0 == 45 || $0 == 43 || $0 == 46 || $0 == 101 || $0 == 69 }) else {
            let lower = text().lowercased()
            if ["nan", "+nan", "-nan"].contains(lower) { throw error("\(field) is NaN; every value must be a finite number") }
            if ["inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"].contains(lower) {
                throw error("\(field) is infinite; every value must be a finite number")
            }
            throw error("\(field) \(quotedForMessage(text())) is not a number")
        }
        var scratch = (0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64)
        return try withUnsafeMutableBytes(of: &scratch) { (raw) throws(ApplicationError) -> Double in
            guard s.count < 64 else { throw error("\(field) \(quotedForMessage(text())) has \(s.count) characters; a number here has fewer than 64") }
            let p = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            var k = 0
            for b in s { p[k] = CChar(bitPattern: b); k += 1 }
            p[k] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(p, &end)
            guard let end, end == p + k else { throw error("\(field) \(quotedForMessage(text())) is not a number") }
            guard value.isFinite else { throw error("\(field) \(text()) is out of range for a double") }
            return value
        }
    }
}
