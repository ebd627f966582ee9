import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files whole or not at all.
package enum AtomicFile {
    /// Writes `text` to `path` through a temporary file beside it and a rename,
    /// so a failure never leaves a partial file (and a reader never sees one).
    ///
    /// - Returns: `nil` on success, else why it failed.
    package static func write(_ text: String, to path: String) -> String? {
        let temporary = URL(fileURLWithPath: temporaryPath(for: path))
        let url = URL(fileURLWithPath: path)
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return error.localizedDescription
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            return reason
        }
        return nil
    }

    /// Where a file is written before it is renamed to `path`: beside it (same
    /// file system, so the rename is atomic), hidden, named for this process.
    package static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).mkfilter-\(getpid()).tmp").path
    }

    /// The file's text, or `nil` when it cannot be read as UTF-8.
    package static func read(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }
}
