@testable import FilterSets
import Foundation
import Testing

/// Files written all or none through short temporary names, and text read
/// with our own messages (the fuzzing campaign's defects 3, 4 and 7).
@Suite struct FileOutputTests {
    static func entries(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? ["<unreadable>"]).sorted()
    }

    /// A rename that fails after another succeeded: the first file is put
    /// back (its old contents) or removed (if new), and no temporary file stays.
    @Test func failedCommitRollsBack() throws {
        try withTemporaryDirectory { dir in
            let existing = dir.appendingPathComponent("a.txt").path, fresh = dir.appendingPathComponent("b.txt").path
            let blocked = dir.appendingPathComponent("c.txt").path
            try "old a\n".write(toFile: existing, atomically: false, encoding: .utf8)
            var set = AtomicFileSet()
            defer { set.discard() }
            try set.stage("new a\n", for: existing)
            try set.stage("new b\n", for: fresh)
            try set.stage("new c\n", for: blocked)
            // The last destination becomes a directory between staging and commit.
            try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
            #expect(throws: FileWriteFailure(path: blocked, reason: String(cString: strerror(EISDIR)))) { try set.commit() }
            set.discard()
            #expect(try String(contentsOfFile: existing, encoding: .utf8) == "old a\n")
            #expect(Self.entries(dir) == ["a.txt", "c.txt"])
        }
    }

    /// Temporary names are short and hidden whatever the destination's name,
    /// so a 255-byte name (the file system's limit) is written.
    @Test func temporaryNamesAreShort() throws {
        try withTemporaryDirectory { dir in
            let name = String(repeating: "n", count: 255)
            var set = AtomicFileSet()
            defer { set.discard() }
            let descriptor = try set.create(for: dir.appendingPathComponent(name).path)
            close(descriptor)
            let temporary = try #require(Self.entries(dir).first)
            #expect(temporary.hasPrefix(".mkfilter-\(getpid())-") && temporary.hasSuffix(".tmp") && temporary.utf8.count <= 32, "\(temporary)")
            try set.commit()
            #expect(Self.entries(dir) == [name])
            #expect(AtomicFile.write("x", to: dir.appendingPathComponent(name).path) == nil)
            #expect(AtomicFile.write("x", to: dir.appendingPathComponent(name + "x").path) == String(cString: strerror(ENAMETOOLONG)))
            #expect(Self.entries(dir) == [name])
        }
    }

    /// Directories, missing files and bytes that are not UTF-8, in our words.
    @Test func textFileProblemsInOurWords() throws {
        try withTemporaryDirectory { dir in
            let file = dir.appendingPathComponent("t").path
            #expect(throws: TextFileError(path: dir.path, problem: "is a directory")) { try TextFile.read(dir.path) }
            #expect(throws: TextFileError(path: file, problem: "cannot read it (no such file)")) { try TextFile.read(file) }
            try Data([0x61, 0xC3, 0xA9, 0x0A, 0x80]).write(to: URL(fileURLWithPath: file))
            #expect(throws: TextFileError(path: file, problem: "is not UTF-8 text (byte 0x80 at offset 4)")) { try TextFile.read(file) }
            try Data("é ok\n".utf8).write(to: URL(fileURLWithPath: file))
            #expect(try TextFile.read(file) == "é ok\n")
        }
    }

    /// RFC 3629: overlong forms, surrogates, code points above U+10FFFF and
    /// truncated sequences are not UTF-8; the offset is the bad sequence's first byte.
    @Test(arguments: [
        ([0x41, 0xC0, 0x80], (1, 0xC0)),                // overlong NUL
        ([0xE0, 0x80, 0x80], (0, 0xE0)),                // overlong
        ([0xED, 0xA0, 0x80], (0, 0xED)),                // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], (0, 0xF4)),          // above U+10FFFF
        ([0x41, 0x42, 0xE2, 0x82], (2, 0xE2)),          // truncated at the end
        ([0xFE], (0, 0xFE)),
    ] as [([UInt8], (Int, UInt8))])
    func invalidUTF8(_ bytes: [UInt8], _ bad: (Int, UInt8)) {
        let found = TextFile.firstInvalidUTF8(bytes)
        #expect(found?.offset == bad.0 && found?.byte == bad.1, "\(bytes): \(String(describing: found))")
    }

    @Test func validUTF8() {
        #expect(TextFile.firstInvalidUTF8(Array("aé€😀\u{10FFFF}".utf8)) == nil)
        #expect(TextFile.firstInvalidUTF8([UInt8]()) == nil)
    }
}
