import Foundation
import TPCCommandLine

/// The `tpc` command: parses the command line and runs a subcommand.
enum TPCTool {
    static let serve = CommandSpec(
        name: "serve", abstract: "Run the provisioning service.",
        discussion: """
            Listens for HTTP (or HTTPS with --tls-cert and --tls-key) on --host:--port and serves the API \
            under the configured base path. Without --database the service keeps its data in ./tpc.sqlite \
            (in the sandbox directory with --sandbox). With --sandbox it also plays Apple and the card \
            networks, and without --config it creates a test issuer in the sandbox directory.
            """,
        options: [
            .flag("sandbox", help: "Also run the sandbox (Apple's side and the networks' token services)."),
            .option(
                "sandbox-dir", valueName: "dir", help: "Sandbox directory (default ./.tpc-sandbox)."),
            .option("host", valueName: "address", help: "Numeric address to listen on.", defaultValue: "127.0.0.1"),
            .option("port", short: "p", valueName: "port", help: "Port; 0 picks a free one.", defaultValue: "8080"),
            .option(
                "database", valueName: "url",
                help: "sqlite:PATH, sqlite::memory: or postgres://… (default: a SQLite file)."),
            .option("config", short: "c", valueName: "file", help: "Issuer configuration (JSON)."),
            .option("tls-cert", valueName: "file", help: "PEM certificate chain for HTTPS."),
            .option("tls-key", valueName: "file", help: "PEM private key for HTTPS."),
            .option(
                "ready-file", valueName: "file",
                help: "Once listening, write TPC_URL=…, TPC_ROOT=… lines there (a shell can source it)."),
        ] + ServeListenerOptions.specs + ServeDatabaseOptions.specs)

    static let exportLeafKey = CommandSpec(
        name: "export-leaf-key", abstract: "Print the sandbox leaf private key (PEM) for test tooling.",
        discussion: """
            Sandbox-only test tooling: prints, on stdout, the private key of the sandbox's Apple-shaped \
            leaf certificate, which `tpc serve --sandbox` keeps encrypted in the database under the \
            master key of the sandbox directory. Independent implementations use it to decrypt the pass \
            data the service produces, the way Apple's servers would. Creates nothing: run \
            `tpc serve --sandbox` with the same directory and database first.
            """,
        options: [
            .option("sandbox-dir", valueName: "dir", help: "Sandbox directory (default ./.tpc-sandbox)."),
            .option(
                "database", valueName: "url",
                help: "sqlite:PATH or postgres://… (default: tpc.sqlite in the sandbox directory)."),
        ])

    static let sandbox = CommandSpec(
        name: "sandbox", abstract: "Sandbox test tooling.", subcommands: [exportLeafKey, DemoExecutable.device])

    static let root = CommandSpec(
        name: "tpc", abstract: "PushProvisioning: Apple Pay in-app provisioning service and sandbox.",
        subcommands: [serve, sandbox, DemoExecutable.demo, issuer, TokensCommand.spec, DoctorCommand.spec])

    static let issuer = CommandSpec(
        name: "issuer", abstract: "The bank's tools: keys and configuration, payloads, authorization codes.",
        subcommands: [IssuerInitCommand.spec, EncryptPayloadCommand.spec, MintCodeCommand.spec])

    static func run(_ arguments: [String]) async -> ExitCode {
        let outcome: CommandLineParser.ParseOutcome
        do {
            outcome = try CommandLineParser(root: root).parse(arguments)
        } catch {
            StandardStreams.error("tpc: \(error.message)\n\(error.hint)")
            return error.exitCode
        }
        switch outcome {
        case .help(_, let text):
            StandardStreams.output(text)
            return .success
        case .command(let parsed) where DemoExecutable.runs(parsed.subcommandPath):
            // Parsed here, so help and usage errors need no `tpc-demo`; run there.
            return DemoLauncher.run(arguments)
        case .command(let parsed):
            switch parsed.subcommandPath.first {
            case "serve":
                do {
                    let options = try ServeOptions(parsed)
                    return await ServeCommand(options: options).run()
                } catch {
                    StandardStreams.error("tpc: \(error.message)\n\(error.hint)")
                    return error.exitCode
                }
            case "issuer" where parsed.subcommandPath.dropFirst().first == "init":
                return await IssuerInitCommand.run(parsed)
            case "issuer" where parsed.subcommandPath.dropFirst().first == "encrypt-payload":
                return await EncryptPayloadCommand.run(parsed)
            case "issuer" where parsed.subcommandPath.dropFirst().first == "mint-code":
                return await MintCodeCommand.run(parsed)
            case "tokens":
                return await TokensCommand.run(parsed)
            case "doctor":
                return DoctorCommand(parsed).run()
            case "sandbox" where parsed.subcommandPath.dropFirst().first == "export-leaf-key":
                return await ExportLeafKeyCommand(parsed).run()
            default:
                StandardStreams.error(HelpFormatter.helpText(for: [root]))
                return .usage
            }
        }
    }
}
