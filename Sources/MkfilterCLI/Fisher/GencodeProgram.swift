import FilterRequests
import FisherCompatibility

/// Fisher's gencode: reads a listing on standard input, prints C.
public enum GencodeProgram {
    static let usage = "Usage: mkfilter gencode [-ansic | -xyc | -f]   (reads an mkfilter/mkshape/mkaverage -l listing on standard input)"

    /// Runs gencode with `arguments` on the bytes of standard input: refused,
    /// saying where, unless they are UTF-8 text.
    public static func run(arguments: [String], inputBytes: [UInt8]) -> InvocationResult {
        let input: String
        do { input = try FileOutput.decodeText(inputBytes, name: "<stdin>") } catch {
            return .failure("gencode", UsageError(error), usage: usage)
        }
        return run(arguments: arguments, input: input)
    }

    /// Runs gencode with `arguments` on the listing text `input`.
    public static func run(arguments: [String], input: String) -> InvocationResult {
        var request = GencodeRequest(listing: input)
        for word in arguments {
            switch word {
            case "-ansic": request.language = .ansic
            case "-xyc": request.language = .xyc
            case "-f": request.language = .f
            default:
                return .failure("gencode", UsageError("unknown option \(ArgumentValues.quoted(word)); the options are -ansic, -xyc and -f", showsUsage: true), usage: usage)
            }
        }
        do { return .success(try request.run()) } catch { return .failure("gencode", UsageError(error), usage: usage) }
    }
}
