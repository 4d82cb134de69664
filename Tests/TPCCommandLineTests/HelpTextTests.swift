import TPCCommandLine
import Testing

@Suite(.timeLimit(.minutes(3))) struct HelpTextTests {
    func help(
        _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (
        path: [String], text: String
    ) {
        guard case .help(let path, let text) = try ExampleTool.parser.parse(arguments) else {
            Issue.record("\(arguments) did not ask for help", sourceLocation: sourceLocation)
            return ([], "")
        }
        return (path, text)
    }

    @Test func helpOfSubcommandListsItsOptionsAndDefaults() throws {
        let (path, text) = try help(["serve", "--help"])
        #expect(path == ["tpc", "serve"])
        #expect(text.hasPrefix("OVERVIEW: Run the provisioning service.\n"))
        #expect(text.contains("Listens on one port"))
        #expect(text.contains("USAGE: tpc serve [--sandbox] [--host <address>] [--port <port>] [--database <url>]"))
        #expect(text.contains("  --sandbox               Run with the sandbox network.\n"))
        #expect(text.contains("  -p, --port <port>       Port to listen on. (default: 8080)\n"))
        #expect(text.contains("Log format. (values: text, json) (default: text)"))
        #expect(text.contains("  -v, --verbose           Show more detail.\n"))
        #expect(text.contains("  -h, --help              Show help information.\n"))
        #expect(!text.contains("SUBCOMMANDS"))
    }

    @Test func shortHelpAnywhereBeforeDoubleDash() throws {
        #expect(try help(["serve", "--port", "1", "-h"]).path == ["tpc", "serve"])
        #expect(try help(["-h"]).path == ["tpc"])
        #expect(try help(["--help", "serve"]).path == ["tpc"])
        #expect(try help(["issuer", "init", "--help"]).path == ["tpc", "issuer", "init"])
    }

    @Test func helpWinsOverMissingRequiredValues() throws {
        #expect(try help(["issuer", "init", "--help"]).text.contains("--id <issuer-id>"))
    }

    @Test func rootHelpListsSubcommands() throws {
        let text = try help(["--help"]).text
        #expect(text.contains("USAGE: tpc [--verbose] [--json] <subcommand>"))
        #expect(text.contains("SUBCOMMANDS:\n"))
        #expect(text.contains("  serve                   Run the provisioning service.\n"))
        #expect(text.contains("  issuer                  Issuer tooling.\n"))
        #expect(text.contains("See 'tpc <subcommand> --help' for detailed help."))
    }

    @Test func requiredRepeatableAndPositionalsAreMarked() throws {
        let text = try help(["issuer", "init", "-h"]).text
        #expect(text.contains("USAGE: tpc issuer init --id <issuer-id> [--scheme <scheme> ...] [<directory>]"))
        #expect(text.contains("The issuer id. (required)"))
        #expect(text.contains("Allowed scheme. (repeatable)"))
        #expect(text.contains("ARGUMENTS:\n  <directory>             Where to write. (default: .)\n"))
        let encrypt = try help(["issuer", "encrypt-payload", "--help"]).text
        #expect(encrypt.contains("USAGE: tpc issuer encrypt-payload <certificate> [<inputs> ...]"))
    }

    @Test func longLabelsWrapToTheDescriptionColumn() {
        let command = CommandConfiguration(
            name: "x", abstract: "X.",
            options: [Option<String?>("a-very-long-option-name", valueName: "value", help: "Long.")])
        let text = HelpFormatter.helpText(for: [command])
        #expect(text.contains("  --a-very-long-option-name <value>\n" + String(repeating: " ", count: 26) + "Long.\n"))
    }
}
