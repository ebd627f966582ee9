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
