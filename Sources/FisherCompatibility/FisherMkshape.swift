import FilterDesign

/// Fisher's mkshape: raised-cosine, root-raised-cosine, Hilbert and identity FIR filters.
///
/// Grammar (mkshape 4.6): words starting with '-' are groups of the letters
/// `c r h i l w x b`; the values follow in the order alpha beta (for -c/-r),
/// length (for -c/-r/-h/-i), bits (for -b).
public enum FisherMkshape {
    public static let usage = """
        Usage: mkshape -{cr} <alpha> <beta> <len> [-{lwx}] [-b nb]
               mkshape -i <len> [-{lwx}] [-b nb]
               mkshape -h <len> [-{lw}] [-b nb]
        """

    /// What mkshape prints for the words after the program name: `OK!` or,
    /// with `-l`, the listing.
    public static func output(arguments: [String]) throws(FisherCommandLineError) -> String {
        var letters = Set<Character>()
        var alpha: Double?, beta: Double?, length: Int?, bits: Int?
        var k = 0
        func next() -> String? { defer { k += 1 }; return k < arguments.count ? arguments[k] : nil }
        while k < arguments.count {
            let word = arguments[k]
            guard word.hasPrefix("-"), word.count > 1 else {
                throw FisherCommandLineError("unexpected argument \(FisherArguments.quoted(word))", showsUsage: true)
            }
            k += 1
            let opts = Set(word.dropFirst())
            guard opts.isSubset(of: Set("crhilwxb")) else {
                throw FisherCommandLineError("unknown option \(FisherArguments.quoted(word))", showsUsage: true)
            }
            if !opts.isDisjoint(with: Set("cr")) {
                alpha = try FisherArguments.number(next(), for: "-\(opts.contains("c") ? "c" : "r")", meaning: "alpha, 0 < alpha < 0.5")
                beta = try FisherArguments.number(next(), for: "-\(opts.contains("c") ? "c" : "r")", meaning: "beta, the roll-off factor, 0 ... 1")
            }
            if !opts.isDisjoint(with: Set("crhi")) {
                let n = try FisherArguments.integer(next(), for: "-\(opts.first { "crhi".contains($0) }!)", meaning: "the filter length, odd, 1 .. 513")
                guard n & 1 == 1 else { throw FisherCommandLineError("sorry, filter length must be odd") }
                length = n
            }
            if opts.contains("b") {
                bits = try FisherArguments.integer(next(), for: "-b", meaning: "the number of bits, 1 .. 52")
            }
            letters.formUnion(opts)
        }
        guard letters.contains("l") else { return "OK!\n" }
        let shapes = letters.intersection(Set("crhi"))
        guard shapes.count == 1, let length else { throw FisherCommandLineError("Must have exactly one of -{crhi}") }
        let shape: PulseShape
        switch shapes.first! {
        case "c": shape = .raisedCosine(alpha: alpha!, beta: beta!)
        case "r": shape = .rootRaisedCosine(alpha: alpha!, beta: beta!)
        case "h": shape = .hilbertTransformer
        default: shape = .identity
        }
        let design: FIRDesign
        do {
            design = try PulseShapeSpecification(
                shape: shape, length: length, hammingWindow: letters.contains("w"),
                sincCompensation: letters.contains("x"), truncationBits: bits
            ).design()
        } catch {
            throw FisherCommandLineError(error.description)
        }
        return firListing(design, commandLine: (["mkshape"] + arguments).joined(separator: " "), format: "%18.10e")
    }
}

/// Fisher's mkaverage: the moving-average FIR filter (`-Av`), listed with `-l`.
///
/// Grammar: the options `-Av` and `-l` (in any order) and the length n.
public enum FisherMkaverage {
    public static let usage = "Usage: mkaverage -Av [-l] <n>"

    /// What mkaverage prints for the words after the program name: `OK!` or,
    /// with `-l`, the listing.
    public static func output(arguments: [String]) throws(FisherCommandLineError) -> String {
        var average = false, list = false
        var length: Int?
        for word in arguments {
            switch word {
            case "-Av": average = true
            case "-l": list = true
            case let w where w.hasPrefix("-") && !(w.dropFirst().first?.isNumber ?? false):
                throw FisherCommandLineError("unknown option \(FisherArguments.quoted(w))", showsUsage: true)
            default:
                guard length == nil else { throw FisherCommandLineError("unexpected argument \(FisherArguments.quoted(word)); give one length") }
                length = try FisherArguments.integer(word, for: "the length", meaning: "the number of samples averaged, 1 .. 513")
            }
        }
        guard average else { throw FisherCommandLineError("must specify -Av (moving average)") }
        guard let length else { throw FisherCommandLineError("must give the length n (the number of samples averaged, 1 .. 513)") }
        let design: FIRDesign
        do { design = try MovingAverage(length: length).design() } catch { throw FisherCommandLineError(error.description) }
        guard list else { return "OK!\n" }
        return firListing(design, commandLine: (["mkaverage"] + arguments).joined(separator: " "), format: "%g")
    }
}

/// An FIR design's listing as mkshape (`%18.10e`) and mkaverage (`%g`) print
/// it: G and the taps in `format`, then NP zeros and the -1 of y[n].
func firListing(_ design: FIRDesign, commandLine: String, format: String) -> String {
    let n = design.coefficients.count - 1
    var out = commandLine + "\n" + formatC("G  = \(format)\n", design.gain) + "NZ = \(n)\n"
    for x in design.coefficients { out += formatC(format + "\n", x) }
    return out + "NP = \(n)\n" + String(repeating: "0\n", count: n) + "-1\n"
}
