import EmissionTemplates
import FilterRuntime

/// The names one emitted file declares, each with the filter it is for, so
/// that two filters never declare the same one.
struct EmittedNames {
    private var identifiers: [String: String] = [:]
    private var members: [String: String] = [:]

    /// Claims the Swift identifier of the filter `name` and the static members
    /// it declares (the identifier followed by each of `memberSuffixes`, the
    /// identifier itself first); `refusing` gives the message for an
    /// identifier the file cannot declare (nil: none). Returns the identifier.
    mutating func claimSwift(_ name: String, memberSuffixes: [String],
                             refusing: (String) -> String? = { _ in nil }) throws(EmissionError) -> String {
        let id = SwiftSource.identifier(name)
        guard !id.isEmpty else { throw EmissionError("filter \(SwiftSource.stringLiteral(name)) has no letters or digits to make a Swift identifier from") }
        if let refusal = refusing(id) { throw EmissionError(refusal) }
        if let other = identifiers[id] {
            throw EmissionError("filters \(SwiftSource.stringLiteral(other)) and \(SwiftSource.stringLiteral(name)) both become the Swift identifier `\(id)`; rename one")
        }
        let declared = [id] + memberSuffixes.map { id + $0 }
        for member in declared {
            if let other = members[member] {
                throw EmissionError("filter \(SwiftSource.stringLiteral(name)) needs `\(member)`, which this file already declares for \(SwiftSource.stringLiteral(other)); rename it")
            }
        }
        identifiers[id] = name
        for member in declared { members[member] = name }
        return id
    }

    /// Claims the C macros `ID_...` of the filter `name` with the C
    /// identifier `id` (names differing only in case would define them twice).
    mutating func claimCMacros(_ id: String, for name: String) throws(EmissionError) {
        let macro = id.uppercased()
        if let other = identifiers[macro] { throw EmissionError("filters \(SwiftSource.stringLiteral(other)) and \(SwiftSource.stringLiteral(name)) both become the C macros \(macro)_...") }
        identifiers[macro] = name
    }
}

extension CEmitter {
    /// What every C header's view says of a filter: its identifier, and its
    /// name, description and command line as comment text.
    static func commentView(_ t: EmittedFilter, id: String) -> [String: Any] {
        [
            "id": id,
            "comment": CComment.text(t.name),
            "description": CComment.text(t.description),
            "hasDescription": t.description.contains { !$0.isWhitespace },
            "commandLine": CComment.text(t.commandLine),
        ]
    }
}
