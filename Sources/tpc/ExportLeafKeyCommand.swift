import Foundation
import ProvisioningStorage
import SandboxNetwork
import TPCCommandLine

/// `tpc sandbox export-leaf-key`: prints the sandbox leaf private key (PEM)
/// for independent checks of the pass data.
struct ExportLeafKeyCommand: Command {
    static let database = Option<String?>(
        "database", valueName: "url",
        help: "sqlite:PATH or postgres://… (default: tpc.sqlite in the sandbox directory).")

    static let configuration = CommandConfiguration(
        name: "export-leaf-key", abstract: "Print the sandbox leaf private key (PEM) for test tooling.",
        discussion: """
            Sandbox-only test tooling: prints, on stdout, the private key of the sandbox's Apple-shaped \
            leaf certificate, which `tpc serve --sandbox` keeps encrypted in the database under the \
            master key of the sandbox directory. Independent implementations use it to decrypt the pass \
            data the service produces, the way Apple's servers would. Creates nothing: run \
            `tpc serve --sandbox` with the same directory and database first.
            """,
        options: [ServeCommand.sandboxDir, database])

    let directory: URL
    let databaseURL: String

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        directory = SandboxDirectory.url(try arguments[ServeCommand.sandboxDir])
        databaseURL =
            try arguments[Self.database] ?? "sqlite:" + directory.appendingPathComponent("tpc.sqlite").path
    }

    func run() async throws -> ExitCode {
        let database: any SQLDatabase
        do {
            database = try await Database.open(url: databaseURL)
        } catch {
            throw CommandLineError(.unavailable, "cannot open the database: \(error)")
        }
        do {
            let pem = try await Sandbox.exportLeafPrivateKeyPEM(database: database, directory: directory)
            await database.close()
            StandardStreams.output(pem.hasSuffix("\n") ? String(pem.dropLast()) : pem)
            return .success
        } catch {
            await database.close()
            // The error names what is missing, never key material.
            throw CommandLineError(.commandFailed, "cannot export the sandbox leaf key: \(error)")
        }
    }
}
