import Foundation
import TestSupport
import Testing

/// Paths and process helpers for the emission tests.
enum Support {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    typealias Run = Subprocess.Run

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> Run {
        try Subprocess.run(URL(fileURLWithPath: executable), arguments, in: directory)
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

    /// Writes `header` (as `headerName`) and `main` (as main.c) to `directory`,
    /// builds main.c with `cc`, `flags` and -Wall -Wextra -Werror into
    /// `executable` and runs it. The build must succeed (an issue naming
    /// `label` if not: then nil); returns the lines it printed, as doubles.
    static func buildAndRunC(_ cc: String, _ flags: [String], header: String, named headerName: String, main: String,
                             executable: String, in directory: URL, label: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> [Double]? {
        try header.write(to: directory.appendingPathComponent(headerName), atomically: true, encoding: .utf8)
        try main.write(to: directory.appendingPathComponent("main.c"), atomically: true, encoding: .utf8)
        let build = try run(cc, flags + ["-Wall", "-Wextra", "-Werror", "main.c", "-o", executable], in: directory)
        #expect(build.status == 0, "\(label): \(build.err)", sourceLocation: sourceLocation)
        guard build.status == 0 else { return nil }
        return try run(directory.appendingPathComponent(executable).path, []).out.split(separator: "\n").map { Double($0)! }
    }

    /// A fresh temporary directory (`label`) with FilterRuntime built in it as
    /// a module (`buildRuntimeModule`; an issue if that fails), for compiling
    /// generated code against it. The caller removes it.
    static func runtimeModuleDirectory(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let dir = try temporaryDirectory(label)
        do {
            let module = try buildRuntimeModule(in: dir)
            #expect(module.status == 0, "FilterRuntime: \(module.err)", sourceLocation: sourceLocation)
        } catch {
            try? FileManager.default.removeItem(at: dir)
            throw error
        }
        return dir
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
