// filter-generator: the tool behind the FilterGenerator build plugin and the
// generate-filters command plugin. It depends on the design math and the
// emitters only (no FFTW), because SwiftPM builds it on every machine that
// builds a package using the plugin.
//
//   filter-generator SPEC --output FILE             every namespace in one Swift file
//   filter-generator SPEC --output-directory DIR    <Namespace>.swift per namespace
//   ... --check                                     compare instead of writing (exit 1 if different)

import FilterRequests
import Foundation

let usage = """
    usage: filter-generator <spec.filters.json> (--output <file.swift> | --output-directory <dir>) [--check]
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var specPath: String?, destination: GenerationRequest.Destination?, check = false
while !arguments.isEmpty {
    let word = arguments.removeFirst()
    switch word {
    case "--output", "--output-directory":
        guard !arguments.isEmpty else { fail("filter-generator: \(word) needs a path\n\(usage)") }
        let path = arguments.removeFirst()
        destination = word == "--output" ? .file(path) : .directory(path)
    case "--check":
        check = true
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        guard !word.hasPrefix("-"), specPath == nil else { fail("filter-generator: unexpected argument '\(word)'\n\(usage)") }
        specPath = word
    }
}
guard let specPath, let destination else { fail(usage) }

var request = GenerationRequest(specPath: specPath)
request.destination = destination
request.check = check
do {
    let report = try request.run()
    if check { print(report, terminator: "") }
} catch {
    // Each line names the file, the filter and the field: SwiftPM shows them as the build's errors.
    fail(error.messages.map { "error: \($0)" }.joined(separator: "\n"))
}
