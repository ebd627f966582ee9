import FilterDesign
import FilterEmission
import FilterJSON
import FilterRuntime
@testable import FilterSets
import Foundation
import MkfilterCLI
import Testing

/// FIR filters in filter set files: `"design"` and the design page's fields,
/// in Hz at each of the set's rates, designed as the FIR commands design
/// them, written as `FIRTemplate` constants beside the IIR templates.
@Suite struct FIRSpecTests {
    static let mixed = SpecFileTests.spec("""
        { "name": "gravity", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 0.5 },
            { "name": "smooth", "design": "firwin", "taps": 31, "cutoff": 5, "description": "low-pass" },
            { "name": "steps", "design": "remez", "taps": 41, "bands": [0, 2, 4, 30], "desired": [1, 0], "weights": [1, 10] },
            { "name": "edges", "design": "fir", "passbandEdge": 3, "stopbandEdge": 6, "passbandLoss": 0.5, "stopbandAttenuation": 40 },
            { "name": "hp", "design": "firwin", "taps": 31, "cutoff": 2, "band": "highpass", "window": "kaiser:8", "noScale": true }
        """, sampleRate: "[60, 100]")

    /// The FIR filters of namespace `index`, by name.
    static func firFilters(_ text: String, namespace index: Int = 0) throws -> [String: FIRTemplate] {
        let groups = try FilterSetSpec.parse(text, file: "Bank.filters.json").namespaceFilters()
        return Dictionary(uniqueKeysWithValues: groups[index].fir.map { ($0.name, $0) })
    }

    /// Each FIR filter is the design function's own taps at the set's rate
    /// (frequencies in Hz divided by it), at both rates.
    @Test func designsAreTheDesignFunctionsAtEachRate() throws {
        for (index, rate) in [60.0, 100.0].enumerated() {
            let fir = try Self.firFilters(Self.mixed, namespace: index)
            #expect(fir.count == 4)
            #expect(fir["smooth"]?.taps == (try firwin(taps: 31, cutoffs: [5 / rate], band: .lowpass)))
            #expect(fir["steps"]?.taps == (try remez(taps: 41, bands: [0, 2 / rate, 4 / rate, 30 / rate], desired: [1, 0], weights: [1, 10])).taps)
            #expect(fir["hp"]?.taps == (try firwin(taps: 31, cutoffs: [2 / rate], band: .highpass, window: .kaiser(beta: 8), scale: false)))
            #expect(fir["smooth"]?.designSampleRate == rate)
            #expect(fir["smooth"]?.description == "low-pass")
        }
        // The specification's fewest taps: more at the higher rate (the same
        // transition in Hz is a narrower fraction of it).
        let at60 = try Self.firFilters(Self.mixed, namespace: 0)["edges"]!.taps.count
        let at100 = try Self.firFilters(Self.mixed, namespace: 1)["edges"]!.taps.count
        #expect(at60 < at100, "\(at60) taps at 60 Hz, \(at100) at 100 Hz")
    }

    /// Each FIR template's command line designs the same taps through the
    /// command line's own form.
    @Test func theCommandLineDesignsTheSameTaps() throws {
        for template in try Self.firFilters(Self.mixed).values {
            let words = template.mkfilterCommandLine.split(separator: " ").map(String.init)
            #expect(words[0] == "mkfilter" && words.contains("--sample-rate") && words.last == "60")
            let fields = try FIRFields(method: FIRMethodName(rawValue: words[1])!, optionWords: Array(words.dropFirst(2)))
            #expect(try fields.design().filter.taps == template.taps, "\(template.mkfilterCommandLine)")
        }
        #expect(try Self.firFilters(Self.mixed)["hp"]?.mkfilterCommandLine
                == "mkfilter firwin --taps 31 --cutoff 2 --band highpass --window kaiser:8 --no-scale --sample-rate 60")
    }

    /// The Swift: IIR templates in `all`, FIR filters as `FIRTemplate`
    /// constants in `allFIR`, every tap written exactly; a set without FIR
    /// filters declares no `allFIR`.
    @Test func swiftHoldsBothLists() throws {
        let spec = try FilterSetSpec.parse(Self.mixed, file: "Bank.filters.json")
        let source = try FilterSetSource.singleFile(spec)
        #expect(source.contains("public enum Bank60Hz {") && source.contains("public enum Bank100Hz {"))
        #expect(source.components(separatedBy: "public static let allFIR: [FilterRuntime.FIRTemplate] = [").count == 3)
        #expect(source.contains("public static let smooth = FilterRuntime.FIRTemplate("))
        #expect(source.contains("/// Every IIR filter in this file, in order."))
        #expect(source.contains("5 filters designed by mkfilter (4 FIR, run with `FilterRuntime.FIRDirectForm`)."))
        for tap in try Self.firFilters(Self.mixed)["steps"]!.taps {
            #expect(source.contains(SwiftSource.doubleLiteral(tap)))
        }
        let iirOnly = try FilterSetSource.singleFile(try FilterSetSpec.parse(
            SpecFileTests.spec(#"{ "name": "lp", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 5 }"#), file: "Bank.filters.json"))
        #expect(!iirOnly.contains("FIR"))
        #expect(iirOnly.contains("/// Every filter in this file, in order."))
    }

    /// A FIR filter's mistakes name the filter and the field as the file
    /// names it, and say what is allowed.
    @Test(arguments: [
        (#"{ "name": "a", "design": "firwin", "cutoff": 5 }"#,
         #"filter `a`, field "taps": is required (the number of taps, e.g. 31)"#),
        (#"{ "name": "a", "design": "firwn", "taps": 31 }"#,
         #"filter `a`, field "design": 'firwn' is not a FIR design (did you mean "firwin"?); use one of "remez", "firls", "firwin", "firwin2", "fir", "savgol", "halfband" or "gammatone""#),
        (#"{ "name": "a", "design": 3 }"#,
         #"filter `a`, field "design": is a number; give a FIR design, one of"#),
        (#"{ "name": "a", "design": "firwin", "taps": 31, "cutoff": 5, "order": 3 }"#,
         #"filter `a`, field "order": does not apply to firwin (it belongs to gammatone); remove it"#),
        (#"{ "name": "a", "design": "remez", "taps": 31, "cutoff": 5 }"#,
         #"filter `a`, field "cutoff": does not apply to remez (it belongs to firwin); remove it"#),
        (#"{ "name": "a", "design": "firwin", "taps": 31, "cutoff": "7" }"#,
         #"filter `a`, field "cutoff": is a string; give a number or an array of numbers"#),
        (#"{ "name": "a", "design": "firwin", "taps": true, "cutoff": 7 }"#,
         #"filter `a`, field "taps": is true or false; give a number"#),
        (#"{ "name": "a", "design": "firwin", "taps": 31, "cutoff": 7, "band": ["lowpass"] }"#,
         #"filter `a`, field "band": is an array; give one word (a string)"#),
        (#"{ "name": "a", "design": "firwin", "taps": 1e17, "cutoff": 7 }"#,
         #"filter `a`, field "taps": 100000000000000000 is not allowed; it must be in 1 ... "#),
        (#"{ "name": "a", "design": "firwin2", "taps": 31, "gains": [1, 0] }"#,
         #"filter `a`, field "frequencies": is required (from 0 to Nyquist, e.g. "frequencies": [0, 12, 15, 30] at 60 Hz)"#),
        // A FIR design's fields without "design", or a rate in a filter, are refused by name.
        (#"{ "name": "a", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 5, "cutoff": 7, "taps": 31 }"#,
         #"filter `a`, field "cutoff": belongs to a FIR design; give "design" (one of "remez", "firls", "firwin", "firwin2", "fir", "savgol", "halfband" or "gammatone"), or remove it"#),
        (#"{ "name": "a", "taps": 31, "cutoff": 7 }"#,
         #"filter `a`, field "taps": belongs to a FIR design; give "design""#),
        (#"{ "name": "a", "family": "passThrough", "window": "kaiser:8" }"#,
         #"filter `a`, field "window": belongs to a FIR design"#),
        (#"{ "name": "a", "design": "firwin", "taps": 31, "cutoff": 7, "sampleRate": 60 }"#,
         #"filter `a`, field "sampleRate": belongs to the file, not to a filter"#),
        (#"{ "name": "a", "design": "firwin", "taps": 31, "window": "hamm", "cutoff": 5 }"#,
         #"filter `a`, field "window": unknown window 'hamm'; allowed: "#),
        (#"{ "name": "a", "design": "firwin", "taps": 31, "cutoff": [5, true] }"#,
         #"filter `a`, field "cutoff": lists true or false; give numbers"#),
        (#"{ "name": "a", "design": "firwin", "taps": 31, "cutoff": 5, "noScale": 1 }"#,
         #"filter `a`, field "noScale": is a number; give true or false"#),
        (#"{ "name": "a", "design": "firwin", "taps": 31, "cutoff": 5, "tag": 3 }"#,
         #"filter `a`, field "tag": does not apply to a FIR filter (a FIRTemplate has no tag); remove it"#),
        (#"{ "name": "a", "design": "fir", "passband": 3 }"#,
         #"filter `a`, field "passband": belongs to an IIR specification; a FIR specification ("design": "fir") gives "passbandEdge""#),
        (#"{ "name": "a", "design": "fir", "taps": 3 }"#,
         #"filter `a`, field "taps": fir finds the number of taps itself; to give it, use remez, firls or firwin"#),
        (#"{ "name": "a", "design": "fir", "passbandEdge": 3 }"#,
         #"filter `a`, field "stopbandEdge": is required (e.g. "stopbandEdge": 9 at 60 Hz)"#),
        (#"{ "name": "a", "design": "firwin", "taps": 31, "cutoff": 5, "window": "hann", "width": 2 }"#,
         #"filter `a`: give window or width (a Kaiser window for that transition width), not both"#),
        (#"{ "name": "a", "design": "firwin", "taps": 0, "cutoff": 5 }"#,
         #"filter `a`, field "taps": 0 is not allowed; it must be in 1 ... "#),
        // Ranges at each rate: the rate that fails is named.
        (#"{ "name": "a", "design": "firwin", "taps": 31, "cutoff": 25 }"#,
         #"filter `a`: at the sample rate 20 Hz, cutoff 1 = 25 Hz is out of range; cutoffs must be above 0 and below 10 Hz (half the sample rate)"#),
        (#"{ "name": "a", "design": "fir", "passbandEdge": 3, "stopbandEdge": 6, "passbandLoss": 70, "stopbandAttenuation": 40 }"#,
         #"filter `a`, field "passbandLoss": at the sample rate 60 Hz, 70 is out of range; the ripple must be above 0 and below 60 dB"#),
        (#"{ "name": "a", "design": "fir", "passbandEdge": 3, "stopbandEdge": 15, "passbandLoss": 0.5, "stopbandAttenuation": 40 }"#,
         #"filter `a`, field "stopbandEdge": at the sample rate 20 Hz, 15 Hz is out of range; an edge must be above 0 and below 10 Hz (half the sample rate)"#),
    ])
    func mistakes(filter: String, says: String) {
        let errors = SpecFileTests.errors(SpecFileTests.spec(filter, sampleRate: "[60, 20]"))
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("Bank.filters.json: ") == true, "\(errors)")
        #expect(errors.first?.contains(says) == true, "\(errors)")
    }

    /// A filter whose identifier would be `allFIR` (the list of FIR filters)
    /// is refused by name; in a set without FIR filters the name is free.
    @Test func allFIRIsTaken() throws {
        let spec = try FilterSetSpec.parse(SpecFileTests.spec(#"{ "name": "all FIR", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 5 }, { "name": "a", "design": "firwin", "taps": 3, "cutoff": 5 }"#),
                                           file: "Bank.filters.json")
        #expect(throws: FilterSetErrors.self) { _ = try FilterSetSource.singleFile(spec) }
        do { _ = try FilterSetSource.singleFile(spec) } catch {
            #expect(error.description == "Bank.filters.json: filter \"all FIR\" becomes the Swift identifier `allFIR`, which this file declares for its list of FIR filters; rename it")
        }
        let alone = try FilterSetSpec.parse(SpecFileTests.spec(#"{ "name": "all FIR", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 5 }"#),
                                            file: "Bank.filters.json")
        #expect(try FilterSetSource.singleFile(alone).contains("public static let allFIR = FilterRuntime.DigitalFilterTemplate("))
    }

    /// `generate --emit c|cmsis`: a set of FIR filters is one FIR header,
    /// the FIR emitter's own; a set of both kinds is refused naming the FIR
    /// filters, writing nothing; `--emit json` writes both kinds.
    @Test func otherFormats() throws {
        try withTemporaryDirectory { dir in
            let firOnly = dir.appendingPathComponent("Taps.filters.json")
            try SpecFileTests.spec(#"{ "name": "smooth", "design": "firwin", "taps": 31, "cutoff": 5 }"#).write(to: firOnly, atomically: true, encoding: .utf8)
            let c = GenerateProgram.run(arguments: [firOnly.path, "--emit", "c"])
            #expect(c.exitCode == 0, "\(c.standardError)")
            let template = try FilterSetSpec.parse(try String(contentsOf: firOnly, encoding: .utf8), file: firOnly.path).namespaceFilters()[0].fir
            #expect(c.standardOutput == (try FIREmitter.c(template, prefix: "Taps", precision: .double)))
            let cmsis = GenerateProgram.run(arguments: [firOnly.path, "--emit", "cmsis"])
            #expect(cmsis.exitCode == 0 && cmsis.standardOutput.contains("arm_fir_init_f32"), "\(cmsis.standardError)")

            let both = dir.appendingPathComponent("Both.filters.json")
            try Self.mixed.replacingOccurrences(of: "[60, 100]", with: "60").write(to: both, atomically: true, encoding: .utf8)
            let out = dir.appendingPathComponent("out.h")
            let mixed = GenerateProgram.run(arguments: [both.path, "--emit", "c", "--output", out.path])
            #expect(mixed.exitCode == 1)
            #expect(mixed.standardError.contains("--emit c writes one file of IIR filters or one of FIR filters, and this set has both (FIR: 'smooth', 'steps', 'edges', 'hp'); give the FIR filters a spec file of their own, or use --emit swift or json, which write both"), "\(mixed.standardError)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
            // A pass-through has no code in a file of FIR filters: left out, as CMSIS and vDSP leave it out.
            let withRaw = dir.appendingPathComponent("Raw.filters.json")
            try SpecFileTests.spec(#"{ "name": "raw", "family": "passThrough" }, { "name": "smooth", "design": "firwin", "taps": 31, "cutoff": 5 }"#)
                .write(to: withRaw, atomically: true, encoding: .utf8)
            for format in ["c", "cmsis", "vdsp"] {
                let result = GenerateProgram.run(arguments: [withRaw.path, "--emit", format])
                #expect(result.exitCode == 0 && result.standardOutput.contains("smooth") && !result.standardOutput.contains("raw"),
                        "\(format): \(result.standardError)")
            }
            // JSON holds both kinds: the IIR filters in "filters", the FIR ones in "firFilters", every tap exact.
            let json = GenerateProgram.run(arguments: [both.path, "--emit", "json"])
            #expect(json.exitCode == 0, "\(json.standardError)")
            let document = try JSONValue.parse(json.standardOutput)
            guard case .object(let members) = document,
                  case .array(let iir)? = members.first(where: { $0.key == "filters" })?.value,
                  case .array(let fir)? = members.first(where: { $0.key == "firFilters" })?.value else {
                Issue.record("not a document of both kinds: \(json.standardOutput.prefix(200))")
                return
            }
            #expect(iir.count == 1 && fir.count == 4)
            let expected = try Self.firFilters(Self.mixed)
            for case .object(let object) in fir {
                guard case .string(let name)? = object.first(where: { $0.key == "name" })?.value,
                      case .array(let taps)? = object.first(where: { $0.key == "taps" })?.value else {
                    Issue.record("a FIR object without its name or taps")
                    continue
                }
                #expect(taps.map { if case .number(let x) = $0.readingIntegersAsNumbers { return x } else { return .nan } } == expected[name]?.taps, "\(name)")
            }
            // A set without FIR filters has no "firFilters" key.
            let iirOnly = dir.appendingPathComponent("Iir.filters.json")
            try SpecFileTests.spec(#"{ "name": "lp", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 5 }"#).write(to: iirOnly, atomically: true, encoding: .utf8)
            #expect(!GenerateProgram.run(arguments: [iirOnly.path, "--emit", "json"]).standardOutput.contains("firFilters"))
        }
    }

    /// Retarget does not drop FIR filters: it refuses the file and says how
    /// to get it at the new rate.
    @Test func retargetRefusesFIRFilters() throws {
        let source = try FilterSetSource.singleFile(try FilterSetSpec.parse(Self.mixed.replacingOccurrences(of: "[60, 100]", with: "60"),
                                                                           file: "Bank.filters.json"))
        do {
            _ = try Retarget.run(files: [("Bank.swift", source)], sampleRate: 100)
            Issue.record("a file with FIR filters was retargeted")
        } catch {
            #expect(error.description.contains(#"holds FIR filters (FIRTemplate: "smooth", "steps", "edges", "hp"), which retarget does not redesign; generate the file again from its spec"#),
                    "\(error)")
            #expect(error.description.hasPrefix("Bank.swift:"))
        }
        // A description that mentions FIRTemplate( is text, not a FIR filter.
        let iir = try FilterSetSource.singleFile(try FilterSetSpec.parse(
            SpecFileTests.spec(#"{ "name": "lp", "description": "not a FIRTemplate(", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 5 }"#),
            file: "Bank.filters.json"))
        #expect(try Retarget.run(files: [("Bank.swift", iir)], sampleRate: 100).count == 1)
        #expect(try TemplateSourceReader.firDeclarations(iir, file: "Bank.swift").isEmpty)
    }

    /// README's filter set (one IIR filter, one FIR) reads and designs.
    @Test func readmeFilterSetDesigns() throws {
        let readme = try Repository.text("README.md")
        let section = try #require(readme.range(of: "## Generate at build time"))
        let start = try #require(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let groups = try FilterSetSpec.parse(String(readme[start.upperBound..<end.lowerBound]), file: "README.md").namespaceFilters()
        #expect(groups[0].templates.map(\.name) == ["gravity"])
        #expect(groups[0].fir.map(\.name) == ["smooth"])
        #expect(groups[0].fir[0].taps == (try firwin(taps: 31, cutoffs: [7.0 / 60], band: .lowpass)))
    }

    /// `mkfilter verify FILE` checks a generated file's FIR filters too:
    /// each against its command line, tap for tap, then as designed; a
    /// tap changed in the file fails by name; a file of FIR filters only
    /// reads.
    @Test func verifyChecksTheFIRFilters() throws {
        try withTemporaryDirectory { dir in
            let source = try FilterSetSource.singleFile(try FilterSetSpec.parse(Self.mixed.replacingOccurrences(of: "[60, 100]", with: "60"),
                                                                               file: "Bank.filters.json"))
            let file = dir.appendingPathComponent("Bank.swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let good = VerifyProgram.run(arguments: [file.path])
            #expect(good.exitCode == 0, "\(good.standardError)")
            #expect(good.standardOutput.contains("verified: 5 of 5 passed every check"), "\(good.standardOutput)")
            #expect(good.standardOutput.contains("\"smooth\" (FIRTemplate, mkfilter firwin --taps 31 --cutoff 5 --sample-rate 60)"))
            #expect(good.standardOutput.contains("ok    matches its command line: the 31 taps are its command line's design, bit for bit"))
            #expect(good.standardOutput.contains("ok    equiripple:"))
            #expect(good.standardOutput.contains("ok    meets the specification:"))

            let tap = SwiftSource.doubleLiteral(try Self.firFilters(Self.mixed)["smooth"]!.taps[0])
            let tampered = dir.appendingPathComponent("Tampered.swift")
            try source.replacingOccurrences(of: tap + ",", with: "0.0016922464,").write(to: tampered, atomically: true, encoding: .utf8)
            let bad = VerifyProgram.run(arguments: [tampered.path])
            #expect(bad.exitCode == 2)
            #expect(bad.standardOutput.contains("FAIL  matches its command line: tap 0 is 0.0016922464 in the file; its command line designs \(tap)"),
                    "\(bad.standardOutput)")

            let firOnly = dir.appendingPathComponent("Taps.swift")
            try FilterSetSource.singleFile(try FilterSetSpec.parse(SpecFileTests.spec(#"{ "name": "smooth", "design": "firwin", "taps": 31, "cutoff": 5 }"#),
                                                                   file: "Taps.filters.json")).write(to: firOnly, atomically: true, encoding: .utf8)
            let alone = VerifyProgram.run(arguments: [firOnly.path])
            #expect(alone.exitCode == 0 && alone.standardOutput.contains("verified: 1 of 1 passed every check"), "\(alone.standardError)")
        }
    }

    /// A FIR filter is not an IIR recipe: asking a set for one (as the
    /// pipeline's filter bank does) is an error, never a pass-through.
    @Test func aFIRFilterHasNoRecipe() throws {
        let spec = try FilterSetSpec.parse(Self.mixed, file: "Bank.filters.json")
        let entry = spec.filters.first { $0.name == "smooth" }!
        #expect(throws: FilterSetError.self) { _ = try spec.recipe(of: entry, sampleRate: 60) }
        #expect(try spec.templates(sampleRate: 60).map(\.name) == ["gravity"])
    }
}
