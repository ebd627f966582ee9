// mkfilter-server [--host 127.0.0.1] [--port 8080]: the design page, its API and
// /live, until SIGINT or SIGTERM (a graceful shutdown: requests in flight end).
// `mkfilter serve` builds this and hands over to it.
import FilterServer
import Foundation
import Hummingbird

let usage = "usage: mkfilter-server [--host <address>] [--port <0...65535>]  (default 127.0.0.1:8080; port 0: any free port)\n"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("mkfilter-server: \(message)\n" + usage).utf8))
    exit(2)
}

var host = "127.0.0.1", port = 8080
var words = CommandLine.arguments.dropFirst()
while let word = words.popFirst() {
    switch word {
    case "--host":
        guard let value = words.popFirst(), !value.isEmpty else { fail("--host needs an address") }
        host = value
    case "--port":
        guard let value = words.popFirst(), let n = Int(value), (0...65535).contains(n) else { fail("--port needs an integer 0 ... 65535") }
        port = n
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    default:
        fail("unknown argument \(word.debugDescription)")
    }
}

let app = FilterServer.application(host: host, port: port) { address in
    // Unbuffered: a script reading our output sees the address at once.
    FileHandle.standardOutput.write(Data("mkfilter serve: open \(address)  (Ctrl-C to stop)\n".utf8))
}
do {
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("mkfilter-server: \(error)\n".utf8))
    exit(1)
}
