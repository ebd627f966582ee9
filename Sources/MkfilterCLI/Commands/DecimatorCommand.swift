import ArgumentParser
import FilterDesign
import FilterRequests

/// `mkfilter decimator`: the cheapest multistage decimator for a specification.
struct DecimatorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decimator",
        abstract: "The cheapest cascade of FIR stages that decimates by M.",
        usage: """
            mkfilter decimator --factor <M> --passband-edge <p>
                    --passband-loss <R> --stopband-attenuation <A>
                    [--sample-rate <Hz>] [--emit json] [--output <file>]
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
              --factor <M>                 2 ... 4096
              --passband-edge <p>          below half the output rate (alpha
                                           of the input rate, or Hz)
              --passband-loss <R>          dB peak to peak, above 0
              --stopband-attenuation <A>   dB, 10 ... 250
              --sample-rate <Hz>           the input's rate: p in Hz
              --emit json                  {"stages": [{"factor": M1,
                                           "taps": [...]}, ...]}
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
                                  [--sample-rate <Hz>] [--emit json] [--output <file>]
        """

    /// Runs the command: exit 0 with the report or JSON, or exit 1 with one
    /// message naming the option and nothing on standard output.
    public static func run(arguments: [String]) -> InvocationResult {
        let program = "mkfilter decimator"
        do throws(UsageError) {
            var factor: Int?, edge: Double?, loss: Double?, attenuation: Double?, rate: Double?
            var emit: String?, output: String?
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
                    guard kind == "json" else {
                        throw UsageError("--emit \(ArgumentValues.quoted(kind)) is not a format of a decimator; use json (the stages' taps)")
                    }
                    emit = kind
                case "--output", "-o": output = try cursor.value(for: word)
                default: throw UsageError("unknown option \(ArgumentValues.quoted(word)) for decimator", showsUsage: true)
                }
            }
            guard let factor else { throw UsageError("--factor is required (e.g. --factor 16)", showsUsage: true) }
            guard let edge else { throw UsageError("--passband-edge is required (e.g. --passband-edge 0.025)", showsUsage: true) }
            guard let loss else { throw UsageError("--passband-loss is required (the ripple in dB, e.g. 0.1)", showsUsage: true) }
            guard let attenuation else { throw UsageError("--stopband-attenuation is required (in dB, e.g. 80)", showsUsage: true) }
            let spec = MultistageDecimator.Specification(factor: factor, passbandEdge: edge / (rate ?? 1), passbandLoss: loss,
                                                         stopbandAttenuation: attenuation, sampleRate: rate)
            let decimator: MultistageDecimator
            do { decimator = try MultistageDecimator.design(spec) } catch { throw UsageError(error.description) }
            let text = emit == nil ? decimator.report : decimator.json.text() + "\n"
            if let output {
                try writeWhole(text, to: output)
                return .success("")
            }
            return .success(text)
        } catch {
            return .failure(program, error, usage: usage)
        }
    }
}
