import FilterEmission
import FilterRuntime

/// Swift source for a filter set: what the build plugin, the command plugin
/// and `mkfilter generate` write.
package enum FilterSetSource {
    /// One file holding every namespace of the spec (the build plugin's output).
    package static func singleFile(_ spec: FilterSetSpec) throws(FilterSetErrors) -> String {
        let groups = try spec.namespaceFilters()
        do {
            return try SwiftEmitter.source(namespaces: groups.map { ($0.templates, $0.fir, $0.namespace) })
        } catch {
            throw FilterSetErrors([FilterSetError(file: spec.file, error.description, underlying: error)])
        }
    }

    /// One file per namespace, named `<Namespace>.swift` (the command plugin's
    /// output, for committed sources such as `Generated/`).
    package static func filePerNamespace(_ spec: FilterSetSpec) throws(FilterSetErrors) -> [(fileName: String, text: String)] {
        let groups = try spec.namespaceFilters()
        var files: [(fileName: String, text: String)] = []
        for group in groups {
            do {
                let text = try SwiftEmitter.source(namespaces: [(group.templates, group.fir, group.namespace)])
                files.append((SwiftEmitter.typeName(group.namespace) + ".swift", text))
            } catch {
                throw FilterSetErrors([FilterSetError(file: spec.file, error.description, underlying: error)])
            }
        }
        return files
    }
}
