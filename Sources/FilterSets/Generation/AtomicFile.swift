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
    /// Special files (a FIFO, a device) are written directly, after every
    /// regular file is staged and before any is renamed, so that a device
    /// that refuses the bytes (`/dev/full`) leaves the others untouched.
    package static func writeAll(_ files: [(path: String, text: String)]) throws(FileWriteFailure) {
        var set = AtomicFileSet()
        defer { set.discard() }
        let special = files.filter { AtomicFileSet.isSpecial($0.path) }
        for file in files where !AtomicFileSet.isSpecial(file.path) { try set.stage(file.text, for: file.path) }
        for file in special { try set.stage(file.text, for: file.path) }
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
    private var staged: [(temporary: String, destination: String, name: String)] = []

    /// An empty set.
    package init() {}

    /// Whether nothing is waiting to be committed.
    package var isEmpty: Bool { staged.isEmpty }

    /// Opens the file that will become `path`, for writing (the caller
    /// closes the descriptor before `commit`):
    /// - a regular file, or a path that does not exist yet: a new temporary
    ///   file beside it, empty, that `commit` renames to `path`;
    /// - a symbolic link: the same, for the file it resolves to (the
    ///   temporary file is created in the target's directory, and the link
    ///   stays a link);
    /// - a FIFO, a character or block device, or another special file: the
    ///   file itself, opened for writing, without a temporary file (nothing
    ///   can be renamed onto it, and its reader must see the bytes);
    /// - a directory, or a symbolic link whose chain does not end within
    ///   40 links: an error.
    package mutating func create(for path: String) throws(FileWriteFailure) -> Int32 {
        let target = Self.resolved(path)
        var info = stat()
        // A chain of links that never ends (a -> b -> a): an error, not a
        // file renamed over the last link.
        if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw FileWriteFailure(path: path, reason: String(cString: strerror(ELOOP)))
        }
        if stat(target, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw FileWriteFailure(path: path, reason: String(cString: strerror(EISDIR))) }
            if type != S_IFREG {
                let descriptor = open(target, O_WRONLY)
                if descriptor < 0 { throw FileWriteFailure(path: path, reason: String(cString: strerror(errno))) }
                return descriptor
            }
        }
        let (temporary, descriptor) = try Self.createUnique(beside: target, reportedAs: path)
        staged.append((temporary, target, path))
        return descriptor
    }

    /// `path` with every symbolic link in its last component followed (a
    /// dangling link gives the path it points to, which is then created);
    /// any other path as given. At most 40 links are followed, as the
    /// system does; a longer chain is returned as reached (its open then
    /// fails with the system's reason).
    package static func resolved(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: 4097)
            let n = readlink(current, &buffer, 4096)
            guard n > 0 else { return current }
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : directoryPrefix(of: current) + target
        }
        return current
    }

    /// Whether `a` and `b` name the same file: the same device and inode
    /// when both exist (through links, hard or symbolic), else the same
    /// directory and name after symbolic links are followed.
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        let ra = resolved(a), rb = resolved(b)
        var sa = stat(), sb = stat()
        let ea = stat(ra, &sa) == 0, eb = stat(rb, &sb) == 0
        if ea && eb { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
        if ea != eb { return false }
        return canonical(ra) == canonical(rb)
    }

    /// Whether `path` (its links followed) is a file that exists and is
    /// neither a regular file nor a directory: a FIFO, a device, a socket.
    package static func isSpecial(_ path: String) -> Bool {
        var info = stat()
        guard stat(resolved(path), &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// The real path of `path`'s directory, then its name: a path that does
    /// not exist yet, in a canonical form.
    static func canonical(_ path: String) -> String {
        let directory = directoryPrefix(of: path)
        let name = String(decoding: path.utf8.dropFirst(directory.utf8.count), as: UTF8.self)
        guard let real = realpath(directory.isEmpty ? "." : directory, nil) else { return path }
        defer { free(real) }
        return String(cString: real) + "/" + name
    }

    /// Writes `text` to a new temporary file that `commit` will rename to
    /// `path`, or straight into `path` when it is a special file (`create`).
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
        var done: [(destination: String, existed: Bool, backup: String?, name: String)] = []
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
                        if rename(b, d.destination) != 0 { notRestored.append(d.name); unlink(b) }
                    } else if d.existed {
                        notRestored.append(d.name)
                    } else {
                        unlink(d.destination)
                    }
                }
                staged = Array(staged[k...])
                throw FileWriteFailure(path: entry.name, reason: reason, notRestored: notRestored.reversed())
            }
            done.append((entry.destination, existed, backup, entry.name))
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
