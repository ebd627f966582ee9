import FilterSets
import Foundation

/// `mkfilter retarget --sample-rate HZ FILE... [-o DIR]`: generated templates
/// redesigned at another sample rate, corners kept in Hz.
public enum RetargetProgram {
    static let usage = "Usage: mkfilter retarget --sample-rate <Hz> <file.swift>... [-o <dir>]"

    /// Runs the command on `arguments`.
    public static func run(arguments: [String]) -> InvocationResult {
        do throws(UsageError) {
            var paths: [String] = [], sampleRate: Double?, directory: String?
            var cursor = ArgumentCursor(arguments)
            while let word = cursor.next() {
                switch word {
                case "--sample-rate": sampleRate = try cursor.positive(for: word, meaning: "the new sample rate in Hz")
                case "-o", "--output-directory": directory = try cursor.value(for: word)
                default:
                    guard !word.hasPrefix("-") else { throw UsageError("unknown option \(ArgumentValues.quoted(word))", showsUsage: true) }
                    paths.append(word)
                }
            }
            guard let sampleRate else { throw UsageError("give --sample-rate, the new sample rate in Hz", showsUsage: true) }
            guard !paths.isEmpty else { throw UsageError("give the generated Swift files to retarget", showsUsage: true) }
            guard directory != nil || paths.count == 1 else {
                throw UsageError("\(paths.count) files to retarget: give -o <dir> for the new files (standard output takes one)")
            }
            var files: [(path: String, text: String)] = []
            for path in paths {
                guard FileManager.default.fileExists(atPath: path) else { throw UsageError("\(path): no such file") }
                guard let text = AtomicFile.read(path) else { throw UsageError("\(path): cannot read it as UTF-8 text") }
                files.append((path, text))
            }
            let outputs: [Retarget.Output]
            do { outputs = try Retarget.run(files: files, sampleRate: sampleRate) } catch {
                throw UsageError(messages: error.errors.map(\.description) + ["nothing was written"])
            }
            guard let directory else { return .success(outputs[0].text) }

            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError("-o \(ArgumentValues.quoted(directory)) is not a directory")
            }
            // Check every destination before writing any.
            let destinations = outputs.map { (directory as NSString).appendingPathComponent($0.fileName) }
            for (output, destination) in zip(outputs, destinations) {
                if URL(fileURLWithPath: destination).standardizedFileURL == URL(fileURLWithPath: output.input).standardizedFileURL {
                    throw UsageError("\(output.input): the retargeted file would replace it (same name in \(directory)); choose another -o directory. Nothing was written")
                }
            }
            for (i, destination) in destinations.enumerated() {
                if let j = destinations[..<i].firstIndex(of: destination) {
                    throw UsageError("\(outputs[j].input) and \(outputs[i].input) would both be written to \(destination); nothing was written")
                }
            }
            var written: [String] = []
            for (output, destination) in zip(outputs, destinations) {
                if let reason = AtomicFile.write(output.text, to: destination) {
                    throw UsageError("cannot write \(destination) (\(reason))" + (written.isEmpty ? "" : "; already written: " + written.joined(separator: ", ")))
                }
                written.append(destination)
            }
            return .success(written.map { "wrote \($0)\n" }.joined())
        } catch {
            return .failure("mkfilter retarget", error, usage: usage)
        }
    }
}
