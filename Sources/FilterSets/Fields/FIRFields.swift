import FilterDesign
import FisherCompatibility

/// The form of a FIR design's fields, whatever text they come in: the
/// command line's options (`mkfilter remez --taps 31 --bands 0 0.2 0.25 0.5
/// --desired 1 0`), the design page's query (`design=remez&taps=31&bands=
/// 0,0.2,0.25,0.5&desired=1,0`) or a filter set file's object (`"design":
/// "remez", "taps": 31, ...`, `FIRFields+Object.swift`). Each text only splits into named fields (a
/// field's values in order); this form types them into a `RecipeDraft`,
/// `RecipeReader` (the reader of every recipe, IIR and FIR) checks the rules
/// that join them, and every message names the field in the form's own
/// spelling (`--taps`, `taps`).
///
/// Fields (canonical names; the query spells them in camelCase, the
/// command line with `--`): `taps`, `sample-rate`, `minimum-phase` for
/// every method; `bands`, `desired`, `weights`, `type` (remez); `bands`,
/// `desired`, `weights` (firls); `cutoff`, `band`, `window`, `width`,
/// `no-scale` (firwin); `frequencies`, `gains`, `window`, `antisymmetric`
/// (firwin2); and for `fir`, a specification instead of taps:
/// `passband-edge`, `stopband-edge`, `passband-loss`,
/// `stopband-attenuation`, `method`; `window` (a length, not taps),
/// `polyorder`, `deriv`, `delta`, `pos`, `use` (savgol); `passband-edge`
/// (halfband); `type` (`fir`), `frequency`, `order` (gammatone, whose
/// `sample-rate` is required and `taps` optional).
public struct FIRFields: Sendable {
    /// How the fields are spelled in the form they came from.
    public enum Spelling: Sendable {
        /// `--sample-rate`.
        case option
        /// `sampleRate`.
        case query
        /// `"sampleRate"`: a filter set file's JSON object (`FIRFields(method:object:)`),
        /// named as the query names them.
        case object
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

        /// A mistake about `field` (as spelled), said by `description`.
        public init(description: String, field: String?, showsUsage: Bool) {
            self.description = description
            self.field = field
            self.showsUsage = showsUsage
        }
    }

    /// The design methods: scipy's four and `fir` (a specification, the
    /// fewest taps that meet it).
    public static let methods = FIRMethodName.allCases.map(\.rawValue)

    /// Each field's canonical name (the command line's, without `--`).
    static let names: [(field: RecipeField, name: String)] = [
        (.taps, "taps"), (.sampleRate, "sample-rate"), (.minimumPhase, "minimum-phase"),
        (.bands, "bands"), (.desired, "desired"), (.weights, "weights"), (.remezType, "type"),
        (.cutoffs, "cutoff"), (.band, "band"), (.window, "window"), (.width, "width"), (.noScale, "no-scale"),
        (.frequencies, "frequencies"), (.gains, "gains"), (.antisymmetric, "antisymmetric"),
        (.passband, "passband-edge"), (.stopband, "stopband-edge"), (.passbandLoss, "passband-loss"),
        (.stopbandAttenuation, "stopband-attenuation"), (.method, "method"),
        (.polyorder, "polyorder"), (.derivative, "deriv"), (.delta, "delta"), (.position, "pos"), (.use, "use"),
        (.corners, "frequency"), (.order, "order"),
    ]

    /// The canonical name of `field`.
    static func name(of field: RecipeField) -> String {
        names.first { $0.field == field }?.name ?? field.rawValue
    }

    /// The field a canonical name stands for.
    static func field(named name: String) -> RecipeField? {
        names.first { $0.name == name }?.field
    }

    /// The fields each method takes, beyond the common ones: the reader's
    /// (`RecipeReader.firFields(of:)`), by canonical name.
    public static let fields: [String: [String]] = Dictionary(uniqueKeysWithValues: FIRMethodName.allCases.map {
        ($0.rawValue, RecipeReader.firFields(of: $0).map(name(of:)))
    })
    /// The fields every method takes (`fir` refuses `taps` by name).
    public static let common = RecipeReader.firCommonFields.map(name(of:))
    /// Fields that are flags: present or not, no value.
    public static let flags: Set<String> = ["no-scale", "antisymmetric"]

    /// The method.
    public var method: FIRMethodName
    /// The fields in the order given, by canonical name, with their values.
    public var values: [(name: String, values: [String])] = []
    /// How messages spell the fields.
    public var spelling: Spelling

    /// No fields yet for `method`, spelled as `spelling`.
    public init(method: FIRMethodName, spelling: Spelling) {
        self.method = method
        self.spelling = spelling
    }

    /// The command line's words after the method (`--taps 31 --bands 0 0.2
    /// 0.25 0.5 ...`) as fields: each option's values are the words up to the
    /// next option.
    ///
    /// - Throws: `Mistake` for a word that is not an option of any method
    ///   (with the usage), and as `add(_:_:)`.
    public init(method: FIRMethodName, optionWords words: [String]) throws(Mistake) {
        self.init(method: method, spelling: .option)
        var k = 0
        while k < words.count {
            let word = words[k]
            guard word.hasPrefix("--"), let name = canonical(word) else {
                throw Mistake(description: "unknown option \(FisherArguments.quoted(word)) for \(method.rawValue)", field: word, showsUsage: true)
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
        let definition = try definition()
        do throws(FIRDesignError) { return try definition.design() } catch {
            throw Mistake(description: message(of: error).message, field: nil, showsUsage: false)
        }
    }

    /// A design's refusal in this form's words: each field it names spelled
    /// as this form spells it (`--passband-edge`, `passbandEdge`), and the
    /// field at fault, so spelled.
    public func message(of error: FIRDesignError) -> (message: String, field: String?) {
        let spell = { (field: RecipeField) in spelled(Self.name(of: field)) }
        return (error.description(spelling: spell), error.field.map(spell))
    }

    /// `name` as this form spells it: `--sample-rate` or `sampleRate`.
    public func spelled(_ name: String) -> String {
        switch spelling {
        case .option: return "--" + name
        case .query, .object:
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

    /// Adds a field. The first check, the reader's: the method takes the
    /// field (`RecipeReader.firMethod(_:takes:)`).
    ///
    /// - Throws: `Mistake` for a field the method does not take (naming the
    ///   methods that do), or a field given twice.
    public mutating func add(_ name: String, _ fieldValues: [String]) throws(Mistake) {
        guard let field = Self.field(named: name), RecipeReader.firMethod(method, takes: field) else {
            throw message(for: .notForDesign(Self.field(named: name) ?? .design, design: method), spelledName: spelled(name))
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

    // MARK: The draft, the reader, its problems in this form's words

    /// The order a method's fields are checked in, each field's rule (the
    /// reader's) before its value's type: the common fields, then the
    /// method's own, as mkfilter's FIR commands have always reported them
    /// (`fir` refuses `taps` before anything else).
    var checkingOrder: [String] {
        method == .fir
            ? ["taps", "sample-rate", "minimum-phase", "passband-edge", "stopband-edge", "passband-loss", "stopband-attenuation", "method"]
            : ["sample-rate", "minimum-phase", "taps", "no-scale", "antisymmetric", "window", "type", "bands", "desired", "weights",
               "cutoff", "width", "band", "frequencies", "gains", "polyorder", "deriv", "delta", "pos", "use", "passband-edge",
               "frequency", "order"]
    }

    /// The fields as the reader's draft, each value typed (numbers, one word
    /// of a list, a flag without a value), with the first mistake of type
    /// of each field that has one. A field whose value is not of its type
    /// still counts as given: it holds a stand-in of its type (never
    /// designed: its mistake is reported first).
    func typedDraft() -> (draft: RecipeDraft, mistakes: [String: Mistake]) {
        var d = RecipeDraft()
        d.firMethod = method
        var mistakes: [String: Mistake] = [:]
        for (name, _) in values {
            guard let field = Self.field(named: name) else { continue }
            do throws(Mistake) {
                try type(field, name, into: &d)
            } catch {
                mistakes[name] = error
                standIn(field, into: &d)
            }
        }
        return (d, mistakes)
    }

    /// `name`'s values typed into `d`'s `field`.
    func type(_ field: RecipeField, _ name: String, into d: inout RecipeDraft) throws(Mistake) {
        switch field {
        case .taps: d.taps = try tapCount()
        case .sampleRate: d.sampleRate = try positive(name, meaning: "the sample rate in Hz").map { .given($0) } ?? .absent
        case .minimumPhase: d.minimumPhase = try word(name, MinimumPhaseMethod.self, "a method; use homomorphic or hilbert")
        case .bands: d.bandEdges = try numbers(name, meaning: "band edges")
        case .desired: d.desired = try numbers(name, meaning: "desired amplitudes")
        case .weights: d.weights = try numbers(name, meaning: "one weight per band")
        case .remezType where method == .gammatone:
            guard let text = try one(name) else { break }
            guard text == "fir" else {
                throw Mistake(description: "\(spelled(name)) \(FisherArguments.quoted(text)) is not the FIR gammatone's type; use fir "
                                  + "(the IIR gammatone is mkfilter gammatone without --type fir)", field: spelled(name), showsUsage: false)
            }
            d.catalogueType = text
        case .remezType: d.remezType = try word(name, RemezFilterType.self, "a type; use bandpass, differentiator or hilbert")
        case .corners:
            guard let text = try one(name) else { break }
            let hertz: Double
            do { hertz = try FisherArguments.number(text, for: spelled(name), meaning: "the centre frequency in Hz") } catch { throw fail(error, name) }
            d.cornersHertz = [hertz]
        case .order: d.order = try whole(name, meaning: "the gammatone's order", in: Gammatone.orderRange)
        case .cutoffs: d.cutoffs = try numbers(name, meaning: "cutoff frequencies")
        case .band: d.firBand = try word(name, FIRBand.self, "a band; use lowpass, highpass, bandpass or bandstop")
        case .window where method == .savgol:
            d.savgolWindow = try whole(name, meaning: "the window length, the number of samples fitted", in: SavitzkyGolay.windowRange)
        case .polyorder:
            d.polyorder = try whole(name, meaning: "the polynomial's order, below the window length", in: 0...SavitzkyGolay.largestPolyorder)
        case .derivative:
            d.derivative = try whole(name, meaning: "the derivative, 0 to smooth", in: 0...SavitzkyGolay.largestDerivative)
        case .delta: d.delta = try positive(name, meaning: "the sample spacing the derivative is per")
        case .position: d.position = try whole(name, meaning: "the sample the fit is evaluated at, 0 ... window - 1", in: 0...(SavitzkyGolay.windowRange.upperBound - 1))
        case .use: d.savgolUse = try word(name, SavitzkyGolay.Use.self, "an order; use conv (reversed, for convolution) or dot")
        case .window:
            guard let text = try one(name) else { break }
            do { d.window = try FIRWindow(parsing: text) } catch {
                throw Mistake(description: "\(spelled(name)): \(error.description)", field: spelled(name), showsUsage: false)
            }
        case .width: d.width = try positive(name, meaning: "the transition width for a Kaiser window")
        case .noScale, .antisymmetric:
            guard given(name)?.isEmpty != false else {
                throw Mistake(description: "\(spelled(name)) takes no value", field: spelled(name), showsUsage: false)
            }
            if field == .noScale { d.noScale = true } else { d.antisymmetric = true }
        case .frequencies: d.frequencies = try numbers(name, meaning: "frequencies from 0 to Nyquist")
        case .gains: d.gains = try numbers(name, meaning: "one gain per frequency")
        case .passband: d.passband = try numbers(name, meaning: "one or two passband edges")
        case .stopband: d.stopband = try numbers(name, meaning: "one or two stopband edges")
        case .passbandLoss: d.passbandLoss = try positive(name, meaning: "the passband ripple in dB, peak to peak")
        case .stopbandAttenuation: d.stopbandAttenuation = try positive(name, meaning: "the stopband attenuation in dB")
        case .method: d.specificationMethod = try word(name, FIRSpecification.Method.self, "a method; use remez, kaiser or firls")
        default: break
        }
    }

    /// A value of `field`'s type in `d`, standing in for one that was not
    /// of it, so that the reader sees the field as given.
    func standIn(_ field: RecipeField, into d: inout RecipeDraft) {
        switch field {
        case .taps: d.taps = 1
        case .sampleRate: d.sampleRate = .given(1)
        case .minimumPhase: d.minimumPhase = .homomorphic
        case .bands: d.bandEdges = []
        case .desired: d.desired = []
        case .weights: d.weights = []
        case .remezType: if method == .gammatone { d.catalogueType = "fir" } else { d.remezType = .bandpass }
        case .corners: d.cornersHertz = [1]
        case .order: d.order = 4
        case .cutoffs: d.cutoffs = []
        case .band: d.firBand = .lowpass
        case .window: if method == .savgol { d.savgolWindow = 1 } else { d.window = .hamming }
        case .polyorder: d.polyorder = 0
        case .derivative: d.derivative = 0
        case .delta: d.delta = 1
        case .position: d.position = 0
        case .use: d.savgolUse = .conv
        case .width: d.width = 1
        case .noScale: d.noScale = true
        case .frequencies: d.frequencies = []
        case .gains: d.gains = []
        case .antisymmetric: d.antisymmetric = true
        case .passband: d.passband = []
        case .stopband: d.stopband = []
        case .passbandLoss: d.passbandLoss = 1
        case .stopbandAttenuation: d.stopbandAttenuation = 1
        case .method: d.specificationMethod = .remez
        default: break
        }
    }

    /// The number of taps, a whole number (its range is the reader's).
    func tapCount() throws(Mistake) -> Int? {
        guard let text = try one("taps") else { return nil }
        do throws(FisherCommandLineError) {
            return try FisherArguments.integer(text, for: spelled("taps"), meaning: "the number of taps",
                                               in: Int(text) == nil ? RecipeReader.tapsRange(for: method) : Int.min...Int.max)
        } catch { throw fail(error, "taps") }
    }

    /// A whole number in `range`, or a message naming `meaning`.
    func whole(_ name: String, meaning: String, in range: ClosedRange<Int>) throws(Mistake) -> Int? {
        guard let text = try one(name) else { return nil }
        do throws(FisherCommandLineError) {
            return try FisherArguments.integer(text, for: spelled(name), meaning: meaning, in: range)
        } catch { throw fail(error, name) }
    }

    /// One word of `T`'s raw values, or a message saying it is not `what`.
    func word<T: RawRepresentable>(_ name: String, _ type: T.Type, _ what: String) throws(Mistake) -> T? where T.RawValue == String {
        guard let text = try one(name) else { return nil }
        guard let value = T(rawValue: text) else {
            throw Mistake(description: "\(spelled(name)) \(FisherArguments.quoted(text)) is not \(what)", field: spelled(name), showsUsage: false)
        }
        return value
    }

    /// What the fields ask for, read by `RecipeReader`.
    ///
    /// - Throws: `Mistake` for the first field, in the checking order, that
    ///   breaks one of the reader's rules (reported first) or whose value is
    ///   not of its type, in this form's words.
    public func definition() throws(Mistake) -> FIRDefinition {
        let (draft, mistakes) = typedDraft()
        let problems = RecipeReader.firProblems(draft, method: method)
        for name in checkingOrder {
            let field = Self.field(named: name)
            // A field's own rule (missing, not for this method, out of range),
            // then its value's type, then a conflict with an earlier field.
            if let problem = problems.first(where: { $0.field == field && $0 != .windowAndWidth }) { throw message(for: problem) }
            if let mistake = mistakes[name] { throw mistake }
            if field == .width, problems.contains(.windowAndWidth) { throw message(for: .windowAndWidth) }
        }
        if let problem = problems.first { throw message(for: problem) }
        do throws(RecipeReadingError) { return try RecipeReader.firDefinition(draft) } catch {
            guard case .problems(let problems) = error, let first = problems.first else {
                throw Mistake(description: "the fields do not describe a FIR filter", field: nil, showsUsage: true)
            }
            throw message(for: first)
        }
    }

    /// The recipe of remez, firls, firwin or firwin2, every frequency in
    /// alphas (divided by the sample rate when one is given).
    ///
    /// - Throws: `Mistake` naming the field: missing, malformed, out of
    ///   range, or in conflict with another.
    public func recipe() throws(Mistake) -> FIRRecipe {
        guard case .recipe(let recipe) = try definition() else {
            throw Mistake(description: "\(method.rawValue) designs from a specification, not from a number of taps", field: nil, showsUsage: false)
        }
        return recipe
    }

    /// `fir`'s specification, its edges in alphas.
    ///
    /// - Throws: `Mistake` naming the field (`taps` is refused: `fir` finds
    ///   the count itself).
    public func specification() throws(Mistake) -> FIRSpecification {
        guard case .specification(let specification) = try definition() else {
            throw Mistake(description: "\(method.rawValue) designs from a number of taps, not from a specification", field: nil, showsUsage: false)
        }
        return specification
    }

    /// A problem the reader found, in this form's words, naming the field as
    /// this form spells it.
    ///
    /// - Parameters:
    ///   - problem: what `RecipeReader` found.
    ///   - spelledName: the field as the user wrote it, when the reader's
    ///     field cannot say it (an unknown name).
    func message(for problem: RecipeProblem, spelledName: String? = nil) -> Mistake {
        let field = problem.field.map { spelled(Self.name(of: $0)) } ?? spelledName
        func mistake(_ text: String, usage: Bool) -> Mistake { Mistake(description: text, field: field, showsUsage: usage) }
        switch problem {
        case let .notForDesign(recipeField, design):
            let name = spelledName ?? spelled(Self.name(of: recipeField))
            let other = FIRMethodName.allCases.filter { RecipeReader.firFields(of: $0).contains(recipeField) }.map(\.rawValue).sorted()
            let owners = other.isEmpty ? "" : " (it belongs to \(other.joined(separator: ", ")))"
            if method == .gammatone, recipeField == .minimumPhase {
                return Mistake(description: "\(name) does not apply to gammatone: its taps are not linear phase, which the conversion "
                                   + "needs (they are causal already)", field: name, showsUsage: false)
            }
            if spelling == .object {
                return Mistake(description: "\(name) does not apply to \(design.rawValue)\(owners); remove it", field: name, showsUsage: false)
            }
            return Mistake(description: "unknown \(spelling == .option ? "option" : "field") \(FisherArguments.quoted(name)) for \(design.rawValue)"
                               + owners, field: name, showsUsage: true)
        case let .missingForDesign(recipeField, design):
            let example: String
            switch recipeField {
            case .taps: example = "the number of taps, e.g. 31"
            case .bands: example = "e.g. \(self.example("bands", "0 0.2 0.25 0.5"))"
            case .desired: example = design == .firls ? "one per band edge, e.g. \(self.example("desired", "1 1 0 0"))"
                                                       : "one per band, e.g. \(self.example("desired", "1 0"))"
            case .cutoffs: example = "e.g. \(self.example("cutoff", "0.1"))"
            case .frequencies: example = "from 0 to Nyquist, e.g. \(self.example("frequencies", "0 0.2 0.25 0.5"))"
            case .window: example = "the window length, e.g. \(self.example("window", "11"))"
            case .polyorder: example = "the polynomial's order, e.g. \(self.example("polyorder", "3"))"
            case .passband: example = "below a quarter of the sample rate, e.g. \(self.example("passband-edge", "0.2"))"
            case .corners: example = "the centre frequency in Hz, e.g. \(self.example("frequency", "1000"))"
            case .sampleRate: example = "a gammatone's bandwidth is in Hz, e.g. \(self.example("sample-rate", "16000"))"
            default: example = "one per frequency, e.g. \(self.example("gains", "1 1 0 0"))"
            }
            return mistake("\(field ?? "") is required (\(example))", usage: true)
        case .missingForSpecification(let recipeField):
            let example = [RecipeField.passband: "e.g. \(self.example("passband-edge", "0.1"))",
                           .stopband: "e.g. \(self.example("stopband-edge", "0.15"))",
                           .passbandLoss: "the ripple in dB, e.g. 0.5"][recipeField] ?? "in dB, e.g. 60"
            return mistake("\(field ?? "") is required (\(example))", usage: true)
        case .notWithSpecification:
            return mistake("\(field ?? ""): fir finds the number of taps itself; to give it, use remez, firls or firwin", usage: false)
        case .tapsOutOfRange(let taps):
            let allowed = RecipeReader.tapsRange(for: method)
            return mistake("\(field ?? "") \(taps) is not allowed; it must be in \(allowed.lowerBound) ... \(allowed.upperBound) (the number of taps)",
                           usage: false)
        case .windowAndWidth:
            return mistake("give \(spelled("window")) or \(spelled("width")) (a Kaiser window for that transition width), not both", usage: false)
        default:
            return mistake("the fields do not describe a FIR filter", usage: true)
        }
    }

    /// An example of `name`'s values in this form: `--bands 0 0.2` or `bands=0,0.2`.
    func example(_ name: String, _ words: String) -> String {
        switch spelling {
        case .option: return spelled(name) + " " + words
        case .query: return spelled(name) + "=" + words.split(separator: " ").joined(separator: ",")
        case .object:
            // A filter set's frequencies are in Hz: the example's at 60 Hz.
            let hertz = ["bands", "cutoff", "frequencies", "passband-edge", "stopband-edge"].contains(name)
            let items = words.split(separator: " ").map { word in
                hertz ? Double(word).map { Self.text(($0 * 60 * 1e9).rounded() / 1e9) } ?? String(word) : String(word)
            }
            return "\"\(spelled(name))\": " + (items.count == 1 ? items[0] : "[" + items.joined(separator: ", ") + "]")
                + (hertz ? " at 60 Hz" : "")
        }
    }
}
