import FilterDesign
import FilterRequests
import Foundation

/// `--emit KIND` and its companions, which ride along Fisher's design words
/// (`mkfilter -Bu -Lp -o 2 -a 0.1 --emit swift --name LowPass`): not his
/// options, so they are taken out before his grammar reads the rest.
struct EmissionOptions: Equatable {
    var kind: EmissionFormat?
    var name: String?
    var description: String?
    var tag: Int?
    var output: String?
    var template: String?
    var namespace: String?
    var precision: String?
    var fixedPointScaling: FixedPointScaling?

    /// `--tag`: as a spec file's "tag" (an `int` in C).
    static let tagRange = -1_000_000_000...1_000_000_000

    /// Our options, with what their value means.
    static let options: [String: String] = [
        "--emit": EmissionFormat.names(EmissionFormat.allCases),
        "--name": "the filter's name, which becomes its identifier",
        "--description": "a description for the generated code",
        "--tag": "an integer tag, -1000000000 ... 1000000000",
        "--output": "the file to write",
        "--template": "a mustache template file to use instead of the built-in one",
        "--namespace": "the Swift enum holding the filter, or the C identifier prefix",
        "--precision": "float or double, for --emit c",
        "--fixed-point-scaling": "l1 or linf, for --emit cmsis-q15 and cmsis-q31",
    ]

    /// Whether any option was given.
    var isEmpty: Bool { self == EmissionOptions() }

    /// Splits `words` into Fisher's design words and these options.
    static func split(_ words: [String]) throws(UsageError) -> (design: [String], options: EmissionOptions) {
        var design: [String] = [], o = EmissionOptions()
        var k = 0
        while k < words.count {
            let word = words[k]
            guard let meaning = options[word] else {
                design.append(word)
                k += 1
                continue
            }
            guard k + 1 < words.count else { throw UsageError("\(word) needs a value (\(meaning))") }
            let value = words[k + 1]
            k += 2
            switch word {
            case "--emit":
                guard let kind = EmissionFormat(rawValue: value) else {
                    throw UsageError("--emit \(ArgumentValues.quoted(value)) is not a format; use \(EmissionFormat.names(EmissionFormat.allCases))")
                }
                o.kind = kind
            case "--name": o.name = value
            case "--description": o.description = value
            case "--tag": o.tag = try ArgumentValues.integer(value, for: "--tag", meaning: "an integer tag", in: Self.tagRange)
            case "--output": o.output = value
            case "--template": o.template = value
            case "--namespace": o.namespace = value
            case "--fixed-point-scaling":
                guard let scaling = FixedPointScaling(rawValue: value) else {
                    throw UsageError("--fixed-point-scaling \(ArgumentValues.quoted(value)) is not a scaling; use l1 (safe for any input) or linf (full-scale sinusoids)")
                }
                o.fixedPointScaling = scaling
            default:
                guard ["float", "double"].contains(value) else {
                    throw UsageError("--precision \(ArgumentValues.quoted(value)) must be float or double")
                }
                o.precision = value
            }
        }
        return (design, o)
    }

    /// What to say when companions of `--emit` come without it: every one
    /// (`--tag` only where the design has a menu tag, an IIR template's).
    static func companionsWithoutEmit(tag: Bool) -> String {
        "--name, --description, \(tag ? "--tag, " : "")--output, --template, --namespace, --precision and --fixed-point-scaling go with --emit"
    }

    /// The settings these options give (the template file is read when they
    /// are applied, after the other checks); nil without `--emit`.
    var settings: EmissionSettings? {
        guard let kind else { return nil }
        var settings = EmissionSettings(format: kind)
        settings.name = name
        settings.description = description
        settings.tag = tag
        settings.namespace = namespace
        settings.outputFile = output
        settings.precision = precision.flatMap(EmissionSettings.Precision.init(rawValue:))
        settings.fixedPointScaling = fixedPointScaling
        settings.templateFile = template
        return settings
    }
}

/// Writes `text` to `path` atomically (a temporary file beside it, then a
/// rename), so a failure never leaves a partial file.
func writeWhole(_ text: String, to path: String, option: String = "--output") throws(UsageError) {
    if let reason = FileOutput.write(text, to: path) {
        throw UsageError("\(option) \(ArgumentValues.quoted(path)): cannot write it (\(reason))")
    }
}
