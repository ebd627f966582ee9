/// What one run of a command printed and returned, so that the commands can be
/// tested in-process exactly as the binary behaves.
public struct InvocationResult: Sendable, Equatable {
    /// Everything written to standard output.
    public var standardOutput: String
    /// Everything written to standard error.
    public var standardError: String
    /// The exit status.
    public var exitCode: Int32

    /// A successful run that printed `output`.
    public static func success(_ output: String, warnings: String = "") -> InvocationResult {
        InvocationResult(standardOutput: output, standardError: warnings, exitCode: 0)
    }

    /// A failed run: nothing on standard output, each message on its own
    /// standard-error line prefixed with `program: `, then the usage text if
    /// the error asks for it; exit status 1.
    static func failure(_ program: String, _ error: UsageError, usage: String) -> InvocationResult {
        var text = error.messages.map { "\(program): \($0)\n" }.joined()
        if error.showsUsage { text += usage + "\n" }
        return InvocationResult(standardOutput: "", standardError: text, exitCode: 1)
    }
}
