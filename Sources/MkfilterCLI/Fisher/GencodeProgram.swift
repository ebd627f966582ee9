import FilterDesign
import FilterEmission
import FilterSets

/// Fisher's gencode: reads a listing on standard input, prints C.
public enum GencodeProgram {
    static let usage = "Usage: mkfilter gencode [-ansic | -xyc | -f]   (reads an mkfilter/mkshape/mkaverage -l listing on standard input)"

    /// Runs gencode with `arguments` on the listing text `input`.
    public static func run(arguments: [String], input: String) -> InvocationResult {
        var language = Gencode.Language.ansic
        for word in arguments {
            switch word {
            case "-ansic": language = .ansic
            case "-xyc": language = .xyc
            case "-f": language = .f
            default:
                return .failure("gencode", UsageError("unknown option \(ArgumentValues.quoted(word)); the options are -ansic, -xyc and -f", showsUsage: true), usage: usage)
            }
        }
        do {
            let listing = try FisherListing(parsing: input)
            return .success(try Gencode.render(listing, as: language))
        } catch let error as ListingError {
            return .failure("gencode", UsageError("input format error: \(error.description)"), usage: usage)
        } catch {
            return .failure("gencode", UsageError("\(error)"), usage: usage)
        }
    }
}
