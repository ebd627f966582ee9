import Foundation
@testable import EmissionTemplates
import Testing

/// What the binary embeds is exactly Templates/ (scripts/embed_templates.py).
@Test func embeddedTemplatesEqualTheTemplatesFolder() throws {
    let folder = Support.packageRoot.appendingPathComponent("Templates")
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
