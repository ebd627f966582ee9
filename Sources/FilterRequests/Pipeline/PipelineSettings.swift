import AccelerometerPipeline
import FilterDesign
import FilterEmission
import FilterJSON
import FilterRuntime
import FilterSets
import FisherCompatibility

/// How `mkfilter pipeline` is configured: defaults, then `--config FILE`
/// ("all" then "x", "y", "z"), then the flags, which apply to every axis.
public struct PipelineSettings: Sendable {
    /// Per axis: the filter as the user wrote it, and the numbers.
    public struct Axis: Sendable, Equatable {
        /// The filter as written (see `resolve`).
        public var filter = "passThrough"
        /// Samples in the moving RMS.
        public var rmsWindow = 30
        /// The RMS level to exceed, g.
        public var threshold = 0.1
        /// Contiguous samples above the threshold that trigger.
        public var count = 5
    }
    /// x, y, z.
    public var axes = [Axis(), Axis(), Axis()]
    /// Notes for standard error (a filter redesigned for the data's rate).
    public var notes: [String] = []

    /// The defaults on every axis.
    public init() {}

    /// The RMS window and the trigger count, in samples (`--rms-window`,
    /// `--count`, "rmsWindow", "count"): at least one, at most a million.
    public static let countRange = 1...1_000_000

        static let axisFields = ["filter", "rmsWindow", "threshold", "count", "comment"]
    static let topFields = ["all", "x", "y", "z", "comment"]

    /// Applies a `--config` JSON document.
    public mutating func apply(configText text: String, file: String) throws(ApplicationError) {
        let root: JSONValue
        do { root = try JSONValue.parse(text) } catch { throw ApplicationError("\(file):\(error.line):\(error.column): malformed JSON: \(error.reason)", underlying: error) }
        guard case .object(let members) = root else { throw ApplicationError("\(file): the configuration is a JSON object with \"all\", \"x\", \"y\", \"z\"") }
        let keys = members.map(\.key)
        for key in keys where !Self.topFields.contains(key) {
            throw ApplicationError("\(file): unknown field \"\(key)\"; a pipeline configuration has \"all\", \"x\", \"y\", \"z\" (and \"comment\")")
        }
        for (name, targets) in [("all", [0, 1, 2]), ("x", [0]), ("y", [1]), ("z", [2])] {
            guard let value = members.first(where: { $0.key == name })?.value else { continue }
            guard case .object(let fields) = value else { throw ApplicationError("\(file): \"\(name)\" is \(value.kindDescription); give an object with \(Self.axisFields.dropLast().joined(separator: ", "))") }
            for (key, v) in fields {
                func problem(_ what: String) -> ApplicationError { ApplicationError("\(file): \"\(name)\".\"\(key)\" \(what)") }
                switch key {
                case "filter":
                    guard case .string(let s) = v else { throw problem("is \(v.kindDescription); give a filter as a string") }
                    for k in targets { axes[k].filter = s }
                case "rmsWindow", "count":
                    guard case .number(let n) = v, n == n.rounded(), n >= Double(Self.countRange.lowerBound), n <= Double(Self.countRange.upperBound) else {
                        throw problem("is \(RecipeFields.describe(v)); it must be a whole number of samples in \(Self.countRange.lowerBound) ... \(Self.countRange.upperBound)")
                    }
                    for k in targets { if key == "count" { axes[k].count = Int(n) } else { axes[k].rmsWindow = Int(n) } }
                case "threshold":
                    guard case .number(let t) = v else { throw problem("is \(v.kindDescription); give the RMS level in g") }
                    for k in targets { axes[k].threshold = t }
                case "comment": break
                default:
                    throw ApplicationError("\(file): \"\(name)\": unknown field \"\(key)\"; an axis has \"filter\", \"rmsWindow\", \"threshold\", \"count\"")
                }
            }
        }
    }

    /// The runtime configuration at `sampleRate`, each filter resolved.
    public mutating func configuration(sampleRate: Double) throws(ApplicationError) -> PipelineConfiguration {
        var result = PipelineConfiguration(all: AxisConfiguration())
        var resolved: [String: AxisFilter] = [:]
        for k in 0..<3 {
            let a = axes[k]
            let filter: AxisFilter
            if let done = resolved[a.filter] { filter = done } else {
                do { filter = try resolve(a.filter, sampleRate: sampleRate) } catch {
                    throw ApplicationError("axis \(PipelineConfiguration.axisNames[k]): filter \(quotedForMessage(a.filter)): \(error.description)", underlying: error)
                }
                resolved[a.filter] = filter
            }
            result[k] = AxisConfiguration(filter: filter, rmsWindow: a.rmsWindow, threshold: a.threshold, count: a.count)
        }
        return result
    }

    /// The accelerometer articles' filters, `filterfactor-lowpass F`,
    /// `filterfactor-highpass F`, `ibells-highpass F`, `kalman Q R P0`, each
    /// checked by the runtime's own rules; nil for other words.
    func articleFilter(_ words: [String]) throws(ApplicationError) -> AxisFilter? {
        let kinds = ["filterfactor-lowpass", "filterfactor-highpass", "ibells-highpass"]
        let first = words[0]
        func number(_ word: String, _ meaning: String) throws(ApplicationError) -> Double {
            do { return try FisherArguments.number(word, for: first, meaning: meaning) } catch { throw ApplicationError(wrapping: error) }
        }
        func checked(_ body: () throws(PipelineError) -> Void) throws(ApplicationError) {
            do { try body() } catch { throw ApplicationError(wrapping: error) }
        }
        if kinds.contains(first) {
            guard words.count == 2 else {
                throw ApplicationError("write \(first) F, F the weight of the new sample in 0 ... 1 (the articles' FILTERFACTOR is 0.1)")
            }
            let f = try number(words[1], "FILTERFACTOR, the weight of the new sample")
            switch first {
            case "filterfactor-lowpass":
                try checked { () throws(PipelineError) in _ = try FilterFactorLowPass(factor: f) }
                return .filterFactorLowPass(factor: f)
            case "filterfactor-highpass":
                try checked { () throws(PipelineError) in _ = try FilterFactorHighPass(factor: f) }
                return .filterFactorHighPass(factor: f)
            default:
                try checked { () throws(PipelineError) in _ = try IBellsHighPass(factor: f) }
                return .iBellsHighPass(factor: f)
            }
        }
        if first == "kalman" {
            guard words.count == 4 else {
                throw ApplicationError("write kalman Q R P0: process noise, measurement noise, initial error (the articles use kalman 0.1 0.1 0.1)")
            }
            let q = try number(words[1], "the process noise q"), r = try number(words[2], "the measurement noise r")
            let p0 = try number(words[3], "the initial error p0")
            try checked { () throws(PipelineError) in _ = try KalmanSmoother(processNoise: q, measurementNoise: r, initialError: p0) }
            return .kalman(processNoise: q, measurementNoise: r, initialError: p0)
        }
        return nil
    }

    /// Whether a design's rate is the data's: within 1e-9 of it (a rate
    /// measured from the times, 60.00000000000001 Hz, is 60 Hz).
    static func sameRate(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(abs(a), abs(b))
    }

    /// A filter given as text:
    /// - `passThrough` (or `none`);
    /// - `apple-lowpass CUTOFF [adaptive]`, `apple-highpass CUTOFF [adaptive]`;
    /// - the accelerometer articles' `filterfactor-lowpass F`,
    ///   `filterfactor-highpass F` (the article's formula as written),
    ///   `ibells-highpass F` and `kalman Q R P0`;
    /// - mkfilter's design options, e.g. `-Bu -Bp -o 2 -a 0.05 0.1` or with
    ///   `--corner F1 F2` in Hz (the data's sample rate is added);
    /// - a FIR command's words, `remez --taps 31 --bands 0 5 8 30 --desired
    ///   1 0 --sample-rate 60` (read by `FIRFields`);
    /// - `savgol W P [D [DELTA]]`, a Savitzky-Golay smoother of the whole
    ///   recording, as scipy's `savgol_filter`;
    /// - the name or identifier of a filter in `Generated/` (`Butterworth BP 3rd
    ///   0.5 to 3 Hz`, `butterworthBP3rd05To3Hz`), redesigned when the data's rate
    ///   is neither 60 nor 100 Hz.
    public mutating func resolve(_ text: String, sampleRate: Double) throws(ApplicationError) -> AxisFilter {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first else { throw ApplicationError("is empty; give passThrough, apple-lowpass 5, mkfilter options or a Generated filter name") }
        if ["passthrough", "none", "pass-through"].contains(first.lowercased()) && words.count == 1 { return .passThrough }

        if first == "apple-lowpass" || first == "apple-highpass" {
            guard words.count == 2 || (words.count == 3 && words[2] == "adaptive") else {
                throw ApplicationError("write \(first) CUTOFF, optionally followed by adaptive (e.g. \(first) 5 adaptive)")
            }
            let cutoff: Double
            do { cutoff = try FisherArguments.number(words[1], for: first, meaning: "Apple's cutoff: RC = 1 / cutoff") } catch {
                throw ApplicationError(wrapping: error)
            }
            guard cutoff > 0 else { throw ApplicationError("the cutoff \(words[1]) must be above 0") }
            return .apple(first == "apple-lowpass" ? .lowPass : .highPass, cutoff: cutoff, adaptive: words.count == 3)
        }

        if let article = try articleFilter(words) { return article }

        if first == "savgol", words.count == 1 || !words[1].hasPrefix("--") {
            return try Self.savitzkyGolay(words)
        }

        if let method = FIRMethodName(rawValue: first) {
            return try Self.firFilter(method, words, text: text, sampleRate: sampleRate)
        }

        // Fisher's options, or a catalogue design (`iirnotch --frequency 50 --quality 30`, in Hz at the data's rate).
        let catalogue = FilterFamily.Name(rawValue: first)?.isCatalogue == true
        if first.hasPrefix("-") || catalogue {
            if words.contains("-l") {
                throw ApplicationError("-l asks for Fisher's listing, which a filter run on the data does not print: leave it out")
            }
            var arguments = words
            if (arguments.contains("--corner") || catalogue) && !arguments.contains("--sample-rate") {
                arguments += ["--sample-rate", "\(sampleRate)"]
            }
            let design = try DesignRequest(fisherWords: arguments).run().design
            let rate = design.recipe.corners.sampleRate ?? sampleRate
            if !Self.sameRate(rate, sampleRate) {
                throw ApplicationError("is designed for \(messageNumber(rate)) Hz, but the data is at \(messageNumber(sampleRate)) Hz, where its corners would move: leave --sample-rate out (the data's rate is used) or give \(messageNumber(sampleRate))")
            }
            do {
                return .template(try TemplateBuilder.template(for: design, name: text, description: "", tag: 0, sampleRate: sampleRate))
            } catch { throw ApplicationError(wrapping: error) }
        }

        return try generatedFilter(text, sampleRate: sampleRate)
    }

    /// `savgol W P [D [DELTA]]`: scipy's `savgol_filter(axis, W, P, D, DELTA)`
    /// over the whole recording (its ends fitted, `mode='interp'`), exact
    /// taps (`SavitzkyGolay`); DELTA the sample spacing a derivative is per
    /// (1: per sample, as scipy's default; 1/fs for per second).
    static func savitzkyGolay(_ words: [String]) throws(ApplicationError) -> AxisFilter {
        guard (3...5).contains(words.count) else {
            throw ApplicationError("write savgol WINDOW POLYORDER [DERIV [DELTA]] (e.g. savgol 11 3, or savgol 21 3 1 0.01 for a derivative per second at 100 Hz)")
        }
        var whole: [Int] = []
        for (k, meaning) in ["the window length", "the polynomial order", "the derivative"].enumerated() where k + 1 < min(words.count, 4) {
            do { whole.append(try FisherArguments.integer(words[k + 1], for: "savgol", meaning: meaning, in: 0...SavitzkyGolay.windowRange.upperBound)) } catch {
                throw ApplicationError(wrapping: error)
            }
        }
        var delta = 1.0
        if words.count == 5 {
            do { delta = try FisherArguments.number(words[4], for: "savgol", meaning: "the sample spacing a derivative is per") } catch {
                throw ApplicationError(wrapping: error)
            }
        }
        let filter: SavitzkyGolay
        do {
            filter = try SavitzkyGolay(window: whole[0], polyorder: whole[1], derivative: whole.count > 2 ? whole[2] : 0, delta: delta)
        } catch { throw ApplicationError(error.description, underlying: error) }
        return .wholeSignal(WholeSignalFilter(name: words.joined(separator: " ")) { signal throws(PipelineError) in
            do throws(SavitzkyGolayError) { return try filter.filter(signal) } catch { throw PipelineError(error.description) }
        })
    }

    /// A FIR design's words (`firwin --taps 21 --cutoff 0.1`), designed and
    /// run at the data's rate; refused when designed for another rate.
    private static func firFilter(_ method: FIRMethodName, _ words: [String], text: String,
                                  sampleRate: Double) throws(ApplicationError) -> AxisFilter {
        let designed: FIRFilter
        do { designed = try FIRFields(method: method, optionWords: Array(words.dropFirst())).design().filter } catch {
            throw ApplicationError(wrapping: error)
        }
        let rate = designed.recipe.sampleRate ?? sampleRate
        if !Self.sameRate(rate, sampleRate) {
            throw ApplicationError("is designed for \(messageNumber(rate)) Hz, but the data is at \(messageNumber(sampleRate)) Hz, where its frequencies would move: leave --sample-rate out (frequencies are then fractions of the data's rate) or give \(messageNumber(sampleRate))")
        }
        return .fir(FIRTemplate(name: text, description: "", designSampleRate: sampleRate, taps: designed.taps,
                                mkfilterCommandLine: "mkfilter " + text))
    }

    /// A filter of Generated/ (Shake!'s bank) by name or Swift identifier,
    /// any case, designed at the data's rate (with a note when Generated/
    /// has no file at that rate).
    private mutating func generatedFilter(_ text: String, sampleRate: Double) throws(ApplicationError) -> AxisFilter {
        let bank = ShakeFilterBank.spec
        let key = text.lowercased()
        guard let entry = bank.filters.first(where: { $0.name.lowercased() == key || SwiftSource.identifier($0.name).lowercased() == key }) else {
            let names = bank.filters.map { SwiftSource.identifier($0.name) }.joined(separator: ", ")
            throw ApplicationError("is not passThrough, apple-lowpass/apple-highpass, filterfactor-lowpass/filterfactor-highpass/ibells-highpass F, kalman Q R P0, savgol W P, mkfilter options (starting with -), a catalogue design (iirnotch --frequency 50 --quality 30, in Hz) or a filter in Generated/ (\(names))")
        }
        do {
            let designed = try bank.design(of: entry, sampleRate: sampleRate)
            if case .iir(let filter) = designed, filter.template.filterClass == .passThrough { return .passThrough }
            if !bank.sampleRates.contains(sampleRate) {
                notes.append("note: '\(entry.name)' redesigned for the data's \(sampleRate) Hz (Generated/ has \(ShakeFilterBank.ratesDescription))")
            }
            switch designed {
            case .iir(let filter): return .template(filter.template)
            case .fir(let template): return .fir(template)
            }
        } catch {
            throw ApplicationError("cannot be redesigned at \(sampleRate) Hz: \(error.description)", underlying: error)
        }
    }
}
