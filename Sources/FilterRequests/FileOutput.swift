import FilterDesign
import FilterSets

/// Files written whole or not at all, and text files read strictly, for
/// front ends (the CLI, the plugins' tool).
public enum FileOutput {
    /// Writes `text` to `path` through a short temporary name beside it and a
    /// rename, so a failure never leaves a partial file. Through a symbolic
    /// link it replaces the link's target the same way (in the target's
    /// directory); a FIFO or a device is written directly.
    ///
    /// - Returns: `nil` on success, else why it failed.
    public static func write(_ text: String, to path: String) -> String? { AtomicFile.write(text, to: path) }

    /// Writes every file or none (a CSV and its plot, one file per namespace):
    /// all to temporary files first, then renamed into place; if one fails,
    /// the ones already renamed are put back as they were.
    ///
    /// - Returns: `nil` on success, else the file that failed and why.
    public static func writeAll(_ files: [(path: String, text: String)]) -> (path: String, reason: String)? {
        do { try AtomicFile.writeAll(files) } catch { return (error.path, error.explanation) }
        return nil
    }

    /// Whether two output paths name the same file (through links, or a
    /// path that does not exist yet spelt two ways): front ends refuse
    /// that before any work starts, or one output would replace the other.
    public static func sameFile(_ a: String, _ b: String) -> Bool { AtomicFileSet.sameFile(a, b) }

    /// Refuses outputs that name the file being read (`input`; nil or `-`
    /// is standard input): the same device and inode, however the path is
    /// spelt (`rec.csv`, `./rec.csv`, `sub/../rec.csv`, absolute, a link),
    /// since the finished output would replace the recording it was made from.
    ///
    /// - Parameters:
    ///   - name: what the input is, in the message ("the recording",
    ///     "the filter set file").
    ///   - outputs: each output's option and path, in the order the command
    ///     names them; the first that names the input is refused.
    /// - Throws: `ApplicationError` "--output 'rec.csv' is the recording being
    ///   read ('./rec.csv'): writing it would replace the recording; give
    ///   another file" before anything is read or written.
    public static func refuseOverwriting(input: String?, describedAs name: String = "the recording",
                                         with outputs: [(option: String, path: String?)]) throws(ApplicationError) {
        guard let input, input != "-" else { return }
        for (option, path) in outputs {
            guard let path, AtomicFileSet.sameFile(input, path) else { continue }
            throw ApplicationError("\(option) \(quotedForMessage(path)) is \(name) being read (\(quotedForMessage(input))): "
                                   + "writing it would replace \(name); give another file")
        }
    }

    /// The file's text.
    ///
    /// - Throws: `ApplicationError` saying plainly what is wrong, after the
    ///   file's name: "is a directory", "is not UTF-8 text (byte 0xFF at
    ///   offset 3)", "cannot read it (no such file)".
    public static func readText(_ path: String, describedAs name: String? = nil) throws(ApplicationError) -> String {
        do { return try TextFile.read(path) } catch { throw ApplicationError("\(name ?? path): \(error.problem)", underlying: error) }
    }

    /// `bytes` (standard input) as UTF-8 text.
    ///
    /// - Throws: `ApplicationError` "NAME: is not UTF-8 text (byte 0xNN at offset N)".
    public static func decodeText(_ bytes: [UInt8], name: String) throws(ApplicationError) -> String {
        do { return try TextFile.decode(bytes, name: name) } catch { throw ApplicationError(wrapping: error) }
    }

    /// Every byte of `descriptor` (standard input) until its end.
    ///
    /// - Throws: `ApplicationError` naming `name` and the system's reason.
    public static func readAll(_ descriptor: Int32, name: String) throws(ApplicationError) -> [UInt8] {
        do { return try TextFile.readAll(descriptor) } catch {
            throw ApplicationError("\(name): \(TextFile.readProblem(error.code))")
        }
    }
}
