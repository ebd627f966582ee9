/// Why a FIR design failed: the design function's words, which name the
/// input at fault and what is allowed; or, when its budget stopped it
/// (`DesignBudget`), why, in `stop`.
///
/// The fields a message names are values (`RecipeField`), not text: each
/// form spells them its own way (`--passband-edge` on the command line,
/// `passbandEdge` in a query or a filter set file) through
/// `description(spelling:)`; `field` is the one at fault, if any.
public struct FIRDesignError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A piece of a message: words, or a field that each form spells.
    public enum Piece: Sendable, Equatable {
        /// Words, as they are.
        case text(String)
        /// A field's name, as the form that reads the message spells it.
        case field(RecipeField)
    }

    /// The message, in pieces.
    public var pieces: [Piece]
    /// The field at fault (the one the message begins with), or nil when the
    /// design as a whole failed.
    public var field: RecipeField?
    /// Set when the design did not fail but was stopped: its time ran out,
    /// or it was cancelled.
    public var stop: DesignStop?

    /// An error said by `description`, naming no field.
    public init(_ description: String) {
        self.pieces = [.text(description)]
    }

    /// An error about `field` (nil: none), said by `pieces`.
    public init(field: RecipeField?, _ pieces: [Piece]) {
        self.pieces = pieces
        self.field = field
    }

    /// The design was stopped by its budget; the message is the stop's.
    public init(stop: DesignStop) {
        self.pieces = [.text(stop.description)]
        self.stop = stop
    }

    /// The message with each field named by `spelling`.
    public func description(spelling: (RecipeField) -> String) -> String {
        pieces.map { piece in
            switch piece {
            case let .text(text): return text
            case let .field(field): return spelling(field)
            }
        }.joined()
    }

    /// The message with each field named by its `RecipeField` name
    /// (`passband`); a front end spells them with `description(spelling:)`.
    public var description: String { description { $0.rawValue } }
}
