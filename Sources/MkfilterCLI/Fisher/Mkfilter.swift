import FilterDesign
import FilterSets

/// The mkfilter program: Fisher's command line in, his report or listing out.
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
        let parsed = try MkfilterCommandLine(arguments)
        let spec = try parsed.specification()
        do { return try spec.design(besselPoles: parsed.besselPoles) } catch { throw UsageError(error.description) }
    }

    /// Runs mkfilter on the words after the program name.
    ///
    /// The "Command line:" line (and the listing's first line) is `mkfilter`
    /// followed by `arguments` as given, whatever the binary's path.
    public static func run(arguments: [String]) -> InvocationResult {
        let commandLine = (["mkfilter"] + arguments).joined(separator: " ")
        do throws(UsageError) {
            let parsed = try MkfilterCommandLine(arguments)
            let spec = try parsed.specification()
            let design: Design
            do { design = try spec.design(besselPoles: parsed.besselPoles) } catch { throw UsageError(error.description) }
            let warnings = design.resonatorConverged ? "" : "mkfilter: warning: failed to converge\n"
            if parsed.emission.kind != nil {
                // The listing gencode would have read: the design's own command line, with -l.
                var designWords: [String] = []
                var k = 0
                while k < arguments.count {
                    if MkfilterCommandLine.emissionOptions[arguments[k]] != nil { k += 2; continue }
                    designWords.append(arguments[k])
                    k += 1
                }
                let listingLine = (["mkfilter"] + designWords).joined(separator: " ") + (parsed.wantsListing ? "" : " -l")
                let listing = try MkfilterReport.listing(design, commandLine: listingLine)
                let text = try Emission.text(for: design, listing: listing, options: parsed.emission)
                if let path = parsed.emission.output {
                    try Emission.write(text, to: path)
                    return .success("", warnings: warnings)
                }
                return .success(text, warnings: warnings)
            }
            guard parsed.emission == .none else {
                throw UsageError("--name, --description, --tag, --output, --template, --namespace and --precision go with --emit")
            }
            let output = parsed.wantsListing
                ? try MkfilterReport.listing(design, commandLine: commandLine)
                : MkfilterReport.report(design, commandLine: commandLine)
            return .success(output, warnings: warnings)
        } catch {
            return .failure("mkfilter", error, usage: usage)
        }
    }
}
