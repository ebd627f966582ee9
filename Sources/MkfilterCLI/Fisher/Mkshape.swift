import FilterDesign
import FilterSets

/// Fisher's mkshape: raised-cosine, root-raised-cosine, Hilbert and identity FIR filters.
///
/// Grammar (mkshape 4.6): words starting with '-' are groups of the letters
/// `c r h i l w x b`; the values follow in the order alpha beta (for -c/-r),
/// length (for -c/-r/-h/-i), bits (for -b).
public enum Mkshape {
    static let usage = """
        Usage: mkshape -{cr} <alpha> <beta> <len> [-{lwx}] [-b nb]
               mkshape -i <len> [-{lwx}] [-b nb]
               mkshape -h <len> [-{lw}] [-b nb]
        """

    /// Runs mkshape on the words after the program name.
    public static func run(arguments: [String]) -> InvocationResult {
        do throws(UsageError) {
            var letters = Set<Character>()
            var alpha: Double?, beta: Double?, length: Int?, bits: Int?
            var k = 0
            func next() -> String? { defer { k += 1 }; return k < arguments.count ? arguments[k] : nil }
            while k < arguments.count {
                let word = arguments[k]
                guard word.hasPrefix("-"), word.count > 1 else {
                    throw UsageError("unexpected argument \(ArgumentValues.quoted(word))", showsUsage: true)
                }
                k += 1
                let opts = Set(word.dropFirst())
                guard opts.isSubset(of: Set("crhilwxb")) else {
                    throw UsageError("unknown option \(ArgumentValues.quoted(word))", showsUsage: true)
                }
                if !opts.isDisjoint(with: Set("cr")) {
                    alpha = try ArgumentValues.number(next(), for: "-\(opts.contains("c") ? "c" : "r")", meaning: "alpha, 0 < alpha < 0.5")
                    beta = try ArgumentValues.number(next(), for: "-\(opts.contains("c") ? "c" : "r")", meaning: "beta, the roll-off factor, 0 ... 1")
                }
                if !opts.isDisjoint(with: Set("crhi")) {
                    let n = try ArgumentValues.integer(next(), for: "-\(opts.first { "crhi".contains($0) }!)", meaning: "the filter length, odd, 1 .. 513")
                    guard n & 1 == 1 else { throw UsageError("sorry, filter length must be odd") }
                    length = n
                }
                if opts.contains("b") {
                    bits = try ArgumentValues.integer(next(), for: "-b", meaning: "the number of bits, above 0")
                }
                letters.formUnion(opts)
            }
            guard letters.contains("l") else { return .success("OK!\n") }
            let shapes = letters.intersection(Set("crhi"))
            guard shapes.count == 1, let length else { throw UsageError("Must have exactly one of -{crhi}") }
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
                throw UsageError(error.description)
            }
            var out = (["mkshape"] + arguments).joined(separator: " ") + "\n"
            out += formatC("G  = %18.10e\n", design.gain)
            out += "NZ = \(length - 1)\n"
            for x in design.coefficients { out += formatC("%18.10e\n", x) }
            out += "NP = \(length - 1)\n"
            out += String(repeating: "0\n", count: length - 1) + "-1\n"
            return .success(out)
        } catch {
            return .failure("mkshape", error, usage: usage)
        }
    }
}

/// Fisher's mkaverage: the moving-average FIR filter (`-Av`), listed with `-l`.
///
/// Grammar: the options `-Av` and `-l` (in any order) and the length n.
public enum Mkaverage {
    static let usage = "Usage: mkaverage -Av [-l] <n>"

    /// Runs mkaverage on the words after the program name.
    public static func run(arguments: [String]) -> InvocationResult {
        do throws(UsageError) {
            var average = false, list = false
            var length: Int?
            for word in arguments {
                switch word {
                case "-Av": average = true
                case "-l": list = true
                case let w where w.hasPrefix("-") && !(w.dropFirst().first?.isNumber ?? false):
                    throw UsageError("unknown option \(ArgumentValues.quoted(w))", showsUsage: true)
                default:
                    guard length == nil else { throw UsageError("unexpected argument \(ArgumentValues.quoted(word)); give one length") }
                    length = try ArgumentValues.integer(word, for: "the length", meaning: "the number of samples averaged, 1 .. 513")
                }
            }
            guard average else { throw UsageError("must specify -Av (moving average)") }
            guard let length else { throw UsageError("must give the length n (the number of samples averaged, 1 .. 513)") }
            let design: FIRDesign
            do { design = try MovingAverage(length: length).design() } catch { throw UsageError(error.description) }
            guard list else { return .success("OK!\n") }
            var out = (["mkaverage"] + arguments).joined(separator: " ") + "\n"
            out += formatC("G  = %g\n", design.gain)
            out += "NZ = \(length - 1)\n"
            for x in design.coefficients { out += formatC("%g\n", x) }
            out += "NP = \(length - 1)\n"
            out += String(repeating: "0\n", count: length - 1) + "-1\n"
            return .success(out)
        } catch {
            return .failure("mkaverage", error, usage: usage)
        }
    }
}
