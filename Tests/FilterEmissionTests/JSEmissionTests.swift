import EmissionTemplates
import FilterRequests
import FilterDesign
import FilterEmission
import FilterRuntime
import Foundation
import Testing

/// `--emit js`: node runs the emitted code, and its impulse response is the
/// Swift runtime's to 1e-12 of the peak (both run the sections in double; the
/// runtime may order its operations differently, or use its offset form for
/// sections near z = 1); its coefficients read back as exactly the template's;
/// the same filters give the same file; any name or description is safe.
@Suite struct JSEmissionTests {
    static let specs: [(String, FilterRecipe)] = [
        ("shake band-pass", try! FilterRecipe(family: .butterworth, band: .bandPass, order: 3, corners: .hertz(0.5, 3, sampleRate: 60))),
        ("lp2", try! FilterRecipe(family: .butterworth, band: .lowPass, order: 2, corners: .hertz(5, sampleRate: 60))),
        ("lp10", try! FilterRecipe(family: .butterworth, band: .lowPass, order: 10, corners: .alpha(0.1))),
        ("cheb bs 3", try! FilterRecipe(family: .chebyshev(rippleDecibels: 1), band: .bandStop, order: 3, corners: .alpha(0.15, 0.25))),
        ("elliptic lp5", try! FilterRecipe(family: .elliptic(rippleDecibels: 0.5, attenuationDecibels: 60), band: .lowPass, order: 5, corners: .alpha(0.1))),
        ("resonator", try! FilterRecipe(family: .resonator(.finite(20)), band: .bandPass, order: nil, corners: .alpha(0.2))),
        ("lp20 at 0.001", try! FilterRecipe(family: .butterworth, band: .lowPass, order: 20, corners: .alpha(0.001))),
        ("hp3 near Nyquist", try! FilterRecipe(family: .chebyshev(rippleDecibels: 0.5), band: .highPass, order: 3, corners: .alpha(0.47))),
    ]

    /// Runs `script` with node, the emitted file beside it as `filters.js`.
    static func node(_ source: String, _ script: String) throws -> Support.Run? {
        guard let node = Support.tool("node") else { return nil }
        let dir = try Support.temporaryDirectory("js-emission")
        defer { try? FileManager.default.removeItem(at: dir) }
        try source.write(to: dir.appendingPathComponent("filters.js"), atomically: true, encoding: .utf8)
        try script.write(to: dir.appendingPathComponent("main.js"), atomically: true, encoding: .utf8)
        return try Support.run(node, ["main.js"], in: dir)
    }

    // The limit catches a node that hangs: in CI the debug suite runs beside
    // the release lane on two cores and its tests take up to 12 minutes of
    // wall time together; 2 minutes was exceeded there once.
    @Test(.timeLimit(.minutes(10))) func nodeRunsItAsTheRuntimeDoes() throws {
        let templates = try Self.specs.map { try TemplateBuilder.template(for: try $0.1.design(), name: $0.0, description: "d", tag: 7) }
        let source = try JSEmitter.source(templates.emitted, namespace: "Test")
        guard let run = try Self.node(source, """
            const Test = require("./filters.js");
            const out = {};
            for (const [id, f] of Object.entries(Test)) {
              const running = f.create();
              const impulse = [];
              for (let n = 0; n < 300; n++) impulse.push(running.step(n === 0 ? 1 : 0));
              // Numbers as text (String(x) is the shortest round trip; -0 kept): Foundation's JSON reader rounds.
              const text = (x) => Object.is(x, -0) ? "-0" : String(x);
              out[f.name] = { impulse: impulse.map(text), sections: f.sections.map((s) => s.map(text)), tag: f.tag };
            }
            process.stdout.write(JSON.stringify(out));
            """) else { Issue.record("node is not installed"); return }
        #expect(run.status == 0, "\(run.err)")
        let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: [String: Any]] ?? [:]
        #expect(object.count == templates.count)
        for t in templates {
            guard let entry = object[t.name] else { Issue.record("\(t.name) missing"); continue }
            let impulse = (entry["impulse"] as? [String] ?? []).compactMap(Double.init)
            var filter = DigitalFilter<Double>(t)
            let expected = (0..<300).map { filter.process($0 == 0 ? 1 : 0) }
            let scale = expected.map(abs).max()!
            let worst = zip(impulse, expected).map { abs($0 - $1) }.max() ?? .infinity
            #expect(impulse.count == 300)
            #expect(worst <= 1e-12 * scale, "\(t.name): worst \(worst) of \(scale)")
            // JSON.stringify prints the shortest round-trip digits: exactly the template's numbers.
            let sections = (entry["sections"] as? [[String]] ?? []).map { $0.compactMap { Double($0)?.bitPattern } }
            #expect(sections == t.sections.map { $0.coefficients.map(\.bitPattern) }, "\(t.name): coefficients do not read back exactly")
            #expect((entry["tag"] as? NSNumber)?.intValue == 7)
        }
    }

    @Test func theSameFiltersGiveTheSameFile() throws {
        let design = try Self.specs[0].1.design()
        let a = try EmissionRequest(design: design, format: .js, listingCommandLine: "x").run()
        let b = try EmissionRequest(design: try Self.specs[0].1.design(), format: .js, listingCommandLine: "x").run()
        #expect(a == b)
        #expect(a.contains("const ButterworthBandPassOrder3 = "))
        #expect(a.hasPrefix("// DO NOT EDIT: generated by mkfilter."))
    }

    /// A name that makes no identifier is the emitter's error, and the
    /// request's error keeps it as thrown (`underlying`), its message too.
    @Test func anEmitterErrorStaysTyped() throws {
        var request = EmissionRequest(design: try Self.specs[0].1.design(), format: .js, listingCommandLine: "x")
        request.name = "%%%"
        do {
            _ = try request.run()
            Issue.record("a name with no letters or digits was emitted")
        } catch {
            let emission = try #require(error.underlying as? EmissionError)
            #expect(error.messages == ["\(emission)"] && error.field == nil)
        }
    }

    /// Names and descriptions with quotes, backslashes, line breaks, `</script>`
    /// and `*/` stay text: node reads them back as given.
    @Test func anyNameOrDescriptionIsSafe() throws {
        let hostile = ["</script><script>alert(1)</script>\"'&", "a\nb\r\u{2028}c\u{2029}d\\\"", "*/ /* // <!-- -->", "é ü 漢字 🎛", "`${x}`"]
        let design = try Self.specs[1].1.design()
        let templates = try hostile.enumerated().map { try TemplateBuilder.template(for: design, name: "f\($0.offset) " + $0.element, description: $0.element, tag: 0) }
        let source = try JSEmitter.source(templates.emitted, namespace: "Hostile")
        #expect(!source.lowercased().contains("</script"))
        #expect(!source.lowercased().contains("<script"))
        #expect(!source.contains("<!--"))
        guard let run = try Self.node(source, """
            const H = require("./filters.js");
            process.stdout.write(JSON.stringify(Object.values(H).map((f) => [f.name, f.description])));
            """) else { Issue.record("node is not installed"); return }
        #expect(run.status == 0, "\(run.err)")
        let pairs = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String]] ?? []
        #expect(pairs == templates.map { [$0.name, $0.description] })
    }

    @Test func directFormAndBadNamespacesAreRefused() throws {
        let direct = try FilterRecipe(family: .butterworth, band: .lowPass, order: 2, corners: .alpha(0.1), realization: .direct).design()
        let t = try TemplateBuilder.template(for: direct, name: "lp", description: "", tag: 0)
        #expect(throws: EmissionError.self) { try JSEmitter.source([t].emitted, namespace: "Test") }
        let s = try TemplateBuilder.template(for: try Self.specs[1].1.design(), name: "lp", description: "", tag: 0)
        #expect(throws: EmissionError.self) { try JSEmitter.source([s].emitted, namespace: "Float64Array") }
        #expect(throws: EmissionError.self) { try JSEmitter.source([s].emitted, namespace: "!!") }
        #expect(throws: EmissionError.self) { try JSEmitter.source([s, s].emitted, namespace: "Two") }
    }
}
