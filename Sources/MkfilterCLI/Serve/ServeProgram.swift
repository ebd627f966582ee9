import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands `mkfilter serve` over to the server executable, `Server/.build/release/
/// mkfilter-server` of this package (found from the running executable, which
/// sits in the package's `.build`, or from the current directory), building it
/// first when it is missing. The server is its own package so that the design
/// command never builds Hummingbird.
enum ServeProgram {
    /// The server's path inside the package.
    static let serverPath = "Server/.build/release/mkfilter-server"

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
            server = root + "/" + serverPath
            if rebuild || !FileManager.default.isExecutableFile(atPath: server) {
                let message = "mkfilter serve: building the server (once; a few minutes): swift build --package-path Server -c release --product mkfilter-server\n"
                FileHandle.standardError.write(Data(message.utf8))
                let status = build(root: root)
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

    /// `swift build --package-path <root>/Server -c release --product mkfilter-server`, its output on ours.
    static func build(root: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", root + "/Server", "-c", "release", "--product", "mkfilter-server"]
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
