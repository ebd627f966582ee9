import Foundation
import PackagePlugin

/// Build-tool plugin: every `*.filters.json` among a target's files becomes
/// `<stem>.swift` in the plugin's work directory, compiled into the target.
///
/// Nothing generated is committed: editing the spec (or only its sample rate)
/// makes SwiftPM run `filter-generator` again on the next build, because the
/// spec and the tool are the command's inputs. A bad spec fails the build with
/// the tool's messages (file, filter, field, what is allowed). The tool writes
/// only its declared output, inside `pluginWorkDirectoryURL`, so the command
/// runs in SwiftPM's sandbox on macOS as on Linux.
@main
struct FilterGenerator: BuildToolPlugin {
    static let suffix = ".filters.json"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let specs = target.sourceFiles.map(\.url).filter { $0.lastPathComponent.hasSuffix(Self.suffix) }
            .sorted { $0.path < $1.path }
        if specs.isEmpty {
            Diagnostics.warning("target \(target.name) uses the FilterGenerator plugin but holds no *\(Self.suffix) among its files (a spec listed in exclude: is invisible to the plugin)")
            return []
        }
        let tool = try context.tool(named: "filter-generator")
        var stems: [String: URL] = [:]
        var commands: [Command] = []
        for spec in specs {
            let stem = String(spec.lastPathComponent.dropLast(Self.suffix.count))
            if let other = stems[stem] {
                Diagnostics.error("\(spec.path): another spec, \(other.path), also generates \(stem).swift; rename one")
                throw GeneratorPluginError.duplicateStem(stem)
            }
            stems[stem] = spec
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(stem).swift")
            commands.append(.buildCommand(
                displayName: "Generating filters \(stem).swift from \(spec.lastPathComponent)",
                executable: tool.url,
                arguments: [spec.path, "--output", output.path],
                inputFiles: [spec, tool.url],
                outputFiles: [output]))
        }
        return commands
    }
}

enum GeneratorPluginError: Error, CustomStringConvertible {
    case duplicateStem(String)
    var description: String {
        switch self {
        case .duplicateStem(let stem): return "two filter specs generate \(stem).swift"
        }
    }
}
