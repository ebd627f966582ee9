import AnalysisRequests
import FilterRequests
import FilterDesign
import FilterJSON
import FilterSets

/// `mkfilter remez | firls | firwin | firwin2 | kaiserord`: the words read
/// into a `FIRRecipe` (or Kaiser's estimate), the design run, the report or
/// `--emit json` printed. Frequencies are alphas (fractions of the sample
/// rate, 0 ... 0.5), or Hz with `--sample-rate`.
public enum FIRProgram {
    /// The commands this program runs.
    /// (`gammatone --type fir` too: `isFIRGammatone(_:)`.)
    public static let commands = ["remez", "firls", "firwin", "firwin2", "kaiserord", "fir", "savgol", "halfband"]

    /// Whether `gammatone`'s words ask for the FIR gammatone: `--type fir`
    /// among them (without it, `gammatone` is the IIR catalogue family).
    public static func isFIRGammatone(_ arguments: [String]) -> Bool {
        zip(arguments, arguments.dropFirst()).contains { $0 == "--type" && $1 == "fir" }
    }

    /// Each command's usage line.
    static func usage(_ command: String) -> String {
        switch command {
        case "remez":
            return "Usage: mkfilter remez --taps <N> --bands <e0> <e1> ... --desired <d1> ... [--weights <w1> ...]\n"
                + "                      [--type bandpass|differentiator|hilbert] [common options]"
        case "firls":
            return "Usage: mkfilter firls --taps <N> --bands <e0> <e1> ... --desired <d0> <d1> ... [--weights <w1> ...]\n"
                + "                      [common options]"
        case "firwin":
            return "Usage: mkfilter firwin --taps <N> --cutoff <c1> [<c2> ...] [--band lowpass|highpass|bandpass|bandstop]\n"
                + "                       [--window <W>] [--width <w>] [--no-scale] [common options]"
        case "firwin2":
            return "Usage: mkfilter firwin2 --taps <N> --frequencies <f0> ... --gains <g0> ... [--window <W>]\n"
                + "                        [--antisymmetric] [common options]"
        case "fir":
            return "Usage: mkfilter fir --passband-edge <p> [<p2>] --stopband-edge <s> [<s2>] --passband-loss <R>\n"
                + "                    --stopband-attenuation <A> [--method remez|kaiser|firls] [common options]"
        case "savgol":
            return "Usage: mkfilter savgol --window <W> --polyorder <P> [--deriv <D>] [--delta <d>] [--pos <p>]\n"
                + "                       [--use conv|dot] [common options]"
        case "halfband":
            return "Usage: mkfilter halfband --taps <N> --passband-edge <p> [common options]"
        case "gammatone":
            return "Usage: mkfilter gammatone --type fir --frequency <Hz> --sample-rate <Hz> [--order <N>] [--taps <N>]\n"
                + "                          [--emit <kind> ...]"
        default:
            return "Usage: mkfilter kaiserord --attenuation <dB> --width <w> [--sample-rate <Hz>]"
        }
    }

    /// Runs `command` on `arguments`: exit 0 with the report (or JSON), or
    /// exit 1 with one message naming the option at fault and nothing on
    /// standard output.
    public static func run(_ command: String, arguments: [String]) -> InvocationResult {
        let program = "mkfilter \(command)"
        do throws(UsageError) {
            if command == "kaiserord" { return .success(try kaiserOrder(arguments)) }
            let (designArguments, emission) = try EmissionOptions.split(arguments)
            if emission.kind == nil, !emission.isEmpty { throw UsageError(EmissionOptions.companionsWithoutEmit(tag: false)) }
            guard let method = FIRMethodName(rawValue: command) else { throw UsageError("\(command) is not a FIR design command") }
            let output: DesignCommandRequest.Output
            do { output = try DesignCommandRequest(design: .fir(method: method, words: designArguments), emission: emission.settings).run() } catch {
                throw UsageError(error)
            }
            return try Mkfilter.printed(output, to: emission.output, program: program)
        } catch {
            return .failure(program, error, usage: usage(command))
        }
    }

    /// `words` when they describe a FIR design (`remez --taps 31 ...`: a FIR
    /// command's name first), for `response`, `impulse`, `step` and
    /// `verify`; nil for Fisher's design options.
    public static func designWords(_ words: [String]) -> [String]? {
        guard let first = words.first,
              commands.contains(first) || (first == "gammatone" && isFIRGammatone(Array(words.dropFirst()))) else { return nil }
        return words
    }

    /// The FIR filter `words` (from `designWords`) describe, designed.
    public static func design(_ words: [String]) throws(UsageError) -> FIRFilter {
        let command = words[0], arguments = Array(words.dropFirst())
        if command == "kaiserord" {
            throw UsageError("kaiserord estimates taps and beta; to see the filter, design it: firwin --taps N --cutoff c --window kaiser:BETA")
        }
        if command != "fir" && arguments.contains("--emit") {
            throw UsageError("--emit belongs to mkfilter \(command) itself, not to this command")
        }
        guard let method = FIRMethodName(rawValue: command) else { throw UsageError("\(command) is not a FIR design command") }
        do { return try FIRFields(method: method, optionWords: arguments).design().filter } catch {
            throw UsageError(error.description, showsUsage: error.showsUsage)
        }
    }

    /// `kaiserord`: the taps and beta of a Kaiser-window design for a ripple
    /// of `A` dB (both bands) and a transition `width` (scipy's `kaiserord`,
    /// whose width is in Nyquist units: twice ours).
    static func kaiserOrder(_ arguments: [String]) throws(UsageError) -> String {
        var attenuation: Double?, width: Double?, sampleRate: Double?
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            switch word {
            case "--attenuation": attenuation = try cursor.number(for: word, meaning: "the ripple in dB, passband and stopband")
            case "--width": width = try cursor.positive(for: word, meaning: "the transition width, alpha or Hz")
            case "--sample-rate": sampleRate = try cursor.positive(for: word, meaning: "the sample rate in Hz")
            default: throw UsageError("unknown option \(ArgumentValues.quoted(word)) for kaiserord", showsUsage: true)
            }
        }
        guard let attenuation else { throw UsageError("--attenuation is required (the ripple in dB, e.g. 60)", showsUsage: true) }
        guard let width else { throw UsageError("--width is required (the transition width, e.g. 0.05)", showsUsage: true) }
        let alpha = width / (sampleRate ?? 1)
        do {
            let (taps, beta) = try FilterDesign.kaiserOrder(attenuation: attenuation, width: alpha)
            return "taps: \(taps)\nbeta: \(beta)\nwindow: kaiser:\(beta)\n"
        } catch {
            throw UsageError(error.description)
        }
    }
}
