import FilterDesign
import FisherCompatibility

/// How one named filter is designed, as read from its fields (`RecipeFields`):
/// every field checked for its type and its words, but not yet for the ranges
/// that depend on the sample rate, which a filter set may give several of.
public enum FilterDefinition: Sendable {
    /// y = x.
    case passThrough
    /// A recipe's fields, checked by `RecipeReader`; corners, edges and an
    /// extra zero in Hz at the sample rate given when the recipe is made.
    /// `words` are Fisher's, when the fields came as `"mkfilter"`.
    case draft(RecipeDraft, words: FisherCommandLine?)

    /// The recipe at `sampleRate`; `nil` for a pass-through. Bessel filters
    /// are designed from computed poles (COMPATIBILITY.md §9).
    ///
    /// - Throws: `FieldError` naming the field that is out of range.
    public func recipe(sampleRate: Double) throws(FieldError) -> FilterRecipe? {
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

    public var description: String { message }
}
