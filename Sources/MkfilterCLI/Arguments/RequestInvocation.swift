import FilterRequests
import AnalysisRequests
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an application request's run printed, and why it failed (nil: it did not).
typealias RequestOutput = (standardOutput: String, standardError: String, failure: ApplicationError?)

/// A run's result that carries its output as `RequestOutput` does
/// (`PipelineResult`, `SpectrumResult`).
protocol PrintedResult {
    var standardOutput: String { get }
    var standardError: String { get }
    var failure: ApplicationError? { get }
}

extension PipelineResult: PrintedResult {}
extension SpectrumResult: PrintedResult {}

extension InvocationResult {
    /// The run shared by the commands that read a recording (`pipeline`,
    /// `spectrum`, `suggest`): reads `arguments` with `read` (a usage error
    /// ends it there, with `usage`); runs the request with a `ProgressNotice`
    /// when `notice` and standard input is not a terminal (the notice would be
    /// in the way of the typing); then exit 0 with what it printed, or its
    /// notes followed by the failure as `program: message` (and its standard
    /// output too when `keepsOutputOnFailure`).
    static func running<Request>(_ program: String, usage: String, arguments: [String], standardInput: Int32,
                                 notice: Bool = true, keepsOutputOnFailure: Bool = false,
                                 read: ([String]) throws(UsageError) -> Request,
                                 run: (Request) -> RequestOutput) -> InvocationResult {
        let request: Request
        do { request = try read(arguments) } catch {
            return .failure(program, error, usage: usage)
        }
        let progress = notice && isatty(standardInput) == 0 ? ProgressNotice(program) : nil
        let result = run(request)
        progress?.finish()
        guard let failure = result.failure else {
            return InvocationResult(standardOutput: result.standardOutput, standardError: result.standardError, exitCode: 0)
        }
        var invocation = InvocationResult.failure(program, UsageError(failure), usage: usage)
        invocation.standardError = result.standardError + invocation.standardError
        if keepsOutputOnFailure { invocation.standardOutput = result.standardOutput }
        return invocation
    }

    /// `running` for a request whose run returns a `PrintedResult`.
    static func running<Request, Result: PrintedResult>(
        _ program: String, usage: String, arguments: [String], standardInput: Int32, notice: Bool = true,
        keepsOutputOnFailure: Bool = false, read: ([String]) throws(UsageError) -> Request, run: (Request) -> Result
    ) -> InvocationResult {
        running(program, usage: usage, arguments: arguments, standardInput: standardInput, notice: notice,
                keepsOutputOnFailure: keepsOutputOnFailure, read: read) { request -> RequestOutput in
            let result = run(request)
            return (result.standardOutput, result.standardError, result.failure)
        }
    }
}

extension ArgumentCursor {
    /// `word`, a word that is not an option, as the one input file (`-`:
    /// standard input); an unknown option, or a second input after `previous`,
    /// is refused ("one `what` only").
    static func input(_ word: String, after previous: String?, what: String) throws(UsageError) -> String {
        guard word == "-" || !word.hasPrefix("-") else { throw UsageError("unknown option \(ArgumentValues.quoted(word))", showsUsage: true) }
        guard previous == nil else { throw UsageError("one \(what) only; \(ArgumentValues.quoted(word)) is a second", showsUsage: true) }
        return word
    }
}
