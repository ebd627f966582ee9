import Foundation
@testable import EmissionTemplates
import Testing

/// What the binary embeds is exactly Templates/ (scripts/embed_templates.py).
@Test func embeddedTemplatesEqualTheTemplatesFolder() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent("Templates")
    var onDisk: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)!
    while let path = enumerator.nextObject() as? String {
        guard path.hasSuffix(".mustache") else { continue }
        onDisk[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }
    #expect(!onDisk.isEmpty)
    #expect(Set(onDisk.keys) == Set(EmbeddedTemplates.all.keys), "run scripts/embed_templates.py")
    for (name, text) in onDisk {
        #expect(EmbeddedTemplates.all[name] == text, "\(name) differs from its embedded copy: run scripts/embed_templates.py")
    }
}

/// A template that names a key its view does not provide is an error naming
/// the key and the keys there are, not a blank in the output; a section's
/// items may name keys of their own.
@Test func aMissingKeyIsAnError() throws {
    let renderer = TemplateRenderer(sources: ["t": "{{% CONTENT_TYPE: TEXT}}{{a}} {{#list}}{{b}}{{/list}} {{c}}"])
    #expect(try renderer.render("t", ["a": "1", "list": [["b": "2"]], "c": "3"]) == "1 2 3")
    do {
        _ = try renderer.render("t", ["a": "1", "list": [["b": "2"]]])
        Issue.record("a missing key rendered")
    } catch {
        #expect(error.description.contains("{{c}}") && error.description.contains("known keys: a, list"))
    }
}

/// Keys inside sections are checked too, where mustache would render them:
/// in each item of a list (then the outer contexts), in a section shown, not
/// in one that is not.
@Test func aMissingKeyInsideASectionIsAnError() throws {
    let renderer = TemplateRenderer(sources: [
        "t": "{{% CONTENT_TYPE: TEXT}}{{#list}}{{b}}{{a}}{{#more}}{{c}}{{/more}}{{^more}}-{{/more}};{{/list}}",
    ])
    // `a` from the view, `b` from each item, `c` only where `more` shows.
    #expect(try renderer.render("t", ["a": "1", "list": [["b": "2", "more": true, "c": "3"], ["b": "4"]]]) == "213;41-;")
    do {
        _ = try renderer.render("t", ["a": "1", "list": [["b": "2"], ["bee": "4"]]])
        Issue.record("a key missing from a list's item rendered")
    } catch {
        #expect(error.description.contains("{{b}}") && error.description.contains("inside {{#list}}")
                && error.description.contains("known keys: bee"), "\(error)")
    }
    do {
        _ = try renderer.render("t", ["a": "1", "lsit": [["b": "2"]]])
        Issue.record("a misspelt top-level section rendered empty")
    } catch {
        #expect(error.description.contains("{{#list}}") && !error.description.contains("inside"), "\(error)")
    }
    do {
        _ = try renderer.render("t", ["a": "1", "list": [["b": "2", "more": ["d": "5"]]]])
        Issue.record("a key missing from a shown section rendered")
    } catch {
        #expect(error.description.contains("{{c}}") && error.description.contains("inside {{#more}}"), "\(error)")
    }
}

