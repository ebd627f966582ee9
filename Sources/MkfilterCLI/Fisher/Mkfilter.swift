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
        try designResult(try line(arguments))
    }

    static func line(_ arguments: [String]) throws(UsageError) -> FisherCommandLine {
        do { return try FisherCommandLine(arguments) } catch { throw UsageError(error) }
    }

    static func designResult(_ line: FisherCommandLine) throws(UsageError) -> DesignResult {
        do { return try DesignRequest(line).run() } catch { throw UsageError(error) }
    }

    /// Runs mkfilter on the words after the program name.
    ///
    /// The "Command line:" line (and the listing's first line) is `mkfilter`
    /// followed by `arguments` as given, whatever the binary's path.
    public static func run(arguments: [String]) -> InvocationResult {
        let commandLine = (["mkfilter"] + arguments).joined(separator: " ")
        do throws(UsageError) {
            let (designWords, emission) = try EmissionOptions.split(arguments)
            let line = try line(designWords)
            let result = try designResult(line)
            var warnings = (result.warnings + VerificationRequest.designWarnings(result.design)).map { "mkfilter: \($0)\n" }.joined()
            guard emission.kind != nil else {
                guard emission.isEmpty else {
                    throw UsageError("--name, --description, --tag, --output, --template, --namespace, --precision and --fixed-point-scaling go with --emit")
                }
                if line.wantsListing {
                    do { return .success(try result.listing(commandLine: commandLine), warnings: warnings) } catch { throw UsageError(error) }
                }
                return .success(result.report(commandLine: commandLine), warnings: warnings)
            }
            if line.wantsListing, let kind = emission.kind, ![.cAnsic, .cXyc, .cF, .listing].contains(kind) {
                throw UsageError("-l asks for Fisher's listing, which --emit \(kind.rawValue) does not print: leave it out (gencode's c-ansic, c-xyc and c-f are made from the listing)")
            }
            // The listing gencode would have read: the design's own command line, with -l.
            let listingLine = (["mkfilter"] + designWords).joined(separator: " ") + (line.wantsListing ? "" : " -l")
            let text: String
            do {
                let (code, notes) = try emission.request(for: result, listingCommandLine: listingLine).runWithNotes()
                text = code
                warnings += notes.map { "mkfilter: \($0)\n" }.joined()
            } catch let error as ApplicationError {
                throw UsageError(error)
            } catch let error as UsageError { throw error } catch { throw UsageError("\(error)") }
            if let path = emission.output {
                try writeWhole(text, to: path)
                return .success("", warnings: warnings)
            }
            return .success(text, warnings: warnings)
        } catch {
            return .failure("mkfilter", error, usage: usage)
        }
    }
}
