import FilterAnalysis
import FilterDesign
import AnalysisRequests

/// The arguments of `response`, `impulse`, `step` and `verify`: Fisher's design
/// options mixed with our own, separated here.
///
/// `-o` is Fisher's order when its value is an integer (`-o 4`) and the output
/// file otherwise (`-o response.csv`); `--output FILE` is always the file.
struct AnalysisArguments {
    /// The words left for `MkfilterCommandLine`.
    var designWords: [String] = []
    /// Words that are neither options nor their values (template files for `verify`).
    var positional: [String] = []
    var output: String?
    var svg: String?
    var points: Int?
    var samples: Int?
    var scale = "db"
    var frequencyAxis: AxisScale?
    var json = false
    var precision = RunningPrecision.double
    /// `--precision q15|q31|q15-fast|q31-fast`: CMSIS fixed point instead.
    var fixedPoint: FixedPointArithmetic?
    var fixedPointScaling: FixedPointScaling?

    /// `--points`: the frequencies of a response, 0 to 0.5 inclusive.
    static let pointsRange = 2...4_194_305
    /// `--samples`: the length of an impulse or step response.
    static let samplesRange = 1...10_000_000

    /// Our options, by name, with what their value means.
    static let options: [String: String] = [
        "--points": "the number of frequencies, 2 ... 4194305",
        "--samples": "the number of samples, 1 ... 10000000",
        "--svg": "the SVG file to write",
        "--output": "the file to write",
        "--scale": "db or linear",
        "--frequency-axis": "log or linear",
        "--precision": "double, float, float-in-double, gencode, q15, q31, q15-fast or q31-fast",
        "--fixed-point-scaling": "l1 or linf, with --precision q15 or q31",
    ]

    /// Sets what one of our options (`options`) says: `word`'s value `v`,
    /// checked against the option's range or spellings.
    private mutating func take(_ word: String, value v: String) throws(UsageError) {
        switch word {
        case "--points":
            points = try ArgumentValues.integer(v, for: word, meaning: "the number of frequencies", in: Self.pointsRange)
        case "--samples":
            samples = try ArgumentValues.integer(v, for: word, meaning: "the number of samples", in: Self.samplesRange)
        case "--svg": svg = v
        case "--output": output = v
        case "--scale":
            guard v == "db" || v == "linear" else {
                throw UsageError("--scale \(ArgumentValues.quoted(v)) is not a scale; use db or linear")
            }
            scale = v
        case "--frequency-axis":
            guard let axis = AxisScale(rawValue: v) else {
                throw UsageError("--frequency-axis \(ArgumentValues.quoted(v)) is not an axis; use log or linear")
            }
            frequencyAxis = axis
        case "--fixed-point-scaling":
            guard let scaling = FixedPointScaling(rawValue: v) else {
                throw UsageError("--fixed-point-scaling \(ArgumentValues.quoted(v)) is not a scaling; use l1 (safe for any input) or linf (full-scale sinusoids)")
            }
            fixedPointScaling = scaling
        default:
            if let arithmetic = FixedPointArithmetic(name: v) {
                fixedPoint = arithmetic
            } else if let p = RunningPrecision(rawValue: v) {
                precision = p
            } else {
                throw UsageError("--precision \(ArgumentValues.quoted(v)) is not a precision; use double, float, float-in-double, gencode, q15, q31, q15-fast or q31-fast")
            }
        }
    }

    /// Splits `words`; `accepted` lists the options of the command at hand.
    init(_ words: [String], command: String, accepted: Set<String>) throws(UsageError) {
        var k = 0
        func value(_ option: String) throws(UsageError) -> String {
            guard k + 1 < words.count else { throw UsageError("\(option) needs a value (\(Self.options[option] ?? ""))") }
            k += 1
            return words[k]
        }
        while k < words.count {
            let word = words[k]
            if word == "-o", k + 1 < words.count, Int(words[k + 1]) == nil, accepted.contains("--output") {
                output = try value(word)
            } else if word == "--json" && accepted.contains(word) {
                json = true
            } else if Self.options[word] != nil && accepted.contains(word) {
                try take(word, value: try value(word))
            } else if word.hasPrefix("--") && EmissionOptions.options[word] != nil {
                throw UsageError("\(word) is not an option of mkfilter \(command)")
            } else {
                designWords.append(word)
                if !word.hasPrefix("-") || Double(word) != nil { positional.append(word) }
            }
            k += 1
        }
    }

    /// Checks that the options given go together.
    func validate() throws(UsageError) {
        if fixedPointScaling != nil && fixedPoint == nil {
            throw UsageError("--fixed-point-scaling goes with --precision q15, q31, q15-fast or q31-fast")
        }
    }

    /// The design the design words describe (Fisher's Bessel table, as mkfilter).
    func design() throws(UsageError) -> Design {
        guard !designWords.isEmpty else { throw UsageError("give a design, e.g. -Bu -Lp -o 2 -a 0.1") }
        return try Mkfilter.design(arguments: designWords)
    }
}
