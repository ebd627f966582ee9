// mkfilter-server [--host 127.0.0.1] [--port 8080] [--idle-timeout <s>]: the
// design page, its API and /live over http, until SIGINT or SIGTERM.
// `mkfilter serve` starts it; `mkfilter serve --https` starts
// mkfilter-server-https, which adds TLS.
import ServerLauncher

await ServerLauncher.run(program: "mkfilter-server", tls: nil)
