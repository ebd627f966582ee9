import FilterRequests
import AnalysisRequests
import FilterDesign
import FisherCompatibility

/// The mkfilter program: Fisher's command line in, his report or listing (or
/// emitted code) out.
public enum Mkfilter {
    /// Fisher's usage text (mkfilter 4.6), shown for an unknown option.
    static let usage = """
        Usage: mkfilter [-Be | -Bu | -Ch <r> | -Pi] [-Lp | -Hp | -Bp | -Bs] [-p <n1> <n2> ...] [-{lwz}] [-Z <alphaz>] -o <order> -a <alpha1> [ <alpha2> ]
               mkfilter -Re <q> [-Bp | -Bs | -Ap] [-l] -a <alpha>
               (or --sample-rate <Hz> --corner <f1> [<f2>] instead of -a; 'mkfilter --help' explains every option)
        """

    /// The design that `run(arguments:)` reports for Fisher's arguments (with
    /// his Bessel table), or the usage error it would print.
    public static func design(arguments: [String]) throws(UsageError) -> Design {
        try designResult(arguments).design
    }

    static func designResult(_ arguments: [String]) throws(UsageError) -> DesignResult {
        let line: FisherCommandLine
        do { line = try FisherCommandLine(arguments) } catch { throw UsageError(error) }
        do { return try DesignRequest(line).run() } catch { throw UsageError(error) }
    }

    /// Runs mkfilter on the words after the program name.
    ///
    /// The "Command line:" line (and the listing's first line) is `mkfilter`
    /// followed by `arguments` as given, whatever the binary's path.
    public static func run(arguments: [String]) -> InvocationResult {
        do throws(UsageError) {
            let (designWords, emission) = try EmissionOptions.split(arguments)
            let output: DesignCommandRequest.Output
            do { output = try DesignCommandRequest(design: .fisher(words: designWords), emission: emission.settings).run() } catch {
                throw UsageError(error)
            }
            // After the design: Fisher's words' own mistakes are reported first.
            if emission.kind == nil, !emission.isEmpty { throw UsageError(EmissionOptions.companionsWithoutEmit(tag: true)) }
            return try printed(output, to: emission.output, program: "mkfilter")
        } catch {
            return .failure("mkfilter", error, usage: usage)
        }
    }

    /// What a design command prints: its text on standard output, or written
    /// whole to `path`; each warning a line on standard error after `program: `.
    static func printed(_ output: DesignCommandRequest.Output, to path: String?, program: String) throws(UsageError) -> InvocationResult {
        let warnings = output.warnings.map { "\(program): \($0)\n" }.joined()
        if let path {
            try writeWhole(output.text, to: path)
            return .success("", warnings: warnings)
        }
        return .success(output.text, warnings: warnings)
    }
}
