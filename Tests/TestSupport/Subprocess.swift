import Foundation

/// Runs a program (the built `mkfilter`, a C compiler) for a test and
/// collects its standard output, standard error and exit status; shared by
/// the test targets that run one.
public enum Subprocess {
    /// What a run printed, and how it ended.
    public struct Run: Sendable {
        /// Standard output, as UTF-8.
        public var out: String
        /// Standard error, as UTF-8.
        public var err: String
        /// The exit status.
        public var status: Int32
    }

    /// Runs `executable` with `arguments` (in `directory` when given) to its end.
    @discardableResult
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
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

/// C source text as the compiler sees it.
public enum CSource {
    /// The text of `c` outside its `/* */` comments (each comment a space).
    public static func code(_ c: String) -> String {
        var code = c
        while let open = code.range(of: "/*") {
            guard let close = code.range(of: "*/", range: open.upperBound..<code.endIndex) else { return code + " <unterminated comment>" }
            code.replaceSubrange(open.lowerBound..<close.upperBound, with: " ")
        }
        return code
    }
}
