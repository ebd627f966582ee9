import FilterRequests
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
    /// `mkfilter spectrum` and `suggest` options (events, segments, rates,
    /// floor, threshold, filter) on a small recording.
    case recordingOptions
    /// The FIR commands (`remez`, `firls`, `firwin`, `firwin2`, `kaiserord`)
    /// with random options, taps at most `firTapsLimit`.
    case firOptions

    /// One input for case `index`, derived from the seed.
    func input(_ rng: inout SeededGenerator) -> [String] {
        switch self {
        case .cTemplate: return [Mutation.mutate(FuzzSeeds.cTemplate, &rng)]
        case .swiftTemplate: return [Mutation.mutate(FuzzSeeds.swiftTemplate, &rng)]
        case .specJSON: return [Mutation.mutate(FuzzSeeds.specJSON, &rng)]
        case .pipelineCSV:
            return [Bool.random(using: &rng) ? Mutation.mutate(FuzzSeeds.csv, &rng) : Self.structuredCSV(&rng)]
        case .fisherListing: return [Mutation.mutate(FuzzSeeds.listing, &rng)]
        case .webQuery: return [Mutation.mutate(FuzzSeeds.queries.randomElement(using: &rng)!, &rng)]
        case .recordingOptions, .firOptions:
            let seeds = self == .firOptions ? FuzzSeeds.firArguments : FuzzSeeds.recordingArguments
            var words = seeds.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 0...3, using: &rng) where !words.isEmpty {
                let k = Int.random(in: 0..<words.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: words[k] = Mutation.hostileNumbers.randomElement(using: &rng)!
                case 1: words[k] = Mutation.mutate(words[k], &rng)
                case 2: words.remove(at: k)
                default: words.insert(Mutation.hostileFragments.randomElement(using: &rng)!, at: k)
                }
            }
            return words
        case .argv:
            if Int.random(in: 0..<3, using: &rng) > 0 { return Self.structuredArguments(&rng) }
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

    /// The most taps the FIR reader asks for.
    static let firTapsLimit = 301

    /// The recording the recording reader runs on: 60 s at 60 Hz, gravity on
    /// z, a 2 Hz shake during 8-11 s and 20.5-23 s.
    static let recording: String = {
        var text = "t,x,y,z\n"
        for n in 0..<3600 {
            let t = Double(n) / 60
            let shake = (t >= 8 && t <= 11) || (t >= 20.5 && t <= 23) ? 0.5 * sin(2 * Double.pi * 2 * t) : 0
            let noise = 0.01 * sin(Double(n) * 1.7)
            text += "\(t),\(shake + noise),\(noise),\(1 + noise)\n"
        }
        return text
    }()

    /// A number: usually ordinary, often hostile.
    static func value(_ rng: inout SeededGenerator, ordinary: ClosedRange<Double>) -> String {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<6: return "\(Double.random(in: ordinary, using: &rng))"
        case 6..<7: return "\(Int.random(in: Int(ordinary.lowerBound)...max(Int(ordinary.lowerBound), Int(ordinary.upperBound)), using: &rng))"
        default: return Mutation.hostileNumbers.randomElement(using: &rng)!
        }
    }

    /// Accelerometer CSV with increasing times and values that are mostly
    /// ordinary, sometimes enormous, tiny, or not numbers.
    static func structuredCSV(_ rng: inout SeededGenerator) -> String {
        var text = Bool.random(using: &rng) ? "t,x,y,z\n" : ""
        let rate = [60.0, 100, 1e-3, 1e7].randomElement(using: &rng)!
        for k in 0..<Int.random(in: 1...120, using: &rng) {
            let values = (0..<3).map { _ in
                Int.random(in: 0..<8, using: &rng) == 0
                    ? ["1e308", "-1e308", "1.7976931348623157e308", "1e155", "-1e200", "1e-320", "4.9e-324", "-0", "0"]
                        .randomElement(using: &rng)!
                    : "\(Double.random(in: -2...2, using: &rng))"
            }
            text += "\(Double(k) / rate),\(values.joined(separator: ","))\n"
        }
        return text
    }

    /// A design command with values drawn from `value` and options added at
    /// random, or a pipeline or response command.
    static func structuredArguments(_ rng: inout SeededGenerator) -> [String] {
        let family = [["-Bu"], ["-Be"], ["-Ch", value(&rng, ordinary: -3...(-0.01))], ["--cheby2", value(&rng, ordinary: 20...100)],
                      ["--elliptic", value(&rng, ordinary: 0.01...3), value(&rng, ordinary: 20...100)],
                      ["-Re", value(&rng, ordinary: 1...50)]].randomElement(using: &rng)!
        let band = ["-Lp", "-Hp", "-Bp", "-Bs"].randomElement(using: &rng)!
        var words: [String]
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            words = family + [band, "--passband-edge", value(&rng, ordinary: 0.01...0.2), "--stopband-edge",
                              value(&rng, ordinary: 0.2...0.45), "--passband-loss", value(&rng, ordinary: 0.1...3),
                              "--stopband-attenuation", value(&rng, ordinary: 20...90)]
        case 1:
            words = ["pipeline", "--source", ["sine", "step", "impulse"].randomElement(using: &rng)!,
                     "--sample-rate", value(&rng, ordinary: 10...200), "--samples", value(&rng, ordinary: 1...2000),
                     "--amplitude", value(&rng, ordinary: 0...2), "--frequency", value(&rng, ordinary: 0.1...5)]
        default:
            words = family + [band, "-o", value(&rng, ordinary: 1...24), "-a", value(&rng, ordinary: 0.001...0.2)]
            if band == "-Bp" || band == "-Bs" { words.append(value(&rng, ordinary: 0.2...0.49)) }
        }
        if Bool.random(using: &rng), words.first != "pipeline" {
            words += [["-l"], ["--emit", ["swift", "c", "cmsis", "vdsp", "json"].randomElement(using: &rng)!],
                      ["--realization", "direct"], ["--precision", "float"], ["-w"], ["-z"]].randomElement(using: &rng)!
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { words += ["--output", "out"] }
        if Int.random(in: 0..<6, using: &rng) == 0 {
            words.insert(Mutation.hostileFragments.randomElement(using: &rng)!, at: Int.random(in: 0...words.count, using: &rng))
        }
        return words
    }

    /// Runs one case in `scratch` (an empty directory); the problem found, or nil.
    func check(_ input: [String], scratch: URL) -> String? {
        switch self {
        case .cTemplate, .swiftTemplate: return checkTemplate(input, scratch: scratch)
        case .specJSON: return checkFilterSet(input, scratch: scratch)
        case .pipelineCSV: return checkPipeline(input, scratch: scratch)
        case .fisherListing: return checkListing(input, scratch: scratch)
        case .argv: return checkArguments(input, scratch: scratch)
        case .recordingOptions: return checkRecordingOptions(input, scratch: scratch)
        case .firOptions: return checkFIROptions(input, scratch: scratch)
        case .webQuery: return checkQuery(input, scratch: scratch)
        }
    }

    /// A template file: read, every value finite, and audited by `verify` without a non-
    /// finite result; a refusal names the file.
    private func checkTemplate(_ input: [String], scratch: URL) -> String? {
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
            let result = CommandLineRunner.run(["verify", file.path])
            if result.exitCode == 1 && result.standardError.isEmpty { return "verify failed without a message" }
            // (Label lines echo the template's name and file: only the
            // indented check and figure lines are results.)
            let results = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }.joined(separator: "\n")
            return Self.nonFiniteWord(results).map { "verify printed '\($0)'" }
        } catch {
            let message = error.description
            guard message.hasPrefix(name + ":") else { return "error does not name the file: \(message)" }
            return nil
        }
    }

    /// A filter set file: read, designed (short FIR filters only), generated without a
    /// non-finite value; each refusal names the file.
    private func checkFilterSet(_ input: [String], scratch: URL) -> String? {
        let name = "fuzz.filters.json"
        do {
            var spec = try FilterSetSpec.parse(input[0], file: name)
            spec.sampleRates = Array(spec.sampleRates.prefix(2))
            // A FIR filter of more than `firTapsLimit` taps, or a search
            // for the fewest (`fir`), is read but not designed: the fuzzer
            // looks for wrong answers, not for the time a long design takes.
            let long = spec.filters.contains { entry in
                guard case .fir(let fields) = entry.definition else { return false }
                let taps = fields.values.first { $0.name == "taps" }.flatMap { Double($0.values.first ?? "") } ?? 0
                return fields.method == .fir || !(taps <= Double(Self.firTapsLimit))
            }
            if long { return nil }
            for group in try spec.namespaceFilters() {
                for t in group.templates where !(t.gain.isFinite && (t.xCoefficients + t.yCoefficients).allSatisfy(\.isFinite)) {
                    return "filter \(t.name): a non-finite value was accepted"
                }
                for t in group.fir where !t.taps.allSatisfy(\.isFinite) {
                    return "filter \(t.name): a non-finite tap was accepted"
                }
            }
            let source = try FilterSetSource.singleFile(spec)
            return Self.nonFiniteWord(source).map { "the generated Swift has '\($0)'" }
        } catch {
            for e in error.errors where !e.description.hasPrefix(name) { return "error does not name the file: \(e)" }
            return error.errors.isEmpty ? "an empty error list" : nil
        }
    }

    /// A recording through `pipeline`, its outputs in `scratch`.
    private func checkPipeline(_ input: [String], scratch: URL) -> String? {
        let csv = scratch.appendingPathComponent("in.csv")
        let output = scratch.appendingPathComponent("out.csv")
        let svg = scratch.appendingPathComponent("out.svg")
        guard (try? Data(input[0].utf8).write(to: csv)) != nil else { return nil }
        let result = CommandLineRunner.run(["pipeline", csv.path, "--output", output.path, "--svg", svg.path])
        return Self.outcome(result, scratch: scratch, inputs: ["in.csv"])
    }

    /// Fisher's listing through gencode: no non-finite value, every comment closed.
    private func checkListing(_ input: [String], scratch: URL) -> String? {
        do {
            let code = try GencodeRequest(listing: input[0]).run()
            if let bad = Self.nonFiniteWord(Self.withoutComments(code)) { return "gencode printed '\(bad)'" }
            return Self.commentsAreBalanced(code) ? nil : "a comment in the C code is not closed where it should be"
        } catch {
            return error.description.isEmpty ? "an error without a message" : nil
        }
    }

    /// A command line, its output files pointed into `scratch`.
    private func checkArguments(_ input: [String], scratch: URL) -> String? {
        // Output options point into the scratch directory.
        var arguments = input
        // (Every word that may name a file to write, including -o with a
        // value that is not an order.)
        for k in arguments.indices where ["--output", "--svg", "--output-directory", "-o"].contains(arguments[k])
            && k + 1 < arguments.count && !(arguments[k] == "-o" && Int(arguments[k + 1]) != nil) {
            arguments[k + 1] = scratch.appendingPathComponent("out-\(k)").path
        }
        // The pipeline writes its CSV to a file, never to this process's output.
        if arguments.first == "pipeline" && !arguments.contains("--output") {
            arguments += ["--output", scratch.appendingPathComponent("pipeline.csv").path]
        }
        let result = CommandLineRunner.run(arguments)
        return Self.outcome(result, scratch: scratch, inputs: [], echoing: arguments.joined(separator: " "))
    }

    /// `suggest` or `spectrum` options on a recording in `scratch`.
    private func checkRecordingOptions(_ input: [String], scratch: URL) -> String? {
        // The first word picks the command (suggest, else spectrum); the
        // recording is a file of 60 s at 60 Hz with shakes at 8-11 and
        // 20.5-23 s; outputs point into the scratch directory.
        let recording = scratch.appendingPathComponent("rec.csv")
        guard (try? Data(Self.recording.utf8).write(to: recording)) != nil else { return nil }
        var words = input
        let command = words.first == "suggest" ? "suggest" : "spectrum"
        if words.first == "suggest" || words.first == "spectrum" { words.removeFirst() }
        for k in words.indices where ["--output", "-o", "--svg"].contains(words[k]) && k + 1 < words.count {
            words[k + 1] = scratch.appendingPathComponent("out-\(k)").path
        }
        let arguments = [command, recording.path] + words
        let result = CommandLineRunner.run(arguments)
        return Self.outcome(result, scratch: scratch, inputs: ["rec.csv"], echoing: arguments.joined(separator: " "))
    }

    /// A FIR design command, its taps bounded by `firTapsLimit`.
    private func checkFIROptions(_ input: [String], scratch: URL) -> String? {
        // The first word picks the command; --taps and savgol's --window
        // above `firTapsLimit`, and a decimator's --factor above 16, are
        // lowered to them (the fuzzer looks for wrong answers, not for the
        // time a long design rightly takes).
        var words = input
        let commands = ["remez", "firls", "firwin", "firwin2", "kaiserord", "savgol", "halfband", "gammatone", "decimator"]
        let command = commands.first { $0 == words.first } ?? commands[(words.first?.utf8.count ?? 0) % commands.count]
        if words.first.map(commands.contains) == true { words.removeFirst() }
        for k in words.indices where ["--taps", "--window", "--factor"].contains(words[k]) && k + 1 < words.count {
            let limit = words[k] == "--factor" ? 16 : Self.firTapsLimit
            if let n = Double(words[k + 1]), !(n <= Double(limit)) { words[k + 1] = "\(limit)" }
            if words[k + 1].count > 12, words[k] != "--window" || Double(words[k + 1]) != nil { words[k + 1] = "\(limit)" }
        }
        let arguments = [command] + words
        let result = CommandLineRunner.run(arguments)
        return Self.outcome(result, scratch: scratch, inputs: [], echoing: arguments.joined(separator: " "))
    }

    /// The design page's query: designed with finite poles and zeros, or refused with a message.
    private func checkQuery(_ input: [String], scratch: URL) -> String? {
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
    /// A CLI run: success prints no non-finite value (nor do its files);
    /// failure says why and leaves no file in `scratch` but the `inputs`.
    /// `echoing`, the command's words, is left out of what is scanned where
    /// the output quotes it (the report's `Command line:`, the listing's
    /// first line, a comment in emitted code): `-Re Inf` is the user's word,
    /// not a result.
    static func outcome(_ result: InvocationResult, scratch: URL, inputs: Set<String>, echoing: String? = nil) -> String? {
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { !inputs.contains($0) }
        func results(_ text: String) -> String {
            guard let echoing, !echoing.isEmpty else { return text }
            return text.replacingOccurrences(of: echoing, with: " ")
        }
        if result.exitCode == 0 {
            if let bad = nonFiniteWord(results(result.standardOutput)) { return "printed '\(bad)' with exit 0" }
            for file in left {
                let text = (try? String(contentsOf: scratch.appendingPathComponent(file), encoding: .utf8)) ?? ""
                if let bad = nonFiniteWord(results(text)) { return "wrote '\(bad)' to \(file) with exit 0" }
            }
            return nil
        }
        // verify's exit 2 is its verdict (a check failed), the report on standard output.
        if result.exitCode == 2 && result.standardOutput.contains("FAILED: ") {
            return nonFiniteWord(result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }.joined(separator: "\n"))
                .map { "verify printed '\($0)'" }
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

    /// C code without its `/* ... */` comments (which quote the command line).
    static func withoutComments(_ code: String) -> String {
        var out = "", rest = Substring(code)
        while let open = rest.range(of: "/*") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*/") else { return out }
            rest = rest[close.upperBound...]
        }
        return out + rest
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
