import TPCCommandLine
import Testing

/// Dispatch from the declarations: the command reached runs, help lists every
/// declared command, and failures print and exit as their code says.
@Suite(.timeLimit(.minutes(3))) struct CommandLineToolTests {
    let tool = CommandLineTool(root: ExampleTool.self, environment: [:])

    @Test func theCommandReachedIsTheOneThatRuns() async {
        #expect(await tool.run(["serve", "--port", "1"]) == .success)
        #expect(await tool.run(["--help"]) == .success)
    }

    @Test func anUnknownOptionIsRefusedWithTheUsageStatusEverywhere() async {
        for path in [[], ["serve"], ["issuer"], ["issuer", "init"], ["tokens", "suspend"]] {
            #expect(await tool.run(path + ["--no-such-option"]) == .usage, "\(path)")
        }
        #expect(await tool.run(["serve", "--port", "eighty"]) == .usage)
    }

    @Test func aDeclaredCommandThatDoesNotRunHereIsHandedOverWithItsArguments() async {
        let arguments = ["issuer", "init", "--id", "bank", "out"]
        var handed: [String]?
        let status = await tool.run(arguments) { given in
            handed = given
            return .failure
        }
        #expect(status == .failure)
        #expect(handed == arguments)
        #expect(await tool.run(arguments) == .software)
        // Usage errors are answered before any hand-over.
        #expect(await tool.run(["issuer", "init"]) { _ in .success } == .usage)
    }

    @Test func everyDeclaredCommandIsListedInItsParentsHelp() throws {
        func walk(_ command: any CommandDeclaration.Type, path: [CommandConfiguration]) throws {
            let path = path + [command.configuration]
            let help = HelpFormatter.helpText(for: path)
            #expect(help.contains("USAGE: \(path.map(\.name).joined(separator: " "))"))
            for subcommand in command.configuration.subcommands {
                let name = subcommand.configuration.name
                #expect(help.contains("\n  \(name) "), "\(name) is missing from the help of \(path.map(\.name))")
                try walk(subcommand, path: path)
            }
        }
        try walk(ExampleTool.self, path: [])
    }

    @Test func usageErrorsPrintTwoLinesAndFailuresOne() {
        let usage = CommandLineError(.unknownOption, "unknown option --prot", commandPath: ["tpc", "serve"])
        #expect(usage.report == "unknown option --prot\nsee `tpc serve --help`")
        #expect(usage.asFailure.report == "error: unknown option --prot (hint: see `tpc serve --help`)")
        let failure = CommandLineError(.unavailable, "the service cannot be reached", hint: "start it")
        #expect(failure.report == "error: the service cannot be reached (hint: start it)")
        #expect(failure.exitCode == .unavailable)
        #expect(CommandLineError(.configuration, "cannot start: no key").report == "cannot start: no key")
        #expect(CommandLineError.Code(rawValue: "new-kind").exitCode == .failure)
    }
}
