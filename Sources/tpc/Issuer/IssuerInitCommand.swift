import Foundation
import TPCCommandLine

/// `tpc issuer init`: creates an issuer's keys, payload certificate, secrets
/// and the service configuration, with the sandbox's bootstrap code.
struct IssuerInitCommand {
    static let spec = CommandSpec(
        name: "init", abstract: "Create an issuer's keys, certificate, secrets and configuration.",
        discussion: """
            Writes into --dir: issuer-code-key.pem (P-256, the bank signs authorization codes with it; the \
            configuration holds its public JWK), payload-key.pem + payload-certificate.pem (RSA-2048: the bank \
            encrypts card payloads for the certificate, the service holds the key), notification, fingerprint \
            and activation-data secrets, backoffice-api-key (only its SHA-256 is in the configuration), \
            issuers.json (the service configuration: `tpc serve --config issuers.json`) and sandbox.json (a \
            summary the other issuer commands read with --issuer-dir). Private files are mode 0600. Refuses a \
            directory that already holds issuers.json unless --force.
            """,
        options: [
            .option("dir", valueName: "dir", help: "Directory to write (created if missing).", required: true),
            .option("issuer-id", valueName: "id", help: "The issuer id.", defaultValue: "my-bank"),
            .option("name", valueName: "name", help: "The issuer's display name.", defaultValue: "My Bank"),
            .option(
                "audience", valueName: "aud", help: "The service's audience (`aud` of codes).", defaultValue: "tpc"),
            .option("kid", valueName: "kid", help: "Key id of the code key.", defaultValue: "code-key-1"),
            .flag("sandbox", help: "Mark the configuration as a sandbox service."),
            .flag("force", help: "Replace an existing issuer in --dir."),
            .flag("json", help: "Print the summary as JSON."),
        ])

    static func run(_ parsed: ParsedArguments) async -> ExitCode {
        await ToolFailure.run(hint: "see `tpc issuer init --help`") {
            guard let path = parsed.value("dir") else { return }
            let directory = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
            let configuration = directory.appendingPathComponent(SandboxIssuerBootstrap.File.configuration)
            if FileManager.default.fileExists(atPath: configuration.path), !parsed.flag("force") {
                throw ToolFailure(
                    .failure, "\(configuration.path) exists", hint: "pass --force to replace the issuer")
            }
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw ToolFailure(.config, "cannot create \(directory.path)", hint: "check the path and permissions")
            }
            var bootstrap = SandboxIssuerBootstrap(directory: directory)
            bootstrap.issuer = parsed.value("issuer-id") ?? "my-bank"
            bootstrap.issuerName = parsed.value("name") ?? "My Bank"
            bootstrap.audience = parsed.value("audience") ?? "tpc"
            bootstrap.keyID = parsed.value("kid") ?? "code-key-1"
            bootstrap.sandbox = parsed.flag("sandbox")
            do {
                try bootstrap.create(now: Date())
            } catch {
                throw ToolFailure(.failure, "cannot create the issuer: \(error)", hint: "check the directory")
            }
            let summary = try IssuerDirectory.read(
                directory.appendingPathComponent(SandboxIssuerBootstrap.File.summary).path, what: "summary")
            if parsed.flag("json") {
                StandardStreams.output(summary.trimmingCharacters(in: .whitespacesAndNewlines))
                return
            }
            StandardStreams.output(
                """
                issuer \(bootstrap.issuer) created in \(directory.path)
                  bank side (keep private):    issuer-code-key.pem, backoffice-api-key
                  bank side (public):          payload-certificate.pem
                  service side (keep private): payload-key.pem, *.secret
                  service configuration:       issuers.json  →  tpc serve --config \(configuration.path)
                next: tpc issuer mint-code --issuer-dir \(directory.path) --scope provision --card-ref CARD-REF
                """)
        }
    }
}
