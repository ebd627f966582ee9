import FilterDesign
import FisherCompatibility

/// How one named filter is designed, as read from its fields (`RecipeFields`,
/// or `FIRFields` for a FIR design): every field checked for its type and its
/// words, but not yet for the ranges that depend on the sample rate, which a
/// filter set may give several of.
public enum FilterDefinition: Sendable {
    /// y = x.
    case passThrough
    /// A recipe's fields, checked by `RecipeReader`; corners, edges and an
    /// extra zero in Hz at the sample rate given when the recipe is made.
    /// `words` are Fisher's, when the fields came as `"mkfilter"`.
    case draft(RecipeDraft, words: FisherCommandLine?)
    /// A FIR design's fields (`"design": "firwin"`, ...), their frequencies
    /// in Hz at the sample rate given when the filter is designed.
    case fir(FIRFields)

    /// Whether this is a FIR design.
    public var isFIR: Bool {
        if case .fir = self { return true }
        return false
    }

    /// The FIR filter at `sampleRate`, designed, with the command line that
    /// designs it (`mkfilter firwin --taps 31 --cutoff 5 --sample-rate 60`);
    /// `nil` for an IIR design or a pass-through.
    ///
    /// - Throws: `FieldError` naming the field at fault, or the design's
    ///   refusal (`FIRDesignError`, the fields named as the file names them).
    public func firFilter(sampleRate: Double) throws(FieldError) -> (filter: FIRFilter, commandLine: String)? {
        guard case .fir(let fields) = self else { return nil }
        let atRate: FIRFields, definition: FIRDefinition
        do throws(FIRFields.Mistake) {
            atRate = try fields.atSampleRate(sampleRate)
            definition = try atRate.definition()
        } catch {
            throw FieldError(mistake: error)
        }
        do throws(FIRDesignError) {
            return (try definition.design().filter, atRate.commandLine)
        } catch {
            // The design's refusal (in Hz), at this one of the file's rates.
            let (message, field) = fields.message(of: error)
            var problem = FieldError(mistake: FIRFields.Mistake(description: message, field: field, showsUsage: false))
            problem.message = "at the sample rate \(messageNumber(sampleRate)) Hz, " + problem.message
            throw problem
        }
    }

    /// Checks the filter at `sampleRate`: its recipe, or a FIR filter designed.
    ///
    /// - Throws: `FieldError` as `recipe(sampleRate:)` and `firFilter(sampleRate:)` do.
    public func check(sampleRate: Double) throws(FieldError) {
        if isFIR { _ = try firFilter(sampleRate: sampleRate) } else { _ = try recipe(sampleRate: sampleRate) }
    }

    /// The recipe at `sampleRate`; `nil` for a pass-through. Bessel filters
    /// are designed from computed poles (COMPATIBILITY.md §9).
    ///
    /// - Throws: `FieldError` naming the field that is out of range; for a
    ///   FIR design (which has no recipe of poles and zeros: see
    ///   `firFilter(sampleRate:)`), naming `design`.
    public func recipe(sampleRate: Double) throws(FieldError) -> FilterRecipe? {
        if case .fir(let fields) = self {
            throw FieldError(field: "design", "\"\(fields.method.rawValue)\" is a FIR design, which has no poles and zeros; here an IIR filter (\"family\" or \"mkfilter\") is needed")
        }
        guard case let .draft(draft, words) = self else { return nil }
        do { return try RecipeReader.recipe(draft, sampleRate: sampleRate) } catch {
            switch error {
            case .outOfRange(let error):
                let field = RecipeFields.field(of: error)
                // Fisher's words carry every field but the corners and the rate.
                let named = words == nil || field == "corners" || field == "sampleRate" ? field : "mkfilter"
                throw FieldError(field: named, error.description)
            case .problems(let problems):
                // Found when the fields were read; here only for completeness.
                if let words {
                    throw FieldError(field: "mkfilter", words.combinationErrors(in: draft).joined(separator: "; "))
                }
                let first = problems.lazy.flatMap { RecipeFields.messages(for: $0, in: draft) }.first
                throw FieldError(field: first?.field, first?.message ?? "the fields do not describe a filter")
            }
        }
    }
}

/// A problem with one field of a filter, or with the filter as a whole.
public struct FieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field at fault, when one is.
    public var field: String?
    /// What is wrong and what is allowed.
    public var message: String

    /// An error about `field`.
    public init(field: String?, _ message: String) {
        self.field = field
        self.message = message
    }

    /// A FIR field's mistake, its field named apart: `taps is required (...)`
    /// becomes the field `taps` and the message `is required (...)`.
    public init(mistake: FIRFields.Mistake) {
        var message = mistake.description
        var field: String?
        if let name = mistake.field {
            for separator in [" ", ": "] where message.hasPrefix(name + separator) {
                message.removeFirst(name.count + separator.count)
                field = name
                break
            }
        }
        self.init(field: field, message)
    }

    public var description: String { message }
}
