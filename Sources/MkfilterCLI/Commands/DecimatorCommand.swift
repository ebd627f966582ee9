import AnalysisRequests
import ArgumentParser
import FilterDesign
import FilterEmission
import FilterRequests

/// `mkfilter decimator`: the cheapest multistage decimator for a specification.
struct DecimatorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decimator",
        abstract: "The cheapest cascade of FIR stages that decimates by M.",
        usage: """
            mkfilter decimator --factor <M> --passband-edge <p>
                    --passband-loss <R> --stopband-attenuation <A>
                    [--sample-rate <Hz>] [--emit <format>] [--name <name>]
                    [--precision double|float] [--output <file>]
            """,
        discussion: """
            A cascade of decimating FIR stages (M = M1 M2 ...) that keeps
            0 ... p within R dB peak to peak and attenuates by A dB everything
            that aliases onto 0 ... p; the transition band above p may alias
            (it lands above p). Each stage stops only the bands that fold onto
            the passband at its own output rate; a stage of 2 is a half-band
            filter (every other tap 0). Every ordered factorisation of M is
            ranked by Herrmann's estimate, the best six (and the chain of
            half-bands, and the single stage) designed with the fewest taps
            that meet their bands, and the cheapest kept: its multiplies per
            input sample against the single stage's.

            OPTIONS
              --factor <M>                 2 ... 128 (chain two for more)
              --passband-edge <p>          below half the output rate (alpha
                                           of the input rate, or Hz)
              --passband-loss <R>          dB peak to peak, above 0
              --stopband-attenuation <A>   dB, 10 ... 250
              --sample-rate <Hz>           the input's rate: p in Hz
              --emit json                  {"stages": [{"factor": M1,
                                           "taps": [...]}, ...]}
              --emit swift                 the stages and makeDecimator(),
                                           FilterRuntime's DecimatingCascade
              --emit c [--precision double|float]
                                           one portable C header: _init,
                                           _step (an output every M inputs),
                                           _block; in double bit for bit
                                           as DecimatingCascade
              --emit cmsis|cmsis-q15|cmsis-q31
                                           each stage for CMSIS-DSP's
                                           arm_fir_decimate_f32|q15|q31
                                           (scaled per stage; notes on
                                           standard error)
              --name <name>                the code's name (default
                                           "decimate by M")
              --output <file>              written whole or not at all

            EXAMPLES
              mkfilter decimator --factor 16 --passband-edge 0.025 \\
                  --passband-loss 0.1 --stopband-attenuation 80
              mkfilter decimator --factor 8 --sample-rate 800 \\
                  --passband-edge 40 --passband-loss 0.5 \\
                  --stopband-attenuation 60 --emit json
            """,
        helpNames: [.long]
    )

    @Argument(parsing: .allUnrecognized, help: "The options above.")
    var arguments: [String] = []

    func run() throws { try emit(DecimatorProgram.run(arguments: arguments)) }
}

/// `mkfilter decimator`: the words read into a specification, the design
/// run, the report or `--emit json` printed.
public enum DecimatorProgram {
    static let usage = """
        Usage: mkfilter decimator --factor <M> --passband-edge <p> --passband-loss <R> --stopband-attenuation <A>
                                  [--sample-rate <Hz>] [--emit <format>] [--output <file>]
        """

    /// The command line that designs the same cascade: the words without
    /// `--emit`, `--name`, `--output` and their values.
    static func commandLine(_ arguments: [String]) -> String {
        var words = ["mkfilter", "decimator"], k = 0
        while k < arguments.count {
            if ["--emit", "--name", "--output", "-o", "--precision"].contains(arguments[k]) { k += 2; continue }
            words.append(arguments[k])
            k += 1
        }
        return words.joined(separator: " ")
    }

    /// What the words ask for: the specification, and the code's format,
    /// name and file.
    struct Request {
        var specification: MultistageDecimator.Specification
        var emit: EmissionFormat?, name: String?, output: String?
        var precision: CEmitter.Precision?
    }

    /// The words read and checked.
    static func request(_ arguments: [String]) throws(UsageError) -> Request {
        var factor: Int?, edge: Double?, loss: Double?, attenuation: Double?, rate: Double?
        var emit: EmissionFormat?, output: String?, name: String?, precision: CEmitter.Precision?
        var seen: Set<String> = []
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            guard seen.insert(word == "-o" ? "--output" : word).inserted else { throw UsageError("\(word) is given twice; give it once") }
            switch word {
            case "--factor": factor = try cursor.integer(for: word, meaning: "the decimation factor M", in: MultistageDecimator.factorRange)
            case "--passband-edge": edge = try cursor.positive(for: word, meaning: "the passband edge, alpha or Hz")
            case "--passband-loss": loss = try cursor.positive(for: word, meaning: "the passband ripple in dB, peak to peak")
            case "--stopband-attenuation": attenuation = try cursor.positive(for: word, meaning: "the attenuation in dB")
            case "--sample-rate": rate = try cursor.positive(for: word, meaning: "the input's sample rate in Hz")
            case "--emit":
                let kind = try cursor.value(for: word)
                guard let format = EmissionFormat(rawValue: kind), MultistageDecimator.emissionFormats.contains(format) else {
                    throw UsageError("--emit \(ArgumentValues.quoted(kind)) is not a format of a decimator; use "
                                     + MultistageDecimator.emissionFormats.map(\.rawValue).joined(separator: ", "))
                }
                emit = format
            case "--name": name = try cursor.value(for: word)
            case "--precision":
                let text = try cursor.value(for: word)
                guard let p = CEmitter.Precision(rawValue: text) else {
                    throw UsageError("--precision \(ArgumentValues.quoted(text)) is not a precision of C; use double or float")
                }
                precision = p
            case "--output", "-o": output = try cursor.value(for: word)
            default: throw UsageError("unknown option \(ArgumentValues.quoted(word)) for decimator", showsUsage: true)
            }
        }
        guard let factor else { throw UsageError("--factor is required (e.g. --factor 16)", showsUsage: true) }
        guard let edge else { throw UsageError("--passband-edge is required (e.g. --passband-edge 0.025)", showsUsage: true) }
        guard let loss else { throw UsageError("--passband-loss is required (the ripple in dB, e.g. 0.1)", showsUsage: true) }
        guard let attenuation else { throw UsageError("--stopband-attenuation is required (in dB, e.g. 80)", showsUsage: true) }
        if name != nil && emit == nil { throw UsageError("--name names the code: give --emit too") }
        if precision != nil && emit != .c { throw UsageError("--precision is C's: give --emit c too") }
        return Request(specification: .init(factor: factor, passbandEdge: edge / (rate ?? 1), passbandLoss: loss,
                                            stopbandAttenuation: attenuation, sampleRate: rate),
                       emit: emit, name: name, output: output, precision: precision)
    }

    /// For `--emit cmsis-q15|q31`: a warning for each way the stored taps
    /// miss the specification (`DecimatorAsRun.shortfalls`), naming the
    /// formats that keep it and the command that checks it.
    static func fixedPointWarnings(_ decimator: MultistageDecimator, _ format: EmissionFormat) -> [String] {
        let arithmetic: FixedPointArithmetic
        switch format {
        case .cmsisQ15: arithmetic = FixedPointArithmetic(.q15)
        case .cmsisQ31: arithmetic = FixedPointArithmetic(.q31)
        default: return []
        }
        guard let run = try? DecimatorAsRun(decimator, precision: .double, fixedPoint: arithmetic) else { return [] }
        let instead = format == .cmsisQ15 ? "--emit cmsis-q31 or cmsis (f32)" : "--emit cmsis (f32)"
        return run.shortfalls.map { "warning: \($0); use \(instead) (mkfilter verify decimator ... --precision \(arithmetic.name))" }
    }

    /// The cascade the words (a specification, without `--emit` and its
    /// companions) design, for `verify`.
    static func design(_ arguments: [String]) throws(UsageError) -> MultistageDecimator {
        let r = try request(arguments)
        if r.emit != nil || r.output != nil || r.name != nil || r.precision != nil {
            throw UsageError("--emit, --name, --precision and --output belong to mkfilter decimator itself; verify takes the specification")
        }
        do { return try MultistageDecimator.design(r.specification) } catch { throw UsageError(error.description) }
    }

    /// Runs the command: exit 0 with the report or code, or exit 1 with one
    /// message naming the option and nothing on standard output.
    public static func run(arguments: [String]) -> InvocationResult {
        let program = "mkfilter decimator"
        do throws(UsageError) {
            let r = try request(arguments)
            let decimator: MultistageDecimator
            do { decimator = try MultistageDecimator.design(r.specification) } catch { throw UsageError(error.description) }
            var text = decimator.report, warnings = ""
            if let emit = r.emit {
                do {
                    let (code, notes) = try decimator.code(emit, name: r.name, commandLine: Self.commandLine(arguments),
                                                           precision: r.precision ?? .double)
                    (text, warnings) = (code, (notes + Self.fixedPointWarnings(decimator, emit)).map { "\(program): \($0)\n" }.joined())
                } catch { throw UsageError(error.description) }
            }
            if let output = r.output {
                try writeWhole(text, to: output)
                return .success("", warnings: warnings)
            }
            return .success(text, warnings: warnings)
        } catch {
            return .failure(program, error, usage: usage)
        }
    }
}
