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
        guard FileManager.default.fileExists(atPath: path) else {
            throw FilterSetErrors([FilterSetError(file: path, "no such file")])
        }
        guard let text = AtomicFile.read(path) else {
            throw FilterSetErrors([FilterSetError(file: path, "cannot be read as UTF-8 text")])
        }
        var spec = try FilterSetSpec.parse(text, file: path)
        if let sampleRate { spec.sampleRates = [sampleRate] }
        if let namespace { spec.namespace = namespace }
        return spec
    }

    /// Writes the spec's Swift to `destination`, or with `check` compares
    /// instead and fails naming each file that differs. Nothing is written
    /// unless every filter designs.
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
        var report: [String] = []
        var problems: [FilterSetError] = []
        for file in files {
            if check {
                if AtomicFile.read(file.path) == file.text {
                    report.append("\(file.path) is up to date")
                } else {
                    problems.append(FilterSetError(file: spec.file, "\(file.path) differs from what the spec generates now; regenerate it"))
                }
            } else if let reason = AtomicFile.write(file.text, to: file.path) {
                problems.append(FilterSetError(file: spec.file, "cannot write \(file.path) (\(reason))"))
            } else {
                report.append("wrote \(file.path)")
            }
        }
        guard problems.isEmpty else { throw FilterSetErrors(problems) }
        return report
    }
}
