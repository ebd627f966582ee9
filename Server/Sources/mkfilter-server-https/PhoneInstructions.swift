import Foundation
import QRCode
import ServeTLS

/// What `--https` prints once it listens: the certificate, each address a
/// phone can open, and a QR code of the first.
enum PhoneInstructions {
    static func text(bound: String, certificate: ServeCertificate) -> String {
        // bound: https://HOST:PORT/
        let port = bound.split(separator: ":").last.map { String($0.dropLast()) } ?? "443"
        let host = String(bound.dropFirst("https://".count).dropLast(port.count + 2))
        let everywhere = host == "0.0.0.0" || host == "[::]"
        var urls: [String] = []
        if everywhere {
            urls = LocalAddresses.nonLoopback().map { ($0.bytes.count == 16 ? "[\($0.text)]" : $0.text) }
                .map { "https://\($0):\(port)/live" }
            urls.append("https://localhost:\(port)/live")
        } else {
            urls = ["https://\(host):\(port)/live"]
        }
        var out = "mkfilter serve: certificate \(certificate.folder.appendingPathComponent("cert.pem").path) "
            + "(\(certificate.isNew ? "made now" : "kept"); self-signed: the phone warns once; accept it)\n"
        if let why = certificate.replacedBecause { out += "mkfilter serve: a new key and certificate: \(why)\n" }
        out += "mkfilter serve: its key's SHA-256 (SPKI): \(certificate.spkiHash)\n"
        for url in urls { out += "mkfilter serve: on a phone on this network, open \(url)\n" }
        if let first = urls.first, let code = try? QRCode(first, level: .m) {
            out += code.terminalText(colours: isatty(STDOUT_FILENO) == 1)
        }
        return out
    }
}
