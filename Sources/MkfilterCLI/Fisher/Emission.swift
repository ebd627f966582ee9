import FilterDesign
import FilterEmission
import FilterRuntime
import FilterSets
import Foundation

/// `--emit`: code for a designed filter instead of Fisher's report.
enum Emission {
    static func text(for design: Design, listing: String, options: MkfilterCommandLine.EmissionOptions) throws(UsageError) -> String {
        guard let kind = options.kind else { throw UsageError("internal: no --emit kind") }
        var renderer = TemplateRenderer.embedded
        do {
            let gencodeLanguage: Gencode.Language? = ["c-ansic": .ansic, "c-xyc": .xyc, "c-f": .f][kind]
            if let path = options.template {
                let text: String
                do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
                    throw UsageError("--template \(ArgumentValues.quoted(path)): cannot read it (\(error.localizedDescription))")
                }
                let name: String
                switch kind {
                case "swift": name = "swift/filters.mustache"
                case "c": name = "c/filters.h.mustache"
                case "c-xyc": name = "c/gencode-xyc.mustache"
                case "c-f": name = "c/gencode-f.mustache"
                case "c-ansic":
                    name = design.recurrence.yCoefficients.dropLast().allSatisfy({ $0 == 0 })
                        ? "c/gencode-ansic-fir.mustache" : "c/gencode-ansic-iir.mustache"
                default: throw UsageError("--emit json is not template-driven; --template does not apply")
                }
                renderer = renderer.overriding(name, with: text)
            }
            if let language = gencodeLanguage {
                return try Gencode.render(try FisherListing(parsing: listing), as: language, templates: renderer)
            }
            let name = options.name ?? defaultName(design.specification)
            let template = try TemplateBuilder.template(
                for: design, name: name, description: options.description ?? "",
                tag: options.tag ?? 0)
            switch kind {
            case "swift": return try SwiftEmitter.source([template], namespace: options.namespace ?? "Filters", renderer: renderer)
            case "c": return try CEmitter.header([template], prefix: options.namespace ?? "mkfilter",
                                                 precision: options.precision == "float" ? .float : .double, renderer: renderer)
            default: return try JSONEmitter.document([template])
            }
        } catch let error as UsageError {
            throw error
        } catch let error as ListingError {
            throw UsageError(error.description)
        } catch {
            throw UsageError("\(error)")
        }
    }

    /// "Butterworth low-pass order 2" and the like.
    static func defaultName(_ spec: FilterSpecification) -> String {
        var words = [TemplateBuilder.familyName(spec.family)]
        if let band = spec.band { words.append(band.rawValue) }
        if let order = spec.order { words.append("order \(order)") }
        return words.joined(separator: " ")
    }

    /// Writes `text` to `path` atomically: a temporary file beside it, then a
    /// rename, so a failure never leaves a partial file.
    static func write(_ text: String, to path: String, option: String = "--output") throws(UsageError) {
        if let reason = AtomicFile.write(text, to: path) {
            throw UsageError("\(option) \(ArgumentValues.quoted(path)): cannot write it (\(reason))")
        }
    }
}
