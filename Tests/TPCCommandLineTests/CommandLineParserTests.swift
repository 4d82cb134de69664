import Foundation
import TPCCommandLine
import Testing

func parsed(
    _ arguments: [String], parser: CommandLineParser = ExampleTool.parser,
    sourceLocation: SourceLocation = #_sourceLocation
) throws(CommandLineError) -> ParsedArguments {
    guard case .command(let result) = try parser.parse(arguments) else {
        Issue.record("expected a command, got help", sourceLocation: sourceLocation)
        throw CommandLineError(.missingCommand, "help", commandPath: [])
    }
    return result
}

func parseError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> CommandLineError? {
    do {
        _ = try ExampleTool.parser.parse(arguments)
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
        #expect(result.command is ExampleServe.Type)
        #expect(try result[ExampleServe.port] == 8080)
        #expect(try result[ExampleServe.portNumber] == 8080)
        #expect(try result[ExampleServe.host] == "127.0.0.1")
        #expect(try result[ExampleServe.database] == nil)
        #expect(!result[ExampleServe.sandbox])
    }

    @Test func valuesBySpaceAndByEquals() throws {
        let spaced = try parsed(["serve", "--port", "9090", "--database", "sqlite:/tmp/tpc.db"])
        let equals = try parsed(["serve", "--port=9090", "--database=sqlite:/tmp/tpc.db"])
        let short = try parsed(["serve", "-p", "9090", "--database", "sqlite:/tmp/tpc.db"])
        let attached = try parsed(["serve", "-p9090", "--database", "sqlite:/tmp/tpc.db"])
        for result in [spaced, equals, short, attached] {
            #expect(try result[ExampleServe.portNumber] == 9090)
            #expect(try result[ExampleServe.databaseURL]?.scheme == "sqlite")
        }
    }

    @Test func equalsFormKeepsEverythingAfterTheFirstEquals() throws {
        let result = try parsed(["serve", "--database=postgres://u:p@h/db?sslmode=require&x=a=b"])
        #expect(try result[ExampleServe.database] == "postgres://u:p@h/db?sslmode=require&x=a=b")
        #expect(try parsed(["serve", "--config="])[ExampleServe.config] == "")
    }

    @Test func flagsAndInheritedFlags() throws {
        let result = try parsed(["--verbose", "serve", "--sandbox", "-j"])
        #expect(result[ExampleTool.verbose])
        #expect(result[ExampleTool.json])
        #expect(result[ExampleServe.sandbox])
        #expect(try parsed(["serve", "--verbose"])[ExampleTool.verbose])
        #expect(try parsed(["serve", "-vv", "-v"]).count(of: ExampleTool.verbose) == 3)
        #expect(try parsed(["serve", "-vj"])[ExampleTool.json])
    }

    @Test func nestedSubcommandsWithRequiredOptionsAndRepeats() throws {
        let result = try parsed(["issuer", "init", "--id", "bank-1", "--scheme", "VISA", "--scheme=AMEX", "out"])
        #expect(result.commandPath == ["tpc", "issuer", "init"])
        #expect(result.command is ExampleIssuerInit.Type)
        #expect(try result[ExampleIssuerInit.id] == "bank-1")
        #expect(try result[ExampleIssuerInit.scheme] == ["VISA", "AMEX"])
        #expect(try result[ExampleIssuerInit.directory] == "out")
        #expect(try parsed(["issuer", "init", "--id", "b"])[ExampleIssuerInit.directory] == ".")
        #expect(try parsed(["issuer", "init", "--id", "b"])[ExampleIssuerInit.scheme].isEmpty)
    }

    @Test func positionalArgumentsAndRepeatingTail() throws {
        let result = try parsed(["issuer", "encrypt-payload", "cert.pem", "a.json", "b.json"])
        #expect(try result[ExampleEncryptPayload.certificate] == "cert.pem")
        #expect(try result[ExampleEncryptPayload.inputs] == ["a.json", "b.json"])
        #expect(try parsed(["issuer", "encrypt-payload", "cert.pem"])[ExampleEncryptPayload.inputs].isEmpty)
    }

    @Test func doubleDashEndsOptions() throws {
        let result = try parsed(["issuer", "encrypt-payload", "--", "--not-an-option", "-v", "--help"])
        #expect(try result[ExampleEncryptPayload.certificate] == "--not-an-option")
        #expect(try result[ExampleEncryptPayload.inputs] == ["-v", "--help"])
        #expect(!result[ExampleTool.verbose])
    }

    @Test func singleDashIsAValue() throws {
        let result = try parsed(["issuer", "encrypt-payload", "cert.pem", "-"])
        #expect(try result[ExampleEncryptPayload.inputs] == ["-"])
        #expect(try parsed(["serve", "--config", "-"])[ExampleServe.config] == "-")
    }

    @Test func negativeNumbersAreValues() throws {
        #expect(try parsed(["serve", "--offset", "-30"])[ExampleServe.offset] == -30)
        #expect(try parsed(["serve", "--offset=-1.5"])[ExampleServe.offsetSeconds] == -1.5)
    }

    @Test func enumConversionThroughRawValues() throws {
        #expect(try parsed(["serve", "--format", "json"])[ExampleServe.format] == .json)
        #expect(try parsed(["serve", "--shade", "dark"])[ExampleServe.shade] == .dark)
        #expect(try parsed(["serve"])[ExampleServe.shade] == nil)
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
            _ = try result[ExampleServe.port]
            Issue.record("a non-integer port converted")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.message == "invalid value for --port: expected an integer")
            #expect(!error.message.contains("eighty"))
            #expect(error.hint == "see `tpc serve --help`")
        }
        #expect(throws: CommandLineError.self) { try result[ExampleServe.databaseURL] }
        #expect(throws: CommandLineError.self) { try result[ExampleServe.offsetSeconds] }
        #expect(throws: CommandLineError.self) { try parsed(["serve", "--port", "70000"])[ExampleServe.portNumber] }
        #expect(throws: CommandLineError.self) { try parsed(["serve", "--shade", "grey"])[ExampleServe.shade] }
        do {
            _ = try parsed(["serve", "--shade", "grey"])[ExampleServe.shadeAsFormat]
            Issue.record("an unknown spelling converted")
        } catch {
            #expect(error.message == "invalid value for --shade: expected one of text, json")
        }
        #expect(throws: CommandLineError.self) {
            try parsed(["tokens", "suspend", "x"])[ExampleTokensSuspend.tokenNumber]
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
