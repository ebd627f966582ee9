import Foundation
import MkfilterCLI
import Testing

/// `--emit` through the command line: formats, output files, templates, errors.
@Suite struct EmitOptionsTests {
    let design = ["-Bu", "-Lp", "-o", "2", "--sample-rate", "60", "--corner", "5"]

    @Test func gencodeFormatsEqualTheListingPipedThroughGencode() {
        let listing = Mkfilter.run(arguments: design + ["-l"]).standardOutput
        for (kind, flag) in [("c-ansic", "-ansic"), ("c-xyc", "-xyc"), ("c-f", "-f")] {
            let emitted = Mkfilter.run(arguments: design + ["-l", "--emit", kind])
            let piped = GencodeProgram.run(arguments: [flag], input: listing)
            #expect(emitted.exitCode == 0 && emitted.standardOutput == piped.standardOutput, "\(kind)")
        }
    }

    /// An option that the chosen format would ignore is an error naming it.
    @Test func ignoredOptionsAreErrors() {
        for (extra, message) in [(["-l", "--emit", "cmsis-q15"], "-l asks for Fisher's listing, which --emit cmsis-q15 does not print"),
                                 (["-l", "--emit", "swift"], "-l asks for Fisher's listing, which --emit swift does not print"),
                                 (["--emit", "swift", "--precision", "float"], "--precision float goes with --emit c"),
                                 (["--emit", "cmsis-q31", "--precision", "double"], "--precision double goes with --emit c")] {
            let r = Mkfilter.run(arguments: design + extra)
            #expect(r.exitCode == 1 && r.standardError.contains(message) && r.standardOutput.isEmpty, "\(extra): \(r.standardError)")
        }
        #expect(Mkfilter.run(arguments: design + ["--emit", "c", "--precision", "float"]).exitCode == 0)
    }

    @Test func jsonReadsBackWithFullPrecision() throws {
        let r = Mkfilter.run(arguments: design + ["--emit", "json", "--name", "lp", "--tag", "7"])
        #expect(r.exitCode == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.standardOutput.utf8)) as! [String: Any]
        let filter = (object["filters"] as! [[String: Any]])[0]
        #expect(filter["name"] as? String == "lp" && filter["tag"] as? Int == 7)
        #expect((filter["yCoefficients"] as! [Any]).count == 2)
        // Foundation's JSON reader on Linux rounds some doubles (it gives
        // -0.4775922500725175); the text itself carries every digit, so read
        // the numbers with Swift's correctly rounded parser.
        let text = r.standardOutput
        let y = text.components(separatedBy: "\"yCoefficients\": [")[1].components(separatedBy: "]")[0]
            .split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
        #expect(y == [-0.47759225007251727, 1.279632424997809])
        let gain = text.components(separatedBy: "\"gain\": ")[1].components(separatedBy: ",")[0]
        #expect(Double(gain) == 20.206120097804877)
    }

    @Test func outputFileIsWrittenWholeOrNotAtAll() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emit-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Filters.swift").path
        let ok = Mkfilter.run(arguments: design + ["--emit", "swift", "--name", "lp", "--output", file])
        #expect(ok.exitCode == 0 && ok.standardOutput.isEmpty)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        // The enum is named after the file (Filters.swift -> Filters).
        #expect(written == Mkfilter.run(arguments: design + ["--emit", "swift", "--name", "lp", "--namespace", "Filters"]).standardOutput)
        // A failing run leaves the earlier file untouched and no temporary file behind.
        let bad = Mkfilter.run(arguments: design + ["--emit", "swift", "--name", "", "--output", file])
        #expect(bad.exitCode == 1 && bad.standardError.contains("empty name"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == written)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["Filters.swift"])
        let missing = dir.appendingPathComponent("no/such/dir/x.swift").path
        let unwritable = Mkfilter.run(arguments: design + ["--emit", "swift", "--output", missing])
        #expect(unwritable.exitCode == 1 && unwritable.standardError.contains("cannot write"))
    }

    /// Two files emitted into one target must not both declare `enum Filters`:
    /// without --namespace the enum is named after the --output file, else
    /// after the filter; --namespace still wins.
    @Test func defaultNamespaceComesFromTheOutputFileOrTheName() throws {
        func enumName(_ extra: [String], emit: String = "swift") -> String? {
            let r = Mkfilter.run(arguments: design + ["--emit", emit] + extra)
            guard r.exitCode == 0 else { return "error: " + r.standardError }
            return r.standardOutput.split(separator: "\n").first { $0.hasPrefix("public enum ") }
                .map { String($0.dropFirst("public enum ".count).dropLast(2)) }
        }
        #expect(enumName(["--name", "Low pass 5 Hz"]) == "LowPass5Hz")
        #expect(enumName([]) == "ButterworthLowPassOrder2")
        #expect(enumName(["--name", "lp", "--namespace", "Shake Filters"]) == "ShakeFilters")
        #expect(enumName(["--name", "lp"], emit: "vdsp") == "Lp")
        // A name that would hide a module gets Filters appended when it is only the default.
        #expect(enumName(["--name", "Swift"]) == "SwiftFilters")
        #expect(enumName(["--name", "filter runtime"]) == "FilterRuntimeFilters")

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emit-ns-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func written(_ file: String, _ extra: [String]) throws -> String? {
            let path = dir.appendingPathComponent(file).path
            let r = Mkfilter.run(arguments: design + ["--emit", "swift", "--output", path] + extra)
            guard r.exitCode == 0 else { return "error: " + r.standardError }
            return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                .first { $0.hasPrefix("public enum ") }.map { String($0.dropFirst("public enum ".count).dropLast(2)) }
        }
        #expect(try written("LowPass.swift", ["--name", "lp"]) == "LowPass")
        #expect(try written("high-pass filter.swift", []) == "HighPassFilter")
        #expect(try written("Other.swift", ["--name", "lp", "--namespace", "Mine"]) == "Mine")
        // A file name that makes no usable type name falls back to the filter's name.
        #expect(try written("_.swift", ["--name", "lp"]) == "Lp")
        #expect(try written("Swift.swift", ["--name", "lp"]) == "Lp")
    }

    /// An explicit namespace that would hide a module the generated code
    /// names (`Swift.Double`, `FilterRuntime.DigitalFilterTemplate`) is refused,
    /// naming the value and why; any other type name compiles
    /// (SwiftEmissionTests.hostileNamesCompileAndReadBack).
    @Test func namespaceThatHidesAModuleIsRefused() {
        for (namespace, type) in [("Swift", "Swift"), ("FilterRuntime", "FilterRuntime"), ("filter runtime", "FilterRuntime"),
                                  ("Accelerate", "Accelerate")] {
            for emit in ["swift", "vdsp"] {
                let r = Mkfilter.run(arguments: design + ["--emit", emit, "--namespace", namespace])
                #expect(r.exitCode == 1 && r.standardOutput.isEmpty, "\(emit) \(namespace)")
                #expect(r.standardError.contains("namespace \"\(namespace)\"") && r.standardError.contains("hides the module \(type)"),
                        "\(r.standardError)")
            }
        }
        #expect(Mkfilter.run(arguments: design + ["--emit", "swift", "--namespace", "Double"]).exitCode == 0)
        #expect(Mkfilter.run(arguments: design + ["--emit", "swift", "--name", "Double"]).exitCode == 0)
    }

    /// No dangling ": " after the name when the description is empty, in the
    /// Swift, vDSP, C and CMSIS comments; with a description, "name: description".
    @Test func emptyDescriptionLeavesNoDanglingColon() {
        let named = design + ["--name", "Low pass 5 Hz"]
        for (emit, line) in [("swift", "    /// Low pass 5 Hz\n"), ("vdsp", "    /// Low pass 5 Hz\n"),
                             ("c", "/* Low pass 5 Hz\n"), ("cmsis", "/* Low pass 5 Hz\n")] {
            for description in [[], ["--description", ""], ["--description", "  "]] {
                let out = Mkfilter.run(arguments: named + ["--emit", emit] + description).standardOutput
                #expect(out.contains(line) && !out.contains("Low pass 5 Hz:"), "\(emit) \(description)")
            }
            let described = Mkfilter.run(arguments: named + ["--emit", emit, "--description", "for Shake"]).standardOutput
            #expect(described.contains("Low pass 5 Hz: for Shake\n"), "\(emit)")
        }
    }

    @Test func userTemplateReplacesTheBuiltInOne() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("t-\(getpid()).mustache")
        try "{{% CONTENT_TYPE: TEXT}}\n{{line}} <- xyc\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let r = Mkfilter.run(arguments: design + ["--emit", "c-xyc", "--template", file.path])
        #expect(r.exitCode == 0 && r.standardOutput.hasSuffix(" <- xyc\n"))
        try "{{% CONTENT_TYPE: TEXT}}\n{{noSuchKey}}\n".write(to: file, atomically: true, encoding: .utf8)
        let unknown = Mkfilter.run(arguments: design + ["--emit", "c-xyc", "--template", file.path])
        #expect(unknown.exitCode == 1 && unknown.standardError.contains("noSuchKey"))
    }

    @Test func emitOptionsNeedEmit() {
        #expect(Mkfilter.run(arguments: design + ["--name", "x"]).exitCode == 1)
        #expect(Mkfilter.run(arguments: design + ["--emit", "java"]).exitCode == 1)
        #expect(Mkfilter.run(arguments: ["-Re", "Inf", "-Bp", "-a", "0.2", "--emit", "swift"]).exitCode == 1)
    }
}
