import FilterServer
import Foundation
import Hummingbird
import HummingbirdCore

/// What `--https` adds to a server: made by `mkfilter-server-https`, absent
/// from `mkfilter-server`, so that the plain server builds without TLS
/// (BoringSSL, swift-certificates, swift-crypto).
public struct TLSLayer {
    /// What a prepared layer does: wraps the HTTP server in TLS, and says
    /// what to print once the server listens at the given address.
    public struct Prepared {
        /// TLS around the plain server builder.
        public var wrap: (HTTPServerBuilder) throws -> HTTPServerBuilder
        /// The lines printed once listening (the certificate, a phone's addresses, a QR code).
        public var announce: @Sendable (String) -> String
        /// A prepared layer from its parts.
        public init(wrap: @escaping (HTTPServerBuilder) throws -> HTTPServerBuilder, announce: @escaping @Sendable (String) -> String) {
            self.wrap = wrap
            self.announce = announce
        }
    }

    /// Loads or makes the certificate.
    public var prepare: () throws -> Prepared
    /// Where the certificate is kept, for the message when `prepare` fails.
    public var certificateFolder: String

    /// A layer from its parts.
    public init(certificateFolder: String, prepare: @escaping () throws -> Prepared) {
        self.certificateFolder = certificateFolder
        self.prepare = prepare
    }
}

/// `mkfilter-server[-https] [--host H] [--port P] [--https] [--idle-timeout S]`:
/// the design page, its API and /live, until SIGINT or SIGTERM (a graceful
/// shutdown: requests in flight end).
public enum ServerLauncher {
    static func usage(_ program: String, tls: Bool) -> String {
        """
        usage: \(program) [--host <address>] [--port <0...65535>]\(tls ? " [--https]" : "") [--idle-timeout <s>]
          default 127.0.0.1:8080; port 0: any free port; idle timeout 1 ... 3600 s (default 15)

        """ + (tls ? "  --https: TLS with a self-signed certificate kept in the cache folder (default host 0.0.0.0)\n" : "")
    }

    /// Reads the command line and serves until stopped; exits the process.
    public static func run(program: String, tls: TLSLayer?) async -> Never {
        func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data(("\(program): \(message)\n" + usage(program, tls: tls != nil)).utf8))
            exit(2)
        }
        var host: String?, port = 8080, https = false
        var limits = ServerLimits()
        var words = CommandLine.arguments.dropFirst()
        while let word = words.popFirst() {
            switch word {
            case "--host":
                guard let value = words.popFirst(), !value.isEmpty else { fail("--host needs an address") }
                host = value
            case "--port":
                guard let value = words.popFirst(), let n = Int(value), (0...65535).contains(n) else { fail("--port needs an integer 0 ... 65535") }
                port = n
            case "--https":
                guard tls != nil else {
                    fail("--https: this server is built without TLS; mkfilter-server-https serves https (mkfilter serve --https starts it)")
                }
                https = true
            case "--idle-timeout":
                guard let value = words.popFirst(), let n = Int64(value), (1...3600).contains(n) else { fail("--idle-timeout needs whole seconds 1 ... 3600") }
                limits.idleTimeout = n
            case "-h", "--help":
                print(usage(program, tls: tls != nil), terminator: "")
                exit(0)
            default:
                fail("unknown argument \(word.debugDescription)")
            }
        }

        let address = host ?? (https ? "0.0.0.0" : "127.0.0.1")
        let descriptors = DescriptorLimit.raiseSoftLimit() ?? 1024
        let summary = "mkfilter serve: limits: idle timeout \(limits.idleTimeout) s; at most "
            + "\(limits.connectionCap(for: descriptors)) connections (open-file limit \(descriptors)); \(limits.heavySlots) heavy "
            + "request(s) at a time, \(limits.heavyQueue) waiting; a design at most \(limits.designSeconds) s; "
            + "request head at most \(limits.maximumHeadBytes) bytes\n"
        var layer: TLSLayer.Prepared?
        if https, let tls {
            do {
                layer = try tls.prepare()
            } catch {
                FileHandle.standardError.write(Data("\(program): cannot make or read the certificate in \(tls.certificateFolder): \(error)\n".utf8))
                exit(1)
            }
        }
        do {
            let announce = layer?.announce
            let app = try FilterServer.application(host: address, port: port, limits: limits, scheme: https ? "https" : "http",
                                                   wrap: { base in try layer.map { try $0.wrap(base) } ?? base }) {
                [summary, announce] bound in
                // Unbuffered: a script reading our output sees the address at once.
                FileHandle.standardOutput.write(Data("mkfilter serve: open \(bound)  (Ctrl-C to stop)\n".utf8))
                FileHandle.standardOutput.write(Data(summary.utf8))
                if let announce { FileHandle.standardOutput.write(Data(announce(bound).utf8)) }
            }
            try await app.runService()
        } catch {
            FileHandle.standardError.write(Data("\(program): \(error)\n".utf8))
            exit(1)
        }
        exit(0)
    }
}
