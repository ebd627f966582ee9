import FilterDesign
import FilterSets
import FisherCompatibility

/// A filter to design: from a recipe, or from Fisher's command-line words.
public struct DesignRequest: Sendable {
    /// What to design.
    public var recipe: FilterRecipe

    /// A request for `recipe`.
    public init(recipe: FilterRecipe) { self.recipe = recipe }

    /// A request in Fisher's words (`-Bu -Lp -o 2 -a 0.1`, or with
    /// `--sample-rate` and `--corner`); Bessel filters from his table unless
    /// `--bessel-poles computed`, as his mkfilter.
    ///
    /// - Throws: `ApplicationError` with Fisher's combination errors, or the
    ///   value out of range and its field.
    public init(fisherWords words: [String]) throws(ApplicationError) {
        let line: FisherCommandLine
        do { line = try FisherCommandLine(words) } catch { throw ApplicationError(messages: error.messages) }
        try self.init(line)
    }

    /// A request for the recipe of Fisher's command line, read already.
    public init(_ line: FisherCommandLine) throws(ApplicationError) {
        let errors = line.combinationErrors()
        guard errors.isEmpty else { throw ApplicationError(messages: errors) }
        do { recipe = try line.checkedRecipe() } catch {
            switch error {
            case .outOfRange(let error): throw ApplicationError(line.optionMessage(error), field: RecipeFields.field(of: error))
            case .problems(let problems): throw ApplicationError(messages: problems.flatMap(line.messages(for:)))
            }
        }
    }

    /// Designs the filter.
    public func run() throws(ApplicationError) -> DesignResult {
        do { return DesignResult(design: try recipe.design()) } catch { throw ApplicationError(wrapping: error) }
    }
}

/// A designed filter and what can be printed of it in Fisher's formats.
public struct DesignResult: Sendable {
    /// The design: zeros, poles, gains, recurrence.
    public let design: Design

    /// Warnings for standard error (a resonator whose phase search did not converge).
    public var warnings: [String] { design.resonatorConverged ? [] : ["warning: failed to converge"] }

    /// Fisher's report, headed by `commandLine`; a catalogue design's own
    /// (`CatalogueReport`), which has no Fisher report.
    public func report(commandLine: String) -> String {
        design.recipe.family.name.isCatalogue ? CatalogueReport.text(design, commandLine: commandLine)
            : FisherReport.text(design, commandLine: commandLine)
    }

    /// Fisher's listing, headed by `commandLine`.
    ///
    /// - Throws: `ApplicationError` when G is infinite (a Q = Inf band-pass resonator).
    public func listing(commandLine: String) throws(ApplicationError) -> String {
        do { return try FisherListing(design, commandLine: commandLine).text } catch {
            throw ApplicationError(error.description + " for a listing", underlying: error)
        }
    }
}
