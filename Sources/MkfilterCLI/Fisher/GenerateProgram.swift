import FilterEmission
import FilterRuntime
import FilterSets

/// `mkfilter generate SPEC [--sample-rate HZ] [--namespace NAME] [--emit swift|c|json]
/// [--output FILE | --output-directory DIR] [--check]`: the filters of a spec
/// file as source (see README, "Filter set files").
public enum GenerateProgram {
    static let usage = """
        Usage: mkfilter generate <spec.json> [--sample-rate <Hz>] [--namespace <Name>] [--emit swift|c|json]
                                 [--output <file> | --output-directory <dir>] [--check]
        """

    /// Runs the command on `arguments`.
    public static func run(arguments: [String]) -> InvocationResult {
        do throws(UsageError) {
            var specPath: String?, sampleRate: Double?, namespace: String?, output: String?, directory: String?
            var kind = "swift", check = false
            var cursor = ArgumentCursor(arguments)
            while let word = cursor.next() {
                switch word {
                case "--sample-rate": sampleRate = try cursor.positive(for: word, meaning: "the sample rate in Hz")
                case "--namespace": namespace = try cursor.value(for: word)
                case "--output": output = try cursor.value(for: word)
                case "--output-directory": directory = try cursor.value(for: word)
                case "--check": check = true
                case "--emit":
                    kind = try cursor.value(for: word)
                    guard ["swift", "c", "json"].contains(kind) else { throw UsageError("--emit \(ArgumentValues.quoted(kind)) must be swift, c or json") }
                default:
                    guard !word.hasPrefix("-"), specPath == nil else { throw UsageError("unexpected argument \(ArgumentValues.quoted(word))", showsUsage: true) }
                    specPath = word
                }
            }
            guard let specPath else { throw UsageError("give the filter set file", showsUsage: true) }
            if output != nil && directory != nil { throw UsageError("give --output or --output-directory, not both") }
            if check && output == nil && directory == nil { throw UsageError("--check compares with files: give --output or --output-directory") }
            let spec: FilterSetSpec
            do { spec = try FilterSetGeneration.load(specPath, sampleRate: sampleRate, namespace: namespace) } catch {
                throw UsageError(messages: error.errors.map(\.description))
            }

            if kind == "swift" {
                if let target = output.map(FilterSetGeneration.Destination.file) ?? directory.map(FilterSetGeneration.Destination.directory) {
                    do {
                        let lines = try FilterSetGeneration.run(spec, to: target, check: check)
                        return .success(check ? lines.map { $0 + "\n" }.joined() : "")
                    } catch { throw UsageError(messages: error.errors.map(\.description)) }
                }
                do { return .success(try FilterSetSource.singleFile(spec)) } catch {
                    throw UsageError(messages: error.errors.map(\.description))
                }
            }

            // C and JSON: one sample rate, one file.
            guard spec.sampleRates.count == 1 else {
                throw UsageError("--emit \(kind) writes one sample rate; the spec lists \(spec.sampleRates.count): choose one with --sample-rate")
            }
            guard directory == nil, !check else { throw UsageError("--output-directory and --check apply to --emit swift") }
            let templates: [DigitalFilterTemplate]
            do throws(FilterSetErrors) { templates = try spec.templates(sampleRate: spec.sampleRates[0]) } catch {
                throw UsageError(messages: error.errors.map(\.description))
            }
            let text: String
            do {
                text = kind == "c" ? try CEmitter.header(templates, prefix: spec.namespace, precision: .double)
                    : try JSONEmitter.document(templates)
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
