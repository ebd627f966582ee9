import FilterAnalysis
import Foundation
import MkfilterCLI
import Testing

enum AuditFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let swift60 = root.appendingPathComponent("Generated/ShakeFilters60Hz.swift")
    static let shakeC = root.appendingPathComponent("Tests/Fixtures/shake/shake-templates-60Hz.c")
    static let shakeHandCopied = root.appendingPathComponent("Tests/Fixtures/shake/shake-hand-copied-60Hz.c")

    /// Runs verify on `text` written to a temporary file named `name`.
    static func verify(_ text: String, name: String, extra: [String] = []) throws -> InvocationResult {
        try withTemporaryDirectory { dir in
            let file = dir.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return VerifyProgram.run(arguments: [file.path] + extra)
        }
    }
}

/// Exit 0 on good designs, at every precision where they hold.
@Test(arguments: [
    ["-Bu", "-Lp", "-o", "2", "--sample-rate", "60", "--corner", "5"],
    ["-Bu", "-Bp", "-o", "3", "--sample-rate", "60", "--corner", "0.5", "3"],
    ["-Be", "-Hp", "-o", "4", "-a", "0.2"],
    ["-Ch", "-1", "-Lp", "-o", "6", "-a", "0.15"],
    ["-Ch", "-0.5", "-Bs", "-o", "3", "-a", "0.1", "0.2"],
    ["-Re", "10", "-Bp", "-a", "0.2"],
    ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--precision", "float"],
])
func verifyPassesGoodDesigns(arguments: [String]) {
    let result = VerifyProgram.run(arguments: arguments)
    #expect(result.exitCode == 0, "\(arguments):\n\(result.standardOutput)")
    #expect(result.standardOutput.contains("verified: 1 of 1"))
}

/// Fisher's `-Ch -0.5 -Bp -o 10 -a 0.1 0.2`: as sections, fine in Double and
/// in Float; as his direct form, 3e-6 of the peak off the design in Double (the
/// expanded polynomials' rounding), unstable in Float, and stable but not the
/// designed filter as gencode prints it.
@Test func verifyTheTwentyPoleChebyshevBandPass() {
    let args = ["-Ch", "-0.5", "-Bp", "-o", "10", "-a", "0.1", "0.2"]
    let double = VerifyProgram.run(arguments: args)
    #expect(double.exitCode == 0, "\(double.standardOutput)")
    let sectionsInFloat = VerifyProgram.run(arguments: args + ["--precision", "float"])
    #expect(sectionsInFloat.exitCode == 0, "\(sectionsInFloat.standardOutput)")
    let direct = args + ["--realization", "direct"]
    let directInDouble = VerifyProgram.run(arguments: direct)
    #expect(directInDouble.exitCode == 2)
    #expect(directInDouble.standardOutput.contains("ok    stable") && directInDouble.standardOutput.contains("FAIL  matches-design: response as run within 2.7"))
    let float = VerifyProgram.run(arguments: direct + ["--precision", "float"])
    #expect(float.exitCode == 2)
    #expect(float.standardOutput.contains("FAIL  stable: largest pole radius 1.18"))
    let gencode = VerifyProgram.run(arguments: args + ["--precision", "gencode"])
    #expect(gencode.exitCode == 2)
    #expect(gencode.standardOutput.contains("ok    stable"))
    #expect(gencode.standardOutput.contains("FAIL  matches-design"))
    #expect(gencode.standardOutput.contains("FAIL  ripple"))
    let json = VerifyProgram.run(arguments: args + ["--precision", "gencode", "--json"])
    let object = try? JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
    #expect(object?["passed"] as? Bool == false)
    #expect(json.exitCode == 2)
}

@Test func verifyRefusesBadInput() {
    for (args, needle) in [(["-Bu", "-Lp", "-o", "2"], "-a"), (["--precision", "quad", "-Bu", "-Lp", "-o", "2", "-a", "0.1"], "quad"),
                           (["/nonexistent/file.swift"], "cannot read"),
                           (["Generated/ShakeFilters60Hz.swift", "--precision", "gencode"], "templates run in double or float"), (["-Re", "Inf", "-Bp", "-a", "0.1"], "oscillator")] {
        let r = VerifyProgram.run(arguments: args)
        #expect(r.exitCode == 1 && r.standardError.contains(needle), "\(args): \(r.standardError)")
    }
}

/// Our generated Swift and Shake's C form both pass as written.
@Test func auditPassesTheShakeTemplates() throws {
    let r = VerifyProgram.run(arguments: [AuditFixtures.swift60.path, AuditFixtures.shakeC.path])
    #expect(r.exitCode == 0, "\(r.standardOutput)")
    #expect(r.standardOutput.contains("verified: 23 of 23"))
}

/// Each deliberate break is caught and named, in both forms.
@Test func auditNamesBrokenTemplateFields() throws {
    let swift = try String(contentsOf: AuditFixtures.swift60, encoding: .utf8)
    let c = try String(contentsOf: AuditFixtures.shakeC, encoding: .utf8)
    let breaks: [(form: String, original: String, broken: String, expect: String)] = [
        // One wrong coefficient sign.
        ("swift", "yCoefficients: [-0.47759225007251727, 1.279632424997809]",
         "yCoefficients: [0.47759225007251727, 1.279632424997809]", "FAIL  y[0]: printed 0.47759225007251727"),
        ("c", "{ -0.4775922501, 1.2796324250 }\n};\n\nconst static DigitalFilterTemplate butterworth2O_HP_5Hz",
         "{ 0.4775922501, 1.2796324250 }\n};\n\nconst static DigitalFilterTemplate butterworth2O_HP_5Hz", "FAIL  sign: y[0] is printed 0.4775922501"),
        // A missing coefficient.
        ("swift", "xCoefficients: [1.0, 2.0, 1.0],\n        yCoefficients: [-0.47759225007251727",
         "xCoefficients: [1.0, 2.0],\n        yCoefficients: [-0.47759225007251727", "x coefficients (values) is 2, the redesign has 3"),
        ("c", "/* x count */ 3, { 1, 2, 1 },", "/* x count */ 3, { 1, 2 },", "x coefficients: 2 values where 3 are declared"),
        // A wrong count (C declares its counts; Swift computes them from the lists).
        ("c", "/* zeros */ 2, /* x count */ 3, { 1, 2, 1 },", "/* zeros */ 3, /* x count */ 3, { 1, 2, 1 },",
         "number of zeros is 3, the redesign has 2"),
        // A wrong gain.
        ("swift", "gain: 20.206120097804877,", "gain: 20.2061200978049,", "FAIL  gain: printed 20.2061200978049"),
        ("c", "/* gain */ 2.020612010e+01,", "/* gain */ 2.120612010e+01,", "FAIL  response: the filter as written is 0.4195"),
    ]
    for b in breaks {
        let original = b.form == "swift" ? swift : c
        #expect(original.contains(b.original), "fixture text not found: \(b.original)")
        // The first occurrence only (the low-pass and high-pass share their y coefficients).
        let range = try #require(original.range(of: b.original))
        let broken = original.replacingCharacters(in: range, with: b.broken)
        let r = try AuditFixtures.verify(broken, name: "broken." + b.form)
        #expect(r.exitCode == 2, "\(b.broken) passed")
        #expect(r.standardOutput.contains(b.expect), "\(b.form) \(b.broken):\n\(r.standardOutput)")
        #expect(r.standardOutput.contains("FAILED: 1 of"), "exactly one template should fail:\n\(r.standardOutput)")
    }
}

/// A gain printed 90 units of its last digit off (4.5e-8 relative) is
/// rounding: reported as such, with its response deviation, and passed.
@Test func auditCallsHarmlessRoundingRounded() throws {
    let c = try String(contentsOf: AuditFixtures.shakeC, encoding: .utf8)
    let range = try #require(c.range(of: "/* gain */ 2.020612010e+01,"))
    let r = try AuditFixtures.verify(c.replacingCharacters(in: range, with: "/* gain */ 2.020612100e+01,"), name: "rounded.c")
    #expect(r.exitCode == 0, "\(r.standardOutput)")
    #expect(r.standardOutput.contains("ok    rounded: 1 value differs"), "\(r.standardOutput)")
    #expect(r.standardOutput.contains("gain printed 2.020612100e+01, redesigned 20.2061200978"), "\(r.standardOutput)")
}

/// Malformed sources are reported with file and line.
@Test func auditReportsUnreadableSources() throws {
    let r1 = try AuditFixtures.verify("let x = 1\n", name: "empty.swift")
    #expect(r1.exitCode == 1 && r1.standardError.contains("no DigitalFilterTemplate definitions"))
    let r2 = try AuditFixtures.verify("const static DigitalFilterTemplate f = { 1, \"a\", \"b\", kFilterClassNotch, 60.0, 5, 0, 0, 2, 1, 2, 3, {1,2,1}, 2, 2, {0, 0} };", name: "bad.c")
    #expect(r2.exitCode == 1 && r2.standardError.contains("bad.c:1: f: filter class must be one of"), "\(r2.standardError)")
    let r3 = try AuditFixtures.verify("const static DigitalFilterTemplate f = { 1, \"a\n", name: "open.c")
    #expect(r3.exitCode == 1 && r3.standardError.contains("open.c:1: unterminated string literal"), "\(r3.standardError)")
}

/// Shake!'s eleven templates as its author copied them from Fisher's page:
/// exactly tags 10 (a sign) and 14 (two missing x coefficients) are defects;
/// the others differ from the redesign only by rounding, which is reported as
/// such with the response deviation, and pass.
@Test func auditOfShakesHandCopiedTemplatesFlagsExactlyTheDefects() throws {
    let r = VerifyProgram.run(arguments: [AuditFixtures.shakeHandCopied.path])
    #expect(r.exitCode == 2)
    let failedLine = try #require(r.standardOutput.split(separator: "\n").first { $0.hasPrefix("FAILED:") })
    #expect(failedLine.hasPrefix("FAILED: 2 of 11: "), "\(failedLine)")
    #expect(failedLine.contains("shake10 (") && failedLine.contains("shake14 ("), "\(failedLine)")
    #expect(r.standardOutput.contains("FAIL  sign: x[4] is printed -1, the redesign's is 1.0"))
    #expect(r.standardOutput.contains("FAIL  count: x coefficients: 5 values where 7 are declared"))
    // The report's items: a label line (not indented), then its checks.
    var items: [String: String] = [:]
    var label = ""
    for line in r.standardOutput.split(separator: "\n") {
        if !line.hasPrefix(" "), let range = line.range(of: ": shake") {
            label = String(line[range.upperBound...].prefix { $0 != " " })
        } else if !label.isEmpty {
            items[label, default: ""] += line + "\n"
        }
    }
    #expect(items.count == 11, "\(items.keys.sorted())")
    for tag in [9, 11, 12, 13] {
        let item = try #require(items["\(tag)"], "no item for tag \(tag)")
        #expect(item.contains("ok    rounded: "), "tag \(tag):\n\(item)")
        #expect(item.contains("ok    response: the filter as written is "), "tag \(tag):\n\(item)")
        #expect(!item.contains("FAIL"), "tag \(tag):\n\(item)")
    }

    // Corrected, the same file passes.
    var text = try String(contentsOf: AuditFixtures.shakeHandCopied, encoding: .utf8)
    text = text.replacingOccurrences(of: "{ 1, 0, -2, 0, -1 }", with: "{ 1, 0, -2, 0, 1 }")
    let tag14 = try #require(text.range(of: "const static DigitalFilterTemplate shake14"))
    let x14 = try #require(text.range(of: "{ 1, 0, -2, 0, 1 }", range: tag14.upperBound..<text.endIndex))
    text.replaceSubrange(x14, with: "{ -1, 0, 3, 0, -3, 0, 1 }")
    let corrected = try AuditFixtures.verify(text, name: "corrected.c")
    #expect(corrected.exitCode == 0, "\(corrected.standardOutput)")
    #expect(corrected.standardOutput.contains("verified: 11 of 11"))
}

/// One file, three precisions: a template printed with every digit, one with
/// Shake!'s 10 decimals, one with 6. Each is held to what its own printing
/// allows, and a wrong sign is caught at 6 decimals too.
@Test func auditJudgesMixedPrecisionsEachByItsOwnDigits() throws {
    var text = try String(contentsOf: AuditFixtures.shakeC, encoding: .utf8)
    func replaceFirst(_ old: String, _ new: String) throws {
        let range = try #require(text.range(of: old), "\(old)")
        text.replaceSubrange(range, with: new)
    }
    try replaceFirst("/* gain */ 2.020612010e+01,", "/* gain */ 20.206120097804877,")
    try replaceFirst("{ -0.4775922501, 1.2796324250 }", "{ -0.47759225007251727, 1.279632424997809 }")
    try replaceFirst("{ -0.4775922501, 1.2796324250 }", "{ -0.477592, 1.279632 }")
    let mixed = try AuditFixtures.verify(text, name: "mixed.c")
    #expect(mixed.exitCode == 0, "\(mixed.standardOutput)")
    try replaceFirst("{ -0.477592, 1.279632 }", "{ -0.477592, -1.279632 }")
    let broken = try AuditFixtures.verify(text, name: "mixed.c")
    #expect(broken.exitCode == 2)
    #expect(broken.standardOutput.contains("FAIL  sign: y[1] is printed -1.279632"), "\(broken.standardOutput)")
    #expect(broken.standardOutput.contains("FAILED: 1 of 11"), "\(broken.standardOutput)")
}
