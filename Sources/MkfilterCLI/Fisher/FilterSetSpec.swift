import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation

/// A set of filters to generate together: a namespace and named filters, each
/// given as mkfilter options (family, band, order; no corners) and corners in Hz.
/// The sample rate comes from the command line (`mkfilter generate --sample-rate`).
struct FilterSetSpec: Decodable {
    struct Filter: Decodable {
        var tag: Int
        var name: String
        var description: String?
        var mkfilter: String?
        var corners: [Double]?
        var passThrough: Bool?
    }
    var namespace: String
    var filters: [Filter]

    /// Reads and validates `path`; errors name the file and the filter.
    static func load(_ path: String) throws(UsageError) -> FilterSetSpec {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw UsageError("\(path): cannot read it (\(error.localizedDescription))")
        }
        do { return try JSONDecoder().decode(FilterSetSpec.self, from: data) } catch {
            throw UsageError("\(path): not a valid filter set (\(describe(error)))")
        }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\(context.debugDescription) at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted(let context):
            return "malformed JSON: \(context.underlyingError.map { "\($0)" } ?? context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    /// The templates at `sampleRate`, in file order.
    func templates(sampleRate: Double, file: String) throws(UsageError) -> [DigitalFilterTemplate] {
        var result: [DigitalFilterTemplate] = []
        for f in filters {
            if f.passThrough == true {
                result.append(TemplateBuilder.passThrough(name: f.name, description: f.description ?? "", tag: f.tag, sampleRate: sampleRate))
                continue
            }
            guard let options = f.mkfilter, let corners = f.corners, !corners.isEmpty else {
                throw UsageError("\(file): filter \"\(f.name)\": give \"mkfilter\" (family, band, order) and \"corners\" in Hz, or \"passThrough\": true")
            }
            let words = options.split(separator: " ").map(String.init)
                + ["--sample-rate", "\(sampleRate)", "--corner"] + corners.map { "\($0)" }
            do {
                let spec = try MkfilterCommandLine(words).specification()
                let design: Design
                do { design = try spec.design() } catch { throw UsageError(error.description) }
                result.append(try TemplateBuilder.template(for: design, name: f.name, description: f.description ?? "",
                                                           tag: f.tag, sampleRate: sampleRate))
            } catch let error as UsageError {
                throw UsageError("\(file): filter \"\(f.name)\": \(error.messages.joined(separator: "; "))")
            } catch {
                throw UsageError("\(file): filter \"\(f.name)\": \(error)")
            }
        }
        return result
    }
}

/// `mkfilter generate SPEC --sample-rate HZ [--namespace N] [--emit swift|c|json] [--output FILE]`.
public enum GenerateProgram {
    static let usage = "Usage: mkfilter generate <spec.json> --sample-rate <Hz> [--namespace <Name>] [--emit swift|c|json] [--output <file>]"

    /// Runs the command on `arguments`.
    public static func run(arguments: [String]) -> InvocationResult {
        do throws(UsageError) {
            var specPath: String?, sampleRate: Double?, namespace: String?, output: String?, kind = "swift"
            var k = 0
            func value(_ option: String) throws(UsageError) -> String {
                k += 1
                guard k < arguments.count else { throw UsageError("\(option) needs a value") }
                return arguments[k]
            }
            while k < arguments.count {
                let word = arguments[k]
                switch word {
                case "--sample-rate": sampleRate = try ArgumentValues.number(try value(word), for: word, meaning: "the sample rate in Hz")
                case "--namespace": namespace = try value(word)
                case "--output": output = try value(word)
                case "--emit":
                    kind = try value(word)
                    guard ["swift", "c", "json"].contains(kind) else { throw UsageError("--emit \(ArgumentValues.quoted(kind)) must be swift, c or json") }
                default:
                    guard !word.hasPrefix("-"), specPath == nil else { throw UsageError("unexpected argument \(ArgumentValues.quoted(word))", showsUsage: true) }
                    specPath = word
                }
                k += 1
            }
            guard let specPath else { throw UsageError("give the filter set file", showsUsage: true) }
            guard let sampleRate, sampleRate > 0 else { throw UsageError("give --sample-rate, a number of Hz above 0", showsUsage: true) }
            let spec = try FilterSetSpec.load(specPath)
            let templates = try spec.templates(sampleRate: sampleRate, file: specPath)
            let name = namespace ?? spec.namespace
            let text: String
            do {
                switch kind {
                case "swift": text = try SwiftEmitter.source(templates, namespace: name)
                case "c": text = try CEmitter.header(templates, prefix: name, precision: .double)
                default: text = try JSONEmitter.document(templates)
                }
            } catch { throw UsageError("\(specPath): \(error)") }
            if let output {
                try Emission.write(text, to: output)
                return .success("")
            }
            return .success(text)
        } catch {
            return .failure("mkfilter generate", error, usage: usage)
        }
    }
}
