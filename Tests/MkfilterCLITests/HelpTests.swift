import ArgumentParser
@testable import MkfilterCLI
import Testing

/// `--help` of every command fits 80 columns, and none of it is wrapped by
/// the argument parser (which would leave ragged lines): every line of our
/// own text already fits where the parser puts it.
@Suite struct HelpTests {
    static let commands: [any ParsableCommand.Type] = [MkfilterCommand.self] + MkfilterCommand.configuration.subcommands

    @Test func everyHelpFitsEightyColumns() {
        for command in Self.commands {
            let help = MkfilterCommand.helpMessage(for: command, columns: 80)
            let name = command.configuration.commandName ?? "mkfilter"
            #expect(help.count > 200, "\(name): help too short")
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) where line.count > 80 {
                Issue.record("\(name) --help: \(line.count) columns: \(line)")
            }
        }
    }

    @Test func nothingIsWrappedByTheParser() {
        for command in Self.commands {
            let configuration = command.configuration
            let name = configuration.commandName ?? "mkfilter"
            // The discussion is printed as written, indented by 0.
            for line in configuration.discussion.split(separator: "\n") where line.count > 80 {
                Issue.record("\(name) discussion line of \(line.count) columns: \(line)")
            }
            // Usage lines follow "USAGE: " (7 columns) or its indentation.
            for line in (configuration.usage ?? "").split(separator: "\n") where line.count > 73 {
                Issue.record("\(name) usage line of \(line.count) columns (73 fit after USAGE:): \(line)")
            }
        }
    }
}
