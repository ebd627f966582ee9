import FilterDesign

/// Fisher's mkfilter command line, read as mkfilter 4.6 reads it, then checked
/// more strictly.
///
/// ArgumentParser cannot express this grammar (`-Ch -0.5` takes a negative
/// value, `-a` takes one or two, `-p` takes any number, flags combine as
/// `-lz`, and `-o` may even be spelt inside a combination such as `-lo 4`),
/// so it is parsed here by hand, as Fisher's `readcmdline` does: each word
/// is a named option (`-Bu`, `-Lp`, ...) or a group of letters from
/// `a l o p w z Z`; the values of the options in a word are then taken from
/// the following words in a fixed order (-Ch, -a, -Z, -o, -p, -Re).
/// `--sample-rate HZ` and `--corner F1 [F2]` give the corners in Hz instead of `-a`;
/// `--bessel-poles computed` designs Bessel filters from computed poles instead of Fisher's table.
package struct MkfilterCommandLine {
    package enum Option: Hashable, Sendable {
        case be, bu, ch, re, pi, lp, hp, bp, bs, ap, a, l, o, p, w, z, Z
    }

    package var options: Set<Option> = []
    package var ripple: Double?
    package var alphas: [Double] = []
    package var alphaZ: Double?
    package var order: Int?
    package var poleIndices: [Int] = []
    package var quality: QualityFactor?
    package var sampleRate: Double?
    package var cornersHz: [Double] = []
    /// `--bessel-poles computed|table`: Fisher's table by default, as mkfilter 4.6.
    package var besselPoles: BesselPoleSource = .mkfilterTable
    /// Whether `--bessel-poles` was given.
    package var besselPolesGiven = false
    /// Code emission (`--emit KIND` and its companions); not Fisher's.
    package var emission = EmissionOptions()

    package struct EmissionOptions: Equatable {
        package static let none = EmissionOptions()
        package var kind: String?
        package var name: String?
        package var description: String?
        package var tag: Int?
        package var output: String?
        package var template: String?
        package var namespace: String?
        package var precision: String?
    }

    package static let named: [String: Option] = [
        "Be": .be, "Bu": .bu, "Ch": .ch, "Re": .re, "Pi": .pi,
        "Lp": .lp, "Hp": .hp, "Bp": .bp, "Bs": .bs, "Ap": .ap,
    ]
    package static let letters: [Character: Option] = ["a": .a, "l": .l, "o": .o, "p": .p, "w": .w, "z": .z, "Z": .Z]

    /// Reads the words after the program name.
    package init(_ words: [String]) throws(UsageError) {
        var k = 0
        func next() -> String? {
            defer { k += 1 }
            return k < words.count ? words[k] : nil
        }
        func peek() -> String? { k < words.count ? words[k] : nil }

        while let word = next() {
            if word == "--sample-rate" {
                sampleRate = try ArgumentValues.number(next(), for: "--sample-rate", meaning: "the sample rate in Hz")
                continue
            }
            if word == "--bessel-poles" {
                switch next() {
                case "table"?: besselPoles = .mkfilterTable
                case "computed"?: besselPoles = .computed
                case let other?: throw UsageError("--bessel-poles \(ArgumentValues.quoted(other)) must be table (Fisher's, the default) or computed")
                case nil: throw UsageError("--bessel-poles needs a value: table (Fisher's, the default) or computed")
                }
                besselPolesGiven = true
                continue
            }
            if word == "--corner" {
                cornersHz = [try ArgumentValues.number(next(), for: "--corner", meaning: "a corner frequency in Hz")]
                if let more = peek(), !more.hasPrefix("-") {
                    cornersHz.append(try ArgumentValues.number(next(), for: "--corner", meaning: "the second corner frequency in Hz"))
                }
                continue
            }
            if let key = Self.emissionOptions[word] {
                guard let value = next() else { throw UsageError("\(word) needs a value (\(key.meaning))") }
                switch key.field {
                case "emit":
                    guard Self.emitKinds.contains(value) else {
                        throw UsageError("--emit \(ArgumentValues.quoted(value)) is not a format; use one of \(Self.emitKinds.joined(separator: ", "))")
                    }
                    emission.kind = value
                case "name": emission.name = value
                case "description": emission.description = value
                case "tag": emission.tag = try ArgumentValues.integer(value, for: "--tag", meaning: key.meaning)
                case "output": emission.output = value
                case "template": emission.template = value
                case "namespace": emission.namespace = value
                default:
                    guard ["float", "double"].contains(value) else {
                        throw UsageError("--precision \(ArgumentValues.quoted(value)) must be float or double")
                    }
                    emission.precision = value
                }
                continue
            }
            guard word.hasPrefix("-"), word.count > 1, !word.hasPrefix("--") else {
                if word.hasPrefix("--") {
                    throw UsageError("unknown option \(ArgumentValues.quoted(word)); run 'mkfilter --help' for the options", showsUsage: true)
                }
                throw UsageError("unexpected argument \(ArgumentValues.quoted(word)); options start with '-' (run 'mkfilter --help')", showsUsage: true)
            }
            let body = String(word.dropFirst())
            var found: [Option] = []
            if let option = Self.named[body] {
                found = [option]
            } else {
                for letter in body {
                    guard let option = Self.letters[letter] else {
                        throw UsageError("unknown option \(ArgumentValues.quoted(word))\(Self.caseHint(word)); run 'mkfilter --help' for the options", showsUsage: true)
                    }
                    found.append(option)
                }
            }
            let m = Set(found)
            if m.contains(.ch) {
                ripple = try ArgumentValues.number(next(), for: "-Ch", meaning: "the passband ripple in dB, negative, e.g. -Ch -0.5")
            }
            if m.contains(.a) {
                alphas = [try ArgumentValues.number(next(), for: "-a", meaning: "alpha = f/fs, 0 < alpha < 0.5")]
                if let more = peek(), !more.hasPrefix("-") {
                    alphas.append(try ArgumentValues.number(next(), for: "-a", meaning: "alpha2 = f2/fs, alpha1 < alpha2 < 0.5"))
                }
            }
            if m.contains(.Z) {
                alphaZ = try ArgumentValues.number(next(), for: "-Z", meaning: "alpha of the extra zero, 0 < alpha < 0.5")
            }
            if m.contains(.o) {
                order = try ArgumentValues.integer(next(), for: "-o", meaning: "the order, 1 .. 10")
            }
            if m.contains(.p) {
                while let more = peek(), let first = more.first, first.isASCII, first.isNumber {
                    poleIndices.append(try ArgumentValues.integer(next(), for: "-p", meaning: "a pole index, 0 .. order-1"))
                }
                if poleIndices.isEmpty {
                    throw UsageError("-p needs at least one pole index (0 .. order-1)" + Self.caseHint(word))
                }
            }
            if m.contains(.re) {
                guard let q = next() else { throw UsageError("-Re needs a value (the Q factor, above 0, or Inf)") }
                if ["inf", "infinity"].contains(q.lowercased()) {
                    quality = .infinite
                } else {
                    quality = .finite(try ArgumentValues.number(q, for: "-Re", meaning: "the Q factor, above 0, or Inf"))
                }
            }
            options.formUnion(m)
        }
    }

    package static let emitKinds = ["swift", "c", "c-ansic", "c-xyc", "c-f", "json"]
    package static let emissionOptions: [String: (field: String, meaning: String)] = [
        "--emit": ("emit", "swift, c, c-ansic, c-xyc, c-f or json"),
        "--name": ("name", "the filter's name, which becomes its identifier"),
        "--description": ("description", "a description for the generated code"),
        "--tag": ("tag", "an integer tag"),
        "--output": ("output", "the file to write"),
        "--template": ("template", "a mustache template file to use instead of the built-in one"),
        "--namespace": ("namespace", "the Swift enum that holds the filters"),
        "--precision": ("precision", "float or double, for --emit c"),
    ]

    /// "; did you mean -Lp?" when `word` is a named option in the wrong case
    /// (`-lp` is legal, -l with -p, but rarely meant).
    package static func caseHint(_ word: String) -> String {
        let body = word.dropFirst().lowercased()
        guard let name = named.keys.sorted().first(where: { $0.lowercased() == body }), "-\(name)" != word else { return "" }
        return " (in '\(word)'; did you mean -\(name)? options are case-sensitive)"
    }

    /// Fisher's `checkoptions`: every combination error, in his order and words.
    package func combinationErrors() -> [String] {
        var errors: [String] = []
        let families = options.intersection([.be, .bu, .ch, .re, .pi])
        if families.count != 1 { errors.append("must specify exactly one of -Be, -Bu, -Ch, -Re, -Pi") }
        if options.contains(.re) {
            if options.intersection([.bp, .bs, .ap]).count != 1 {
                errors.append("must specify exactly one of -Bp, -Bs, -Ap with -Re")
            }
            if !options.isDisjoint(with: [.lp, .hp, .o, .p, .w, .z]) {
                errors.append("can't use -Lp, -Hp, -o, -p, -w, -z with -Re")
            }
        } else if options.contains(.pi) {
            if !options.isDisjoint(with: [.lp, .hp, .bp, .bs, .ap]) {
                errors.append("-Lp, -Hp, -Bp, -Bs, -Ap illegal in conjunction with -Pi")
            }
            if !(options.contains(.o) && order == 1) { errors.append("-Pi implies -o 1") }
            if options.contains(.p) { errors.append("can't use -p with -Pi: it has no prototype poles to select") }
        } else {
            if options.intersection([.lp, .hp, .bp, .bs]).count != 1 {
                errors.append("must specify exactly one of -Lp, -Hp, -Bp, -Bs")
            }
            if options.contains(.ap) { errors.append("-Ap implies -Re") }
            if options.contains(.o), let order {
                if !(1...10).contains(order) {
                    errors.append("order must be in range 1 .. 10 (got \(order))")
                } else if let bad = poleIndices.first(where: { !(0..<order).contains($0) }) {
                    errors.append("order=\(order), so args to -p must be in range 0 .. \(order - 1) (got \(bad))")
                }
            } else {
                errors.append("must specify -o")
            }
        }
        let hz = sampleRate != nil || !cornersHz.isEmpty
        if options.contains(.a) && hz {
            errors.append("give the corners either as -a alpha (f/fs) or as --sample-rate and --corner in Hz, not both")
        } else if hz && (sampleRate == nil || cornersHz.isEmpty) {
            errors.append(sampleRate == nil ? "--corner needs --sample-rate" : "--sample-rate needs --corner (the corners in Hz)")
        } else if !options.contains(.a) && !hz {
            errors.append("must specify -a")
        }
        if options.contains(.ch), let ripple, !(ripple < 0) {
            errors.append("Chebyshev ripple is \(formatC("%g", ripple)) dB; must be .lt. 0.0")
        }
        return errors
    }

    /// The typed specification this command line asks for.
    package func specification() throws(UsageError) -> FilterSpecification {
        let errors = combinationErrors()
        guard errors.isEmpty else { throw UsageError(messages: errors) }
        do { return try checkedSpecification() } catch { throw UsageError(error.description) }
    }

    /// The specification of a command line whose `combinationErrors()` are
    /// empty, with the range errors as `SpecificationError`s.
    package func checkedSpecification() throws(SpecificationError) -> FilterSpecification {

        let family: FilterFamily
        if options.contains(.be) { family = .bessel }
        else if options.contains(.bu) { family = .butterworth }
        else if options.contains(.ch) { family = .chebyshev(rippleDecibels: -(ripple ?? 0)) }
        else if options.contains(.re) { family = .resonator(quality ?? .infinite) }
        else { family = .proportionalIntegral }

        let band: FilterBand? =
            options.contains(.lp) ? .lowPass : options.contains(.hp) ? .highPass :
            options.contains(.bp) ? .bandPass : options.contains(.bs) ? .bandStop :
            options.contains(.ap) ? .allPass : nil

        let discretization: Discretization =
            options.contains(.z) ? .matchedZ : options.contains(.w) ? .bilinearWithoutPrewarp : .bilinear

        let corners: Corners
        if let fs = sampleRate {
            corners = .hertz(cornersHz[0], cornersHz.count > 1 ? cornersHz[1] : nil, sampleRate: fs)
        } else {
            corners = .alpha(alphas[0], alphas.count > 1 ? alphas[1] : nil)
        }

        let isResonator: Bool = { if case .resonator = family { return true } else { return false } }()
        return try FilterSpecification(
            family: family, band: band, order: isResonator ? nil : order,
            corners: corners, discretization: discretization,
            poleSubset: options.contains(.p) ? poleIndices : nil,
            extraZeroAlpha: alphaZ)
    }

    /// Whether `-l` (the machine listing) was asked for.
    package var wantsListing: Bool { options.contains(.l) }
}
