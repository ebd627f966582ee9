import Foundation
import PackagePlugin

/// Command plugin: rewrites committed Swift from the `*.filters.json` specs in
/// the package's targets, one `<Namespace>.swift` per namespace beside each
/// spec (a spec with `"sampleRate": [60, 100]` writes `...60Hz.swift` and
/// `...100Hz.swift`).
///
///     swift package --allow-writing-to-package-directory generate-filters [--target NAME ...] [--check]
///
/// `--check` writes nothing and fails when a committed file differs from what
/// its spec generates now (for CI). A target that uses the FilterGenerator
/// build plugin should not also have committed files: it would get each filter
/// twice.
@main
struct GenerateFilters: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw CommandError("unexpected arguments \(extractor.remainingArguments); use [--target NAME ...] [--check]")
        }
        let known = Set(context.package.targets.map(\.name))
        for name in targetNames where !known.contains(name) {
            throw CommandError("no target named \(name) in this package; targets: \(known.sorted().joined(separator: ", "))")
        }

        let tool = try context.tool(named: "filter-generator")
        var ran = 0
        for target in context.package.targets {
            guard targetNames.isEmpty || targetNames.contains(target.name),
                  let module = target as? SourceModuleTarget else { continue }
            // Specs are usually excluded from their target (they are not Swift),
            // so look in the directory rather than in `sourceFiles`.
            for spec in specs(in: module.directoryURL) {
                ran += 1
                let process = Process()
                process.executableURL = tool.url
                process.arguments = [spec.path, "--output-directory", spec.deletingLastPathComponent().path] + (check ? ["--check"] : [])
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else {
                    throw CommandError("\(spec.lastPathComponent): generation \(check ? "check " : "")failed (see above)")
                }
                if !check { print("generated from \(spec.path)") }
            }
        }
        if ran == 0 {
            throw CommandError("no *.filters.json spec found in \(targetNames.isEmpty ? "any target" : targetNames.joined(separator: ", "))")
        }
    }

    func specs(in directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(".filters.json") }
            .sorted { $0.path < $1.path }
    }
}

struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
