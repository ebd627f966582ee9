/// A FIR filter as a recipe asks for it: by a method and its number of taps
/// (`FIRRecipe`), or by what it must do (`FIRSpecification`). What
/// `RecipeReader.firDefinition(_:sampleRate:)` reads from a draft.
public enum FIRDefinition: Sendable, Hashable {
    /// remez, firls, firwin or firwin2 with the taps given.
    case recipe(FIRRecipe)
    /// `fir`: the fewest taps that meet the specification.
    case specification(FIRSpecification)

    /// The designed filter; for a specification also the specification and
    /// the counts of taps tried (each meeting it or not).
    ///
    /// - Throws: `FIRDesignError` from `FIRRecipe.design()` or
    ///   `FIRSpecification.design()`.
    public func design() throws(FIRDesignError) -> (filter: FIRFilter, specification: FIRSpecification?,
                                                     tried: [(taps: Int, meets: Bool)]) {
        switch self {
        case .recipe(let recipe):
            return (try recipe.design(), nil, [])
        case .specification(let specification):
            let result = try specification.design()
            return (result.filter, specification, result.tried)
        }
    }
}
