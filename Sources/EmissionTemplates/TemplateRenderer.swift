import Mustache

/// Renders the emission templates (Templates/, compiled in) with swift-mustache.
///
/// Views are dictionaries of pre-formatted strings: numbers are formatted in
/// Swift (C's printf or Swift's round-trip `description`), never by the
/// template engine. Templates start with `{{% CONTENT_TYPE: TEXT}}` so nothing
/// is HTML-escaped. A template that names, outside any section, a key the
/// view does not have is an error rather than silent text; keys inside a
/// section (`{{#sections}}...{{/sections}}`) are its items' and are not
/// checked: a misspelt one renders empty.
public struct TemplateRenderer: Sendable {
    /// Template texts by name (path under Templates/).
    public let sources: [String: String]
    /// Each source parsed once (a server renders thousands of times), or why it does not parse.
    private let parsed: [String: Parsed]

    /// A template parsed, and the names its view must provide.
    private struct Parsed: Sendable {
        var template: MustacheTemplate?
        var error: String
        var names: Set<String>
    }

    /// A renderer of `sources` (template texts by name), each parsed here once.
    public init(sources: [String: String]) {
        self.sources = sources
        parsed = sources.mapValues { source in
            do { return Parsed(template: try MustacheTemplate(string: source), error: "", names: Self.variableNames(in: source)) } catch {
                return Parsed(template: nil, error: "\(error)", names: [])
            }
        }
    }

    /// The templates compiled into the binary.
    public static let embedded = TemplateRenderer(sources: EmbeddedTemplates.all)

    /// The embedded templates with some replaced, e.g. by `--template FILE`.
    public func overriding(_ name: String, with text: String) -> TemplateRenderer {
        var sources = self.sources
        sources[name] = text
        return TemplateRenderer(sources: sources)
    }

    /// Renders template `name` with `view`.
    public func render(_ name: String, _ view: [String: Any]) throws(EmissionError) -> String {
        guard let entry = parsed[name] else { throw EmissionError("no template named \(name)") }
        guard let template = entry.template else { throw EmissionError("template \(name) does not parse: \(entry.error)") }
        for key in entry.names where view[key] == nil {
            throw EmissionError("template \(name) uses {{\(key)}}, which this emitter does not provide; known keys: \(view.keys.sorted().joined(separator: ", "))")
        }
        let text = template.render(view)
        return text
    }

    /// The names used in `{{name}}`, `{{#name}}`, `{{^name}}` tags outside any
    /// section (inside one, names may refer to the section's items).
    static func variableNames(in source: String) -> Set<String> {
        var names = Set<String>()
        var depth = 0
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            var tag = trimmed(rest[..<close.lowerBound], of: " \t")
            rest = rest[close.upperBound...]
            guard let first = tag.first else { continue }
            if first == "/" { depth -= 1; continue }
            if "!%>=".contains(first) { continue }
            let opensSection = first == "#" || first == "^"
            if "#^&{".contains(first) { tag.removeFirst() }
            tag = trimmed(Substring(tag), of: " }")
            if depth == 0 && !tag.isEmpty && !tag.hasPrefix(".") { names.insert(tag) }
            if opensSection { depth += 1 }
        }
        return names
    }
}

/// `text` without the characters of `set` at either end.
private func trimmed(_ text: Substring, of set: String) -> String {
    String(text.drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
}

/// Code could not be emitted.
public struct EmissionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// Creates an error with a message.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
