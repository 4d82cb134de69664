import Foundation
import TPCCommandLine
import Testing

enum OutputFormat: String, ArgumentConvertible, CaseIterable {
    case text, json
}

enum Shade: String, ArgumentConvertible {
    case light, dark
}

/// A command tree shaped like `tpc`.
let tpc = CommandSpec(
    name: "tpc", abstract: "Apple Pay push provisioning toolkit.",
    options: [
        .flag("verbose", short: "v", help: "Show more detail."),
        .flag("json", short: "j", help: "Print JSON for scripts."),
    ],
    subcommands: [
        CommandSpec(
            name: "serve", abstract: "Run the provisioning service.",
            discussion: "Listens on one port; SQLite in a local file unless --database is given.",
            options: [
                .flag("sandbox", help: "Run with the sandbox network."),
                .option("host", valueName: "address", help: "Address to bind.", defaultValue: "127.0.0.1"),
                .option("port", short: "p", valueName: "port", help: "Port to listen on.", defaultValue: "8080"),
                .option("database", valueName: "url", help: "sqlite:PATH or postgres://…"),
                .option("config", short: "c", valueName: "file", help: "Issuer configuration file."),
                .option(
                    "format", valueName: "format", help: "Log format.", defaultValue: "text",
                    allowedValues: ["text", "json"]),
                .option("offset", valueName: "seconds", help: "Clock offset."),
                .option("shade", valueName: "shade", help: "Colour."),
            ]),
        CommandSpec(
            name: "issuer", abstract: "Issuer tooling.",
            subcommands: [
                CommandSpec(
                    name: "init", abstract: "Create keys, certificates and a configuration snippet.",
                    options: [
                        .option("id", valueName: "issuer-id", help: "The issuer id.", required: true),
                        .option("scheme", valueName: "scheme", help: "Allowed scheme.", repeatable: true),
                    ],
                    arguments: [.optional("directory", help: "Where to write.", defaultValue: ".")]),
                CommandSpec(
                    name: "encrypt-payload", abstract: "Encrypt a card payload.",
                    arguments: [
                        .required("certificate", help: "Service certificate."),
                        .repeating("inputs", help: "Card JSON files."),
                    ]),
            ]),
        CommandSpec(
            name: "tokens", abstract: "Back-office token operations.",
            subcommands: [
                CommandSpec(
                    name: "list", abstract: "List tokens.",
                    options: [.option("state", valueName: "state", help: "Filter.")]),
                CommandSpec(
                    name: "suspend", abstract: "Suspend a token.",
                    arguments: [.required("token-id", help: "The token.")]),
            ]),
    ])

let parser = CommandLineParser(root: tpc)

func parsed(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
) throws(CommandLineError)
    -> ParsedArguments
{
    guard case .command(let result) = try parser.parse(arguments) else {
        Issue.record("expected a command, got help", sourceLocation: sourceLocation)
        throw CommandLineError(.missingCommand, "help", commandPath: [])
    }
    return result
}

func parseError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> CommandLineError? {
    do {
        _ = try parser.parse(arguments)
        Issue.record("\(arguments) parsed without error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite(.timeLimit(.minutes(3))) struct CommandLineParserTests {
    @Test func subcommandWithDefaults() throws {
        let result = try parsed(["serve"])
        #expect(result.commandPath == ["tpc", "serve"])
        #expect(result.subcommandPath == ["serve"])
        #expect(result.value("port") == "8080")
        #expect(try result.value("port", as: Int.self) == 8080)
        #expect(result.value("host") == "127.0.0.1")
        #expect(result.value("database") == nil)
        #expect(!result.flag("sandbox"))
    }

    @Test func valuesBySpaceAndByEquals() throws {
        let spaced = try parsed(["serve", "--port", "9090", "--database", "sqlite:/tmp/tpc.db"])
        let equals = try parsed(["serve", "--port=9090", "--database=sqlite:/tmp/tpc.db"])
        let short = try parsed(["serve", "-p", "9090", "--database", "sqlite:/tmp/tpc.db"])
        let attached = try parsed(["serve", "-p9090", "--database", "sqlite:/tmp/tpc.db"])
        for result in [spaced, equals, short, attached] {
            #expect(try result.value("port", as: UInt16.self) == 9090)
            #expect(try result.value("database", as: URL.self)?.scheme == "sqlite")
        }
    }

    @Test func equalsFormKeepsEverythingAfterTheFirstEquals() throws {
        let result = try parsed(["serve", "--database=postgres://u:p@h/db?sslmode=require&x=a=b"])
        #expect(result.value("database") == "postgres://u:p@h/db?sslmode=require&x=a=b")
        #expect(try parsed(["serve", "--config="]).value("config") == "")
    }

    @Test func flagsAndInheritedFlags() throws {
        let result = try parsed(["--verbose", "serve", "--sandbox", "-j"])
        #expect(result.flag("verbose"))
        #expect(result.flag("json"))
        #expect(result.flag("sandbox"))
        #expect(try parsed(["serve", "--verbose"]).flag("verbose"))
        #expect(try parsed(["serve", "-vv", "-v"]).flagCount("verbose") == 3)
        #expect(try parsed(["serve", "-vj"]).flag("json"))
    }

    @Test func nestedSubcommandsWithRequiredOptionsAndRepeats() throws {
        let result = try parsed(["issuer", "init", "--id", "bank-1", "--scheme", "VISA", "--scheme=AMEX", "out"])
        #expect(result.commandPath == ["tpc", "issuer", "init"])
        #expect(result.value("id") == "bank-1")
        #expect(result.values("scheme") == ["VISA", "AMEX"])
        #expect(result.value("scheme") == "AMEX")
        #expect(result.argument("directory") == "out")
        #expect(try parsed(["issuer", "init", "--id", "b"]).argument("directory") == ".")
        #expect(try parsed(["issuer", "init", "--id", "b"]).values("scheme").isEmpty)
    }

    @Test func positionalArgumentsAndRepeatingTail() throws {
        let result = try parsed(["issuer", "encrypt-payload", "cert.pem", "a.json", "b.json"])
        #expect(result.argument("certificate") == "cert.pem")
        #expect(result.arguments("inputs") == ["a.json", "b.json"])
        #expect(try parsed(["issuer", "encrypt-payload", "cert.pem"]).arguments("inputs").isEmpty)
    }

    @Test func doubleDashEndsOptions() throws {
        let result = try parsed(["issuer", "encrypt-payload", "--", "--not-an-option", "-v", "--help"])
        #expect(result.argument("certificate") == "--not-an-option")
        #expect(result.arguments("inputs") == ["-v", "--help"])
        #expect(!result.flag("verbose"))
    }

    @Test func singleDashIsAValue() throws {
        let result = try parsed(["issuer", "encrypt-payload", "cert.pem", "-"])
        #expect(result.arguments("inputs") == ["-"])
        #expect(try parsed(["serve", "--config", "-"]).value("config") == "-")
    }

    @Test func negativeNumbersAreValues() throws {
        #expect(try parsed(["serve", "--offset", "-30"]).value("offset", as: Int.self) == -30)
        #expect(try parsed(["serve", "--offset=-1.5"]).value("offset", as: Double.self) == -1.5)
    }

    @Test func enumConversionThroughRawValues() throws {
        #expect(try parsed(["serve", "--format", "json"]).value("format", as: OutputFormat.self) == .json)
        #expect(try parsed(["serve", "--shade", "dark"]).value("shade", as: Shade.self) == .dark)
        #expect(try parsed(["serve"]).value("shade", as: Shade.self) == nil)
    }
}

@Suite(.timeLimit(.minutes(3))) struct CommandLineErrorTests {
    @Test func unknownOptionSuggestsTheClosestName() throws {
        let error = try #require(parseError(["serve", "--prot", "80"]))
        #expect(error.code == .unknownOption)
        #expect(error.message == "unknown option --prot")
        #expect(error.hint == "did you mean --port?; see `tpc serve --help`")
        #expect(error.exitCode == .usage)
        #expect(error.exitCode.rawValue == 64)
        #expect(parseError(["serve", "-x"])?.code == .unknownOption)
        #expect(parseError(["serve", "--zzzzzz"])?.hint == "see `tpc serve --help`")
    }

    @Test func optionOfAnotherCommandIsUnknown() {
        #expect(parseError(["tokens", "list", "--sandbox"])?.code == .unknownOption)
        #expect(parseError(["--sandbox", "serve"])?.code == .unknownOption)
    }

    @Test func missingValueIsReported() {
        let atEnd = parseError(["serve", "--port"])
        #expect(atEnd?.code == .missingValue)
        #expect(atEnd?.message == "missing value for --port")
        #expect(atEnd?.hint == "see `tpc serve --help`")
        #expect(parseError(["serve", "--database", "--sandbox"])?.code == .missingValue)
        #expect(parseError(["serve", "-p"])?.message == "missing value for -p")
    }

    @Test func missingRequiredOptionAndArgument() {
        let option = parseError(["issuer", "init"])
        #expect(option?.code == .missingRequired)
        #expect(option?.message == "missing required option --id")
        #expect(option?.hint == "see `tpc issuer init --help`")
        let argument = parseError(["tokens", "suspend"])
        #expect(argument?.code == .missingRequired)
        #expect(argument?.message == "missing required argument <token-id>")
    }

    @Test func invalidValuesNameTheOptionButNotTheValue() throws {
        let result = try parsed(["serve", "--port", "eighty", "--database", "/var/lib/tpc.db", "--offset", "x"])
        do {
            _ = try result.value("port", as: Int.self)
            Issue.record("a non-integer port converted")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.message == "invalid value for --port: expected an integer")
            #expect(!error.message.contains("eighty"))
            #expect(error.hint == "see `tpc serve --help`")
        }
        #expect(throws: CommandLineError.self) { try result.value("database", as: URL.self) }
        #expect(throws: CommandLineError.self) { try result.value("offset", as: Double.self) }
        #expect(throws: CommandLineError.self) {
            try parsed(["serve", "--port", "70000"]).value("port", as: UInt16.self)
        }
        #expect(throws: CommandLineError.self) {
            try parsed(["serve", "--shade", "grey"]).value("shade", as: Shade.self)
        }
        do {
            _ = try parsed(["serve", "--shade", "grey"]).value("shade", as: OutputFormat.self)
        } catch {
            #expect(error.message == "invalid value for --shade: expected one of text, json")
        }
        #expect(throws: CommandLineError.self) {
            try parsed(["tokens", "suspend", "x"]).argument("token-id", as: Int.self)
        }
    }

    @Test func allowedValuesAreCheckedWhileParsing() {
        let error = parseError(["serve", "--format", "yaml"])
        #expect(error?.code == .invalidValue)
        #expect(error?.message == "invalid value for --format: expected one of text, json")
    }

    @Test func flagWithAValueIsInvalid() {
        let error = parseError(["serve", "--sandbox=yes"])
        #expect(error?.code == .invalidValue)
        #expect(error?.message == "--sandbox is a flag and takes no value")
    }

    @Test func unknownAndMissingCommands() {
        let unknown = parseError(["serv"])
        #expect(unknown?.code == .unknownCommand)
        #expect(unknown?.message == "unknown command 'serv'")
        #expect(unknown?.hint == "did you mean serve?; see `tpc --help`")
        #expect(parseError(["issuer", "frobnicate"])?.hint == "see `tpc issuer --help`")
        let missing = parseError([])
        #expect(missing?.code == .missingCommand)
        #expect(missing?.hint == "see `tpc --help`")
        #expect(parseError(["tokens"])?.code == .missingCommand)
    }

    @Test func repeatedSingleOptionIsRefused() {
        let error = parseError(["serve", "--port", "1", "--port=2"])
        #expect(error?.code == .duplicateOption)
        #expect(error?.message == "--port may be given only once")
    }

    @Test func extraArgumentsAreRefused() {
        let error = parseError(["tokens", "suspend", "t1", "t2"])
        #expect(error?.code == .unexpectedArgument)
        #expect(parseError(["serve", "extra"])?.code == .unexpectedArgument)
    }

    @Test func messagesAreOneLine() {
        let error = parseError(["serve", "--bad\nname"])
        #expect(error?.message.contains("\n") == false)
        #expect(error.map { "\($0)" }?.contains("\n") == false)
    }

    @Test func exitCodesAreStable() {
        let expected: [ExitCode: Int32] = [
            .success: 0, .failure: 1, .usage: 64, .data: 65, .unavailable: 69, .software: 70, .config: 78,
        ]
        for code in ExitCode.allCases { #expect(expected[code] == code.rawValue) }
        #expect(ExitCode.allCases.count == expected.count)
    }
}
