import FilterAnalysis
import FilterDesign
import FilterRequests
import AnalysisRequests
import FilterSets
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `mkfilter response`, `mkfilter impulse` and `mkfilter step`: a design's
/// frequency or time response as CSV, and optionally as an SVG plot.
public enum ResponseProgram {
    /// The CSV header of `mkfilter response`.
    public static let responseHeader = ResponseRequest.responseHeader

    /// Runs the command on the words after its name. The CSV is written row
    /// by row as it is made: to `--output` (a temporary file renamed into
    /// place at the end, or a FIFO or device directly), else to
    /// `standardOutput`, or into the result when that is nil.
    public static func run(_ kind: ResponseRequest.Kind, arguments: [String], standardOutput: Int32? = nil) -> InvocationResult {
        let program = "mkfilter " + kind.rawValue
        do throws(UsageError) {
            let accepted: Set<String> = kind == .response
                ? ["--points", "--svg", "--output", "--scale", "--frequency-axis", "--precision", "--fixed-point-scaling"]
                : ["--samples", "--svg", "--output", "--precision", "--fixed-point-scaling"]
            let args = try AnalysisArguments(arguments, command: kind.rawValue, accepted: accepted)
            try args.validate()
            if let output = args.output, let svg = args.svg, FileOutput.sameFile(output, svg) {
                throw UsageError("--output \(ArgumentValues.quoted(output)) and --svg \(ArgumentValues.quoted(svg)) name the same file: give each its own")
            }
            let request = try Self.request(kind, args)
            // The plot and the CSV file together: if either cannot be written, neither is.
            var files = AtomicFileSet()
            defer { files.discard() }
            let notice = ProgressNotice(program)
            defer { notice.finish() }
            let (csv, svg, warnings) = try Self.produce(request, output: args.output, standardOutput: standardOutput, files: &files)
            let warningText = warnings.map { "\(program): \($0)\n" }.joined()
            if let path = args.svg, let svg {
                do { try files.stage(svg, for: path) } catch {
                    throw UsageError("--svg \(ArgumentValues.quoted(path)): cannot write it (\(error.explanation))")
                }
            }
            do { try files.commit() } catch {
                let option = error.path == args.output ? "--output" : "--svg"
                throw UsageError("\(option) \(ArgumentValues.quoted(error.path)): cannot write it (\(error.explanation))")
            }
            return .success(csv, warnings: warningText)
        } catch {
            return .failure(program, error, usage: "Usage: \(program) <design options> [...]; see 'mkfilter \(kind.rawValue) --help'")
        }
    }

    /// The request `args` describe: a FIR design's taps or an IIR design,
    /// with the response's options.
    static func request(_ kind: ResponseRequest.Kind, _ args: AnalysisArguments) throws(UsageError) -> ResponseRequest {
        var request: ResponseRequest
        if args.designWords.first == "decimator" {
            // A multistage decimator: the equivalent filter's response, or the cascade's outputs.
            if args.fixedPointScaling != nil {
                throw UsageError("--fixed-point-scaling applies to IIR sections; a decimator's stages are scaled by their taps' L1 norms")
            }
            request = ResponseRequest(decimator: try DecimatorProgram.design(Array(args.designWords.dropFirst())), kind: kind)
        } else if let words = FIRProgram.designWords(args.designWords) {
            // A FIR design: its taps as they run, in Double, Float or CMSIS's fixed point.
            if args.fixedPointScaling != nil {
                throw UsageError("--fixed-point-scaling applies to IIR sections; a FIR filter is scaled by its taps' L1 norm, safe for any input")
            }
            request = ResponseRequest(filter: try FIRProgram.design(words), kind: kind)
        } else {
            request = ResponseRequest(design: try args.design(), kind: kind)
            request.fixedPointScaling = args.fixedPointScaling ?? .l1
        }
        request.points = args.points
        request.samples = args.samples
        request.scale = args.scale
        request.frequencyAxis = args.frequencyAxis
        request.plot = args.svg != nil
        request.precision = args.precision
        request.fixedPoint = args.fixedPoint
        request.title = (["mkfilter"] + args.designWords).joined(separator: " ") + Self.asRun(args)
        return request
    }

    /// Runs `request`: its CSV to `output` (through `files`), else to
    /// `standardOutput` as it is made, else into the result.
    static func produce(_ request: ResponseRequest, output: String?, standardOutput: Int32?,
                        files: inout AtomicFileSet) throws(UsageError) -> (csv: String, svg: String?, warnings: [String]) {
        if let output {
            let descriptor: Int32
            do { descriptor = try files.create(for: output) } catch {
                throw UsageError("--output \(ArgumentValues.quoted(output)): cannot write it (\(error.explanation))")
            }
            let result: (svg: String?, warnings: [String], writeFailure: String?)
            do { result = try request.run(csvTo: descriptor) } catch { close(descriptor); throw UsageError(error) }
            let closed = close(descriptor) == 0 ? nil : String(cString: strerror(errno))
            if let reason = result.writeFailure ?? closed {
                throw UsageError("--output \(ArgumentValues.quoted(output)): cannot write it (\(reason))")
            }
            return ("", result.svg, result.warnings)
        }
        if let standardOutput {
            let result: (svg: String?, warnings: [String], writeFailure: String?)
            do { result = try request.run(csvTo: standardOutput) } catch { throw UsageError(error) }
            if let reason = result.writeFailure { throw UsageError("cannot write to standard output (\(reason))") }
            return ("", result.svg, result.warnings)
        }
        do { return try request.run() } catch { throw UsageError(error) }
    }

    /// The plot's note of the arithmetic: " (as run in q15)", " (as run in
    /// Float)", " (as run in Float, sections in Double)", or nothing for Double.
    static func asRun(_ args: AnalysisArguments) -> String {
        if let fixedPoint = args.fixedPoint { return " (as run in \(fixedPoint.name))" }
        switch args.precision {
        case .float: return " (as run in Float)"
        case .floatInDouble: return " (as run in Float, sections in Double)"
        default: return ""
        }
    }

}

/// `mkfilter verify`: checks a design as it will run, or audits the
/// `DigitalFilterTemplate` definitions in Swift or C files against a redesign.
public enum VerifyProgram {
    /// Runs `mkfilter verify` on the words after `verify`. Exit status 0 when
    /// every check of every item passes, 2 when a check fails, 1 on a usage error.
    public static func run(arguments: [String]) -> InvocationResult {
        do throws(UsageError) {
            let args = try AnalysisArguments(arguments, command: "verify", accepted: ["--json", "--precision", "--fixed-point-scaling"])
            try args.validate()
            let subject: VerificationRequest.Subject
            if args.designWords.first == "decimator" {
                // A multistage decimator, judged against its specification as it runs.
                if args.fixedPointScaling != nil {
                    throw UsageError("--fixed-point-scaling applies to IIR sections; a decimator's stages are scaled by their taps' L1 norms")
                }
                subject = .decimator(try DecimatorProgram.design(Array(args.designWords.dropFirst())),
                                     commandLine: (["mkfilter"] + args.designWords).joined(separator: " "))
            } else if let words = FIRProgram.designWords(args.designWords) {
                // A FIR design, judged by its response against what it was asked for.
                if args.fixedPointScaling != nil {
                    throw UsageError("--fixed-point-scaling applies to IIR sections; a FIR filter is scaled by its taps' L1 norm, safe for any input")
                }
                subject = .taps(try FIRProgram.design(words), commandLine: (["mkfilter"] + args.designWords).joined(separator: " "))
            } else if let first = args.designWords.first, !first.hasPrefix("-"),
                      FilterFamily.Name(rawValue: first).map(\.isCatalogue) != true {
                guard args.positional.count == args.designWords.count else {
                    throw UsageError("give either template files or design options, not both")
                }
                subject = .templateFiles(args.positional)
            } else {
                subject = .design(try args.design(), commandLine: (["mkfilter"] + args.designWords).joined(separator: " "))
            }
            let report: VerificationReport
            let notice = ProgressNotice("mkfilter verify")
            defer { notice.finish() }
            var request = VerificationRequest(subject, precision: args.precision)
            request.fixedPoint = args.fixedPoint
            request.fixedPointScaling = args.fixedPointScaling ?? .l1
            do { report = try request.run() } catch { throw UsageError(error) }
            return InvocationResult(standardOutput: args.json ? report.json : report.text, standardError: "",
                                    exitCode: report.passed ? 0 : 2)
        } catch {
            return .failure("mkfilter verify", error, usage: "Usage: mkfilter verify <design options> [--precision double|float|gencode|q15|q31] [--json]\n       mkfilter verify FILE... [--json]")
        }
    }
}

/// The process's standard output, for the commands that stream their rows
/// (their files need no platform import).
let standardOutputDescriptor: Int32 = STDOUT_FILENO
