import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `filter-benchmarks --write FILE`: every table this run prints goes into
/// FILE as Markdown (a header naming the command, the machine and the date,
/// then the tables as they print), the one file the docs link to for
/// measured figures. Standard output is redirected into a temporary file
/// beside FILE (standard output's descriptor moved onto it), renamed onto FILE only when the run finishes: a run that
/// fails leaves the old figures as they were.
enum FigureFile {
    /// The path given after `--write`, if any; exits with a message when the
    /// option has no path.
    static func requestedPath(_ arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: "--write") else { return nil }
        guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
            FileHandle.standardError.write(Data("filter-benchmarks: --write needs a file, e.g. --write docs/figures.md\n".utf8))
            exit(1)
        }
        return arguments[index + 1]
    }

    private nonisolated(unsafe) static var destination: String?
    private nonisolated(unsafe) static var temporary: String?

    /// Sends standard output into a temporary file beside `path` and prints
    /// the Markdown header.
    static func begin(_ path: String) {
        let temporaryPath = path + ".partial-\(getpid())"
        fflush(nil)
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0, dup2(descriptor, STDOUT_FILENO) >= 0 else {
            FileHandle.standardError.write(Data("filter-benchmarks: cannot write \(temporaryPath): \(String(cString: strerror(errno)))\n".utf8))
            exit(1)
        }
        close(descriptor)
        destination = path
        temporary = temporaryPath
        FileHandle.standardError.write(Data("filter-benchmarks: measuring every table into \(path) (several minutes)\n".utf8))
        print("""
            # Figures

            Every measured figure the documentation cites, from one run of

                swift run -c release filter-benchmarks --write \(path)

            on \(machine()), \(today()). Times are the best of several runs;
            each ratio compares two programs measured in this same run (C
            compiled here with the flags named, scipy \(scipyVersion())
            in-process). A ratio at or below 1.0 means ours is at least as fast.

            ```text
            """)
    }

    /// Closes the Markdown and renames the temporary file onto the destination.
    static func finish() {
        guard let destination, let temporary else { return }
        print("```")
        fflush(nil)
        guard rename(temporary, destination) == 0 else {
            FileHandle.standardError.write(Data("filter-benchmarks: cannot rename \(temporary) to \(destination): \(String(cString: strerror(errno)))\n".utf8))
            exit(1)
        }
        FileHandle.standardError.write(Data("filter-benchmarks: wrote \(destination)\n".utf8))
    }

    /// "2 cores, AMD EPYC ..." from /proc/cpuinfo where there is one.
    static func machine() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let model = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return "\(cores) cores" + (model.map { ", \($0)" } ?? "")
    }

    static func today() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }

    static func scipyVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import scipy; print(scipy.__version__)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "(not installed)" }
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : "(not installed)"
    }
}
