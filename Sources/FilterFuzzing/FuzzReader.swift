import FilterApplication
import FilterDesign
import FilterEmission
import FilterSets
import Foundation
import MkfilterCLI

/// Every reader of outside input that the fuzzer drives, with the
/// invariants each case must keep:
///
/// - no trap and no hang (`Fuzzer` bounds each case's time);
/// - an accepted input gives finite numbers, and no output prints `nan` or
///   `inf` as a value;
/// - a refused input gives a message that names the file (and, for text
///   formats, the line) or the field;
/// - after an error no output or temporary file is left behind.
public enum FuzzReader: String, CaseIterable, Sendable {
    /// `DigitalFilterTemplate` initializers in Shake!'s C form, then `verify` on them.
    case cTemplate
    /// `DigitalFilterTemplate(...)` in our generated Swift, then `verify`.
    case swiftTemplate
    /// A filter set file (`*.filters.json`), designed at each rate and emitted.
    case specJSON
    /// `mkfilter pipeline` on accelerometer CSV.
    case pipelineCSV
    /// Fisher's listing, read by `gencode`.
    case fisherListing
    /// `mkfilter` with random arguments.
    case argv
    /// The URL query of the web page (`RecipeQuery`).
    case webQuery

    /// One input for case `index`, derived from the seed.
    func input(_ rng: inout SeededGenerator) -> [String] {
        switch self {
        case .cTemplate: return [Mutation.mutate(FuzzSeeds.cTemplate, &rng)]
        case .swiftTemplate: return [Mutation.mutate(FuzzSeeds.swiftTemplate, &rng)]
        case .specJSON: return [Mutation.mutate(FuzzSeeds.specJSON, &rng)]
        case .pipelineCSV: return [Mutation.mutate(FuzzSeeds.csv, &rng)]
        case .fisherListing: return [Mutation.mutate(FuzzSeeds.listing, &rng)]
        case .webQuery: return [Mutation.mutate(FuzzSeeds.queries.randomElement(using: &rng)!, &rng)]
        case .argv:
            let count = Int.random(in: 1...12, using: &rng)
            return (0..<count).map { _ in
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<6: return FuzzSeeds.argvWords.randomElement(using: &rng)!
                case 6..<9: return Mutation.hostileNumbers.randomElement(using: &rng)!
                default: return Mutation.hostileFragments.randomElement(using: &rng)!
                }
            }
        }
    }

    /// Runs one case in `scratch` (an empty directory); the problem found, or nil.
    func check(_ input: [String], scratch: URL) -> String? {
        switch self {
        case .cTemplate, .swiftTemplate:
            let name = self == .cTemplate ? "fuzz.c" : "fuzz.swift"
            let text = input[0]
            do {
                let definitions = try TemplateSourceReader.read(text, file: name)
                for d in definitions {
                    let t = d.template
                    guard t.gain.isFinite, (t.xCoefficients + t.yCoefficients).allSatisfy(\.isFinite) else {
                        return "a non-finite value was accepted"
                    }
                }
                // Audit what was read (a file, as users give it).
                let file = scratch.appendingPathComponent(name)
                guard (try? text.write(to: file, atomically: false, encoding: .utf8)) != nil else { return nil }
                let result = Mkfilter.run(arguments: ["verify", file.path])
                if result.exitCode == 1 && result.standardError.isEmpty { return "verify failed without a message" }
                return Self.nonFiniteWord(result.standardOutput).map { "verify printed '\($0)'" }
            } catch {
                let message = error.description
                guard message.hasPrefix(name + ":") else { return "error does not name the file: \(message)" }
                return nil
            }
        case .specJSON:
            let name = "fuzz.filters.json"
            do {
                var spec = try FilterSetSpec.parse(input[0], file: name)
                spec.sampleRates = Array(spec.sampleRates.prefix(2))
                for (_, templates) in try spec.namespaceTemplates() {
                    for t in templates where !(t.gain.isFinite && (t.xCoefficients + t.yCoefficients).allSatisfy(\.isFinite)) {
                        return "filter \(t.name): a non-finite value was accepted"
                    }
                }
                let source = try FilterSetSource.singleFile(spec)
                return Self.nonFiniteWord(source).map { "the generated Swift has '\($0)'" }
            } catch {
                for e in error.errors where !e.description.hasPrefix(name) { return "error does not name the file: \(e)" }
                return error.errors.isEmpty ? "an empty error list" : nil
            }
        case .pipelineCSV:
            let csv = scratch.appendingPathComponent("in.csv")
            let output = scratch.appendingPathComponent("out.csv")
            let svg = scratch.appendingPathComponent("out.svg")
            guard (try? Data(input[0].utf8).write(to: csv)) != nil else { return nil }
            let result = Mkfilter.run(arguments: ["pipeline", csv.path, "--output", output.path, "--svg", svg.path])
            return Self.outcome(result, scratch: scratch, inputs: ["in.csv"])
        case .fisherListing:
            do {
                let code = try GencodeRequest(listing: input[0]).run()
                if let bad = Self.nonFiniteWord(code) { return "gencode printed '\(bad)'" }
                return Self.commentsAreBalanced(code) ? nil : "a comment in the C code is not closed where it should be"
            } catch {
                return error.description.isEmpty ? "an error without a message" : nil
            }
        case .argv:
            // Output options point into the scratch directory.
            var arguments = input
            for k in arguments.indices where ["--output", "--svg"].contains(arguments[k]) && k + 1 < arguments.count {
                arguments[k + 1] = scratch.appendingPathComponent("out-\(k)").path
            }
            let result = Mkfilter.run(arguments: arguments)
            return Self.outcome(result, scratch: scratch, inputs: [])
        case .webQuery:
            do {
                let fields = try RecipeQuery.fields(input[0])
                guard let recipe = try RecipeQuery.recipe(fields) else { return nil }
                let design = try recipe.design()
                let finite = (design.zPlane.poles + design.zPlane.zeros).allSatisfy { $0.real.isFinite && $0.imaginary.isFinite }
                return finite ? nil : "a design with non-finite poles or zeros"
            } catch let error as FieldError {
                return error.message.isEmpty ? "a field error without a message" : nil
            } catch {
                return "\(error)".isEmpty ? "an error without a message" : nil
            }
        }
    }

    /// A CLI run: success prints no non-finite value (nor do its files);
    /// failure says why and leaves no file in `scratch` but the `inputs`.
    static func outcome(_ result: InvocationResult, scratch: URL, inputs: Set<String>) -> String? {
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { !inputs.contains($0) }
        if result.exitCode == 0 {
            if let bad = nonFiniteWord(result.standardOutput) { return "printed '\(bad)' with exit 0" }
            for file in left {
                let text = (try? String(contentsOf: scratch.appendingPathComponent(file), encoding: .utf8)) ?? ""
                if let bad = nonFiniteWord(text) { return "wrote '\(bad)' to \(file) with exit 0" }
            }
            return nil
        }
        if result.standardError.isEmpty { return "exit \(result.exitCode) without a message" }
        if !left.isEmpty && result.exitCode == 1 { return "exit 1 left \(left.sorted().joined(separator: ", ")) behind" }
        return nil
    }

    /// The first word of `text` that is a non-finite number (nan, inf, ...).
    public static func nonFiniteWord(_ text: String) -> String? {
        let words: Set<String> = ["nan", "-nan", "+nan", "inf", "-inf", "+inf", "infinity", "-infinity", "+infinity"]
        for word in text.split(whereSeparator: { " ,\t\n\r=()[]{}:;\"".contains($0) }) where words.contains(word.lowercased()) {
            return String(word)
        }
        return nil
    }

    /// Every `/*` is closed by a `*/` before the next `/*` opens, and no `*/`
    /// appears outside a comment.
    public static func commentsAreBalanced(_ code: String) -> Bool {
        var inComment = false
        var i = code.startIndex
        while i < code.endIndex {
            let rest = code[i...]
            if !inComment && rest.hasPrefix("/*") { inComment = true; i = code.index(i, offsetBy: 2); continue }
            if inComment && rest.hasPrefix("*/") { inComment = false; i = code.index(i, offsetBy: 2); continue }
            if !inComment && rest.hasPrefix("*/") { return false }
            if !inComment && rest.hasPrefix("\"") {
                // Skip a string literal.
                i = code.index(after: i)
                while i < code.endIndex && code[i] != "\"" { if code[i] == "\\" { i = code.index(after: i) }; if i < code.endIndex { i = code.index(after: i) } }
                if i < code.endIndex { i = code.index(after: i) }
                continue
            }
            i = code.index(after: i)
        }
        return !inComment
    }
}
