import ArgumentParser
import FilterRequests

/// `mkfilter serve`: the design page, its API and Shake!'s live screen.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the design page, its API and Shake!'s live screen on the web.",
        usage: "mkfilter serve [--port <n>] [--host <address>] [--https] [--rebuild]",
        discussion: """
            Fisher's interactive page again: a form with the filter set file's
            fields, the report, the plots and every emitter's code; /live runs the
            design on a phone's accelerometer (or a simulated one) as Shake!'s
            screen did. It prints the address to open when ready; Ctrl-C stops it.

            The server is its own package (Server/, on Hummingbird), so that the
            rest of mkfilter builds without it. scripts/setup.sh builds it with
            mkfilter, and 'mkfilter serve' starts it at once; where it is
            missing, 'mkfilter serve' builds it first (swift build --package-path
            Server -c release, a few minutes). --https runs mkfilter-server-https,
            the same server with TLS, built the first time it is asked for.
            MKFILTER_SERVER names another server binary.

            API (QUERY: the form's fields, e.g. family=butterworth&band=bandPass&
            order=3&corners=0.5,3&sampleRate=60)
              GET /api/design?QUERY           what --emit json writes
              GET /api/response?QUERY&points=N
                                              what 'mkfilter response' writes
              GET /api/code?QUERY&format=F    one format's code, F one of
            \(Self.codeFormats)
              A bad query: 400 (413 when too long) and {"error": ..., "field": ...}.

            OPTIONS
              --port <n>         0 ... 65535 (default 8080; 0: any free port)
              --host <address>   the address to listen on (default 127.0.0.1,
                                 this machine only; with --https 0.0.0.0)
              --https            TLS, so a phone's browser gives /live its
                                 accelerometer: a self-signed certificate for
                                 this machine's addresses, made once and kept
                                 in ~/.cache/mkfilter (XDG_CACHE_HOME); prints
                                 each https address and a QR code to scan
              --rebuild          build the server again first (after an update)

            LIMITS
              Idle connections close after 15 s; connections are capped below
              the open-file limit; heavy requests (order above 24, a
              specification, more than 4097 points) run one at a time, 4 wait,
              more get 503 with Retry-After; a request head over 32 KB is a 431.

            EXAMPLES
              mkfilter serve --port 8080
              mkfilter serve --https --port 8443   (then scan the QR code)
            """,
        helpNames: [.long]
    )

    @Option(help: "The port, 0 ... 65535 (0: any free port).")
    var port: Int = 8080

    @Option(help: "The address to listen on.")
    var host: String?

    @Flag(help: "Serve over TLS with a self-signed certificate.")
    var https = false

    @Flag(help: "Build the server again first.")
    var rebuild = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port; use 0 ... 65535") }
        if let host, host.isEmpty { throw ValidationError("--host needs an address") }
    }

    func run() throws {
        let result = ServeProgram.run(host: host, port: port, https: https, rebuild: rebuild)
        try emit(result)
    }
}

extension ServeCommand {
    /// The formats `/api/code` takes (`EmissionFormat`), wrapped to 78
    /// columns under the description column of the API lines.
    static var codeFormats: String {
        let indent = String(repeating: " ", count: 34)
        var lines: [String] = [], line = ""
        for name in EmissionFormat.allCases.map(\.rawValue) {
            let word = name + (name == EmissionFormat.allCases.last!.rawValue ? "" : ",")
            if !line.isEmpty && indent.count + line.count + 1 + word.count > 78 {
                lines.append(indent + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return (lines + [indent + line]).joined(separator: "\n")
    }
}
