import HummingbirdCore
import HummingbirdTLS
import NIOSSL

/// TLS around a server builder, with `ServeCertificate`'s certificate and key.
public enum HTTPS {
    /// `base` served over TLS 1.2 or later with `certificate`.
    public static func server(_ base: HTTPServerBuilder, certificate: ServeCertificate) throws -> HTTPServerBuilder {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificate.certificatePEM.utf8)).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(bytes: Array(certificate.keyPEM.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        return try .tls(base, tlsConfiguration: configuration)
    }
}
