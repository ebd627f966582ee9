import FilterDesign
import EmissionTemplates
import FilterEmission
import FilterRuntime
import Foundation
import Testing

/// Generated Swift: deterministic, exact, safe for any name or description,
/// and compiling without warnings in Swift 6 mode.
@Suite struct SwiftEmissionTests {
    static func template(_ name: String, _ description: String, tag: Int = 1,
                         spec: FilterRecipe? = nil) throws -> DigitalFilterTemplate {
        let s = try spec ?? FilterRecipe(family: .butterworth, band: .bandPass, order: 4,
                                                corners: .hertz(2.5, 5, sampleRate: 60))
        return try TemplateBuilder.template(for: try s.design(), name: name, description: description, tag: tag)
    }

    static let hostile: [(String, String)] = [
        ("He said \"hi\"", "quote \" and backslash \\ and \\(interpolation) and \"\"\" triple"),
        ("#\"raw\"#", "line one\nline two\r\n\ttabbed"),
        ("class", "a keyword for a name; */ /* comment markers"),
        ("1st filter", "starts with a digit"),
        ("Filtre à 5 Hz", "non-ASCII: é, 日本語, emoji 🎛️, RTL \u{202E}"),
        ("日本", "a name with no ASCII at all"),
        ("all", "collides with nothing: becomes all_"),
        ("null\u{0}byte", "control \u{1}\u{7F} characters"),
    ]

    @Test func outputIsDeterministic() throws {
        let templates = try Self.hostile.enumerated().map { try Self.template($0.element.0, $0.element.1, tag: $0.offset) }
        let a = try SwiftEmitter.source(templates, namespace: "Hostile")
        let b = try SwiftEmitter.source(templates, namespace: "Hostile")
        #expect(a == b)
        #expect(!a.contains("{{"))
    }

    @Test func emptyOrCollidingNamesAreErrorsNamingBoth() throws {
        #expect(throws: EmissionError.self) { try SwiftEmitter.source([try Self.template("", "x")], namespace: "N") }
        do {
            _ = try SwiftEmitter.source([try Self.template("low pass", "a"), try Self.template("Low-Pass", "b")], namespace: "N")
            Issue.record("two names mapping to lowPass were accepted")
        } catch let error as EmissionError {
            #expect(error.description.contains("\"low pass\"") && error.description.contains("\"Low-Pass\"") && error.description.contains("`lowPass`"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// Namespaces and filter names that are the names of types the generated
    /// file uses (or that Swift and FilterRuntime declare): each namespace holds
    /// a filter of the same name. The file names its types with their modules,
    /// so all of them compile in one target.
    static let shadowing = ["Double", "Int", "String", "Array", "Float", "Bool", "Optional", "Never", "Character",
                            "DigitalFilterTemplate", "DigitalFilterTemplateLayout2", "FilterProvenance", "Biquad",
                            "FilterClass", "DigitalFilter", "SectionCascade", "RequiredTemplateLayout", "Filters"]

    @Test func namespacesThatHideAModuleAreRefusedNamingTheValue() throws {
        let t = try Self.template("lp", "d")
        for namespace in ["Swift", "swift", "FilterRuntime", "filter runtime", "Accelerate"] {
            do {
                _ = try SwiftEmitter.source([t], namespace: namespace)
                Issue.record("namespace \(namespace) was accepted")
            } catch {
                #expect(error.description.contains(SwiftSource.stringLiteral(namespace)) && error.description.contains("hides the module"),
                        "\(error)")
            }
        }
        // A filter named like a module is only an identifier (`swift`), and allowed.
        #expect(throws: Never.self) { try SwiftEmitter.source([try Self.template("Swift", "d"), try Self.template("FilterRuntime", "d")], namespace: "N") }
    }

    @Test func defaultNamespaceIsTheOutputFileElseTheFilterName() {
        #expect(SwiftSource.defaultNamespace(filterName: "lp", outputFile: "Sources/App/LowPass.swift") == "LowPass")
        #expect(SwiftSource.defaultNamespace(filterName: "lp", outputFile: "shake filters.v2.swift") == "ShakeFiltersV2")
        #expect(SwiftSource.defaultNamespace(filterName: "low pass 5 Hz", outputFile: nil) == "LowPass5Hz")
        #expect(SwiftSource.defaultNamespace(filterName: "Double", outputFile: nil) == "Double")
        #expect(SwiftSource.defaultNamespace(filterName: "Swift", outputFile: nil) == "SwiftFilters")
        #expect(SwiftSource.defaultNamespace(filterName: "lp", outputFile: "FilterRuntime.swift") == "Lp")
        #expect(SwiftSource.defaultNamespace(filterName: "lp", outputFile: "-.swift") == "Lp")
        #expect(SwiftSource.defaultNamespace(filterName: "--", outputFile: nil) == "Filters")
    }

    /// `x` and `xImpulseResponse` are both declared per filter: a second filter
    /// whose identifier is one of them is refused, in either order.
    @Test func membersCollideInEitherOrder() throws {
        let (a, b) = (try Self.template("lp", "a"), try Self.template("lp ImpulseResponse", "b"))
        for order in [[a, b], [b, a]] {
            #expect(throws: EmissionError.self, "\(order.map(\.name))") { try SwiftEmitter.source(order, namespace: "N") }
        }
        let vdsp = (try Self.template("lp", "a"), try Self.template("lp Coefficients", "b"))
        for order in [[vdsp.0, vdsp.1], [vdsp.1, vdsp.0]] {
            #expect(throws: EmissionError.self, "\(order.map(\.name))") { try VDSPEmitter.source(order.emitted, namespace: "N") }
        }
        #expect(throws: EmissionError.self) { try VDSPEmitter.source([try Self.template("vDSP", "a")].emitted, namespace: "N") }
    }

    /// Compiles the hostile file with swiftc in Swift 6 mode, warnings as errors,
    /// runs it, and reads every name, description and coefficient back exactly;
    /// with it, in the same file and target, enums named `Double`, `String`,
    /// `DigitalFilterTemplate` ... holding filters of those names (`shadowing`).
    /// `TemplateSourceReader` reads the file back too.
    @Test(.timeLimit(.minutes(5))) func hostileNamesCompileAndReadBack() throws {
        guard let swiftc = Support.tool("swiftc") else { Issue.record("swiftc not on PATH"); return }
        let templates = try Self.hostile.enumerated().map { try Self.template($0.element.0, $0.element.1, tag: $0.offset) }
            + [try Self.template("chebyshev 10", "high order", tag: 99, spec: FilterRecipe(
                family: .chebyshev(rippleDecibels: 0.5), band: .bandStop, order: 10, corners: .alpha(0.1, 0.2))),
               try Self.template("elliptic from a spec", "passband 5 Hz, stopband 7 Hz", tag: 100, spec: FilterRecipe(
                designing: .elliptic, to: MagnitudeSpecification(passbandHertz: [5], stopbandHertz: [7], sampleRate: 60,
                                                                 passbandLoss: 0.5, stopbandAttenuation: 50))),
               try Self.template("chebyshev II", "stopband 40 dB", tag: 101, spec: FilterRecipe(
                family: .chebyshev2(attenuationDecibels: 40), band: .highPass, order: 5, corners: .alpha(0.2)))]
        let shadowing = try Self.shadowing.enumerated().map { ([try Self.template($0.element, "", tag: 200 + $0.offset)], $0.element) }
        let source = try SwiftEmitter.source(namespaces: [(templates, "Hostile Names")] + shadowing)
        let all = templates + shadowing.flatMap(\.0)
        let readBack = try TemplateSourceReader.read(source, file: "Generated.swift")
        #expect(readBack.map(\.template) == all)
        #expect(readBack.map(\.namespace) == templates.map { _ in "HostileNames" } + Self.shadowing)
        let dir = try Support.runtimeModuleDirectory("swift-emission")
        defer { try? FileManager.default.removeItem(at: dir) }
        try source.write(to: dir.appendingPathComponent("Generated.swift"), atomically: true, encoding: .utf8)
        // Print each field as UTF-8 bytes in hex, so nothing is lost in transit.
        // (Swift.String: this target declares an enum String.)
        let main = """
            import FilterRuntime
            func hex(_ s: Swift.String) -> Swift.String { s.utf8.map { Swift.String($0, radix: 16) }.joined(separator: ".") }
            @main struct Main {
                static func main() {
                    let groups: [[FilterRuntime.DigitalFilterTemplate]] = [HostileNames.all, \(Self.shadowing.map { "\($0).all" }.joined(separator: ", "))]
                    for t in groups.joined() {
                        print(hex(t.name), hex(t.description), t.gain.bitPattern,
                              t.xCoefficients.map(\\.bitPattern), t.yCoefficients.map(\\.bitPattern))
                    }
                }
            }
            """
        try main.write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let build = try Support.run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                                             "-I", dir.path, "-L", dir.path, "-lFilterRuntime",
                                             "Generated.swift", "main.swift", "-o", "readback"], in: dir)
        #expect(build.status == 0, "generated Swift did not compile cleanly:\n\(build.err)")
        guard build.status == 0 else { return }
        let run = try Support.run(dir.appendingPathComponent("readback").path, [])
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == all.count)
        func hex(_ s: String) -> String { s.utf8.map { String($0, radix: 16) }.joined(separator: ".") }
        for (line, t) in zip(lines, all) {
            let expected = "\(hex(t.name)) \(hex(t.description)) \(t.gain.bitPattern) \(t.xCoefficients.map(\.bitPattern)) \(t.yCoefficients.map(\.bitPattern))"
            #expect(line == expected, "\(t.name) did not read back exactly")
        }
    }
}
