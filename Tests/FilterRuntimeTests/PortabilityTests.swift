import Foundation
import Testing

/// What macOS (and iOS, for the runtime) would trip over, checked in the
/// sources here on Linux: the package's users build on Apple platforms, where
/// there is no Glibc.
@Suite struct PortabilityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under `folder`, with its lines.
    static func sources(_ folder: String) throws -> [(path: String, lines: [String])] {
        let base = root.appendingPathComponent(folder)
        let paths = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
            return ("\(folder)/\(path)", text.components(separatedBy: "\n"))
        }
    }

    static let platformModules = ["Glibc", "Musl", "Darwin", "ucrt", "WinSDK"]

    /// A platform module is imported only inside `#if canImport(...)`, never
    /// re-exported, never named in a qualified reference.
    @Test func platformImportsAreGuarded() throws {
        var problems: [String] = []
        var files = 0
        for folder in ["Sources", "Benchmarks", "Plugins"] {
            for (path, lines) in try Self.sources(folder) {
                files += 1
                for (i, line) in lines.enumerated() {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.hasPrefix("@_exported") { problems.append("\(path):\(i + 1): re-exports a module") }
                    for module in Self.platformModules {
                        if trimmed == "import \(module)" {
                            let previous = lines[..<i].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
                            if !previous.contains("canImport(\(module))") {
                                problems.append("\(path):\(i + 1): import \(module) outside #if canImport(\(module))")
                            }
                        }
                        if !trimmed.hasPrefix("//") && line.contains("\(module).") && !line.contains("canImport") {
                            problems.append("\(path):\(i + 1): names \(module). directly")
                        }
                    }
                }
            }
        }
        #expect(files > 100)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The runtime that iOS apps link imports nothing at all: no Foundation, no platform.
    @Test func runtimeImportsNothing() throws {
        let files = try Self.sources("Sources/FilterRuntime")
        #expect(!files.isEmpty)
        for (path, lines) in files {
            let imports = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") }
            #expect(imports.isEmpty, "\(path): \(imports)")
        }
    }
}
