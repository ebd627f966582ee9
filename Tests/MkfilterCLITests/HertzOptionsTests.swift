import MkfilterCLI
import Testing

/// `--sample-rate HZ --corner F1 [F2]` designs the same filter as `-a F1/HZ [F2/HZ]`.
@Suite struct HertzOptionsTests {
    static let designs: [(String, [String], [Double], Double)] = [
        ("-Bu -Lp -o 2", [], [5], 60),
        ("-Bu -Hp -o 2", [], [5], 60),
        ("-Bu -Bp -o 3", [], [0.5, 3], 60),
        ("-Be -Bs -o 4", [], [4, 8], 60),
        ("-Ch -0.5 -Lp -o 6", [], [12.5], 100),
        ("-Re 10 -Bp", [], [7], 60),
        ("-Pi -o 1", [], [1], 50),
    ]

    @Test func sameDesignAsAlpha() {
        for (options, _, corners, fs) in Self.designs {
            let base = options.split(separator: " ").map(String.init)
            let hz = Mkfilter.run(arguments: base + ["--sample-rate", "\(fs)", "--corner"] + corners.map { "\($0)" } + ["-l"])
            let alpha = Mkfilter.run(arguments: base + ["-a"] + corners.map { "\($0 / fs)" } + ["-l"])
            #expect(hz.exitCode == 0 && alpha.exitCode == 0, "\(options): \(hz.standardError)\(alpha.standardError)")
            // The listings differ only in their first line (the command line).
            #expect(hz.standardOutput.split(separator: "\n").dropFirst() == alpha.standardOutput.split(separator: "\n").dropFirst(), "\(options)")
            #expect(hz.standardOutput.hasPrefix("mkfilter \(options) --sample-rate"))
        }
    }
}
