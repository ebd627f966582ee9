import Crypto
import Foundation
import SwiftASN1
import X509

/// `mkfilter serve --https`'s self-signed certificate: a P-256 key, valid a
/// year, for localhost, 127.0.0.1, ::1 and this machine's other addresses
/// (subject alternative names), kept in the user's cache directory
/// (`cert.pem`, and `key.pem` readable by the owner only, in a folder only
/// the owner may enter) and reused until the addresses change, fewer than
/// 30 days are left, or the key has become readable by others.
public struct ServeCertificate: Sendable {
    /// The certificate and key, PEM.
    public let certificatePEM: String, keyPEM: String
    /// Where they are kept.
    public let folder: URL
    /// Whether this run made them.
    public let isNew: Bool
    /// Why a kept key was not reused, when that was for its permissions.
    public var replacedBecause: String? = nil
    /// SHA-256 of the certificate's SubjectPublicKeyInfo, base64: what
    /// Chromium's `--ignore-certificate-errors-spki-list` takes.
    public let spkiHash: String

    /// The cache folder: `$XDG_CACHE_HOME/mkfilter`, else `~/.cache/mkfilter`
    /// (on macOS `~/Library/Caches/mkfilter`).
    public static func defaultFolder() -> URL {
        let environment = ProcessInfo.processInfo.environment
        #if os(macOS)
        let base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("Library/Caches")
        #else
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        #endif
        return base.appendingPathComponent("mkfilter", isDirectory: true)
    }

    /// The names the certificate must cover now: DNS names and IP addresses (network order).
    public static func currentNames() -> (dns: [String], ips: [[UInt8]]) {
        (["localhost"], [[127, 0, 0, 1], [UInt8](repeating: 0, count: 15) + [1]] + LocalAddresses.nonLoopback().map(\.bytes))
    }

    /// The kept certificate when it still fits, else a new one written there.
    public static func loadOrCreate(in folder: URL = defaultFolder(), now: Date = Date()) throws -> ServeCertificate {
        let names = currentNames()
        let certificateFile = folder.appendingPathComponent("cert.pem"), keyFile = folder.appendingPathComponent("key.pem")
        // A key others could read may have been copied: never reused.
        let keyMode = (try? FileManager.default.attributesOfItem(atPath: keyFile.path))?[.posixPermissions] as? Int
        let exposed = keyMode.map { $0 & 0o077 != 0 } ?? false
        if !exposed, let certificatePEM = try? String(contentsOf: certificateFile, encoding: .utf8),
           let keyPEM = try? String(contentsOf: keyFile, encoding: .utf8),
           let certificate = try? Certificate(pemEncoded: certificatePEM),
           let key = try? P256.Signing.PrivateKey(pemRepresentation: keyPEM),
           Certificate.PublicKey(key.publicKey) == certificate.publicKey,
           certificate.notValidAfter > now.addingTimeInterval(30 * 86_400), certificate.notValidBefore <= now,
           Self.names(of: certificate) == Self.normalised(names) {
            return ServeCertificate(certificatePEM: certificatePEM, keyPEM: keyPEM, folder: folder, isNew: false,
                                    spkiHash: try spkiHash(certificate))
        }
        let key = P256.Signing.PrivateKey()
        let certificate = try make(key: key, names: names, now: now)
        let certificatePEM = try certificate.serializeAsPEM().pemString + "\n"
        let keyPEM = key.pemRepresentation + "\n"
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        try write(keyPEM, to: keyFile, permissions: 0o600)
        try write(certificatePEM, to: certificateFile, permissions: 0o644)
        var made = ServeCertificate(certificatePEM: certificatePEM, keyPEM: keyPEM, folder: folder, isNew: true,
                                    spkiHash: try spkiHash(certificate))
        if exposed, let keyMode {
            made.replacedBecause = "the kept key.pem was readable by others (mode \(String(keyMode, radix: 8))), so it may have been copied"
        }
        return made
    }

    /// Writes `text` to a new file created with `permissions` (never readable by others in between).
    static func write(_ text: String, to file: URL, permissions: Int16) throws {
        try? FileManager.default.removeItem(at: file)
        guard FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8),
                                             attributes: [.posixPermissions: permissions]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
    }

    /// A self-signed server certificate for `names`, valid from an hour ago for 365 days.
    static func make(key: P256.Signing.PrivateKey, names: (dns: [String], ips: [[UInt8]]), now: Date) throws -> Certificate {
        let name = try DistinguishedName {
            CommonName("mkfilter serve (self-signed)")
            OrganizationName("mkfilter")
        }
        let alternatives = names.dns.map { GeneralName.dnsName($0) }
            + names.ips.map { GeneralName.ipAddress(ASN1OctetString(contentBytes: ArraySlice($0))) }
        let extensions = try Certificate.Extensions {
            Critical(BasicConstraints.notCertificateAuthority)
            Critical(KeyUsage(digitalSignature: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames(alternatives)
        }
        return try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(365 * 86_400),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: Certificate.PrivateKey(key))
    }

    /// The certificate's alternative names, comparable with `normalised`.
    static func names(of certificate: Certificate) -> Set<String> {
        guard let alternatives = try? certificate.extensions.subjectAlternativeNames else { return [] }
        return Set(alternatives.compactMap { name -> String? in
            switch name {
            case .dnsName(let dns): return "dns:" + dns
            case .ipAddress(let octets): return "ip:" + octets.bytes.map(String.init).joined(separator: ".")
            default: return nil
            }
        })
    }

    static func normalised(_ names: (dns: [String], ips: [[UInt8]])) -> Set<String> {
        Set(names.dns.map { "dns:" + $0 } + names.ips.map { "ip:" + $0.map(String.init).joined(separator: ".") })
    }

    /// base64(SHA-256(SubjectPublicKeyInfo DER)).
    static func spkiHash(_ certificate: Certificate) throws -> String {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate.publicKey)
        return Data(SHA256.hash(data: serializer.serializedBytes)).base64EncodedString()
    }
}
