import Foundation
@testable import MkfilterCLI
import Testing

/// An output that names the file being read is refused, however it is
/// spelt (the same path, `dir/./rec.csv`, `dir/sub/../rec.csv`, a symbolic
/// or a hard link: the same device and inode): exit 1, one message naming
/// the option and the file, nothing on standard output, and the input
/// byte for byte as it was. (The output's temporary file used to be
/// renamed over the recording: `resample rec.csv --output rec.csv` exited 0
/// and the recording was gone.)
@Suite struct OutputOntoInputTests {
    /// A folder with `rec.csv` (a short 60 Hz recording), `sub/`, a
    /// symbolic link `link.csv` and a hard link `hard.csv` to it.
    static func folder() throws -> (directory: String, recording: String, spellings: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("onto-input-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        let recording = directory + "/rec.csv"
        let rows = (0..<240).map { n in "\(Double(n) / 60),\(sin(Double(n) / 5)),0,1" }
        try ("t,x,y,z\n" + rows.joined(separator: "\n") + "\n").write(toFile: recording, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.csv", withDestinationPath: recording)
        try FileManager.default.linkItem(atPath: recording, toPath: directory + "/hard.csv")
        return (directory, recording, [recording, directory + "/./rec.csv", directory + "/sub/../rec.csv",
                                       directory + "/link.csv", directory + "/hard.csv"])
    }

    @Test func everyCommandRefusesToWriteOverItsRecording() throws {
        let (directory, recording, spellings) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = try Data(contentsOf: URL(fileURLWithPath: recording))
        for spelling in spellings {
            let runs: [(String, InvocationResult, String)] = [
                ("resample", ResampleProgram.run(arguments: [recording, "--up", "2", "--down", "3", "--output", spelling]), "--output"),
                ("pipeline", PipelineProgram.run(arguments: [recording, "--output", spelling]), "--output"),
                ("pipeline --svg", PipelineProgram.run(arguments: [recording, "--svg", spelling]), "--svg"),
                ("spectrum", SpectrumProgram.run(arguments: [recording, "--output", spelling]), "--output"),
                ("spectrum --svg", SpectrumProgram.run(arguments: [recording, "--svg", spelling]), "--svg"),
            ]
            for (command, run, option) in runs {
                #expect(run.exitCode == 1, "\(command) onto \(spelling): exit \(run.exitCode)")
                #expect(run.standardOutput.isEmpty, "\(command) onto \(spelling): \(run.standardOutput.prefix(80))")
                #expect(run.standardError.contains("\(option) '\(spelling)' is the recording being read ('\(recording)')")
                        && run.standardError.contains("give another file"), "\(command) onto \(spelling): \(run.standardError)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: recording)) == before, "\(command) onto \(spelling) changed the recording")
            }
        }
        // Beside it, a new file is written as ever.
        let other = directory + "/resampled.csv"
        let run = ResampleProgram.run(arguments: [recording, "--up", "2", "--down", "3", "--output", other])
        #expect(run.exitCode == 0 && FileManager.default.fileExists(atPath: other), "\(run.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: recording)) == before)
    }

    @Test func generateRefusesToWriteOverItsFilterSetFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("onto-spec-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let spec = directory + "/Filters.filters.json"
        let text = #"{ "sampleRate": 60, "namespace": "F", "filters": [ { "name": "lp", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 5 } ] }"# + "\n"
        try text.write(toFile: spec, atomically: true, encoding: .utf8)
        for spelling in [spec, directory + "/sub/../Filters.filters.json"] {
            for format in ["swift", "json", "c"] {
                let run = GenerateProgram.run(arguments: [spec, "--emit", format, "--output", spelling])
                #expect(run.exitCode == 1 && run.standardOutput.isEmpty, "\(format) onto \(spelling): exit \(run.exitCode)")
                #expect(run.standardError.contains("--output '\(spelling)' is the filter set file being read ('\(spec)')"),
                        "\(format) onto \(spelling): \(run.standardError)")
                #expect(try String(contentsOfFile: spec, encoding: .utf8) == text)
            }
        }
        // --check only reads: comparing the spec with itself is a difference, not a loss.
        let check = GenerateProgram.run(arguments: [spec, "--output", spec, "--check"])
        #expect(check.exitCode != 0 && !check.standardError.contains("being read"), "\(check.standardError)")
        #expect(try String(contentsOfFile: spec, encoding: .utf8) == text)
    }
}
