#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This machine's IP addresses, for the certificate and the addresses printed.
public enum LocalAddresses {
    /// The non-loopback IPv4 and IPv6 addresses of the interfaces that are up
    /// (IPv6 link-local ones left out: a browser URL cannot name their zone),
    /// as text and as network-order bytes, sorted.
    public static func nonLoopback() -> [(text: String, bytes: [UInt8])] {
        var found: [(String, [UInt8])] = []
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var bytes = [UInt8](repeating: 0, count: 4)
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { a in
                    withUnsafeBytes(of: a.pointee.sin_addr) { bytes = Array($0) }
                }
                found.append((bytes.map(String.init).joined(separator: "."), bytes))
            case AF_INET6:
                var bytes = [UInt8](repeating: 0, count: 16)
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { a in
                    withUnsafeBytes(of: a.pointee.sin6_addr) { bytes = Array($0) }
                }
                if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80 { continue }   // fe80::/10
                found.append((ipv6Text(bytes), bytes))
            default:
                continue
            }
        }
        var seen = Set<[UInt8]>()
        return found.filter { seen.insert($0.1).inserted }.sorted { $0.1.count != $1.1.count ? $0.1.count < $1.1.count : $0.0 < $1.0 }
    }

    /// An IPv6 address as text (inet_ntop).
    static func ipv6Text(_ bytes: [UInt8]) -> String {
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return "::" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
