import QRCode
import Testing

/// The encoder against segno's symbols (`QRReference.swift`, written by
/// scripts/qr_reference.py): every module must match, so the data bits,
/// Reed-Solomon codewords, interleaving, placement, masks and BCH format
/// bits are each checked through the symbol (release builds are not
/// testable, so only the public API is used).
@Suite struct QRCodeTests {
    static func rows(_ code: QRCode) -> [String] {
        code.modules.map { String($0.map { $0 ? "1" : "0" }) }
    }

    /// Every mask of versions 1-6 at L and M: the data, error correction,
    /// placement, masking and format bits alone (the mask is given).
    @Test func everyMaskMatchesTheReference() throws {
        for reference in forcedReferences {
            let code = try QRCode(reference.text, level: reference.level, version: reference.version, mask: reference.mask)
            #expect(code.size == 17 + 4 * reference.version)
            #expect(Self.rows(code) == reference.rows, "\(reference.text) \(reference.level) v\(reference.version) mask \(reference.mask)")
        }
    }

    /// The smallest version and the lowest-penalty mask are the reference's choice.
    @Test func versionAndMaskAreChosenAsTheReference() throws {
        for reference in automaticReferences {
            let code = try QRCode(reference.text, level: reference.level)
            #expect(code.version == reference.version, "\(reference.text) \(reference.level)")
            #expect(code.mask == reference.mask, "\(reference.text) \(reference.level)")
            #expect(Self.rows(code) == reference.rows, "\(reference.text) \(reference.level)")
        }
    }

    @Test func capacityAndTooLong() throws {
        #expect(QRCode.capacity(version: 1, level: .l) == 17)
        #expect(QRCode.capacity(version: 1, level: .m) == 14)
        #expect(QRCode.capacity(version: 6, level: .l) == 134)
        #expect(QRCode.capacity(version: 6, level: .m) == 106)
        #expect(try QRCode(String(repeating: "a", count: 106), level: .m).version == 6)
        #expect(throws: QRCode.EncodingError.tooLong(bytes: 107, maximum: 106)) {
            try QRCode(String(repeating: "a", count: 107), level: .m)
        }
    }

    /// Half blocks: two module rows per line, the quiet zone light.
    @Test func terminalTextUsesHalfBlocks() throws {
        let code = try QRCode("A", level: .l, version: 1, mask: 0)
        let lines = code.terminalText(quietZone: 1, colours: false).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 12)                     // (21 + 2) / 2 rounded up
        #expect(lines.allSatisfy { $0.count == 23 })
        #expect(lines[0] == " " + String(repeating: "▄", count: 7) + String(lines[0].dropFirst(8)))
        #expect(lines[0].hasSuffix("▄▄▄▄▄▄▄ "))
    }
}
