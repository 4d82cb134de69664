import TPCCommandLine
import Testing

/// Options declared once: the declaration's default, environment variable and
/// requirement show in help and apply to the value read.
@Suite(.timeLimit(.minutes(3))) struct DeclarationTests {
    func helpText(_ arguments: [String]) throws -> String {
        guard case .help(_, let text) = try ExampleTool.parser.parse(arguments) else {
            Issue.record("\(arguments) did not ask for help")
            return ""
        }
        return text
    }

    @Test func aDefaultWrittenOnceShowsInHelpAndIsTheValueWhenAbsent() throws {
        let declared = Option<Int>("retries", valueName: "n", help: "Attempts.", default: 7)
        let argument = Argument<String>("directory", help: "Where.", default: "out")
        let command = CommandConfiguration(name: "x", abstract: "X.", options: [declared], arguments: [argument])
        let help = HelpFormatter.helpText(for: [command])
        #expect(help.contains("  --retries <n>           Attempts. (default: 7)\n"))
        #expect(help.contains("  <directory>             Where. (default: out)\n"))
        #expect(try helpText(["serve", "--help"]).contains("Port to listen on. (default: 8080)"))
        #expect(try parsed(["serve"])[ExampleServe.port] == 8080)
        #expect(try parsed(["serve", "--port", "1"])[ExampleServe.port] == 1)
    }

    @Test func wholeSecondsShowWithoutAFraction() {
        #expect(60.0.argumentText == "60")
        #expect(0.25.argumentText == "0.25")
        #expect(OutputFormat.json.argumentText == "json")
    }

    @Test func anOptionWithAVariableReadsItWhenAbsentAndSaysSoInHelp() throws {
        #expect(
            try helpText(["serve", "--help"]).contains(
                "  --workers <n>           Worker threads (EXAMPLE_WORKERS; 2; 0 never).\n"))
        let environment = CommandLineParser(root: ExampleTool.self, environment: ["EXAMPLE_WORKERS": "5"])
        #expect(try parsed(["serve"], parser: environment)[ExampleServe.workers] == 5)
        #expect(try parsed(["serve", "--workers", "3"], parser: environment)[ExampleServe.workers] == 3)
        let empty = CommandLineParser(root: ExampleTool.self, environment: ["EXAMPLE_WORKERS": ""])
        #expect(try parsed(["serve"], parser: empty)[ExampleServe.workers] == 2)
        let wrong = CommandLineParser(root: ExampleTool.self, environment: ["EXAMPLE_WORKERS": "many"])
        let result = try parsed(["serve"], parser: wrong)
        #expect(throws: CommandLineError.self) { try result[ExampleServe.workers] }
    }

    @Test func aRequirementNamesWhatIsValidForBadAndOutOfRangeValues() throws {
        for value in ["eighty", "70000", "-1"] {
            do {
                _ = try parsed(["serve", "--port", value])[ExampleServe.portInRange]
                Issue.record("--port \(value) was accepted")
            } catch {
                #expect(error.code == .invalidValue)
                #expect(error.message == "--port must be a number from 0 to 65535")
                #expect(error.isUsage)
            }
        }
        #expect(try parsed(["serve", "--port", "0"])[ExampleServe.portInRange] == 0)
        let atLeast = ValueRequirement<Int>.atLeast(1)
        #expect(atLeast.description == "a number ≥ 1")
        #expect(!atLeast.isSatisfied(by: 0) && atLeast.isSatisfied(by: 1))
    }

    @Test func aCaseIterableTypeListsItsValuesAndTheParserRefusesOthers() throws {
        #expect(try helpText(["serve", "--help"]).contains("Log format. (values: text, json) (default: text)"))
        #expect(parseError(["serve", "--format", "yaml"])?.code == .invalidValue)
    }
}
