import FilterRequests

/// `mkfilter generate SPEC [--sample-rate HZ] [--namespace NAME] [--emit FORMAT]
/// [--output FILE | --output-directory DIR] [--check]`: the filters of a spec
/// file as source (see docs/command-line.md, "Filter set files").
public enum GenerateProgram {
    static let usage = """
        Usage: mkfilter generate <spec.json> [--sample-rate <Hz>] [--namespace <Name>]
                                 [--emit \(GenerationRequest.formats.map(\.rawValue).joined(separator: "|"))]
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
                    guard let format = EmissionFormat(rawValue: kind), format.declaration.writesFilterSets else {
                        throw UsageError("--emit \(ArgumentValues.quoted(kind)) must be one of " + GenerationRequest.formats.map(\.rawValue).joined(separator: ", "))
                    }
                default:
                    guard !word.hasPrefix("-"), specPath == nil else { throw UsageError("unexpected argument \(ArgumentValues.quoted(word))", showsUsage: true) }
                    specPath = word
                }
            }
            guard let specPath else { throw UsageError("give the filter set file", showsUsage: true) }
            if output != nil && directory != nil { throw UsageError("give --output or --output-directory, not both") }
            var request = GenerationRequest(specPath: specPath)
            request.sampleRate = sampleRate
            request.namespace = namespace
            request.format = EmissionFormat(rawValue: kind) ?? .swift
            request.destination = output.map { .file($0) } ?? directory.map { .directory($0) } ?? .text
            request.check = check
            do { return .success(try request.run()) } catch { throw UsageError(error) }
        } catch {
            return .failure("mkfilter generate", error, usage: usage)
        }
    }
}
