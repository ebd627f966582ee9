import Foundation

/// Paths and process helpers for the emission tests.
enum Support {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Run { var out: String; var err: String; var status: Int32 }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self), status: process.terminationStatus)
    }

    /// `which`.
    static func tool(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func temporaryDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Builds FilterRuntime as a module in `directory` with swiftc (Swift 6 mode,
    /// warnings as errors), for compiling generated code against it.
    static func buildRuntimeModule(in directory: URL) throws -> Run {
        let sources = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources/FilterRuntime").path)
            .filter { $0.hasSuffix(".swift") }.sorted()
            .map { packageRoot.appendingPathComponent("Sources/FilterRuntime/\($0)").path }
        return try run(tool("swiftc")!, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                                          "-module-name", "FilterRuntime", "-emit-module", "-emit-library", "-static",
                                          "-emit-module-path", directory.appendingPathComponent("FilterRuntime.swiftmodule").path,
                                          "-o", directory.appendingPathComponent("libFilterRuntime.a").path] + sources,
                       in: directory)
    }
}
