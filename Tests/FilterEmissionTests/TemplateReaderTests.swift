@testable import FilterEmission
import Foundation
import Testing

/// The template reader on what the fuzzing campaign fed it: printed numbers
/// with absurd exponents and nesting 100,000 deep end in an answer or a clear
/// error, never a trap, a hang or a stack overflow.
@Suite struct TemplateReaderTests {
    static func cTemplate(gain: String = "2.020612010e+01", x: String = "{ 1, 2, 1 }") -> String {
        """
        const static DigitalFilterTemplate lp = {
            1, "LP", "low pass", kFilterClassLowPass, 60.0, 5, 0, 0,
            2, \(gain), 2, 3, \(x), 2, 2, { -0.4775922501, 1.2796324250 }
        };
        """
    }

    /// The half unit of the last printed digit, with exponents far outside a
    /// double's range: no integer overflow, no loop of 10^18 steps.
    @Test(arguments: [
        ("0e-9223372036854775808", 0.0), ("0e999999999999999999", Double.infinity), ("1e-400", 0.0),
        ("0e99999999999999999999999", Double.infinity), ("2.5e-3", 0.5e-4), ("0.4775922501", 0.5e-10), ("2", 0.5),
    ])
    func halfUnitOfAbsurdExponents(_ text: String, _ expected: Double) {
        let number = PrintedNumber(text: text, value: Double(text) ?? 0)
        #expect(number.halfUnit == expected || abs(number.halfUnit - expected) <= 1e-15 * expected, "\(text): \(number.halfUnit)")
    }

    /// A gain printed as 0e-9223372036854775808 reads (it is 0, which the
    /// audit then refuses), quickly.
    @Test func zeroWithAbsurdExponentReads() throws {
        let started = Date()
        let definitions = try TemplateSourceReader.read(Self.cTemplate(x: "{ 0e-9223372036854775808, 0e999999999999999999, 1 }"), file: "t.c")
        #expect(definitions.count == 1)
        #expect(definitions[0].printedX.map(\.value) == [0, 0, 1])
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// Braces, brackets or parentheses nested 100,000 deep: an error naming
    /// the file and line, not a stack overflow.
    @Test(arguments: ["{", "[", "("])
    func deepNestingIsAnError(_ open: String) {
        let deep = String(repeating: open, count: 100_000)
        for text in [Self.cTemplate(x: deep), "let lp = DigitalFilterTemplate(tag: \(deep))"] {
            do {
                _ = try TemplateSourceReader.read(text, file: "deep.c")
                Issue.record("accepted nesting 100,000 deep")
            } catch {
                #expect(error.description.hasPrefix("deep.c:"), "\(error)")
                #expect(error.description.contains("nested more than 64 levels deep") || error.description.contains("expected"),
                        "\(error)")
            }
        }
    }

    /// A definition cut short after its name is an error, not an index out of range.
    @Test func truncatedDefinitionIsAnError() {
        for text in ["DigitalFilterTemplate", "const static DigitalFilterTemplate lp", "const static DigitalFilterTemplate lp =",
                     "let lp = DigitalFilterTemplate", "let lp = DigitalFilterTemplate("] {
            #expect(throws: TemplateSourceError.self, "\(text)") { try TemplateSourceReader.read(text, file: "cut.c") }
        }
    }
}
