#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a text file could not be read, in our words rather than Foundation's
/// ("NSCocoaErrorDomain error 256"): `FILE: is a directory`,
/// `FILE: is not UTF-8 text (byte 0xFF at offset 12)`.
package struct TextFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it (or `<stdin>`).
    package var path: String
    /// What is wrong: "is a directory", "cannot read it (no such file)",
    /// "is not UTF-8 text (byte 0xFF at offset 12)", ...
    package var problem: String

    /// A problem with `path`.
    package init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// "PATH: problem".
    package var description: String { "\(path): \(problem)" }
}

/// Reads text files strictly: whole, as UTF-8, every failure said plainly.
package enum TextFile {
    /// The text of the file at `path`.
    ///
    /// - Throws: `TextFileError` when the file is missing, a directory,
    ///   unreadable, or not valid UTF-8 (naming the first bad byte and its offset).
    package static func read(_ path: String) throws(TextFileError) -> String {
        try decode(try bytes(path), name: path)
    }

    /// The bytes of the file at `path`.
    package static func bytes(_ path: String) throws(TextFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw TextFileError(path: path, problem: openProblem(errno)) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw TextFileError(path: path, problem: "is a directory")
        }
        do { return try readAll(descriptor) } catch { throw TextFileError(path: path, problem: readProblem(error.code)) }
    }

    /// Every byte until the end of `descriptor` (standard input, a file).
    package static func readAll(_ descriptor: Int32) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = 1 << 16
        while true {
            let old = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            let n = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + old, chunk) }
            if n < 0 {
                let code = errno
                bytes.removeLast(chunk)
                if code == EINTR { continue }
                throw SystemError(code: code)
            }
            bytes.removeLast(chunk - n)
            if n == 0 { return bytes }
        }
    }

    /// `bytes` as a String, when they are UTF-8.
    ///
    /// - Throws: `TextFileError` naming the first byte that does not begin a
    ///   valid UTF-8 sequence, and its offset from the start (0-based).
    package static func decode(_ bytes: [UInt8], name: String) throws(TextFileError) -> String {
        if let bad = firstInvalidUTF8(bytes) {
            throw TextFileError(path: name, problem: notUTF8(byte: bad.byte, offset: bad.offset))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// "is not UTF-8 text (byte 0xFF at offset 12)".
    package static func notUTF8(byte: UInt8, offset: Int) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "is not UTF-8 text (byte 0x\(hex.count == 1 ? "0" + hex : hex) at offset \(offset))"
    }

    /// The first position where `bytes` stop being UTF-8 (RFC 3629: no
    /// overlong forms, no surrogates, nothing above U+10FFFF), as the offset
    /// and value of the byte that starts the bad sequence; `nil` when all is valid.
    package static func firstInvalidUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (offset: Int, byte: UInt8)? {
        var offset = 0
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let lead = bytes[i]
            if lead < 0x80 {
                i = bytes.index(after: i)
                offset += 1
                continue
            }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF4: length = 4; second = 0x80...0x8F
            case 0xF1...0xF3: length = 4
            default: return (offset, lead)
            }
            var j = bytes.index(after: i)
            for k in 1..<length {
                guard j != bytes.endIndex, (k == 1 ? second : 0x80...0xBF).contains(bytes[j]) else { return (offset, lead) }
                j = bytes.index(after: j)
            }
            i = j
            offset += length
        }
        return nil
    }

    /// What a failed `open(2)` means for a file to read.
    package static func openProblem(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "cannot read it (no such file)"
        case EISDIR: return "is a directory"
        default: return "cannot read it (\(String(cString: strerror(code))))"
        }
    }

    /// What a failed `read(2)` means for a file to read.
    package static func readProblem(_ code: Int32) -> String {
        code == EISDIR ? "is a directory" : "cannot read it (\(String(cString: strerror(code))))"
    }
}

/// An `errno` value from a failed system call.
package struct SystemError: Error, Sendable, Equatable {
    /// The `errno` value.
    package var code: Int32
    /// The error of `errno` value `code`.
    package init(code: Int32) { self.code = code }
}

/// The C library's `read(2)` (`TextFile.read` is in scope above).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
