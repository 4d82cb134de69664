import Foundation
import SandboxNetwork
import ProvisioningStorage
import TPCCommandLine

/// `tpc sandbox export-leaf-key`: prints the sandbox leaf private key (PEM)
/// for independent checks of the pass data; see ``TPCTool/exportLeafKey``.
struct ExportLeafKeyCommand {
    let directory: URL
    let databaseURL: String

    init(_ parsed: ParsedArguments) {
        directory =
            URL(
                fileURLWithPath: parsed.value("sandbox-dir") ?? ServeOptions.defaultSandboxDirectory, isDirectory: true
            ).standardizedFileURL
        databaseURL = parsed.value("database") ?? "sqlite:" + directory.appendingPathComponent("tpc.sqlite").path
    }

    func run() async -> ExitCode {
        let database: any SQLDatabase
        do {
            database = try await Database.open(url: databaseURL)
        } catch {
            StandardStreams.error("tpc: cannot open the database: \(error)")
            return .unavailable
        }
        do {
            let pem = try await Sandbox.exportLeafPrivateKeyPEM(database: database, directory: directory)
            await database.close()
            StandardStreams.output(pem.hasSuffix("\n") ? String(pem.dropLast()) : pem)
            return .success
        } catch {
            await database.close()
            // The error names what is missing, never key material.
            StandardStreams.error("tpc: cannot export the sandbox leaf key: \(error)")
            return .failure
        }
    }
}
