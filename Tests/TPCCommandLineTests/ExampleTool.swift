import Foundation
import TPCCommandLine

enum OutputFormat: String, ArgumentConvertible, CaseIterable {
    case text, json
}

enum Shade: String, ArgumentConvertible {
    case light, dark
}

/// A command tree shaped like `tpc`, declared as `tpc`'s is.
enum ExampleTool: CommandDeclaration {
    static let verbose = Flag("verbose", short: "v", help: "Show more detail.")
    static let json = Flag("json", short: "j", help: "Print JSON for scripts.")

    static let configuration = CommandConfiguration(
        name: "tpc", abstract: "Apple Pay push provisioning toolkit.", options: [verbose, json],
        subcommands: [ExampleServe.self, ExampleIssuer.self, ExampleTokens.self])

    /// A parser with an empty environment, so that no variable of the test run leaks in.
    static let parser = CommandLineParser(root: ExampleTool.self, environment: [:])
}

/// `tpc serve`, with an option of each kind.
struct ExampleServe: Command {
    static let sandbox = Flag("sandbox", help: "Run with the sandbox network.")
    static let host = Option<String>("host", valueName: "address", help: "Address to bind.", default: "127.0.0.1")
    static let port = Option<Int>("port", short: "p", valueName: "port", help: "Port to listen on.", default: 8080)
    static let database = Option<String?>("database", valueName: "url", help: "sqlite:PATH or postgres://…")
    static let config = Option<String?>("config", short: "c", valueName: "file", help: "Issuer configuration file.")
    static let format = Option<OutputFormat>("format", valueName: "format", help: "Log format.", default: .text)
    static let offset = Option<Int?>("offset", valueName: "seconds", help: "Clock offset.")
    static let shade = Option<Shade?>("shade", valueName: "shade", help: "Colour.")
    static let workers = Option<Int>(
        "workers", valueName: "n", help: "Worker threads", default: 2, requirement: .range(1...64),
        environment: "EXAMPLE_WORKERS", note: "0 never")

    static let configuration = CommandConfiguration(
        name: "serve", abstract: "Run the provisioning service.",
        discussion: "Listens on one port; SQLite in a local file unless --database is given.",
        options: [sandbox, host, port, database, config, format, offset, shade, workers])

    // The same options read as other types, as another command might declare them.
    static let portNumber = Option<UInt16>("port", valueName: "port", help: "Port.", default: 8080)
    static let databaseURL = Option<URL?>("database", valueName: "url", help: "Database.")
    static let offsetSeconds = Option<Double?>("offset", valueName: "seconds", help: "Clock offset.")
    static let shadeAsFormat = Option<OutputFormat?>("shade", valueName: "shade", help: "Colour.")
    static let portInRange = Option<Int>(
        "port", valueName: "port", help: "Port.", default: 8080, requirement: .range(0...65535))

    let port: Int

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        port = try arguments[Self.port]
    }

    func run() async throws -> ExitCode { .success }
}

/// `tpc issuer`: a group of two commands.
enum ExampleIssuer: CommandDeclaration {
    static let configuration = CommandConfiguration(
        name: "issuer", abstract: "Issuer tooling.", subcommands: [ExampleIssuerInit.self, ExampleEncryptPayload.self])
}

/// `tpc issuer init`: a required, a repeatable option and an argument with a default.
enum ExampleIssuerInit: CommandDeclaration {
    static let id = Option<String>.required("id", valueName: "issuer-id", help: "The issuer id.")
    static let scheme = Option<[String]>.repeating("scheme", valueName: "scheme", help: "Allowed scheme.")
    static let directory = Argument<String>("directory", help: "Where to write.", default: ".")

    static let configuration = CommandConfiguration(
        name: "init", abstract: "Create keys, certificates and a configuration snippet.", options: [id, scheme],
        arguments: [directory])
}

/// `tpc issuer encrypt-payload <certificate> [<inputs> ...]`.
enum ExampleEncryptPayload: CommandDeclaration {
    static let certificate = Argument<String>.required("certificate", help: "Service certificate.")
    static let inputs = Argument<[String]>.repeating("inputs", help: "Card JSON files.")

    static let configuration = CommandConfiguration(
        name: "encrypt-payload", abstract: "Encrypt a card payload.", arguments: [certificate, inputs])
}

/// `tpc tokens list|suspend`.
enum ExampleTokens: CommandDeclaration {
    static let configuration = CommandConfiguration(
        name: "tokens", abstract: "Back-office token operations.",
        subcommands: [ExampleTokensList.self, ExampleTokensSuspend.self])
}

enum ExampleTokensList: CommandDeclaration {
    static let state = Option<String?>("state", valueName: "state", help: "Filter.")
    static let configuration = CommandConfiguration(name: "list", abstract: "List tokens.", options: [state])
}

enum ExampleTokensSuspend: CommandDeclaration {
    static let tokenId = Argument<String>.required("token-id", help: "The token.")
    static let tokenNumber = Argument<Int?>("token-id", help: "The token, as a number.")
    static let configuration = CommandConfiguration(
        name: "suspend", abstract: "Suspend a token.", arguments: [tokenId])
}
