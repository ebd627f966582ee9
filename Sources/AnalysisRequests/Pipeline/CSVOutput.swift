import FilterDesign
import FilterRequests
import FilterSets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command's CSV goes (`pipeline`, `resample`): standard output, or
/// `--output FILE`, written to a temporary file beside it and renamed into
/// place only when every row was written (`AtomicFileSet`, which may stage
/// further files, as the pipeline's `--svg`). Whatever is not committed is
/// removed, and the file closed, when the output goes away: a caller keeps
/// it (`withExtendedLifetime`) as long as anything writes to its `sink`.
final class CSVOutput {  // Used on one thread, inside one run.
    /// `--output`'s file, if any.
    let output: String?
    /// Where the rows are written.
    let sink: ByteSink
    /// The files committed together.
    var files = AtomicFileSet()
    private var descriptor: Int32?

    /// Rows to `output`'s temporary file, or to `standardOutput` without one.
    ///
    /// - Throws: `ApplicationError` naming `--output` when the file cannot be created.
    init(output: String?, standardOutput: ByteSink) throws(ApplicationError) {
        self.output = output
        guard let output else {
            sink = standardOutput
            return
        }
        do { descriptor = try files.create(for: output) } catch {
            throw ApplicationError("--output \(quotedForMessage(output)): cannot write it (\(error.explanation))", underlying: error)
        }
        sink = ByteSink(descriptor: descriptor)
    }

    deinit {
        if let descriptor { close(descriptor) }
        files.discard()
    }

    /// The rows flushed and the file closed: ready to commit.
    ///
    /// - Throws: `ApplicationError` naming `--output` (or standard output)
    ///   when a row or the close failed.
    func finishRows() throws(ApplicationError) {
        sink.flush()
        if let failure = sink.failure {
            throw ApplicationError(output.map { "--output \(quotedForMessage($0)): cannot write it (\(failure))" }
                ?? "cannot write to standard output (\(failure))")
        }
        if let output, let open = descriptor {
            descriptor = nil
            guard close(open) == 0 else {
                throw ApplicationError("--output \(quotedForMessage(output)): cannot write it (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Every staged file renamed into place together.
    ///
    /// - Parameter other: a further staged file and its option (`--svg`),
    ///   which a failure to rename it names.
    /// - Throws: `ApplicationError` naming the option of the file that failed.
    func commit(other: (path: String, option: String)? = nil) throws(ApplicationError) {
        do { try files.commit() } catch {
            let option = other.map { error.path == $0.path && error.path != output ? $0.option : "--output" } ?? "--output"
            throw ApplicationError("\(option) \(quotedForMessage(error.path)): cannot write it (\(error.explanation))", underlying: error)
        }
    }
}
