import FilterDesign
import FisherCompatibility

/// The one reader of a FIR design, whatever form its fields come in: the
/// command line's options (`mkfilter remez --taps 31 --bands 0 0.2 0.25 0.5
/// --desired 1 0`) or the design page's query (`design=remez&taps=31&bands=
/// 0,0.2,0.25,0.5&desired=1,0`). Each form only splits its text into named
/// fields (a field's values in order); the rules are checked here, once, and
/// every message names the field in the form's own spelling (`--taps`,
/// `taps`).
///
/// Fields (canonical names; the query spells them in camelCase, the
/// command line with `--`): `taps`, `sample-rate`, `minimum-phase` for
/// every method; `bands`, `desired`, `weights`, `type` (remez); `bands`,
/// `desired`, `weights` (firls); `cutoff`, `band`, `window`, `width`,
/// `no-scale` (firwin); `frequencies`, `gains`, `window`, `antisymmetric`
/// (firwin2); and for `fir`, a specification instead of taps:
/// `passband-edge`, `stopband-edge`, `passband-loss`,
/// `stopband-attenuation`, `method`.
public struct FIRFields: Sendable {
    /// How the fields are spelled in the form they came from.
    public enum Spelling: Sendable {
        /// `--sample-rate`.
        case option
        /// `sampleRate`.
        case query
    }

    /// A mistake in the fields: its message (naming the field as spelled),
    /// the field, and whether a command line's usage should follow.
    public struct Mistake: Error, Sendable, CustomStringConvertible {
        /// One line.
        public var description: String
        /// The field at fault, as spelled; nil when none is.
        public var field: String?
        /// A field missing or unknown: the usage helps.
        public var showsUsage: Bool
    }

    /// The design methods: scipy's four and `fir` (a specification, the
    /// fewest taps that meet it).
    public static let methods = ["remez", "firls", "firwin", "firwin2", "fir"]

    /// The fields each method takes, beyond the common ones.
    public static let fields: [String: [String]] = [
        "remez": ["bands", "desired", "weights", "type"],
        "firls": ["bands", "desired", "weights"],
        "firwin": ["cutoff", "band", "window", "width", "no-scale"],
        "firwin2": ["frequencies", "gains", "window", "antisymmetric"],
        "fir": ["passband-edge", "stopband-edge", "passband-loss", "stopband-attenuation", "method"],
    ]
    /// The fields every method takes (`fir` refuses `taps` by name).
    public static let common = ["taps", "sample-rate", "minimum-phase"]
    /// Fields that are flags: present or not, no value.
    public static let flags: Set<String> = ["no-scale", "antisymmetric"]

    /// The method: one of `methods`.
    public var method: String
    /// The fields in the order given, by canonical name, with their values.
    public var values: [(name: String, values: [String])] = []
    /// How messages spell the fields.
    public var spelling: Spelling

    /// No fields yet for `method`, spelled as `spelling`.
    public init(method: String, spelling: Spelling) {
        self.method = method
        self.spelling = spelling
    }

    /// The command line's words after the method (`--taps 31 --bands 0 0.2
    /// 0.25 0.5 ...`) as fields: each option's values are the words up to the
    /// next option.
    ///
    /// - Throws: `Mistake` for a word that is not an option of any method
    ///   (with the usage), and as `add(_:_:)`.
    public init(method: String, optionWords words: [String]) throws(Mistake) {
        self.init(method: method, spelling: .option)
        var k = 0
        while k < words.count {
            let word = words[k]
            guard word.hasPrefix("--"), let name = canonical(word) else {
                throw Mistake(description: "unknown option \(FisherArguments.quoted(word)) for \(method)", field: word, showsUsage: true)
            }
            k += 1
            var values: [String] = []
            // Values run to the next option; a word like `-l` (a dash, not a
            // number) is an option too, reported as unknown.
            while k < words.count, !words[k].hasPrefix("--"), !(words[k].hasPrefix("-") && Double(words[k]) == nil) {
                values.append(words[k])
                k += 1
            }
            try add(name, values)
        }
    }

    /// The filter these fields design: a recipe's, or for `fir` the fewest
    /// taps that meet the specification, with the counts tried.
    ///
    /// - Throws: `Mistake` for the fields, `FIRDesignError` (as a `Mistake`
    ///   without a field) for the design.
    public func design() throws(Mistake) -> (filter: FIRFilter, specification: FIRSpecification?, tried: [(taps: Int, meets: Bool)]) {
        if method == "fir" {
            let spec = try specification()
            do throws(FIRDesignError) {
                let result = try spec.design()
                return (result.filter, spec, result.tried)
            } catch {
                throw Mistake(description: error.description, field: nil, showsUsage: false)
            }
        }
        let r = try recipe()
        do throws(FIRDesignError) { return (try r.design(), nil, []) } catch {
            throw Mistake(description: error.description, field: nil, showsUsage: false)
        }
    }

    /// A design's message (`FIRDesignError`, which speaks the command
    /// line's `--stopband-attenuation`) in this form's spelling, and the
    /// field it begins with, if any.
    public func respelled(_ message: String) -> (message: String, field: String?) {
        let names = (Self.common + Self.fields.values.flatMap { $0 }).sorted { $0.count > $1.count }
        var field: String?
        for name in names where message.hasPrefix("--" + name + " ") || message.hasPrefix("--" + name + ":") {
            field = spelled(name)
            break
        }
        guard spelling == .query else { return (message, field) }
        var text = message
        for name in names { text = Self.replacing("--" + name, with: spelled(name), in: text) }
        return (text, field)
    }

    /// `text` with every `target` replaced (the standard library's
    /// `replacing(_:with:)` and `firstRange(of:)` need macOS 13).
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        var out = "", rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix(target) {
                out += replacement
                rest = rest.dropFirst(target.count)
            } else {
                out.append(rest.removeFirst())
            }
        }
        return out
    }

    /// `name` as this form spells it: `--sample-rate` or `sampleRate`.
    public func spelled(_ name: String) -> String {
        switch spelling {
        case .option: return "--" + name
        case .query:
            let parts = name.split(separator: "-")
            return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
        }
    }

    /// The canonical name of `spelledName` in this form, if it is a field of
    /// some method.
    public func canonical(_ spelledName: String) -> String? {
        let all = Self.common + Self.fields.values.flatMap { $0 }
        return all.first { spelled($0) == spelledName }
    }

    /// Adds a field. The first check: the field belongs to the method.
    ///
    /// - Throws: `Mistake` for a field the method does not take (naming the
    ///   methods that do), or a field given twice.
    public mutating func add(_ name: String, _ fieldValues: [String]) throws(Mistake) {
        guard Self.common.contains(name) || Self.fields[method, default: []].contains(name) else {
            let other = Self.fields.filter { $0.value.contains(name) }.map(\.key).sorted()
            throw Mistake(description: "unknown \(spelling == .option ? "option" : "field") \(FisherArguments.quoted(spelled(name))) for \(method)"
                            + (other.isEmpty ? "" : " (it belongs to \(other.joined(separator: ", ")))"),
                          field: spelled(name), showsUsage: true)
        }
        guard !values.contains(where: { $0.name == name }) else {
            throw Mistake(description: "\(spelled(name)) is given twice", field: spelled(name), showsUsage: false)
        }
        values.append((name, fieldValues))
    }

    // MARK: Reading values

    func given(_ name: String) -> [String]? { values.first { $0.name == name }?.values }

    func fail(_ error: FisherCommandLineError, _ name: String) -> Mistake {
        Mistake(description: error.messages.joined(separator: "\n"), field: spelled(name), showsUsage: error.showsUsage)
    }

    func one(_ name: String) throws(Mistake) -> String? {
        guard let v = given(name) else { return nil }
        guard v.count == 1 else {
            throw Mistake(description: "\(spelled(name)) takes one value, not \(v.count)", field: spelled(name), showsUsage: false)
        }
        return v[0]
    }

    func numbers(_ name: String, meaning: String) throws(Mistake) -> [Double]? {
        guard let v = given(name) else { return nil }
        guard !v.isEmpty else {
            throw Mistake(description: "\(spelled(name)) needs at least one number (\(meaning))", field: spelled(name), showsUsage: true)
        }
        var out: [Double] = []
        for text in v {
            do { out.append(try FisherArguments.number(text, for: spelled(name), meaning: meaning)) } catch { throw fail(error, name) }
        }
        return out
    }

    func positive(_ name: String, meaning: String) throws(Mistake) -> Double? {
        guard let text = try one(name) else { return nil }
        let x: Double
        do { x = try FisherArguments.number(text, for: spelled(name), meaning: meaning) } catch { throw fail(error, name) }
        guard x > 0 else {
            throw Mistake(description: "\(spelled(name)) \(x) is not allowed; it must be above 0 (\(meaning))", field: spelled(name), showsUsage: false)
        }
        return x
    }

    func required<T>(_ value: T?, _ name: String, _ example: String) throws(Mistake) -> T {
        guard let value else {
            throw Mistake(description: "\(spelled(name)) is required (\(example))", field: spelled(name), showsUsage: true)
        }
        return value
    }

    /// The common fields: the sample rate, the minimum-phase conversion.
    func commonFields() throws(Mistake) -> (sampleRate: Double?, minimumPhase: MinimumPhaseMethod?) {
        let sampleRate = try positive("sample-rate", meaning: "the sample rate in Hz")
        var minimumPhase: MinimumPhaseMethod?
        if let text = try one("minimum-phase") {
            guard let m = MinimumPhaseMethod(rawValue: text) else {
                throw Mistake(description: "\(spelled("minimum-phase")) \(FisherArguments.quoted(text)) is not a method; use homomorphic or hilbert",
                              field: spelled("minimum-phase"), showsUsage: false)
            }
            minimumPhase = m
        }
        return (sampleRate, minimumPhase)
    }

    // MARK: The recipe

    /// The recipe of remez, firls, firwin or firwin2, every frequency in
    /// alphas (divided by the sample rate when one is given).
    ///
    /// - Throws: `Mistake` naming the field: missing, malformed, out of
    ///   range, or in conflict with another.
    public func recipe() throws(Mistake) -> FIRRecipe {
        guard method != "fir" else { throw Mistake(description: "internal: fir is a specification", field: nil, showsUsage: false) }
        let (sampleRate, minimumPhase) = try commonFields()
        let tapsText = try required(try one("taps"), "taps", "the number of taps, e.g. 31")
        let taps: Int
        do throws(FisherCommandLineError) {
            let allowed = 1...linearPhaseMaximumTaps
            taps = try FisherArguments.integer(tapsText, for: spelled("taps"), meaning: "the number of taps",
                                               in: Int(tapsText) == nil ? allowed : Int.min...Int.max)
            guard allowed.contains(taps) else {
                throw FisherCommandLineError("\(spelled("taps")) \(taps) is not allowed; it must be in \(allowed.lowerBound) ... \(allowed.upperBound) (the number of taps)")
            }
        } catch { throw fail(error, "taps") }
        let toAlpha = { (values: [Double]) in values.map { $0 / (sampleRate ?? 1) } }
        let flag = { (name: String) in self.given(name) != nil }
        for name in Self.flags where given(name).map({ !$0.isEmpty }) == true {
            throw Mistake(description: "\(spelled(name)) takes no value", field: spelled(name), showsUsage: false)
        }
        let window: FIRWindow?
        if let text = try one("window") {
            do { window = try FIRWindow(parsing: text) } catch {
                throw Mistake(description: "\(spelled("window")): \(error.description)", field: spelled("window"), showsUsage: false)
            }
        } else {
            window = nil
        }
        let method: FIRRecipe.Method
        switch self.method {
        case "remez":
            var type = RemezFilterType.bandpass
            if let text = try one("type") {
                guard let t = RemezFilterType(rawValue: text) else {
                    throw Mistake(description: "\(spelled("type")) \(FisherArguments.quoted(text)) is not a type; use bandpass, differentiator or hilbert",
                                  field: spelled("type"), showsUsage: false)
                }
                type = t
            }
            method = .remez(taps: taps, bands: toAlpha(try required(try numbers("bands", meaning: "band edges"), "bands", "e.g. \(example("bands", "0 0.2 0.25 0.5"))")),
                            desired: try required(try numbers("desired", meaning: "desired amplitudes"), "desired", "one per band, e.g. \(example("desired", "1 0"))"),
                            weights: try numbers("weights", meaning: "one weight per band"), type: type)
        case "firls":
            method = .firls(taps: taps, bands: toAlpha(try required(try numbers("bands", meaning: "band edges"), "bands", "e.g. \(example("bands", "0 0.2 0.25 0.5"))")),
                            desired: try required(try numbers("desired", meaning: "desired amplitudes"), "desired", "one per band edge, e.g. \(example("desired", "1 1 0 0"))"),
                            weights: try numbers("weights", meaning: "one weight per band"))
        case "firwin":
            let c = toAlpha(try required(try numbers("cutoff", meaning: "cutoff frequencies"), "cutoff", "e.g. \(example("cutoff", "0.1"))"))
            let width = try positive("width", meaning: "the transition width for a Kaiser window")
            if window != nil && width != nil {
                throw Mistake(description: "give \(spelled("window")) or \(spelled("width")) (a Kaiser window for that transition width), not both",
                              field: spelled("width"), showsUsage: false)
            }
            var band: FIRBand?
            if let text = try one("band") {
                guard let b = FIRBand(rawValue: text) else {
                    throw Mistake(description: "\(spelled("band")) \(FisherArguments.quoted(text)) is not a band; use lowpass, highpass, bandpass or bandstop",
                                  field: spelled("band"), showsUsage: false)
                }
                band = b
            }
            method = .firwin(taps: taps, cutoffs: c, band: band ?? (c.count == 1 ? .lowpass : .bandpass),
                             window: window ?? .hamming, width: width.map { $0 / (sampleRate ?? 1) }, scale: !flag("no-scale"))
        default:
            method = .firwin2(taps: taps,
                              frequencies: toAlpha(try required(try numbers("frequencies", meaning: "frequencies from 0 to Nyquist"), "frequencies",
                                                                "from 0 to Nyquist, e.g. \(example("frequencies", "0 0.2 0.25 0.5"))")),
                              gains: try required(try numbers("gains", meaning: "one gain per frequency"), "gains", "one per frequency, e.g. \(example("gains", "1 1 0 0"))"),
                              window: window ?? .hamming, antisymmetric: flag("antisymmetric"))
        }
        return FIRRecipe(method: method, sampleRate: sampleRate, minimumPhase: minimumPhase)
    }

    /// `fir`'s specification, its edges in alphas.
    ///
    /// - Throws: `Mistake` naming the field (`taps` is refused: `fir` finds
    ///   the count itself).
    public func specification() throws(Mistake) -> FIRSpecification {
        if given("taps") != nil {
            throw Mistake(description: "\(spelled("taps")): fir finds the number of taps itself; to give it, use remez, firls or firwin",
                          field: spelled("taps"), showsUsage: false)
        }
        let (sampleRate, minimumPhase) = try commonFields()
        let passband = try required(try numbers("passband-edge", meaning: "one or two passband edges"), "passband-edge",
                                    "e.g. \(example("passband-edge", "0.1"))")
        let stopband = try required(try numbers("stopband-edge", meaning: "one or two stopband edges"), "stopband-edge",
                                    "e.g. \(example("stopband-edge", "0.15"))")
        let ripple = try required(try positive("passband-loss", meaning: "the passband ripple in dB, peak to peak"), "passband-loss",
                                  "the ripple in dB, e.g. 0.5")
        let attenuation = try required(try positive("stopband-attenuation", meaning: "the stopband attenuation in dB"),
                                       "stopband-attenuation", "in dB, e.g. 60")
        var method = FIRSpecification.Method.remez
        if let text = try one("method") {
            guard let m = FIRSpecification.Method(rawValue: text) else {
                throw Mistake(description: "\(spelled("method")) \(FisherArguments.quoted(text)) is not a method; use remez, kaiser or firls",
                              field: spelled("method"), showsUsage: false)
            }
            method = m
        }
        let fs = sampleRate ?? 1
        return FIRSpecification(passbandEdges: passband.map { $0 / fs }, stopbandEdges: stopband.map { $0 / fs },
                                passbandRipple: ripple, stopbandAttenuation: attenuation, method: method,
                                sampleRate: sampleRate, minimumPhase: minimumPhase)
    }

    /// An example of `name`'s values in this form: `--bands 0 0.2` or `bands=0,0.2`.
    func example(_ name: String, _ words: String) -> String {
        switch spelling {
        case .option: return spelled(name) + " " + words
        case .query: return spelled(name) + "=" + words.split(separator: " ").joined(separator: ",")
        }
    }
}
