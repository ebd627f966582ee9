import EmissionTemplates
import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation
import Testing
import TestSupport

/// The compilable C form: `cc -Wall -Wextra -Werror` accepts it in float and
/// double, sections and direct form, and its impulse response is the Swift
/// runtime's: bit for bit for sections (the same arithmetic in the same
/// order), to 1e-12 of the peak for the double direct form. So in each
/// dialect a user may compile it in: `-std=c99`, where GCC does not contract
/// a*b + c into fused multiply-adds, and GCC's default `-std=gnu11` (and
/// clang's) with `-march=native`, where they do wherever the CPU has FMA
/// unless the header turns it off (it does, per step function).
@Suite struct CEmissionTests {
    /// The compilers and dialects the headers are built with: cc as C99, and
    /// gcc and clang (when installed) in GNU C11 for the host CPU.
    static var compilers: [(label: String, path: String, flags: [String])] {
        var list: [(String, String, [String])] = []
        if let cc = Support.tool("cc") ?? Support.tool("gcc") { list.append(("cc -std=c99 -O2", cc, ["-std=c99", "-O2"])) }
        for name in ["gcc", "clang"] {
            if let path = Support.tool(name) { list.append(("\(name) -std=gnu11 -O2 -march=native", path, ["-std=gnu11", "-O2", "-march=native"])) }
        }
        return list
    }

    static let specs: [(String, FilterRecipe)] = [
        ("lp2", try! FilterRecipe(family: .butterworth, band: .lowPass, order: 2, corners: .hertz(5, sampleRate: 60))),
        ("bp4", try! FilterRecipe(family: .butterworth, band: .bandPass, order: 4, corners: .hertz(2.5, 5, sampleRate: 60))),
        ("lp10", try! FilterRecipe(family: .butterworth, band: .lowPass, order: 10, corners: .alpha(0.1))),
        ("cheb bs 3", try! FilterRecipe(family: .chebyshev(rippleDecibels: 1), band: .bandStop, order: 3, corners: .alpha(0.15, 0.25))),
        ("resonator */ \"q\"", try! FilterRecipe(family: .resonator(.finite(20)), band: .bandPass, order: nil, corners: .alpha(0.2))),
        ("lp20 at 0.001", try! FilterRecipe(family: .butterworth, band: .lowPass, order: 20, corners: .alpha(0.001))),
        ("hp3 near Nyquist", try! FilterRecipe(family: .chebyshev(rippleDecibels: 0.5), band: .highPass, order: 3, corners: .alpha(0.47))),
        ("lp2 direct", try! FilterRecipe(family: .butterworth, band: .lowPass, order: 2, corners: .hertz(5, sampleRate: 60), realization: .direct)),
        ("bp4 direct", try! FilterRecipe(family: .butterworth, band: .bandPass, order: 4, corners: .hertz(2.5, 5, sampleRate: 60), realization: .direct)),
    ]

    @Test(.timeLimit(.minutes(5))) func compilesWithWerrorAndMatchesTheRuntime() throws {
        let compilers = Self.compilers
        guard !compilers.isEmpty else { Issue.record("no C compiler"); return }
        let templates = try Self.specs.map { try TemplateBuilder.template(for: try $0.1.design(), name: $0.0, description: "d", tag: 0) }
        let dir = try Support.temporaryDirectory("c-emission")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (label, cc, flags) in compilers {
            for precision in [CEmitter.Precision.double, .float] {
                let header = try CEmitter.header(templates.emitted, prefix: "test", precision: precision)
                var main = "#include <stdio.h>\n#include \"filters.h\"\nint main(void) {\n"
                for t in templates {
                    let id = "test_" + t.name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
                        .split(separator: "_").joined(separator: "_")
                    main += "  { \(id)_state s; \(id)_init(&s); for (int n = 0; n < 200; n++) printf(\"%.17g\\n\", (double)\(id)_step(&s, n == 0 ? 1 : 0)); }\n"
                }
                main += "  return 0;\n}\n"
                guard let values = try Support.buildAndRunC(cc, flags, header: header, named: "filters.h", main: main,
                                                            executable: "impulse", in: dir, label: "\(label), \(precision)")
                else { continue }
                #expect(values.count == 200 * templates.count)
                for (k, t) in templates.enumerated() {
                    let got = values[(200 * k)..<(200 * k + 200)]
                    if precision == .double {
                        var filter = DigitalFilter<Double>(t)
                        let expected = (0..<200).map { filter.process($0 == 0 ? 1 : 0) }
                        let scale = expected.map(abs).max()!
                        let worst = zip(got, expected).map { abs($0 - $1) }.max()!
                        #expect(worst <= (t.sections.isEmpty ? 1e-12 * scale : 0), "\(label), \(t.name): worst \(worst) of \(scale)")
                    } else if !t.sections.isEmpty {
                        var filter = DigitalFilter<OffsetForm<Float>>(t)
                        let expected = (0..<200).map { Double(filter.process($0 == 0 ? 1 : 0)) }
                        #expect(Array(got) == expected, "\(label), \(t.name): float C and DigitalFilter<Float> differ")
                    } else {
                        // Float direct form: the error depends on the filter's sensitivity
                        // (2 % of the peak for the 8-pole band-pass); `verify` measures it.
                        // Here only: it compiles, runs and stays finite.
                        #expect(got.allSatisfy { $0.isFinite }, "\(label), \(t.name) float output is not finite")
                    }
                }
            }
        }
    }

    /// An edited template with a misspelt key inside a section (each
    /// section's coefficients, each filter's direct form) is refused with the
    /// key and the section named, not emitted with a blank where a number was.
    @Test func aMisspeltKeyInsideASectionOfAnEditedTemplateIsRefused() throws {
        let name = "c/filters.h.mustache"
        let text = try #require(TemplateRenderer.embedded.sources[name])
        let templates = try Self.specs.map { try TemplateBuilder.template(for: try $0.1.design(), name: $0.0, description: "d", tag: 0) }
        #expect(try CEmitter.header(templates.emitted, prefix: "t", precision: .double, renderer: .embedded.overriding(name, with: text)) ==
                (try CEmitter.header(templates.emitted, prefix: "t", precision: .double)))
        for (key, section, precision) in [("b0", "sections", CEmitter.Precision.double), ("k1", "sections", .float),
                                          ("lastInput", "direct", .double)] {
            #expect(text.contains("{{\(key)}}"))
            let edited = TemplateRenderer.embedded.overriding(name, with: text.replacingOccurrences(of: "{{\(key)}}", with: "{{\(key)x}}"))
            do {
                _ = try CEmitter.header(templates.emitted, prefix: "t", precision: precision, renderer: edited)
                Issue.record("{{\(key)x}} rendered")
            } catch {
                #expect(error.description.contains("{{\(key)x}}") && error.description.contains("inside {{#\(section)}}"), "\(error)")
            }
        }
    }

    /// Names and prefixes that make no identifier are refused as the Swift
    /// emitter refuses them, naming the value.
    @Test func namesWithoutLettersOrDigitsAreRefused() throws {
        let t = { (name: String) in try TemplateBuilder.template(for: try Self.specs[0].1.design(), name: name, description: "", tag: 0) }
        for name in [" ", "_", "__", "-", " _ * / ", "\u{0}"] {
            do {
                _ = try CEmitter.header([try t(name)].emitted, prefix: "mkfilter", precision: .double)
                Issue.record("name \(name.debugDescription) was accepted")
            } catch let error as EmissionError {
                #expect(error.description.contains(SwiftSource.stringLiteral(name)) && error.description.contains("no letters or digits"), "\(error)")
            } catch {
                Issue.record("unexpected error \(error)")
            }
            #expect(throws: EmissionError.self) { try CMSISEmitter.header([try t(name)].emitted, prefix: "mkfilter") }
        }
        #expect(throws: EmissionError.self) { try CEmitter.header([try t("")].emitted, prefix: "mkfilter", precision: .double) }
        #expect(throws: EmissionError.self) { try CEmitter.header([try t("lp")].emitted, prefix: "__", precision: .double) }
        // Names differing only in case give different C identifiers but the same CMSIS macros.
        #expect(throws: EmissionError.self) { try CMSISEmitter.header([try t("lp"), try t("LP")].emitted, prefix: "x") }
    }

    /// Hostile names and prefixes give identifiers that are none of C's or
    /// POSIX's reserved forms (no leading underscore, no `__`, no `_t` at the
    /// end: every identifier is the stem and `_state`, `_init` or `_step`),
    /// made from the same words as the Swift identifier, and a header that
    /// compiles under -Wall -Wextra -Werror, comments intact.
    @Test(.timeLimit(.minutes(5))) func hostileNamesGiveUnreservedIdentifiersThatCompile() throws {
        let names = ["_Upper", "__double", "a__b", "ends_t", "size_t", "日本", "Filtre à 5 Hz", "1st filter", "x */ int y; /* z",
                     "trigraph ??/", "back\\", "tab\tand\nnewline", "int", "Low pass 5 Hz", "trailing__"]
        let templates = try names.map { try TemplateBuilder.template(for: try Self.specs[0].1.design(), name: $0, description: $0, tag: 0) }
        var identifiers: [String] = []
        for prefix in ["_My__Prefix_", "mkfilter", "9lives", "日本"] {
            for t in templates {
                let id = try CEmitter.identifier(t.name, prefix: prefix)
                identifiers.append(id)
                #expect(id.first.map { $0.isLetter } == true && !id.contains("__") && !id.hasSuffix("_"), "\(prefix) \(t.name): \(id)")
                #expect(id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") })
            }
        }
        #expect(try CEmitter.identifier("Low pass 5 Hz", prefix: "mkfilter") == "mkfilter_Low_pass_5_Hz")
        #expect(try CEmitter.identifier("日本", prefix: "mkfilter") == "mkfilter_U65E5_U672C")
        #expect(try CEmitter.identifier("_Upper", prefix: "_My__Prefix_") == "My_Prefix_Upper")
        guard let cc = Support.tool("cc") ?? Support.tool("gcc") else { Issue.record("no C compiler"); return }
        let dir = try Support.temporaryDirectory("c-hostile")
        defer { try? FileManager.default.removeItem(at: dir) }
        for precision in [CEmitter.Precision.double, .float] {
            let header = try CEmitter.header(templates.emitted, prefix: "_My__Prefix_", precision: precision)
            // Every identifier outside the comments: none reserved.
            let code = Self.code(header)
            #expect(!code.contains("int y"), "a name's */ ended its comment")
            let words = code.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }).map(String.init)
            // The compiler's own names the header tests for and uses (to turn
            // off FMA contraction) are the implementation's, not the header's.
            let implementation: Set = ["__clang__", "__GNUC__", "__attribute__", "_Pragma"]
            for word in Set(words).subtracting(implementation) where word.first.map({ !$0.isNumber }) == true {
                #expect(!word.hasPrefix("_") && !word.contains("__") && !word.hasSuffix("_t"), "\(precision): reserved identifier \(word)")
            }
            try header.write(to: dir.appendingPathComponent("filters.h"), atomically: true, encoding: .utf8)
            var main = "#include <stdio.h>\n#include \"filters.h\"\nint main(void) {\n"
            for t in templates {
                let id = try CEmitter.identifier(t.name, prefix: "_My__Prefix_")
                main += "  { \(id)_state s; \(id)_init(&s); printf(\"%.17g\\n\", (double)\(id)_step(&s, 1)); }\n"
            }
            main += "  return 0;\n}\n"
            try main.write(to: dir.appendingPathComponent("main.c"), atomically: true, encoding: .utf8)
            let build = try Support.run(cc, ["-std=c99", "-Wall", "-Wextra", "-Werror", "main.c", "-o", "hostile"], in: dir)
            #expect(build.status == 0, "\(precision): \(build.err)")
            guard build.status == 0 else { continue }
            let run = try Support.run(dir.appendingPathComponent("hostile").path, [])
            #expect(run.status == 0 && run.out.split(separator: "\n").count == templates.count)
        }
        let cmsis = try CMSISEmitter.header(templates.emitted, prefix: "_My__Prefix_")
        #expect(!Self.code(cmsis).contains("int y") && cmsis.contains("x * / int y; / * z"))
    }

    /// The text of `c` outside its `/* */` comments.
    static func code(_ c: String) -> String { CSource.code(c) }
}
