import FilterDesign

/// Fisher's mkfilter command line: the codec between his words and a
/// `FilterRecipe`, both ways.
///
/// Reading: the words are read as mkfilter 4.6 reads them, then checked more
/// strictly. ArgumentParser cannot express this grammar (`-Ch -0.5` takes a
/// negative value, `-a` takes one or two, `-p` takes any number, flags combine
/// as `-lz`, and `-o` may even be spelt inside a combination such as `-lo 4`),
/// so it is parsed here by hand, as Fisher's `readcmdline` does: each word is a
/// named option (`-Bu`, `-Lp`, ...) or a group of letters from `a l o p w z Z`;
/// the values of the options in a word are then taken from the following
/// words in a fixed order (-Ch, -a, -Z, -o, -p, -Re). Beyond Fisher's words:
/// `--sample-rate HZ` and `--corner F1 [F2]` give the corners in Hz instead of
/// `-a`; `--bessel-poles table|computed` chooses the Bessel prototype;
/// `--cheby1 R` is Chebyshev I with the ripple in positive dB (scipy's `rp`,
/// beside Fisher's `-Ch -R`); `--cheby2 A` and `--elliptic R A` are the
/// Chebyshev II and elliptic families; `--passband-edge`, `--stopband-edge`, `--passband-loss` and
/// `--stopband-attenuation` give a magnitude specification in place of `-o`
/// and the corners, with a family option without its values (`-Bu`, `-Ch`,
/// `--cheby1`, `--cheby2`, `--elliptic`). A value out of range is reported
/// with its option as typed (`--stopband-attenuation 2: ...`).
///
/// Writing: `words(for:)` gives the command line that designs a recipe.
public struct FisherCommandLine: Sendable {
    /// Fisher's options, named and lettered.
    public enum Option: Hashable, Sendable {
        case be, bu, ch, re, pi, lp, hp, bp, bs, ap, a, l, o, p, w, z, Z
        /// `--cheby1`, `--cheby2`, `--elliptic`: ours.
        case cheby1, cheby2, elliptic
    }

    /// The options given.
    public var options: Set<Option> = []
    /// `-Ch`'s value as given (negative dB).
    public var ripple: Double?
    /// `-a`'s values.
    public var alphas: [Double] = []
    /// `-Z`'s value.
    public var alphaZ: Double?
    /// `-o`'s value.
    public var order: Int?
    /// `-p`'s values.
    public var poleIndices: [Int] = []
    /// `-Re`'s value.
    public var quality: QualityFactor?
    /// `--sample-rate`'s value.
    public var sampleRate: Double?
    /// `--corner`'s values, in Hz.
    public var cornersHz: [Double] = []
    /// `--bessel-poles computed|table`: Fisher's table by default, as mkfilter 4.6.
    public var besselPoles: BesselPoleSource = .mkfilterTable
    /// Whether `--bessel-poles` was given.
    public var besselPolesGiven = false
    /// `--realization sections|direct`: second-order sections by default.
    public var realization: Realization = .sections
    /// `--cheby1`'s value, the passband ripple in dB, positive (scipy's `rp`;
    /// Fisher's `-Ch` writes it negated).
    public var cheby1Ripple: Double?
    /// Each option with its values exactly as typed (`"--stopband-attenuation 2"`),
    /// by the option's word, so that a range error names what was typed.
    public var typed: [String: String] = [:]
    /// `--cheby2`'s value, the stopband attenuation in dB.
    public var cheby2Attenuation: Double?
    /// `--elliptic`'s values, passband ripple and stopband attenuation in dB.
    public var ellipticParameters: (ripple: Double, attenuation: Double)?
    /// `--passband-edge`'s values (alphas, or Hz with `--sample-rate`).
    public var passbandEdges: [Double] = []
    /// `--stopband-edge`'s values.
    public var stopbandEdges: [Double] = []
    /// `--passband-loss`'s value, dB.
    public var passbandLoss: Double?
    /// `--stopband-attenuation`'s value, dB.
    public var stopbandAttenuation: Double?
    /// A catalogue filter named as the first word (`iirnotch`, `biquad`, ...).
    public var catalogue: FilterFamily.Name?
    /// The catalogue's options: `--frequency`, `--quality`, `--type`,
    /// `--gain`, `--pass-zero`, `--curve`.
    public var catalogueFrequency: Double?, catalogueQuality: Double?, catalogueType: String?,
               gainDecibels: Double?, passZero = false, curve: String?

    /// Whether the words give a magnitude specification (any of its options).
    public var givesSpecification: Bool {
        !passbandEdges.isEmpty || !stopbandEdges.isEmpty || passbandLoss != nil || stopbandAttenuation != nil
    }

    /// Fisher's named options.
    static let named: [String: Option] = [
        "Be": .be, "Bu": .bu, "Ch": .ch, "Re": .re, "Pi": .pi,
        "Lp": .lp, "Hp": .hp, "Bp": .bp, "Bs": .bs, "Ap": .ap,
    ]
    /// Fisher's letters, which combine (`-lz`).
    static let letters: [Character: Option] = ["a": .a, "l": .l, "o": .o, "p": .p, "w": .w, "z": .z, "Z": .Z]

    /// Reads the words after the program name.
    public init(_ words: [String]) throws(FisherCommandLineError) {
        var cursor = Words(words)
        while let word = cursor.next() {
            let start = cursor.k - 1
            defer {
                // The option and the values it took, as typed.
                let text = words[start..<min(cursor.k, words.count)].joined(separator: " ")
                if word.hasPrefix("--") || Self.named[String(word.dropFirst())] != nil {
                    typed[word] = text
                } else if word.hasPrefix("-") {
                    for letter in word.dropFirst() { typed["-" + String(letter)] = text }
                }
            }
            if try readLongOption(word, &cursor) { continue }
            if try readCatalogueOption(word, &cursor) { continue }
            if start == 0, let name = FilterFamily.Name(rawValue: word), name.isCatalogue {
                catalogue = name
                continue
            }
            guard word.hasPrefix("-"), word.count > 1, !word.hasPrefix("--") else {
                if word.hasPrefix("--") {
                    throw unknownOption(word)
                }
                throw FisherCommandLineError("unexpected argument \(FisherArguments.quoted(word)); options start with '-' (run 'mkfilter --help')", showsUsage: true)
            }
            try readFisherOptions(word, &cursor)
        }
    }

    /// An option no form of the command line knows: after a catalogue
    /// command's name (`mkfilter iirnotch ... --bogus`), that command's help
    /// is named, not Fisher's usage.
    func unknownOption(_ word: String, hint: String = "") -> FisherCommandLineError {
        if let catalogue {
            return FisherCommandLineError("unknown option \(FisherArguments.quoted(word)) for \(catalogue.rawValue)\(hint); "
                                          + "run 'mkfilter \(catalogue.rawValue) --help' for its options", showsUsage: false)
        }
        return FisherCommandLineError("unknown option \(FisherArguments.quoted(word))\(hint); run 'mkfilter --help' for the options", showsUsage: true)
    }

    /// The words being read, and the index of the next.
    struct Words {
        let words: [String]
        var k = 0
        init(_ words: [String]) { self.words = words }
        /// The next word, consumed.
        mutating func next() -> String? {
            defer { k += 1 }
            return k < words.count ? words[k] : nil
        }
        /// The next word, not consumed.
        func peek() -> String? { k < words.count ? words[k] : nil }
        /// Whether the next word reads as a number (an optional value follows).
        var numberFollows: Bool { peek().map { parseCDouble($0) != nil } ?? false }
    }

    /// Reads one of the long options (`--sample-rate`, `--cheby1`, ...) and
    /// its values; false when `word` is not one.
    mutating func readLongOption(_ word: String, _ w: inout Words) throws(FisherCommandLineError) -> Bool {
        switch word {
        case "--sample-rate":
            // Ours, not Fisher's: given twice, which one was meant is unknown.
            if sampleRate != nil { throw FisherCommandLineError("--sample-rate is given twice; give it once") }
            sampleRate = try FisherArguments.number(w.next(), for: "--sample-rate", meaning: "the sample rate in Hz")
        case "--bessel-poles":
            switch w.next() {
            case "table"?: besselPoles = .mkfilterTable
            case "computed"?: besselPoles = .computed
            case let other?: throw FisherCommandLineError("--bessel-poles \(FisherArguments.quoted(other)) must be table (Fisher's, the default) or computed")
            case nil: throw FisherCommandLineError("--bessel-poles needs a value: table (Fisher's, the default) or computed")
            }
            besselPolesGiven = true
        case "--realization":
            guard let value = w.next(), let r = Realization(rawValue: value) else {
                throw FisherCommandLineError("--realization needs a value: sections (the default) or direct")
            }
            realization = r
        case "--cheby1", "--cheby2", "--elliptic":
            try readFamilyOption(word, &w)
        case "--passband-edge", "--stopband-edge":
            let edges = [try FisherArguments.number(w.next(), for: word, meaning: "a band edge, alpha = f/fs or Hz with --sample-rate")]
                + (w.peek().map { !$0.hasPrefix("-") } == true
                    ? [try FisherArguments.number(w.next(), for: word, meaning: "the second band edge")] : [])
            if word == "--passband-edge" { passbandEdges = edges } else { stopbandEdges = edges }
        case "--passband-loss":
            passbandLoss = try FisherArguments.number(w.next(), for: word, meaning: "the most loss allowed in the passband, dB above 0")
        case "--stopband-attenuation":
            stopbandAttenuation = try FisherArguments.number(w.next(), for: word, meaning: "the least attenuation required in the stopband, dB")
        case "--corner":
            cornersHz = [try FisherArguments.number(w.next(), for: "--corner", meaning: "a corner frequency in Hz")]
            if let more = w.peek(), !more.hasPrefix("-") {
                cornersHz.append(try FisherArguments.number(w.next(), for: "--corner", meaning: "the second corner frequency in Hz"))
            }
        default:
            return false
        }
        return true
    }

    /// One of the catalogue's options and its value; false when `word` is not one.
    mutating func readCatalogueOption(_ word: String, _ w: inout Words) throws(FisherCommandLineError) -> Bool {
        let given: [String: Bool] = ["--frequency": catalogueFrequency != nil, "--quality": catalogueQuality != nil,
                                     "--gain": gainDecibels != nil, "--type": catalogueType != nil, "--curve": curve != nil,
                                     "--pass-zero": passZero]
        if given[word] == true { throw FisherCommandLineError("\(word) is given twice; give it once") }
        switch word {
        case "--frequency":
            catalogueFrequency = try FisherArguments.number(w.next(), for: word, meaning: "the frequency, alpha = f/fs or Hz with --sample-rate")
        case "--quality":
            catalogueQuality = try FisherArguments.number(w.next(), for: word, meaning: "the quality factor Q, above 0")
        case "--gain":
            gainDecibels = try FisherArguments.number(w.next(), for: word, meaning: "the gain in dB of a peaking or shelving biquad")
        case "--type", "--curve":
            guard let value = w.next(), !value.hasPrefix("--") else {
                throw FisherCommandLineError("\(word) needs a value (\(word == "--curve" ? "A or C" : "the filter's type"))")
            }
            if word == "--type" { catalogueType = value } else { curve = value }
        case "--pass-zero":
            passZero = true
        default:
            return false
        }
        return true
    }

    /// `--cheby1 [R]`, `--cheby2 [A]`, `--elliptic [R A]`: the family, and
    /// its numbers when they follow (without them, a specification's family).
    mutating func readFamilyOption(_ word: String, _ w: inout Words) throws(FisherCommandLineError) {
        switch word {
        case "--cheby1":
            if w.numberFollows {
                cheby1Ripple = try FisherArguments.number(w.next(), for: "--cheby1", meaning: "the passband ripple in dB, positive, e.g. --cheby1 0.5")
            }
            options.insert(.cheby1)
        case "--cheby2":
            if w.numberFollows {
                cheby2Attenuation = try FisherArguments.number(w.next(), for: "--cheby2", meaning: "the stopband attenuation in dB, above 0")
            }
            options.insert(.cheby2)
        default:
            if w.numberFollows {
                let r = try FisherArguments.number(w.next(), for: "--elliptic", meaning: "the passband ripple in dB, then the stopband attenuation in dB")
                let a = try FisherArguments.number(w.next(), for: "--elliptic", meaning: "the stopband attenuation in dB, after the passband ripple")
                ellipticParameters = (r, a)
            }
            options.insert(.elliptic)
        }
    }

    /// Fisher's options: a named one (`-Bu`, `-Lp`, `-Re`) or letters that
    /// combine (`-lz`, `-ao`), each with the values it takes.
    mutating func readFisherOptions(_ word: String, _ w: inout Words) throws(FisherCommandLineError) {
        let body = String(word.dropFirst())
        var found: [Option] = []
        if let option = Self.named[body] {
            found = [option]
        } else {
            for letter in body {
                guard let option = Self.letters[letter] else {
                    throw unknownOption(word, hint: Self.caseHint(word))
                }
                found.append(option)
            }
        }
        let m = Set(found)
        // Without a number after it, -Ch names the family of a design from a
        // specification (or is an error, saying so).
        if m.contains(.ch), w.numberFollows {
            ripple = try FisherArguments.number(w.next(), for: "-Ch", meaning: "the passband ripple in dB, negative, e.g. -Ch -0.5")
        }
        if m.contains(.a) {
            alphas = [try FisherArguments.number(w.next(), for: "-a", meaning: "alpha = f/fs, 0 < alpha < 0.5")]
            if let more = w.peek(), !more.hasPrefix("-") {
                alphas.append(try FisherArguments.number(w.next(), for: "-a", meaning: "alpha2 = f2/fs, alpha1 < alpha2 < 0.5"))
            }
        }
        if m.contains(.Z) {
            alphaZ = try FisherArguments.number(w.next(), for: "-Z", meaning: "alpha of the extra zero, 0 < alpha < 0.5")
        }
        if m.contains(.o) {
            order = try FisherArguments.integer(w.next(), for: "-o", meaning: "the order, 1 .. \(FilterRecipe.orderRange.upperBound)")
        }
        if m.contains(.p) {
            while let more = w.peek(), let first = more.first, first.isASCII, first.isNumber {
                poleIndices.append(try FisherArguments.integer(w.next(), for: "-p", meaning: "a pole index, 0 .. order-1"))
            }
            if poleIndices.isEmpty {
                throw FisherCommandLineError("-p needs at least one pole index (0 .. order-1)" + Self.caseHint(word))
            }
        }
        if m.contains(.re) {
            guard let q = w.next() else { throw FisherCommandLineError("-Re needs a value (the Q factor, above 0, or Inf)") }
            if ["inf", "infinity"].contains(q.lowercased()) {
                quality = .infinite
            } else {
                quality = .finite(try FisherArguments.number(q, for: "-Re", meaning: "the Q factor, above 0, or Inf"))
            }
        }
        options.formUnion(m)
    }

    /// "; did you mean -Lp?" when `word` is a named option in the wrong case
    /// (`-lp` is legal, -l with -p, but rarely meant).
    public static func caseHint(_ word: String) -> String {
        let body = word.dropFirst().lowercased()
        guard let name = named.keys.sorted().first(where: { $0.lowercased() == body }), "-\(name)" != word else { return "" }
        return " (in '\(word)'; did you mean -\(name)? options are case-sensitive)"
    }

    /// Whether `-l` (the machine listing) was asked for.
    public var wantsListing: Bool { options.contains(.l) }

    /// Whether the words give corners (`-a`, `--sample-rate` or `--corner`).
    public var givesCorners: Bool { options.contains(.a) || sampleRate != nil || !cornersHz.isEmpty }
}

// MARK: - Words to recipe

extension FisherCommandLine {
    /// Fisher's family options and the families they name.
    static let familyOptions: [(option: Option, family: FilterFamily.Name)] = [
        (.be, .bessel), (.bu, .butterworth), (.ch, .chebyshev), (.cheby1, .chebyshev), (.cheby2, .chebyshev2),
        (.elliptic, .elliptic), (.re, .resonator), (.pi, .proportionalIntegral),
    ]

    /// The words as a recipe's loose fields, for `RecipeReader`: the ripple
    /// positive (`-Ch` gives it negated), Bessel poles from Fisher's table up
    /// to order 10 unless `--bessel-poles` says otherwise, as his mkfilter.
    public var draft: RecipeDraft {
        var d = RecipeDraft()
        d.families = Self.familyOptions.filter { options.contains($0.option) }.map(\.family)
        // A value is given only when every option that takes it has it: in
        // `-Ch --cheby1 0.5`, -Ch's is still missing.
        let lacksRipple = (options.contains(.ch) && ripple == nil) || (options.contains(.cheby1) && cheby1Ripple == nil)
            || (options.contains(.elliptic) && ellipticParameters == nil)
        let lacksAttenuation = (options.contains(.cheby2) && cheby2Attenuation == nil)
            || (options.contains(.elliptic) && ellipticParameters == nil)
        d.ripple = lacksRipple ? nil : cheby1Ripple ?? ripple.map { -$0 } ?? ellipticParameters?.ripple
        d.attenuation = lacksAttenuation ? nil : cheby2Attenuation ?? ellipticParameters?.attenuation
        d.quality = options.contains(.re) ? quality : nil
        d.bands = Self.bandOptions.filter { options.contains($0.option) }.map(\.band)
        d.order = options.contains(.o) ? order : nil
        d.alphas = options.contains(.a) ? alphas : nil
        d.cornersHertz = cornersHz.isEmpty ? nil : cornersHz
        d.sampleRate = sampleRate.map { .given($0) } ?? .absent
        d.transform = options.contains(.z) ? .matchedZ : options.contains(.w) ? .bilinearWithoutPrewarp : nil
        d.poles = options.contains(.p) ? poleIndices : nil
        d.extraZeroAlpha = options.contains(.Z) ? alphaZ : nil
        // Fisher's table has orders 1 ... 10; above, computed poles unless the table is asked for.
        d.besselPoles = !besselPolesGiven && (order ?? 0) > 10 ? .computed : besselPoles
        d.realization = realization
        d.passband = passbandEdges.isEmpty ? nil : passbandEdges
        d.stopband = stopbandEdges.isEmpty ? nil : stopbandEdges
        d.passbandLoss = passbandLoss
        d.stopbandAttenuation = stopbandAttenuation
        if let catalogue { addCatalogue(catalogue, to: &d) }
        return d
    }

    /// The catalogue's fields: its family first, its frequency as an alpha
    /// or, with `--sample-rate`, in Hz.
    func addCatalogue(_ name: FilterFamily.Name, to d: inout RecipeDraft) {
        d.families.insert(name, at: 0)
        d.quality = catalogueQuality.map { .finite($0) } ?? d.quality
        if let f = catalogueFrequency {
            if sampleRate == nil { d.alphas = (d.alphas ?? []) + [f] } else { d.cornersHertz = (d.cornersHertz ?? []) + [f] }
        }
        d.catalogueType = catalogueType
        d.gainDecibels = gainDecibels
        d.passZero = passZero
        d.curve = curve
    }

    /// Fisher's `checkoptions`: every combination error, in his order and
    /// words: `RecipeReader`'s problems as `messages(for:)` says them, then
    /// the ripple's sign, which is this form's own spelling.
    public func combinationErrors() -> [String] { combinationErrors(in: draft) }

    /// The combination errors of `draft`, these words' fields with some set
    /// apart (a filter set file's `"mkfilter"` gives the corners in Hz).
    ///
    /// - Parameter draft: `self.draft`, changed.
    public func combinationErrors(in draft: RecipeDraft) -> [String] {
        var errors: [String] = []
        for problem in RecipeReader.problems(draft) {
            for message in messages(for: problem) where !errors.contains(message) { errors.append(message) }
        }
        return givesSpecification ? errors : errors + signErrors()
    }

    /// A ripple of the wrong sign: `--cheby1` takes it positive, Fisher's
    /// `-Ch` negative.
    func signErrors() -> [String] {
        var errors: [String] = []
        if options.contains(.cheby1), let r = cheby1Ripple, !(r > 0) {
            errors.append("\(typed["--cheby1"] ?? "--cheby1"): the passband ripple must be a positive number of dB (e.g. --cheby1 0.5; Fisher's -Ch takes it negative, -Ch -0.5)")
        }
        if options.contains(.ch), let ripple, !(ripple < 0) {
            errors.append("Chebyshev ripple is \(formatC("%g", ripple)) dB; must be .lt. 0.0 (Fisher's -Ch takes the ripple negative, -Ch \(formatC("%g", -ripple)); --cheby1 \(formatC("%g", ripple)) takes it positive)")
        }
        return errors
    }

    /// A problem in Fisher's words: his own messages where mkfilter 4.6 had
    /// the rule (byte for byte), ours in his style for the options he did not
    /// have. Empty for a problem another message already covers.
    public func messages(for problem: RecipeProblem) -> [String] {
        catalogueMessages(problem) ?? familyMessages(problem) ?? bandOrderAndPoleMessages(problem) ?? cornerMessages(problem)
            ?? specificationMessages(problem)
            // A FIR draft's problems: these words never make one.
            ?? ["Fisher's options design IIR filters; for a FIR filter use mkfilter remez, firls, firwin, firwin2 or fir"]
    }

    /// The family and its parameters' problems in Fisher's words; nil for the others.
    func familyMessages(_ problem: RecipeProblem) -> [String]? {
        let ours = !options.isDisjoint(with: [.cheby1, .cheby2, .elliptic])
        let specification = "unless the filter is designed from a specification (--passband-edge ...)"
        switch problem {
        case .familyCount:
            return ["must specify exactly one of -Be, -Bu, -Ch, -Re, -Pi" + (ours ? ", --cheby1, --cheby2, --elliptic" : "")]
        case .missingParameter(_, let family):
            switch family {
            case .chebyshev:
                return (options.contains(.cheby1) && cheby1Ripple == nil
                        ? ["--cheby1 needs the passband ripple in dB, positive (e.g. --cheby1 0.5), \(specification)"] : [])
                    + (options.contains(.ch) && ripple == nil
                        ? ["-Ch needs the passband ripple in dB (e.g. -Ch -0.5), \(specification)"] : [])
            case .chebyshev2:
                return cheby2Attenuation != nil ? []
                    : ["--cheby2 needs the stopband attenuation in dB (e.g. --cheby2 40), \(specification)"]
            case .elliptic:
                return ellipticParameters != nil ? []
                    : ["--elliptic needs the passband ripple and the stopband attenuation in dB (e.g. --elliptic 0.5 40), \(specification)"]
            default:
                return ["-Re needs a value (the Q factor, above 0, or Inf)"]
            }
        case .parameterNotForFamily(let field, let family):
            return ["\(field.rawValue) does not apply to \(family.withArticle)"]
        default:
            return nil
        }
    }

    /// The band, order, transform, poles and extra zero's problems in
    /// Fisher's words; nil for the others.
    func bandOrderAndPoleMessages(_ problem: RecipeProblem) -> [String]? {
        switch problem {
        case .resonatorBand:
            return ["must specify exactly one of -Bp, -Bs, -Ap with -Re"]
        case .notForResonator:
            return ["can't use -Lp, -Hp, -o, -p, -w, -z with -Re"]
        case .notForProportionalIntegral(let field):
            return field == .band ? ["-Lp, -Hp, -Bp, -Bs, -Ap illegal in conjunction with -Pi"]
                : ["can't use -p with -Pi: it has no prototype poles to select"]
        case .proportionalIntegralOrder:
            return ["-Pi implies -o 1"]
        case .bandCount:
            return ["must specify exactly one of -Lp, -Hp, -Bp, -Bs"]
        case .allPassNeedsResonator:
            return ["-Ap implies -Re"]
        case .missingOrder:
            return ["must specify -o"]
        case .orderOutOfRange(let order):
            return ["order must be in range 1 .. \(FilterRecipe.orderRange.upperBound) (got \(order))"]
        case let .poleIndexOutOfRange(index, order):
            return ["order=\(order), so args to -p must be in range 0 .. \(order - 1) (got \(index))"]
        case let .notWithStopbandZeros(field, family):
            return [stopbandZerosMessage(field, family: family)]
        default:
            return nil
        }
    }

    /// The corners' and the sample rate's problems; nil for the others.
    func cornerMessages(_ problem: RecipeProblem) -> [String]? {
        switch problem {
        case .cornersTwoWays:
            return ["give the corners either as -a alpha (f/fs) or as --sample-rate and --corner in Hz, not both"]
        case .cornersNeedSampleRate:
            return ["--corner needs --sample-rate"]
        case .sampleRateNeedsCorners:
            return ["--sample-rate needs --corner (the corners in Hz)"]
        case .missingCorners:
            return ["must specify -a"]
        case .missingSampleRate:
            return ["must specify --sample-rate"]
        default:
            return nil
        }
    }

    /// A magnitude specification's problems; nil for the others.
    func specificationMessages(_ problem: RecipeProblem) -> [String]? {
        switch problem {
        case .specificationFamilyCount:
            return ["must specify exactly one of -Bu, -Ch, --cheby1, --cheby2, --elliptic to design from a specification"]
        case .noSpecificationFor(let family):
            let name = family == .bessel ? "a Bessel filter" : family == .resonator ? "a resonator" : "a proportional-integral filter"
            return ["\(name) has no magnitude specification to be designed from; give its order and corners (order estimation is for -Bu, -Ch, --cheby2 and --elliptic)"]
        case .notWithSpecification(let field):
            switch field {
            case .ripple, .attenuation:
                return ["a design from a specification takes the family option without its values (-Ch, --cheby1, --cheby2, --elliptic): the passband loss and stopband attenuation are the specification's"]
            case .q:
                return []  // -Re's value: the family's message says it
            case .order:
                return ["a design from a specification chooses its own order; leave out -o"]
            case .corners:
                return ["a design from a specification chooses its own corners; leave out -a and --corner"]
            case .transform:
                return [(Option.w, "-w"), (.z, "-z")].filter { options.contains($0.0) }.map { "\($0.1) does not apply to a design from a specification" }
            case .extraZero:
                return ["-Z does not apply to a design from a specification"]
            default:
                return ["-p does not apply to a design from a specification"]
            }
        case .specificationBandCount:
            return ["must specify at most one of -Lp, -Hp, -Bp, -Bs"]
        case .missingForSpecification(let field):
            let word = [RecipeField.passband: "--passband-edge", .stopband: "--stopband-edge", .passbandLoss: "--passband-loss"][field]
                ?? "--stopband-attenuation"
            return ["a design from a specification needs \(word) too (all of --passband-edge, --stopband-edge, --passband-loss, --stopband-attenuation)"]
        default:
            return nil
        }
    }

    /// What a Chebyshev II or elliptic filter does not take (`field`:
    /// `.transform`, `.poles`, `.extraZero`), with the option that gave it.
    func stopbandZerosMessage(_ field: RecipeField, family: FilterFamily.Name) -> String {
        switch field {
        case .transform:
            let transform = draft.transform == .matchedZ ? "the matched z-transform (-z)" : "the bilinear transform without pre-warping (-w)"
            return "\(family.withArticle) is designed with the pre-warped bilinear transform, which keeps its band edges "
                + "where they are asked for; \(transform) does not apply"
        case .poles:
            return "\(family.withArticle)'s poles belong with its zeros; a pole subset (-p) does not apply"
        default:
            return "\(family.withArticle) has its own zeros; an extra zero (-Z) does not apply"
        }
    }

    /// The recipe these words ask for.
    ///
    /// - Throws: `FisherCommandLineError` with every combination error, or the
    ///   first value out of range.
    public func recipe() throws(FisherCommandLineError) -> FilterRecipe {
        let errors = combinationErrors()
        guard errors.isEmpty else { throw FisherCommandLineError(messages: errors) }
        do { return try checkedRecipe() } catch {
            switch error {
            case .outOfRange(let error): throw FisherCommandLineError(optionMessage(error))
            case .problems(let problems): throw FisherCommandLineError(messages: problems.flatMap(messages(for:)))
            }
        }
    }

    /// The recipe of words whose `combinationErrors()` are empty
    /// (`RecipeReader.recipe(_:sampleRate:)` of the `draft`).
    ///
    /// - Throws: `RecipeReadingError`: `.outOfRange` with the first value
    ///   out of range (`optionMessage(_:)` says it with its option).
    public func checkedRecipe() throws(RecipeReadingError) -> FilterRecipe {
        try RecipeReader.recipe(draft)
    }

    /// The words, as typed, of the option that set the value `error` is
    /// about (`"--stopband-attenuation 2"`), or nil when no one option did.
    public func typedOption(for error: SpecificationError) -> String? {
        func first(_ keys: [String]) -> String? { keys.lazy.compactMap { typed[$0] }.first }
        switch error {
        case .specificationEdgeCount(let field, _, _), .specificationEdgesNotIncreasing(let field, _, _):
            return first([field == .passband ? "--passband-edge" : "--stopband-edge"])
        case .specificationLossOutOfRange(let field, _, _):
            return first([field == .passbandLoss ? "--passband-loss" : "--stopband-attenuation"])
        case .specificationBandsOverlap:
            return [typed["--passband-edge"], typed["--stopband-edge"]].compactMap { $0 }.joined(separator: " ")
        case .specificationBandContradicts:
            return first(["-Lp", "-Hp", "-Bp", "-Bs", "-Ap"])
        case .orderOutOfRange, .orderNotAllowed, .besselTableOrder:
            return first(["-o"])
        case .rippleOutOfRange:
            return first(["--cheby1", "-Ch", "--elliptic"])
        case .attenuationOutOfRange:
            return first(["--cheby2", "--elliptic"])
        case .qualityFactorOutOfRange:
            return first(["-Re"])
        case .sampleRateOutOfRange:
            return first(["--sample-rate"])
        case .catalogue(let error):
            return catalogueTypedOption(for: error)
        case .alphaOutOfRange(let field, _):
            return field.contains("extra zero") ? first(["-Z"]) : first(["-a", "--frequency"])
        case .cornerOutOfRange(let field, _, _):
            return field == "extra zero" ? first(["-Z"]) : first(["--corner", "-a", "--frequency"])
        case .cornersNotIncreasing:
            return first(["--corner", "-a"])
        case .poleIndexOutOfRange, .poleSubsetBreaksConjugatePair, .emptyPoleSubset:
            return first(["-p"])
        default:
            return nil
        }
    }

    /// A range error in the command line's words, prefixed with the option
    /// that set the value as it was typed: `--stopband-attenuation 2: ...`.
    public func optionMessage(_ error: SpecificationError) -> String {
        // Only these words choose Fisher's Bessel table: say how to leave it.
        var description = error.description
        if case .besselTableOrder = error { description += " (--bessel-poles computed)" }
        guard let words = typedOption(for: error), !words.isEmpty else { return description }
        return words + ": " + description
    }

    /// Fisher's band options and the bands they stand for.
    static let bandOptions: [(option: Option, word: String, band: FilterBand)] = [
        (.lp, "-Lp", .lowPass), (.hp, "-Hp", .highPass), (.bp, "-Bp", .bandPass), (.bs, "-Bs", .bandStop), (.ap, "-Ap", .allPass),
    ]
}

// MARK: - Recipe to words

extension FisherCommandLine {
    /// The words that design `recipe`, corners as `-a` alphas, e.g.
    /// `-Bu -Bp -o 3 -a 0.008333333333333333 0.05`, or as `--sample-rate`
    /// and `--corner` in Hz when they were given in Hz (every number in Swift's
    /// shortest round-trip digits, so the words design the same filter bit for
    /// bit); `--bessel-poles computed` for a Bessel filter from computed poles.
    public static func words(for recipe: FilterRecipe) -> [String] {
        if let spec = recipe.specification { return words(for: recipe, specification: spec) }
        if case .catalogue(let filter) = recipe.family { return catalogueWords(for: recipe, filter) }
        var words: [String] = []
        switch recipe.family {
        case .butterworth: words.append("-Bu")
        case .bessel: words.append("-Be")
        case .chebyshev(let ripple): words += ["-Ch", "\(-ripple)"]
        case .chebyshev2(let a): words += ["--cheby2", "\(a)"]
        case .elliptic(let r, let a): words += ["--elliptic", "\(r)", "\(a)"]
        case .resonator(.finite(let q)): words += ["-Re", "\(q)"]
        case .resonator(.infinite): words += ["-Re", "Inf"]
        case .proportionalIntegral: words.append("-Pi")
        case .catalogue: break
        }
        if let band = recipe.band, let word = bandOptions.first(where: { $0.band == band })?.word { words.append(word) }
        if let order = recipe.order { words += ["-o", "\(order)"] }
        if let fs = recipe.corners.sampleRate, let hertz = recipe.corners.hertz {
            // Given in Hz: recorded in Hz with the sample rate (alpha = f / fs
            // again when read, the same recipe bit for bit).
            words += ["--sample-rate", "\(fs)", "--corner", "\(hertz.0)"] + (hertz.1.map { ["\($0)"] } ?? [])
        } else {
            words += ["-a", "\(recipe.alpha1)"]
            if let a2 = recipe.corners.alpha2 { words.append("\(a2)") }
        }
        switch recipe.discretization {
        case .bilinear: break
        case .bilinearWithoutPrewarp: words.append("-w")
        case .matchedZ: words.append("-z")
        }
        if let subset = recipe.poleSubset { words += ["-p"] + subset.map { "\($0)" } }
        if let z = recipe.extraZeroAlpha { words += ["-Z", "\(z)"] }
        if recipe.family == .bessel && recipe.besselPoles == .computed { words += ["--bessel-poles", "computed"] }
        if recipe.realization == .direct { words += ["--realization", "direct"] }
        return words
    }

    /// The words of a recipe designed from a specification: the family option
    /// without values, the band, and the specification, edges as alphas or,
    /// when they were given in Hz, in Hz with `--sample-rate`.
    static func words(for recipe: FilterRecipe, specification spec: MagnitudeSpecification) -> [String] {
        var words: [String]
        switch recipe.family.name {
        case .chebyshev: words = ["-Ch"]
        case .chebyshev2: words = ["--cheby2"]
        case .elliptic: words = ["--elliptic"]
        default: words = ["-Bu"]
        }
        if let word = bandOptions.first(where: { $0.band == spec.band })?.word { words.append(word) }
        if let fs = spec.sampleRate, let passHz = spec.passbandHertz, let stopHz = spec.stopbandHertz {
            // Given in Hz: recorded in Hz with the sample rate.
            words += ["--sample-rate", "\(fs)"]
            words += ["--passband-edge"] + passHz.map { "\($0)" }
            words += ["--stopband-edge"] + stopHz.map { "\($0)" }
        } else {
            words += ["--passband-edge"] + spec.passband.map { "\($0)" }
            words += ["--stopband-edge"] + spec.stopband.map { "\($0)" }
        }
        words += ["--passband-loss", "\(spec.passbandLoss)", "--stopband-attenuation", "\(spec.stopbandAttenuation)"]
        if recipe.realization == .direct { words += ["--realization", "direct"] }
        return words
    }

    /// `mkfilter` and the words that design `recipe`.
    public static func commandLine(for recipe: FilterRecipe) -> String {
        (["mkfilter"] + words(for: recipe)).joined(separator: " ")
    }
}
