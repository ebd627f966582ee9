import FilterJSON
import Testing

/// The strict JSON reader behind spec files.
@Suite struct JSONReaderTests {
    @Test func readsValues() throws {
        let value = try JSONValue.parse(#"{"a": [1, -2.5e3, 0.1, true, false, null], "s": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}"#)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "s"])
        #expect(members[0].value == .array([.number(1), .number(-2500), .number(0.1), .bool(true), .bool(false), .null]))
        #expect(members[1].value == .string("x\"\\/\u{08}\u{0C}\n\r\té😀"))
    }

    @Test(arguments: [
        ("[01]", "line 1, column 3: a number cannot have a leading zero"),
        ("[1.]", "line 1, column 4: expected a digit after the decimal point, found ']'"),
        ("[1e999]", "line 1, column 2: the number 1e999 is too large for a double"),
        ("{\"a\": tru}", "line 1, column 10: expected 'true', found '}'"),
        ("[\"a\nb\"]", "line 1, column 4: a control character (U+000A) inside a string; write it as an escape such as \\n"),
        ("[\"\\ud800\"]", "line 1, column 9: a lone high surrogate \\uD800 in a string"),
        ("[1] 2", "line 1, column 5: unexpected text after the end of the JSON document"),
        ("{\"a\": 1,\n\n  }", "line 3, column 3: expected a key in double quotes after ',', found '}' (JSON allows no trailing comma)"),
        ("[\"abc", "line 1, column 6: unterminated string"),
    ])
    func rejects(_ text: String, _ expected: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
        do { _ = try JSONValue.parse(text) } catch { #expect(error.description == expected) }
    }

    @Test func refusesDeepNesting() {
        let text = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        do { _ = try JSONValue.parse(text); Issue.record("accepted 300 levels") } catch {
            #expect(error.reason.contains("nested more than 200 levels"))
        }
    }
}
