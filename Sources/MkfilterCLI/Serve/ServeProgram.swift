import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands `mkfilter serve` over to the server executable, `Server/.build/release/
/// mkfilter-server` of this package (`mkfilter-server-https` for `--https`),
/// found from the running executable, which sits in the package's `.build`, or
/// from the current directory; builds it first when it is missing. The server
/// is its own package so that the design command never builds Hummingbird,
/// and TLS its own executable so that the plain server builds without it.
enum ServeProgram {
    /// The server's product name: with TLS or without.
    static func product(https: Bool) -> String { https ? "mkfilter-server-https" : "mkfilter-server" }

    /// The server's path inside the package.
    static func serverPath(https: Bool) -> String { "Server/.build/release/" + product(https: https) }

    /// Builds if needed, then replaces this process with the server (host
    /// nil: the server's default, 127.0.0.1, or 0.0.0.0 with `https`);
    /// returns only when that fails.
    static func run(host: String?, port: Int, https: Bool, rebuild: Bool) -> InvocationResult {
        let server: String
        if let given = ProcessInfo.processInfo.environment["MKFILTER_SERVER"], !given.isEmpty {
            server = given
        } else {
            guard let root = packageRoot() else {
                return .failure("mkfilter serve", UsageError("cannot find this package's Server/ folder from \(executablePath() ?? "the executable") or the current directory; run it from the package (swift run mkfilter serve) or set MKFILTER_SERVER"), usage: "")
            }
            server = root + "/" + serverPath(https: https)
            if rebuild || !FileManager.default.isExecutableFile(atPath: server) {
                let why = https ? "the https server (TLS) is built when first asked for" : "the server is not built yet; scripts/setup.sh builds it up front"
                let message = "mkfilter serve: \(why); building it once (a few minutes): swift build --package-path Server -c release --product \(product(https: https))\n"
                FileHandle.standardError.write(Data(message.utf8))
                let status = build(root: root, product: product(https: https))
                guard status == 0, FileManager.default.isExecutableFile(atPath: server) else {
                    return .failure("mkfilter serve", UsageError("building the server failed (status \(status)); see the messages above"), usage: "")
                }
            }
        }
        let arguments = [server, "--port", "\(port)"] + (host.map { ["--host", $0] } ?? []) + (https ? ["--https"] : [])
        var cArguments = arguments.map { strdup($0) } + [nil]
        execv(server, &cArguments)
        let reason = String(cString: strerror(errno))
        return .failure("mkfilter serve", UsageError("cannot start \(server): \(reason)"), usage: "")
    }

    /// `swift build --package-path <root>/Server -c release --product <product>`, its output on ours.
    static func build(root: String, product: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", root + "/Server", "-c", "release", "--product", product]
        process.standardOutput = FileHandle.standardError
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The package root: the first folder holding `Server/Package.swift`
    /// above the running executable, else above the current directory.
    static func packageRoot() -> String? {
        var starts: [String] = []
        if let exe = executablePath() { starts.append((exe as NSString).deletingLastPathComponent) }
        starts.append(FileManager.default.currentDirectoryPath)
        for start in starts {
            var folder = (start as NSString).standardizingPath
            while true {
                if FileManager.default.fileExists(atPath: folder + "/Server/Package.swift") { return folder }
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder || parent.isEmpty { break }
                folder = parent
            }
        }
        return nil
    }

    /// The running executable's path, symlinks resolved.
    static func executablePath() -> String? {
        #if os(Linux)
        return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #else
        return Bundle.main.executablePath.map { ($0 as NSString).resolvingSymlinksInPath }
        #endif
    }
}
