import HummingbirdCore
import HummingbirdTLS
import NIOSSL

/// TLS around a server builder, with `ServeCertificate`'s certificate and key.
public enum HTTPS {
    /// The TLS 1.2 cipher suites offered: ECDHE with AES-GCM or ChaCha20-Poly1305.
    public static let aeadSuites: [NIOTLSCipher] = [
        .TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
        .TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
        .TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, .TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
        .TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
    ]

    /// `base` served over TLS 1.2 or later with `certificate`.
    public static func server(_ base: HTTPServerBuilder, certificate: ServeCertificate) throws -> HTTPServerBuilder {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificate.certificatePEM.utf8)).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(bytes: Array(certificate.keyPEM.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        // TLS 1.2: forward-secret AEAD suites only (no CBC, no SHA-1); TLS 1.3's are all AEAD.
        configuration.cipherSuiteValues = aeadSuites
        return try .tls(base, tlsConfiguration: configuration)
    }
}
