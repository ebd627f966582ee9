import Foundation

/// Runs a program (the C compiler that checks gencode's output) and
/// collects its streams and exit status.
enum Subprocess {
    struct Run { var out: String; var err: String; var status: Int32 }

    static func run(_ executable: URL, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData, as: UTF8.self),
                   status: process.terminationStatus)
    }
}
