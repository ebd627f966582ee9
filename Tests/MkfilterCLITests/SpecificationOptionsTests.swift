import Foundation
import MkfilterCLI
import Testing

/// `--cheby2`, `--elliptic` and design from a specification on the command
/// line: the report's requirement lines, and one clear error for each bad spec.
@Suite struct SpecificationOptionsTests {
    static let spec = ["--passband-edge", "5", "--stopband-edge", "7", "--passband-loss", "0.5",
                       "--stopband-attenuation", "50", "--sample-rate", "60"]

    /// The number after `prefix` on the report line that starts with `line`.
    static func number(in report: String, line: String, after prefix: String) -> Double? {
        guard let text = report.split(separator: "\n").first(where: { $0.hasPrefix(line) && $0.contains(prefix) }),
              let range = text.range(of: prefix) else { return nil }
        return Double(text[range.upperBound...].prefix { $0.isNumber || "+-.e".contains($0) })
    }

    /// Each family meets the same specification; the orders fall as scipy's do
    /// (Butterworth > Chebyshev = Chebyshev II > elliptic) and the report
    /// prints the order chosen and non-negative margins.
    @Test func reportShowsOrderAndMargins() throws {
        var orders: [String: Int] = [:]
        for family in ["-Bu", "-Ch", "--cheby2", "--elliptic"] {
            let run = Mkfilter.run(arguments: [family, "-Lp"] + Self.spec)
            #expect(run.exitCode == 0, "\(family): \(run.standardError)")
            let report = run.standardOutput
            let order = try #require(Self.number(in: report, line: "order", after: "= "), "\(family): \(report)")
            orders[family] = Int(order)
            #expect(report.contains("passband      : 0 ... 5 Hz, loss at most 0.5 dB"))
            #expect(report.contains("stopband      : 7 ... 30 Hz, attenuation at least 50 dB"))
            let loss = try #require(Self.number(in: report, line: "achieved", after: "passband loss "))
            let lossMargin = try #require(Self.number(in: report, line: "achieved      : passband", after: "(margin "))
            let attenuation = try #require(Self.number(in: report, line: "achieved", after: "stopband attenuation "))
            let attenuationMargin = try #require(Self.number(in: report, line: "achieved      : stopband", after: "(margin "))
            #expect(loss <= 0.5 + 1e-6 && lossMargin >= -1e-6 && abs(0.5 - loss - lossMargin) < 2e-6, "\(family): \(report)")
            #expect(attenuation >= 50 - 1e-6 && attenuationMargin >= -1e-6 && abs(attenuation - 50 - attenuationMargin) < 2e-6, "\(family)")
        }
        #expect(orders == ["-Bu": 19, "-Ch": 9, "--cheby2": 9, "--elliptic": 6], "scipy: 19, 9, 9, 6; \(orders)")
    }

    /// Fisher's reports are unchanged: no requirement lines for his families
    /// designed by order and corners.
    @Test func fisherReportsHaveNoRequirementLines() {
        let run = Mkfilter.run(arguments: ["-Bu", "-Lp", "-o", "4", "-a", "0.1"])
        #expect(run.exitCode == 0)
        #expect(!run.standardOutput.contains("achieved"))
        #expect(!run.standardOutput.contains("passband      :"))
    }

    /// Chebyshev II and elliptic designed by order and corners report what
    /// they achieve: the elliptic's ripple is R and its attenuation A.
    @Test func newFamiliesReportWhatTheyAchieve() throws {
        let run = Mkfilter.run(arguments: ["--elliptic", "0.5", "60", "-Bp", "-o", "4", "-a", "0.1", "0.2"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let loss = try #require(Self.number(in: run.standardOutput, line: "achieved", after: "passband loss "))
        let attenuation = try #require(Self.number(in: run.standardOutput, line: "achieved", after: "stopband attenuation "))
        #expect(abs(loss - 0.5) < 1e-6, "\(run.standardOutput)")
        #expect(abs(attenuation - 60) < 1e-6, "\(run.standardOutput)")
    }

    @Test(arguments: [
        (["-Be", "-Lp"] + spec, "a Bessel filter has no magnitude specification"),
        (["-Bu", "-Lp", "--passband-edge", "0.1", "--stopband-edge", "0.1001", "--passband-loss", "0.1",
          "--stopband-attenuation", "100"], "order 12535; orders go up to 128"),
        (["--elliptic", "--passband-edge", "0.2", "0.1", "--stopband-edge", "0.05", "0.3", "--passband-loss", "1",
          "--stopband-attenuation", "40"], "passband edges 0.2 and 0.1 must be increasing"),
        (["--elliptic", "--passband-edge", "0.1", "--stopband-edge", "0.5", "--passband-loss", "1",
          "--stopband-attenuation", "40"], "stopband edge = 0.5 is out of range"),
        (["--elliptic", "--passband-edge", "5", "--stopband-edge", "31", "--passband-loss", "1",
          "--stopband-attenuation", "40", "--sample-rate", "60"], "stopband edge 31 Hz is at or above Nyquist (30 Hz)"),
        (["--elliptic", "-o", "4"] + spec, "chooses its own order; leave out -o"),
        (["--elliptic", "-Bp", "--passband-edge", "0.1", "0.2", "--stopband-edge", "0.15", "0.3", "--passband-loss",
          "1", "--stopband-attenuation", "40"], "do not describe a band"),
        (["--elliptic", "1", "40", "-Lp", "-o", "4", "-a", "0.1", "-z"], "an elliptic filter is designed with the pre-warped bilinear transform"),
        (["--cheby2", "40", "-Lp", "-o", "4", "-a", "0.1", "-w"], "(-w) does not apply"),
        (["--cheby2", "-Lp", "-o", "4", "-a", "0.1"], "--cheby2 needs the stopband attenuation in dB"),
        (["--cheby2", "0", "-Lp", "-o", "4", "-a", "0.1"], "stopband attenuation 0 dB is out of range"),
        (["--cheby2", "nan", "-Lp", "-o", "4", "-a", "0.1"], "--cheby2 'nan' is not a finite number (the stopband attenuation in dB, above 0)"),
        (["--elliptic", "1", "-Lp", "-o", "4", "-a", "0.1"], "'-Lp' is not a number"),
        (["-Ch", "-Lp", "-o", "4", "-a", "0.1"], "-Ch needs the passband ripple in dB"),
        (["--cheby2", "40", "-Lp", "-o", "4", "-a", "0.1", "-Z", "0.3"], "an extra zero (-Z) does not apply"),
        (["--elliptic", "-Lp", "--passband-edge", "0.1", "--stopband-edge", "0.2", "--passband-loss", "2",
          "--stopband-attenuation", "1"], "stopband attenuation"),
    ])
    func badSpecificationIsOneClearError(_ arguments: [String], _ message: String) {
        let run = Mkfilter.run(arguments: arguments)
        #expect(run.exitCode != 0, "\(arguments) was accepted")
        #expect(run.standardOutput.isEmpty, "\(arguments) printed \(run.standardOutput)")
        #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
    }

    /// `--svg` draws the specification's mask: the passband and stopband
    /// limits as their own series.
    @Test func svgDrawsTheMask() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mask-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("mask.svg").path
        let run = ResponseProgram.run(.response, arguments: ["--elliptic", "-Lp"] + Self.spec + ["--svg", svg])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("passband limit") && text.contains("stopband limit"), "no mask in the plot")
        // An elliptic filter by order and corners has its R and A as a mask;
        // a Butterworth filter by order and corners has none.
        let elliptic = ResponseProgram.run(.response, arguments: ["--elliptic", "0.5", "50", "-Lp", "-o", "6",
                                                                  "--sample-rate", "60", "--corner", "5", "--svg", svg])
        #expect(elliptic.exitCode == 0, "\(elliptic.standardError)")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("stopband limit (-50 dB)"))
        let butterworth = ResponseProgram.run(.response, arguments: ["-Bu", "-Lp", "-o", "6", "--sample-rate", "60",
                                                                     "--corner", "5", "--svg", svg])
        #expect(butterworth.exitCode == 0, "\(butterworth.standardError)")
        #expect(try !String(contentsOfFile: svg, encoding: .utf8).contains("limit"),
                "a Butterworth design by order and corners has no specification to draw")
    }

    /// Every emitter writes the new families; the JSON document carries the
    /// specification and the attenuation.
    @Test func everyEmitterWritesTheNewFamilies() {
        for emit in ["swift", "c", "cmsis", "vdsp", "json"] {
            let run = Mkfilter.run(arguments: ["--elliptic", "-Lp"] + Self.spec + ["--emit", emit, "--name", "smooth"])
            #expect(run.exitCode == 0, "\(emit): \(run.standardError)")
            #expect(!run.standardOutput.isEmpty)
            let numbers = run.standardOutput.split(whereSeparator: { " ,\n\t[]{}()=:;".contains($0) })
            #expect(!numbers.contains { ["nan", "-nan", "inf", "-inf"].contains($0.lowercased()) }, "\(emit)")
        }
        let json = Mkfilter.run(arguments: ["--elliptic", "-Lp"] + Self.spec + ["--emit", "json"]).standardOutput
        #expect(json.contains("\"stopbandAttenuation\"") && json.contains("\"passbandLoss\""), "\(json)")
    }
}

/// docs/command-line.md's design from a specification prints what docs/command-line.md shows.
@Suite struct ReadmeSpecificationExampleTests {
    @Test func readmeReportIsWhatMkfilterPrints() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/command-line.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        let section = try #require(readme.range(of: "## Chebyshev II, elliptic, and design from a specification"))
        let command = try #require(readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex))
        let commandEnd = try #require(readme.range(of: "```", range: command.upperBound..<readme.endIndex))
        let arguments = readme[command.upperBound..<commandEnd.lowerBound]
            .replacingOccurrences(of: "\\\n", with: " ")
            .split(whereSeparator: \.isWhitespace).map(String.init).dropFirst(2)  // swift run
        #expect(arguments.first == "mkfilter")
        let block = try #require(readme.range(of: "```\n", range: commandEnd.upperBound..<readme.endIndex))
        let blockEnd = try #require(readme.range(of: "```", range: block.upperBound..<readme.endIndex))
        let shown = String(readme[block.upperBound..<blockEnd.lowerBound])
        let run = Mkfilter.run(arguments: Array(arguments.dropFirst()))
        #expect(run.exitCode == 0, "\(run.standardError)")
        let printed = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()  // command line
        #expect(printed.prefix(6).joined(separator: "\n") + "\n" == shown)
    }
}
