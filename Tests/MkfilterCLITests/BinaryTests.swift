import Foundation
import Testing
import TestSupport

/// The built `mkfilter` binary itself: the command line it echoes does not
/// depend on its path, exit statuses and streams are right, `--help` teaches.
@Suite struct BinaryTests {
    static var binary: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("mkfilter") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }!
    }

    typealias Run = Subprocess.Run

    static func run(_ executable: URL, _ arguments: [String]) throws -> Run {
        try Subprocess.run(executable, arguments)
    }

    @Test func commandLineShowsMkfilterWhateverThePath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mkfilter-copy-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("renamed-tool")
        try FileManager.default.copyItem(at: Self.binary, to: copy)
        let report = try Self.run(copy, ["-Bu", "-Lp", "-o", "2", "-a", "0.1"])
        #expect(report.status == 0)
        #expect(report.out.hasPrefix("Command line: mkfilter -Bu -Lp -o 2 -a 0.1\n"))
        let listing = try Self.run(copy, ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "-l"])
        #expect(listing.out.hasPrefix("mkfilter -Bu -Lp -o 2 -a 0.1 -l\nG  = "))
        let shape = try Self.run(copy, ["mkshape", "-c", "0.1", "0.5", "15", "-l"])
        #expect(shape.out.hasPrefix("mkshape -c 0.1 0.5 15 -l\nG  =   5.1558541821e+00\n"))
        let average = try Self.run(copy, ["mkaverage", "-Av", "-l", "5"])
        #expect(average.out.hasPrefix("mkaverage -Av -l 5\nG  = 5\n"))
        // The templates are compiled in: emission works with no resources beside the binary.
        let swift = try Self.run(copy, ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--emit", "swift", "--name", "lp"])
        #expect(swift.status == 0 && swift.out.contains("public enum Lp {\n") && swift.out.contains("public static let lp = FilterRuntime.DigitalFilterTemplate("))
        let ansic = try Self.run(copy, ["-Bu", "-Lp", "-o", "2", "-a", "0.1", "--emit", "c-ansic"])
        #expect(ansic.status == 0 && ansic.out.hasPrefix("/* Digital filter designed by mkfilter/mkshape/gencode"))
    }

    @Test func errorsGoToStandardErrorWithStatusOne() throws {
        let bad = try Self.run(Self.binary, ["-Bu", "-Lp", "-o", "129", "-a", "0.1"])
        #expect(bad.status == 1 && bad.out.isEmpty && bad.err == "mkfilter: order must be in range 1 .. 128 (got 129)\n")
        let unknown = try Self.run(Self.binary, ["-Xx"])
        #expect(unknown.status == 1 && unknown.out.isEmpty && unknown.err.contains("Usage: mkfilter"))
        let warning = try Self.run(Self.binary, ["-Re", "1", "-Bp", "-a", "0.45"])
        #expect(warning.status == 0 && warning.err == "mkfilter: warning: failed to converge\n")
    }

    @Test func helpExplainsEveryOptionWithExamples() throws {
        let help = try Self.run(Self.binary, ["--help"])
        #expect(help.status == 0)
        for option in ["-Bu", "-Be", "-Ch", "-Re", "-Pi", "-Lp", "-Hp", "-Bp", "-Bs", "-Ap", "-o", "-a", "-p", "-w",
                       "-z", "-Z", "-l", "--sample-rate", "--corner", "mkshape", "mkaverage", "EXAMPLES"] {
            #expect(help.out.contains(option), "--help does not mention \(option)")
        }
        let shapeHelp = try Self.run(Self.binary, ["mkshape", "--help"])
        #expect(shapeHelp.status == 0 && shapeHelp.out.contains("raised cosine"))
    }
}
