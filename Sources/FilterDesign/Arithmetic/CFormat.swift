#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Formats with the C library's `printf` conversions (`%14.10f`, `%15.9e`, `%3g`, ...).
///
/// Fisher's reports are defined by C's printf; Swift's own number printing
/// differs (shortest round-trip digits, `nan` rather than `-nan`), so every
/// number in a Fisher-format report goes through here.
///
/// - Parameters:
///   - format: A C format string with conversions for `Double`, `Int32` or C strings only.
///   - arguments: The values, in order.
public func formatC(_ format: String, _ arguments: CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 512)
        let needed = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
            return withVaList(arguments) { again in
                _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, again) }
                return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Parses a whole string as a C `double` (`strtod`), or `nil` if any of it is not part of the number.
public func parseCDouble(_ text: String) -> Double? {
    guard !text.isEmpty, !text.contains(where: { $0.isWhitespace }) else { return nil }
    return text.withCString { start -> Double? in
        var end: UnsafeMutablePointer<CChar>? = nil
        let value = strtod(start, &end)
        guard let end, end.pointee == 0, end != UnsafeMutablePointer(mutating: start) else { return nil }
        return value
    }
}
