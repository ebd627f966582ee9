import Foundation
import Testing
import FilterRequests
import FilterEmission
import MkfilterCLI

/// Two emitted headers of the same kind, for two filters, in one translation
/// unit: each keeps its own include guard (derived from its filters' C
/// identifiers), so neither vanishes and both filters' macros and arrays are
/// there. Compiled with -Wall -Wextra -Werror.
@Suite struct IncludeGuardTests {
    /// (format, C precision, what to reference of each filter `id`).
    static let kinds: [(EmissionFormat, CEmitter.Precision, String)] = [
        (.c, .double, "sizeof(ID_state)"),
        (.c, .float, "sizeof(ID_state)"),
        (.cmsis, .double, "ID_UPPER_NUM_STAGES + (int)ID_coefficients[0]"),
        (.cmsisQ15, .double, "ID_UPPER_NUM_STAGES + ID_coefficients[0]"),
        (.cmsisQ31, .double, "ID_UPPER_NUM_STAGES + (int)(ID_coefficients[0] >> 16)"),
    ]

    @Test(arguments: 0..<5) func twoHeadersOfOneKindInOneTranslationUnit(_ index: Int) throws {
        let (format, precision, use) = Self.kinds[index]
        var headers: [String] = []
        var guards: Set<String> = []
        for (name, words) in [("first", ["-Bu", "-Lp", "-o", "4", "-a", "0.1"]),
                              ("second", ["-Ch", "-0.5", "-Bp", "-o", "2", "-a", "0.1", "0.2"])] {
            var request = EmissionRequest(design: try Mkfilter.design(arguments: words), format: format, listingCommandLine: "")
            request.name = name
            request.cPrecision = precision
            let header = try request.run()
            let guardLine = header.split(separator: "\n").first { $0.hasPrefix("#ifndef ") }
            guards.insert(String(guardLine ?? ""))
            headers.append(header)
        }
        #expect(guards.count == 2, "\(format): one guard for two filters: \(guards)")
        guard let cc = Support.tool("cc") else { return }
        let dir = try Support.temporaryDirectory("include-guard")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (i, header) in headers.enumerated() {
            try header.write(to: dir.appendingPathComponent("filter\(i).h"), atomically: true, encoding: .utf8)
        }
        let uses = ["mkfilter_first", "mkfilter_second"].map { id in
            use.replacingOccurrences(of: "ID_UPPER", with: id.uppercased()).replacingOccurrences(of: "ID", with: id)
        }
        let program = """
            #include <stdint.h>
            typedef float float32_t;
            typedef int16_t q15_t;
            typedef int32_t q31_t;
            #include "filter0.h"
            #include "filter1.h"
            int main(void) { return (int)(\(uses.joined(separator: " + "))) & 1; }

            """
        try program.write(to: dir.appendingPathComponent("main.c"), atomically: true, encoding: .utf8)
        let build = try Support.run(cc, ["-std=c99", "-Wall", "-Wextra", "-Werror", "-c", "main.c", "-o", "main.o"], in: dir)
        #expect(build.status == 0, "\(format) \(precision): \(build.err)")
    }
}
