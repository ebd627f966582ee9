/// A mustache template's tags as a tree, and a walk of it over a view as
/// mustache renders it, which finds a key that would render empty because
/// no context has it (a misspelt `{{b0x}}`, or a key an edited `--template`
/// expects of an emitter that does not give it), and a section outside
/// every other whose key the view does not have (a misspelt `{{#filtres}}`).
/// A section inside another may name a key its item lacks: that is how a
/// template says "this part, when the filter has it".
enum TemplateTags {
    /// A tag: a variable (`{{name}}`, `{{&name}}`, `{{{name}}}`) or a
    /// section (`{{#name}}...{{/name}}`, inverted `{{^name}}`) with its tags.
    indirect enum Node: Sendable {
        case variable(String)
        case section(String, inverted: Bool, [Node])
    }

    /// The tags of `source`; comments, pragmas (`{{% ...}}`) and partials are
    /// left out, and the implicit iterator `{{.}}` too. A template that
    /// changes its delimiters (`{{=<% %>=}}`) gives no tags: it is not
    /// checked.
    static func parse(_ source: String) -> [Node] {
        var stack: [(name: String, inverted: Bool, nodes: [Node])] = [("", false, [])]
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            let triple = rest.hasPrefix("{")
            guard let close = rest.range(of: triple ? "}}}" : "}}") else { break }
            var tag = trimmed(rest[..<close.lowerBound], of: " \t")
            rest = rest[close.upperBound...]
            guard let first = tag.first else { continue }
            if first == "=" { return [] }
            if "!%>".contains(first) { continue }
            if "#^/&{".contains(first) { tag = trimmed(Substring(tag.dropFirst()), of: " \t}") }
            guard !tag.isEmpty, !tag.hasPrefix(".") else { continue }
            switch first {
            case "#", "^":
                stack.append((tag, first == "^", []))
            case "/":
                guard stack.count > 1 else { continue }
                let done = stack.removeLast()
                stack[stack.count - 1].nodes.append(.section(done.name, inverted: done.inverted, done.nodes))
            default:
                stack[stack.count - 1].nodes.append(.variable(tag))
            }
        }
        // An unclosed section: mustache's parser refuses it before this matters.
        while stack.count > 1 {
            let done = stack.removeLast()
            stack[stack.count - 1].nodes.append(.section(done.name, inverted: done.inverted, done.nodes))
        }
        return stack[0].nodes
    }

    /// The first key that `nodes` name and no context of `contexts` (the
    /// view, then each section item entered, innermost last) has, where
    /// mustache would render it: with the innermost section that holds it
    /// and the keys of the innermost context. A section is entered once per
    /// item of a list, once for a dictionary or a true value, and not at all
    /// for a false, empty or absent one (an inverted section the other way).
    static func firstMissing(_ nodes: [Node], in contexts: [[String: Any]], section: String? = nil)
        -> (key: String, section: String?, context: [String: Any])? {
        for node in nodes {
            switch node {
            case .variable(let name):
                if value(name, in: contexts) == nil { return (name, section, contexts.last ?? [:]) }
            case let .section(name, inverted, body):
                // A section outside every other opens a key of the view's
                // own, which is always given (a list, a flag); inside one,
                // an absent key is a part this item does not have (a
                // filter's `{{#direct}}` when it is written as sections).
                if section == nil, value(name, in: contexts) == nil { return ((inverted ? "^" : "#") + name, nil, contexts.last ?? [:]) }
                let items = entries(value(name, in: contexts))
                if inverted {
                    if items.isEmpty, let missing = firstMissing(body, in: contexts, section: section) { return missing }
                    continue
                }
                for item in items {
                    let inner = (item as? [String: Any]).map { contexts + [$0] } ?? contexts
                    if let missing = firstMissing(body, in: inner, section: name) { return missing }
                }
            }
        }
        return nil
    }

    /// `name`'s value in the innermost context that has its first component
    /// (`a` of `a.b`), as mustache looks it up.
    static func value(_ name: String, in contexts: [[String: Any]]) -> Any? {
        let first = String(name.split(separator: ".").first ?? Substring(name))
        for context in contexts.reversed() {
            if let value = context[first] { return value }
        }
        return nil
    }

    /// What a section is rendered for: each item of a list, a dictionary or
    /// a true or non-empty value once, nothing for false, nil or empty.
    static func entries(_ value: Any?) -> [Any] {
        switch value {
        case nil: return []
        case let list as [Any]: return list
        case let flag as Bool: return flag ? [flag] : []
        case let text as String: return text.isEmpty ? [] : [text]
        case let some?: return [some]
        }
    }
}

/// `text` without the characters of `set` at either end.
private func trimmed(_ text: Substring, of set: String) -> String {
    String(text.drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
}
