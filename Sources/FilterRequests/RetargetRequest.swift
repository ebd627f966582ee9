import FilterDesign
import FilterSets
import Foundation

/// Generated Swift redesigned at another sample rate, every filter from the
/// recipe its provenance records, corners kept in Hz (`mkfilter retarget`).
public struct RetargetRequest: Sendable {
    /// The generated Swift files.
    public var paths: [String]
    /// The new sample rate, Hz.
    public var sampleRate: Double
    /// Where the new files go; `nil` returns the one file's source.
    public var directory: String?

    /// A request; see the properties.
    public init(paths: [String], sampleRate: Double, directory: String? = nil) {
        self.paths = paths
        self.sampleRate = sampleRate
        self.directory = directory
    }

    /// Retargets every file. Every destination is checked before any is
    /// written, and the files are written all or none; a filter that cannot be redesigned (a corner at or above the
    /// new Nyquist frequency, ...) is reported with its file and name, and
    /// then nothing is written.
    ///
    /// - Returns: the new source (no directory), or one line per file written.
    public func run() throws(ApplicationError) -> String {
        guard !paths.isEmpty else { throw ApplicationError("give the generated Swift files to retarget") }
        guard directory != nil || paths.count == 1 else {
            throw ApplicationError("\(paths.count) files to retarget: give -o <dir> for the new files (standard output takes one)")
        }
        var files: [(path: String, text: String)] = []
        for path in paths {
            files.append((path, try FileOutput.readText(path)))
        }
        let outputs: [Retarget.Output]
        do { outputs = try Retarget.run(files: files, sampleRate: sampleRate) } catch {
            throw ApplicationError(messages: error.errors.map(\.description) + ["nothing was written"])
        }
        guard let directory else { return outputs[0].text }

        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ApplicationError("-o \(quotedForMessage(directory)) is not a directory")
        }
        // Check every destination before writing any.
        let destinations = outputs.map { (directory as NSString).appendingPathComponent($0.fileName) }
        for (output, destination) in zip(outputs, destinations) {
            if URL(fileURLWithPath: destination).standardizedFileURL == URL(fileURLWithPath: output.input).standardizedFileURL {
                throw ApplicationError("\(output.input): the retargeted file would replace it (same name in \(directory)); choose another -o directory. Nothing was written")
            }
        }
        for (i, destination) in destinations.enumerated() {
            if let j = destinations[..<i].firstIndex(of: destination) {
                throw ApplicationError("\(outputs[j].input) and \(outputs[i].input) would both be written to \(destination); nothing was written")
            }
        }
        // All or nothing: if one cannot be written, the others are left as they were.
        do { try AtomicFile.writeAll(zip(destinations, outputs).map { ($0, $1.text) }) } catch {
            throw ApplicationError(error.description + (error.notRestored.isEmpty ? "; nothing was written" : ""), underlying: error)
        }
        return destinations.map { "wrote \($0)\n" }.joined()
    }
}
