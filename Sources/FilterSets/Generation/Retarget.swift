import FilterDesign
import FilterEmission
import FilterRuntime

/// Redesigns generated templates at another sample rate, keeping their corners in Hz.
///
/// Each template's provenance says how it was designed (family, ripple, Q,
/// transform, pole subset, extra zero) and its fields give the band, order and
/// corners in Hz; the redesign is that specification at the new rate, so a
/// file retargeted from 60 Hz to 100 Hz is byte for byte the file the spec
/// writes at 100 Hz. An enum (and file) named for its rate (`...60Hz`) is
/// renamed for the new one (`...100Hz`).
package enum Retarget {
    /// One retargeted source file.
    package struct Output: Sendable {
        /// The file it was read from.
        package var input: String
        /// Its new file name (`ShakeFilters60Hz.swift` -> `ShakeFilters100Hz.swift`).
        package var fileName: String
        /// The Swift source.
        package var text: String
    }

    /// Retargets every file; every filter that cannot be redesigned is reported
    /// (file and filter named), and then nothing is returned.
    package static func run(files: [(path: String, text: String)], sampleRate: Double) throws(FilterSetErrors) -> [Output] {
        var outputs: [Output] = []
        var errors: [FilterSetError] = []
        for file in files {
            // FIR filters are not redesigned here: leaving them out would lose them.
            if let fir = try? TemplateSourceReader.firDeclarations(file.text, file: file.path), let first = fir.first {
                errors.append(FilterSetError(file: "\(file.path):\(first.line)", "holds FIR filters (FIRTemplate: \(fir.map { SwiftSource.stringLiteral($0.name) }.joined(separator: ", "))), which retarget does not redesign; generate the file again from its spec at the new rate (mkfilter generate SPEC --sample-rate RATE)"))
                continue
            }
            let definitions: [TemplateDefinition]
            do { definitions = try TemplateSourceReader.read(file.text, file: file.path) } catch {
                // The reader's `FILE:LINE: message` (one `file:line:` form everywhere).
                errors.append(FilterSetError(file: error.file + (error.line.map { ":\($0)" } ?? ""), error.message, underlying: error))
                continue
            }
            var groups: [(original: String, namespace: String, templates: [DigitalFilterTemplate])] = []
            let baseName = file.path.split(separator: "/").last.map(String.init) ?? file.path
            let renamed = renameFile(baseName, from: definitions[0].template.designSampleRate, to: sampleRate)
            var fileErrors: [FilterSetError] = []
            for d in definitions {
                let original = d.namespace ?? "Filters"
                let namespace = rename(original, from: d.template.designSampleRate, to: sampleRate)
                if groups.last?.original != original, let clash = groups.first(where: { $0.namespace == namespace }) {
                    fileErrors.append(FilterSetError(file: file.path, "\(clash.original) and \(original) would both become \(namespace) at \(FilterSetSpec.number(sampleRate)) Hz (the file holds one filter set at several rates); retarget a file of one rate"))
                    break
                }
                do throws(FilterSetError) {
                    let t = try template(d, sampleRate: sampleRate)
                    if let last = groups.last, last.original == original {
                        groups[groups.count - 1].templates.append(t)
                    } else {
                        groups.append((original, namespace, [t]))
                    }
                } catch {
                    fileErrors.append(error)
                }
            }
            errors += fileErrors
            guard fileErrors.isEmpty else { continue }
            do {
                let text = try SwiftEmitter.source(namespaces: groups.map { ($0.templates, $0.namespace) })
                outputs.append(Output(input: file.path, fileName: renamed, text: text))
            } catch {
                errors.append(FilterSetError(file: file.path, error.description, underlying: error))
            }
        }
        guard errors.isEmpty else { throw FilterSetErrors(errors) }
        return outputs
    }

    /// The template `d` redesigned at `sampleRate`.
    static func template(_ d: TemplateDefinition, sampleRate: Double) throws(FilterSetError) -> DigitalFilterTemplate {
        let t = d.template
        func problem(_ message: String, underlying: (any Error)? = nil) -> FilterSetError {
            FilterSetError(file: "\(d.file):\(d.line)", filter: t.name, message, underlying: underlying)
        }
        guard d.form == .swift, d.hasProvenance else {
            throw problem("has no provenance (how it was designed); retarget reads the Swift that mkfilter and its plugins write")
        }
        if t.filterClass == .passThrough {
            return TemplateBuilder.passThrough(name: t.name, description: t.description, tag: t.tag, sampleRate: sampleRate)
        }
        let recipe: FilterRecipe
        do { recipe = try TemplateProvenance.recipe(of: t, sampleRate: sampleRate) } catch { throw problem(error.description, underlying: error) }
        let design: Design
        do { design = try recipe.design() } catch { throw problem(error.description, underlying: error) }
        do {
            return try TemplateBuilder.template(for: design, name: t.name, description: t.description, tag: t.tag, sampleRate: sampleRate)
        } catch {
            throw problem(error.description, underlying: error)
        }
    }

    /// `ShakeFilters60Hz` -> `ShakeFilters100Hz`; other names unchanged.
    package static func rename(_ name: String, from old: Double, to new: Double) -> String {
        let suffix = FilterSetSpec.rateSuffix(old)
        guard name.hasSuffix(suffix) else { return name }
        return String(name.dropLast(suffix.count)) + FilterSetSpec.rateSuffix(new)
    }

    /// `ShakeFilters60Hz.swift` -> `ShakeFilters100Hz.swift`.
    static func renameFile(_ name: String, from old: Double, to new: Double) -> String {
        guard name.hasSuffix(".swift") else { return name }
        return rename(String(name.dropLast(6)), from: old, to: new) + ".swift"
    }
}
