import FilterDesign
import FilterEmission
@testable import FilterSets
import Foundation
import MkfilterCLI
import Testing

enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static func text(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }
}

/// Runs `body` with a fresh temporary directory, removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("filtersets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    return try body(dir)
}

/// Generated/ is what its spec generates, and retargeting reproduces it.
@Suite struct GeneratedAndRetargetTests {
    /// The command plugin's output, in-process: both committed files, byte for byte.
    @Test func committedFilesAreWhatTheSpecGenerates() throws {
        let spec = try FilterSetGeneration.load(Repository.path("Generated/ShakeFilters.filters.json"))
        let files = try FilterSetSource.filePerNamespace(spec)
        #expect(files.map(\.fileName) == ["ShakeFilters60Hz.swift", "ShakeFilters100Hz.swift"])
        for file in files {
            #expect(file.text == (try Repository.text("Generated/" + file.fileName)), "\(file.fileName): run scripts/generate.sh")
        }
    }

    /// The acceptance: Generated/ at 60 Hz retargeted to 100 Hz is the 100 Hz file.
    @Test func retargetingSixtyToHundredGivesTheHundredHertzFile() throws {
        let input = Repository.path("Generated/ShakeFilters60Hz.swift")
        let outputs = try Retarget.run(files: [(input, try Repository.text("Generated/ShakeFilters60Hz.swift"))], sampleRate: 100)
        #expect(outputs.map(\.fileName) == ["ShakeFilters100Hz.swift"])
        #expect(outputs.first?.text == (try Repository.text("Generated/ShakeFilters100Hz.swift")))
        // And back.
        let back = try Retarget.run(files: [("ShakeFilters100Hz.swift", outputs[0].text)], sampleRate: 60)
        #expect(back.first?.text == (try Repository.text("Generated/ShakeFilters60Hz.swift")))
    }

    /// Every family the provenance can record comes back as the specification
    /// the spec file gives at the new rate.
    @Test func retargetRebuildsTheSpecification() throws {
        let text = SpecFileTests.spec("""
            { "name": "bu", "family": "butterworth", "band": "bandStop", "order": 3, "corners": [3.3, 7.1] },
            { "name": "be", "family": "bessel", "band": "lowPass", "order": 5, "corners": 2.2, "transform": "matchedZ" },
            { "name": "ch", "family": "chebyshev", "ripple": 1, "band": "highPass", "order": 4, "corners": 9.9, "poles": [0, 3] },
            { "name": "re", "family": "resonator", "band": "bandPass", "q": 12.5, "corners": 6.6 },
            { "name": "pi", "family": "proportionalIntegral", "corners": 0.7 },
            { "name": "z", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 4, "extraZero": 11.1 }
            """)
        let at60 = try FilterSetSpec.parse(text, file: "a.json")
        var at100 = at60
        at100.sampleRates = [100]
        at100.namespace = "Filters100Hz"
        at100.filters = at60.filters
        let source60 = try FilterSetSource.singleFile({ var s = at60; s.namespace = "Filters60Hz"; return s }())
        let retargeted = try Retarget.run(files: [("x.swift", source60)], sampleRate: 100)
        #expect(retargeted.first?.text == (try FilterSetSource.singleFile(at100)))
        for (entry, template) in zip(at60.filters, try at60.templates(sampleRate: 60)) where entry.name != "raw" {
            let expected = try at60.recipe(of: entry, sampleRate: 100)
            #expect((try TemplateProvenance.recipe(of: template, sampleRate: 100)) == expected, "\(entry.name)")
        }
    }

    /// A corner at or above the new Nyquist: an error naming the filter, nothing written.
    @Test func retargetBelowTheCornersWritesNothing() throws {
        try withTemporaryDirectory { dir in
            let result = RetargetProgram.run(arguments: ["--sample-rate", "15", Repository.path("Generated/ShakeFilters60Hz.swift"),
                                                         Repository.path("Generated/ShakeFilters100Hz.swift"), "-o", dir.path])
            #expect(result.exitCode == 1)
            #expect(result.standardError.contains("filter `Butterworth BP 3rd 4 to 8 Hz`: corner 2 8 Hz is at or above Nyquist (7.5 Hz) for sample rate 15 Hz"))
            #expect(result.standardError.hasSuffix("mkfilter retarget: nothing was written\n"))
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            #expect(left.isEmpty)
        }
    }

    /// The build plugin's file of several rates cannot be retargeted as one:
    /// both enums would get the same name. One clear error.
    @Test func retargetRefusesAFileOfSeveralRates() throws {
        let spec = try FilterSetGeneration.load(Repository.path("Generated/ShakeFilters.filters.json"))
        let both = try FilterSetSource.singleFile(spec)
        do {
            _ = try Retarget.run(files: [("ShakeFilters.swift", both)], sampleRate: 100)
            Issue.record("retargeted a file of two rates")
        } catch {
            #expect(error.errors.map(\.description) == ["ShakeFilters.swift: ShakeFilters60Hz and ShakeFilters100Hz would both become ShakeFilters100Hz at 100 Hz (the file holds one filter set at several rates); retarget a file of one rate"])
        }
    }

    /// Retarget never replaces its input; files without provenance are refused.
    @Test func retargetRefusals() throws {
        try withTemporaryDirectory { dir in
            let input = dir.appendingPathComponent("Filters.swift")
            let source = try FilterSetSource.singleFile(try FilterSetSpec.parse(SpecFileTests.spec(#"{ "name": "lp", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 5 }"#), file: "Filters.json"))
            try source.write(to: input, atomically: true, encoding: .utf8)
            let result = RetargetProgram.run(arguments: ["--sample-rate", "100", input.path, "-o", dir.path])
            #expect(result.exitCode == 1)
            #expect(result.standardError.contains("the retargeted file would replace it"))
            let after = try String(contentsOf: input, encoding: .utf8)
            #expect(after == source)

            let c = RetargetProgram.run(arguments: ["--sample-rate", "100", Repository.path("Tests/Fixtures/shake/shake-templates-60Hz.c")])
            #expect(c.exitCode == 1)
            #expect(c.standardError.contains("has no provenance (how it was designed)"))
        }
    }

    /// `mkfilter generate`: --check passes on Generated/, fails on an edited copy;
    /// a bad spec writes nothing.
    @Test func generateCommand() throws {
        let spec = Repository.path("Generated/ShakeFilters.filters.json")
        let check = GenerateProgram.run(arguments: [spec, "--output-directory", Repository.path("Generated"), "--check"])
        #expect(check.exitCode == 0, "\(check.standardError)")
        #expect(check.standardOutput.components(separatedBy: "is up to date").count == 3)
        try withTemporaryDirectory { dir in
            let written = GenerateProgram.run(arguments: [spec, "--output-directory", dir.path])
            #expect(written.exitCode == 0)
            let stale = dir.appendingPathComponent("ShakeFilters60Hz.swift")
            try (try String(contentsOf: stale, encoding: .utf8)).replacingOccurrences(of: "20.206120097804877", with: "20.2").write(to: stale, atomically: true, encoding: .utf8)
            let failed = GenerateProgram.run(arguments: [spec, "--output-directory", dir.path, "--check"])
            #expect(failed.exitCode == 1)
            #expect(failed.standardError.contains("ShakeFilters60Hz.swift differs from what the spec generates now"))

            let bad = dir.appendingPathComponent("bad.filters.json")
            try SpecFileTests.spec(#"{ "name": "lp", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 30 }"#).write(to: bad, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("out.swift")
            let result = GenerateProgram.run(arguments: [bad.path, "--output", out.path])
            #expect(result.exitCode == 1)
            #expect(result.standardError.contains("filter `lp`, field \"corners\": corner 30 Hz is at or above Nyquist (30 Hz) for sample rate 60 Hz"))
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}
