import AnalysisRequests
import Foundation
import MkfilterCLI

/// `mkfilter ARGUMENTS` in-process: the subcommand's program, or Fisher's
/// command for anything else, as the executable dispatches them. Standard
/// input is empty; standard output is returned, not written.
public enum CommandLineRunner {
    /// The result of `mkfilter words...`.
    public static func run(_ words: [String]) -> InvocationResult {
        let rest = Array(words.dropFirst())
        switch words.first {
        case "mkshape": return Mkshape.run(arguments: rest)
        case "mkaverage": return Mkaverage.run(arguments: rest)
        case "gencode": return GencodeProgram.run(arguments: rest, input: "")
        case "generate": return GenerateProgram.run(arguments: rest)
        case "retarget": return RetargetProgram.run(arguments: rest)
        case "response": return ResponseProgram.run(.response, arguments: rest)
        case "impulse": return ResponseProgram.run(.impulse, arguments: rest)
        case "step": return ResponseProgram.run(.step, arguments: rest)
        case "verify": return VerifyProgram.run(arguments: rest)
        case "pipeline":
            let empty = open("/dev/null", O_RDONLY)
            defer { if empty >= 0 { close(empty) } }
            return PipelineProgram.run(arguments: rest, standardInput: empty, standardOutput: nil)
        case "spectrum", "suggest":
            let empty = open("/dev/null", O_RDONLY)
            defer { if empty >= 0 { close(empty) } }
            return words.first == "spectrum" ? SpectrumProgram.run(arguments: rest, standardInput: empty)
                                             : SuggestProgram.run(arguments: rest, standardInput: empty)
        default: return Mkfilter.run(arguments: words)
        }
    }
}
