// mkfilter-server-https [--host <address>] [--port 8443] [--https]: the same
// server as mkfilter-server, and with --https over TLS with a self-signed
// certificate kept in the cache folder (a phone's browser gives /live its
// accelerometer only in a secure context). `mkfilter serve --https` starts it.
import ServeTLS
import ServerLauncher

await ServerLauncher.run(program: "mkfilter-server-https", tls: TLSLayer(certificateFolder: ServeCertificate.defaultFolder().path) {
    let certificate = try ServeCertificate.loadOrCreate()
    return TLSLayer.Prepared(wrap: { try HTTPS.server($0, certificate: certificate) },
                             announce: { PhoneInstructions.text(bound: $0, certificate: certificate) })
})
