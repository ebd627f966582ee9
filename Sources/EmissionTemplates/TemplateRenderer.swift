import Mustache

/// Renders the emission templates (Templates/, compiled in) with swift-mustache.
///
/// Views are dictionaries of pre-formatted strings: numbers are formatted in
/// Swift (C's printf or Swift's round-trip `description`), never by the
/// template engine. Templates start with `{{% CONTENT_TYPE: TEXT}}` so nothing
/// is HTML-escaped. A template that names a key that neither the view nor
/// the section item it is rendered in has is an error rather than silent
/// text: before rendering, the tags are walked as mustache walks them
/// (`TemplateTags`), into each item of a list, into a section that is
/// shown, past one that is not. A section outside every other must name a
/// key of the view; one inside may name a key its item lacks (a part that
/// filter does not have), and is then skipped.
public struct TemplateRenderer: Sendable {
    /// Template texts by name (path under Templates/).
    public let sources: [String: String]
    /// Each source parsed once (a server renders thousands of times), or why it does not parse.
    private let parsed: [String: Parsed]

    /// A template parsed, and its tags.
    private struct Parsed: Sendable {
        var template: MustacheTemplate?
        var error: String
        var tags: [TemplateTags.Node]
    }

    /// A renderer of `sources` (template texts by name), each parsed here once.
    public init(sources: [String: String]) {
        self.sources = sources
        parsed = sources.mapValues { source in
            do { return Parsed(template: try MustacheTemplate(string: source), error: "", tags: TemplateTags.parse(source)) } catch {
                return Parsed(template: nil, error: "\(error)", tags: [])
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
        if let missing = TemplateTags.firstMissing(entry.tags, in: [view]) {
            let known = missing.context.keys.sorted().joined(separator: ", ")
            throw EmissionError("template \(name) uses {{\(missing.key)}}, which this emitter does not provide"
                                + (missing.section.map { " inside {{#\($0)}}" } ?? "") + "; known keys: \(known)")
        }
        let text = template.render(view)
        return text
    }
}

/// Code could not be emitted.
public struct EmissionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// Creates an error with a message.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
