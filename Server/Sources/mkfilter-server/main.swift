// mkfilter-server [--host 127.0.0.1] [--port 8080] [--https]: the design page,
// its API and /live, until SIGINT or SIGTERM (a graceful shutdown: requests in
// flight end). `mkfilter serve` builds this and hands over to it.
import FilterServer
import Foundation
import Hummingbird
import QRCode
import ServeTLS

let usage = """
    usage: mkfilter-server [--host <address>] [--port <0...65535>] [--https] [--idle-timeout <s>]
      default 127.0.0.1:8080; port 0: any free port; idle timeout 1 ... 3600 s (default 15)
      --https: TLS with a self-signed certificate kept in the cache folder (default host 0.0.0.0)

    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("mkfilter-server: \(message)\n" + usage).utf8))
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
        https = true
    case "--idle-timeout":
        guard let value = words.popFirst(), let n = Int64(value), (1...3600).contains(n) else { fail("--idle-timeout needs whole seconds 1 ... 3600") }
        limits.idleTimeout = n
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    default:
        fail("unknown argument \(word.debugDescription)")
    }
}

let address = host ?? (https ? "0.0.0.0" : "127.0.0.1")
let descriptors = DescriptorLimit.raiseSoftLimit() ?? 1024
let summary = "mkfilter serve: limits: idle timeout \(limits.idleTimeout) s; at most "
    + "\(limits.connectionCap(for: descriptors)) connections (open-file limit \(descriptors)); \(limits.heavySlots) heavy "
    + "request(s) at a time, \(limits.heavyQueue) waiting; request head at most \(limits.maximumHeadBytes) bytes\n"
var certificate: ServeCertificate?
if https {
    do {
        certificate = try ServeCertificate.loadOrCreate()
    } catch {
        FileHandle.standardError.write(Data("mkfilter-server: cannot make or read the certificate in \(ServeCertificate.defaultFolder().path): \(error)\n".utf8))
        exit(1)
    }
}
do {
    let app = try FilterServer.application(host: address, port: port, limits: limits, scheme: https ? "https" : "http",
                                           wrap: { base in try certificate.map { try HTTPS.server(base, certificate: $0) } ?? base }) {
        [summary, certificate] bound in
        // Unbuffered: a script reading our output sees the address at once.
        FileHandle.standardOutput.write(Data("mkfilter serve: open \(bound)  (Ctrl-C to stop)\n".utf8))
        FileHandle.standardOutput.write(Data(summary.utf8))
        if let certificate { FileHandle.standardOutput.write(Data(PhoneInstructions.text(bound: bound, certificate: certificate).utf8)) }
    }
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("mkfilter-server: \(error)\n".utf8))
    exit(1)
}
