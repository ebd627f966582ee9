#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be written: the file the user asked for, and the
/// system's reason (so every front end can name its option in front of it).
package struct FileWriteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The destination as the caller gave it.
    package var path: String
    /// The system's reason ("No such file or directory", "Is a directory").
    package var reason: String
    /// Files of the same set that had been replaced before the failure and
    /// could not be put back (empty unless a rollback itself failed).
    package var notRestored: [String] = []

    /// A failure; see the properties.
    package init(path: String, reason: String, notRestored: [String] = []) {
        self.path = path
        self.reason = reason
        self.notRestored = notRestored
    }

    /// The reason, and any file the failure left changed.
    package var explanation: String {
        reason + (notRestored.isEmpty ? "" : "; " + notRestored.joined(separator: ", ") + " could not be restored")
    }

    /// "cannot write PATH (reason)".
    package var description: String { "cannot write \(path) (\(explanation))" }
}

/// Writes files whole or not at all.
package enum AtomicFile {
    /// Writes `text` to `path` through a temporary file beside it and a rename,
    /// so a failure never leaves a partial file (and a reader never sees one).
    ///
    /// - Returns: `nil` on success, else why it failed.
    package static func write(_ text: String, to path: String) -> String? {
        do { try writeAll([(path, text)]) } catch { return error.explanation }
        return nil
    }

    /// Writes every file or none: each to a temporary file beside it first,
    /// then each renamed into place. When a write or rename fails, the files
    /// already renamed are put back as they were (removed when they are new)
    /// and every temporary file is removed.
    package static func writeAll(_ files: [(path: String, text: String)]) throws(FileWriteFailure) {
        var set = AtomicFileSet()
        defer { set.discard() }
        for file in files { try set.stage(file.text, for: file.path) }
        try set.commit()
    }
}

/// Files written together, whole or not at all (`AtomicFile.writeAll`): each
/// is first written to a temporary file in its destination's directory, and
/// `commit` renames them all into place or, if one rename fails, puts back
/// what the others replaced.
///
/// Temporary names are short (`.mkfilter-PID-XXXXXXXX.tmp`), so that any file
/// name the file system accepts can be written, and created exclusively, so
/// that two writers never share one. Call `discard` (e.g. in a `defer`) on
/// every path: it removes whatever was not committed.
package struct AtomicFileSet {
    private var staged: [(temporary: String, destination: String)] = []

    /// An empty set.
    package init() {}

    /// Whether nothing is waiting to be committed.
    package var isEmpty: Bool { staged.isEmpty }

    /// Creates an empty temporary file that `commit` will rename to `path`,
    /// and returns its descriptor, open for writing (the caller closes it
    /// before `commit`).
    package mutating func create(for path: String) throws(FileWriteFailure) -> Int32 {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw FileWriteFailure(path: path, reason: String(cString: strerror(EISDIR)))
        }
        let (temporary, descriptor) = try Self.createUnique(beside: path, reportedAs: path)
        staged.append((temporary, path))
        return descriptor
    }

    /// Writes `text` to a new temporary file that `commit` will rename to `path`.
    package mutating func stage(_ text: String, for path: String) throws(FileWriteFailure) {
        let descriptor = try create(for: path)
        var bytes = Array(text.utf8)
        var failure: Int32 = 0
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = n < 0 ? errno : EIO; break }
            offset += n
        }
        bytes = []
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 { throw FileWriteFailure(path: path, reason: String(cString: strerror(failure))) }
    }

    /// Renames every temporary file to its destination, in the order they
    /// were added. If a rename fails, the destinations already renamed are
    /// restored (their previous contents, kept by a hard link, or removed if
    /// they are new), the remaining temporary files removed, and the failure
    /// thrown.
    package mutating func commit() throws(FileWriteFailure) {
        var done: [(destination: String, existed: Bool, backup: String?)] = []
        for (k, entry) in staged.enumerated() {
            var info = stat()
            let existed = lstat(entry.destination, &info) == 0
            var backup: String?
            if existed, info.st_mode & S_IFMT != S_IFDIR {
                backup = try? Self.link(entry.destination)
            }
            if rename(entry.temporary, entry.destination) != 0 {
                let reason = String(cString: strerror(errno))
                if let backup { unlink(backup) }
                var notRestored: [String] = []
                for d in done.reversed() {
                    if let b = d.backup {
                        if rename(b, d.destination) != 0 { notRestored.append(d.destination); unlink(b) }
                    } else if d.existed {
                        notRestored.append(d.destination)
                    } else {
                        unlink(d.destination)
                    }
                }
                staged = Array(staged[k...])
                throw FileWriteFailure(path: entry.destination, reason: reason, notRestored: notRestored.reversed())
            }
            done.append((entry.destination, existed, backup))
        }
        for d in done { if let b = d.backup { unlink(b) } }
        staged = []
    }

    /// Removes every temporary file not yet committed.
    package mutating func discard() {
        for entry in staged { unlink(entry.temporary) }
        staged = []
    }

    /// The directory part of `path`, with its slash ("" for a bare name).
    static func directoryPrefix(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// A new file `.mkfilter-PID-XXXXXXXX.tmp` beside `path`, created exclusively.
    static func createUnique(beside path: String, reportedAs name: String) throws(FileWriteFailure) -> (String, Int32) {
        let prefix = directoryPrefix(of: path) + ".mkfilter-\(getpid())-"
        for _ in 0..<64 {
            let candidate = prefix + String(UInt32.random(in: .min ... .max), radix: 16) + ".tmp"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL, 0o666)
            if descriptor >= 0 { return (candidate, descriptor) }
            if errno != EEXIST { throw FileWriteFailure(path: name, reason: String(cString: strerror(errno))) }
        }
        throw FileWriteFailure(path: name, reason: String(cString: strerror(EEXIST)))
    }

    /// A hard link to the existing `path` under a new temporary name beside it.
    static func link(_ path: String) throws(FileWriteFailure) -> String {
        let prefix = directoryPrefix(of: path) + ".mkfilter-\(getpid())-"
        for _ in 0..<64 {
            let candidate = prefix + String(UInt32.random(in: .min ... .max), radix: 16) + ".tmp"
            if systemLink(path, candidate) == 0 { return candidate }
            if errno != EEXIST { throw FileWriteFailure(path: path, reason: String(cString: strerror(errno))) }
        }
        throw FileWriteFailure(path: path, reason: String(cString: strerror(EEXIST)))
    }
}

/// The C library's `write(2)` (a method of the same name is in scope above).
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// The C library's `link(2)` (a method of the same name is in scope above).
private func systemLink(_ existing: String, _ new: String) -> Int32 {
    link(existing, new)
}
