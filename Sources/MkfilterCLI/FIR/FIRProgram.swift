import FilterApplication
import FilterDesign
import FilterJSON

/// `mkfilter remez | firls | firwin | firwin2 | kaiserord`: the words read
/// into a `FIRRecipe` (or Kaiser's estimate), the design run, the report or
/// `--emit json` printed. Frequencies are alphas (fractions of the sample
/// rate, 0 ... 0.5), or Hz with `--sample-rate`.
public enum FIRProgram {
    /// The commands this program runs.
    public static let commands = ["remez", "firls", "firwin", "firwin2", "kaiserord", "fir"]

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
            guard emission.kind != nil else {
                guard emission.isEmpty else {
                    throw UsageError("--name, --description, --output, --template, --namespace and --precision go with --emit")
                }
                if command == "fir" { return .success(try specification(designArguments)) }
                let recipe = try request(command, designArguments)
                let filter: FIRFilter
                do { filter = try recipe.design() } catch { throw UsageError(error.description) }
                return .success(filter.report)
            }
            if emission.tag != nil {
                throw UsageError("--tag is the menu tag of an IIR DigitalFilterTemplate; a FIR filter has none: leave it out")
            }
            let filter = command == "fir" ? try specificationDesign(designArguments).result.filter
                : try design([command] + designArguments)
            let commandLine = (["mkfilter", command] + designArguments).joined(separator: " ")
            let request = try emission.request(fir: filter, commandLine: commandLine)
            let (code, notes): (String, [String])
            do { (code, notes) = try request.runWithNotes() } catch { throw UsageError(error) }
            let warnings = notes.map { "\(program): \($0)\n" }.joined()
            if let path = emission.output {
                try writeWhole(code, to: path)
                return .success("", warnings: warnings)
            }
            return .success(code, warnings: warnings)
        } catch {
            return .failure(program, error, usage: usage(command))
        }
    }

    /// `words` when they describe a FIR design (`remez --taps 31 ...`: a FIR
    /// command's name first), for `response`, `impulse`, `step` and
    /// `verify`; nil for Fisher's design options.
    public static func designWords(_ words: [String]) -> [String]? {
        guard let first = words.first, commands.contains(first) else { return nil }
        return words
    }

    /// The FIR filter `words` (from `designWords`) describe, designed.
    public static func design(_ words: [String]) throws(UsageError) -> FIRFilter {
        let command = words[0], arguments = Array(words.dropFirst())
        switch command {
        case "kaiserord":
            throw UsageError("kaiserord estimates taps and beta; to see the filter, design it: firwin --taps N --cutoff c --window kaiser:BETA")
        case "fir":
            return try specificationDesign(arguments).result.filter
        default:
            if arguments.contains("--emit") { throw UsageError("--emit belongs to mkfilter \(command) itself, not to this command") }
            let recipe = try request(command, arguments)
            do { return try recipe.design() } catch { throw UsageError(error.description) }
        }
    }

    /// The words of the design commands, read and checked.
    static func request(_ command: String, _ arguments: [String]) throws(UsageError) -> FIRRecipe {
        var words = FIRWords()
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() { try words.read(word, &cursor, command: command) }
        return try words.recipe(command)
    }

    /// `fir`: the fewest taps that meet a specification, its report (with
    /// the counts tried) or JSON.
    static func specification(_ arguments: [String]) throws(UsageError) -> String {
        let (spec, result, common) = try specificationDesign(arguments)
        let (ripple, attenuation, method) = (spec.passbandRipple, spec.stopbandAttenuation, spec.method)
        let n = result.filter.recipe.method.taps
        let failedBelow = result.tried.filter { !$0.meets && $0.taps < n }.map(\.taps).max()
        let minimum = common.minimumPhase.map { _ in " (minimum phase: \(result.filter.taps.count) taps from \(n) linear-phase taps)" } ?? ""
        var out = "specification: ripple \(formatC("%g", ripple)) dB (gain within 1 +- \(formatC("%.4g", spec.passbandDeviation))), "
            + "attenuation \(formatC("%g", attenuation)) dB (gain at most \(formatC("%.4g", spec.stopbandDeviation)))\n"
        out += "met with \(n) taps by \(method.rawValue)"
            + minimum + (failedBelow.map { "; \($0) do not meet it" } ?? "")
            + " (\(result.tried.count) designs tried)\n"
        return out + result.filter.report
    }

    /// `fir`'s words read, and the specification designed.
    static func specificationDesign(_ arguments: [String]) throws(UsageError)
        -> (spec: FIRSpecification, result: (filter: FIRFilter, tried: [(taps: Int, meets: Bool)]), common: FIRWords) {
        var passband: [Double]?, stopband: [Double]?, ripple: Double?, attenuation: Double?
        var method = FIRSpecification.Method.remez
        var common = FIRWords()
        var cursor = ArgumentCursor(arguments)
        while let word = cursor.next() {
            switch word {
            case "--passband-edge": passband = try FIRWords.numbers(&cursor, for: word, meaning: "one or two passband edges")
            case "--stopband-edge": stopband = try FIRWords.numbers(&cursor, for: word, meaning: "one or two stopband edges")
            case "--passband-loss": ripple = try cursor.positive(for: word, meaning: "the passband ripple in dB, peak to peak")
            case "--stopband-attenuation":
                attenuation = try cursor.positive(for: word, meaning: "the stopband attenuation in dB")
            case "--method":
                let text = try cursor.value(for: word)
                guard let m = FIRSpecification.Method(rawValue: text) else {
                    throw UsageError("--method \(ArgumentValues.quoted(text)) is not a method; use remez, kaiser or firls")
                }
                method = m
            case "--taps": throw UsageError("--taps: fir finds the number of taps itself; to give it, use remez, firls or firwin")
            default: try common.read(word, &cursor, command: "fir")
            }
        }
        guard let passband else { throw UsageError("--passband-edge is required (e.g. --passband-edge 0.1)", showsUsage: true) }
        guard let stopband else { throw UsageError("--stopband-edge is required (e.g. --stopband-edge 0.15)", showsUsage: true) }
        guard let ripple else { throw UsageError("--passband-loss is required (the ripple in dB, e.g. 0.5)", showsUsage: true) }
        guard let attenuation else {
            throw UsageError("--stopband-attenuation is required (in dB, e.g. 60)", showsUsage: true)
        }
        let fs = common.sampleRate ?? 1
        let spec = FIRSpecification(passbandEdges: passband.map { $0 / fs }, stopbandEdges: stopband.map { $0 / fs },
                                    passbandRipple: ripple, stopbandAttenuation: attenuation, method: method,
                                    sampleRate: common.sampleRate, minimumPhase: common.minimumPhase)
        do { return (spec, try spec.design(), common) } catch { throw UsageError(error.description) }
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

/// The words of one FIR design command as they are read.
struct FIRWords {
    var taps: Int?
    var bands: [Double]?, desired: [Double]?, weights: [Double]?
    var type: RemezFilterType = .bandpass
    var cutoffs: [Double]?, band: FIRBand?
    var frequencies: [Double]?, gains: [Double]?
    var window: FIRWindow?, width: Double?, scale = true, antisymmetric = false
    var sampleRate: Double?
    var minimumPhase: MinimumPhaseMethod?

    /// The options each command takes, beyond the common ones.
    static let options: [String: Set<String>] = [
        "remez": ["--bands", "--desired", "--weights", "--type"],
        "firls": ["--bands", "--desired", "--weights"],
        "firwin": ["--cutoff", "--band", "--window", "--width", "--no-scale"],
        "firwin2": ["--frequencies", "--gains", "--window", "--antisymmetric"],
        "fir": [],
    ]
    static let common: Set<String> = ["--taps", "--sample-rate", "--minimum-phase"]

    mutating func read(_ word: String, _ cursor: inout ArgumentCursor, command: String) throws(UsageError) {
        guard Self.common.contains(word) || Self.options[command, default: []].contains(word) else {
            let other = Self.options.filter { $0.value.contains(word) }.map(\.key).sorted()
            throw UsageError("unknown option \(ArgumentValues.quoted(word)) for \(command)"
                             + (other.isEmpty ? "" : " (it belongs to \(other.joined(separator: ", ")))"), showsUsage: true)
        }
        switch word {
        case "--taps": taps = try cursor.integer(for: word, meaning: "the number of taps", in: 1...linearPhaseMaximumTaps)
        case "--bands": bands = try Self.numbers(&cursor, for: word, meaning: "band edges")
        case "--desired": desired = try Self.numbers(&cursor, for: word, meaning: "desired amplitudes")
        case "--weights": weights = try Self.numbers(&cursor, for: word, meaning: "one weight per band")
        case "--cutoff": cutoffs = try Self.numbers(&cursor, for: word, meaning: "cutoff frequencies")
        case "--frequencies": frequencies = try Self.numbers(&cursor, for: word, meaning: "frequencies from 0 to Nyquist")
        case "--gains": gains = try Self.numbers(&cursor, for: word, meaning: "one gain per frequency")
        case "--width": width = try cursor.positive(for: word, meaning: "the transition width for a Kaiser window")
        case "--sample-rate": sampleRate = try cursor.positive(for: word, meaning: "the sample rate in Hz")
        case "--no-scale": scale = false
        case "--antisymmetric": antisymmetric = true
        case "--type":
            let text = try cursor.value(for: word)
            guard let t = RemezFilterType(rawValue: text) else {
                throw UsageError("--type \(ArgumentValues.quoted(text)) is not a type; use bandpass, differentiator or hilbert")
            }
            type = t
        case "--band":
            let text = try cursor.value(for: word)
            guard let b = FIRBand(rawValue: text) else {
                throw UsageError("--band \(ArgumentValues.quoted(text)) is not a band; use lowpass, highpass, bandpass or bandstop")
            }
            band = b
        case "--window":
            let text = try cursor.value(for: word)
            do { window = try FIRWindow(parsing: text) } catch { throw UsageError("--window: \(error.description)") }
        case "--minimum-phase":
            let text = try cursor.value(for: word)
            guard let m = MinimumPhaseMethod(rawValue: text) else {
                throw UsageError("--minimum-phase \(ArgumentValues.quoted(text)) is not a method; use homomorphic or hilbert")
            }
            minimumPhase = m
        default:
            break
        }
    }

    /// The numbers after `option`, up to the next option (a word starting
    /// with `--`, or one that is not a number); at least one.
    static func numbers(_ cursor: inout ArgumentCursor, for option: String, meaning: String) throws(UsageError) -> [Double] {
        var values: [Double] = []
        while cursor.index < cursor.words.count {
            let word = cursor.words[cursor.index]
            if word.hasPrefix("--") || (Double(word) == nil && !values.isEmpty) { break }
            values.append(try cursor.number(for: option, meaning: meaning))
        }
        guard !values.isEmpty else { throw UsageError("\(option) needs at least one number (\(meaning))", showsUsage: true) }
        return values
    }

    /// The recipe, every frequency in alphas.
    func recipe(_ command: String) throws(UsageError) -> FIRRecipe {
        guard let taps else { throw UsageError("--taps is required (the number of taps, e.g. 31)", showsUsage: true) }
        let toAlpha = { (values: [Double]) in values.map { $0 / (sampleRate ?? 1) } }
        func required(_ value: [Double]?, _ option: String, _ example: String) throws(UsageError) -> [Double] {
            guard let value else { throw UsageError("\(option) is required (\(example))", showsUsage: true) }
            return value
        }
        let method: FIRRecipe.Method
        switch command {
        case "remez":
            method = .remez(taps: taps, bands: toAlpha(try required(bands, "--bands", "e.g. --bands 0 0.2 0.25 0.5")),
                            desired: try required(desired, "--desired", "one per band, e.g. --desired 1 0"),
                            weights: weights, type: type)
        case "firls":
            method = .firls(taps: taps, bands: toAlpha(try required(bands, "--bands", "e.g. --bands 0 0.2 0.25 0.5")),
                            desired: try required(desired, "--desired", "one per band edge, e.g. --desired 1 1 0 0"),
                            weights: weights)
        case "firwin":
            let c = toAlpha(try required(cutoffs, "--cutoff", "e.g. --cutoff 0.1"))
            if window != nil && width != nil {
                throw UsageError("give --window or --width (a Kaiser window for that transition width), not both")
            }
            method = .firwin(taps: taps, cutoffs: c, band: band ?? (c.count == 1 ? .lowpass : .bandpass),
                             window: window ?? .hamming, width: width.map { $0 / (sampleRate ?? 1) }, scale: scale)
        default:
            method = .firwin2(taps: taps, frequencies: toAlpha(try required(frequencies, "--frequencies", "from 0 to Nyquist, e.g. --frequencies 0 0.2 0.25 0.5")),
                              gains: try required(gains, "--gains", "one per frequency, e.g. --gains 1 1 0 0"),
                              window: window ?? .hamming, antisymmetric: antisymmetric)
        }
        return FIRRecipe(method: method, sampleRate: sampleRate, minimumPhase: minimumPhase)
    }
}
