import Foundation

/// Reads a spec file and writes (or checks) its Swift: the one job shared by
/// the build plugin's tool (`filter-generator`), the command plugin and
/// `mkfilter generate`.
package enum FilterSetGeneration {
    /// Where the Swift goes.
    package enum Destination: Sendable {
        /// Every namespace in one file (the build plugin).
        case file(String)
        /// `<Namespace>.swift` per namespace in a directory (the command plugin, `Generated/`).
        case directory(String)
    }

    /// Reads and checks the spec at `path`, with optional overrides of its
    /// sample rate and namespace (`mkfilter generate --sample-rate --namespace`).
    package static func load(_ path: String, sampleRate: Double? = nil, namespace: String? = nil) throws(FilterSetErrors) -> FilterSetSpec {
        let text: String
        do { text = try TextFile.read(path) } catch { throw FilterSetErrors([FilterSetError(file: path, error.problem, underlying: error)]) }
        var spec = try FilterSetSpec.parse(text, file: path)
        if let sampleRate { spec.sampleRates = [sampleRate] }
        if let namespace { spec.namespace = namespace }
        return spec
    }

    /// Writes the spec's Swift to `destination`, or with `check` compares
    /// instead and fails naming each file that differs. Nothing is written
    /// unless every filter designs, and several files (`--output-directory`
    /// with two sample rates) are written all or none: if one cannot be
    /// written, the others are left as they were.
    ///
    /// - Returns: one line per file written or checked.
    package static func run(_ spec: FilterSetSpec, to destination: Destination, check: Bool) throws(FilterSetErrors) -> [String] {
        let files: [(path: String, text: String)]
        switch destination {
        case .file(let path):
            files = [(path, try FilterSetSource.singleFile(spec))]
        case .directory(let directory):
            files = try FilterSetSource.filePerNamespace(spec).map {
                ((directory as NSString).appendingPathComponent($0.fileName), $0.text)
            }
        }
        guard !check else {
            var report: [String] = []
            var problems: [FilterSetError] = []
            for file in files {
                if (try? TextFile.read(file.path)) == file.text {
                    report.append("\(file.path) is up to date")
                } else {
                    problems.append(FilterSetError(file: spec.file, "\(file.path) differs from what the spec generates now; regenerate it"))
                }
            }
            guard problems.isEmpty else { throw FilterSetErrors(problems) }
            return report
        }
        do { try AtomicFile.writeAll(files) } catch {
            throw FilterSetErrors([FilterSetError(file: spec.file, error.description + (files.count > 1 && error.notRestored.isEmpty ? "; none of the \(files.count) files was written" : ""), underlying: error)])
        }
        return files.map { "wrote \($0.path)" }
    }
}
