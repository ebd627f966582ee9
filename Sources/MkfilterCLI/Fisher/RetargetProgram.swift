import FilterRequests

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
            do { return .success(try RetargetRequest(paths: paths, sampleRate: sampleRate, directory: directory).run()) } catch {
                throw UsageError(error)
            }
        } catch {
            return .failure("mkfilter retarget", error, usage: usage)
        }
    }
}
