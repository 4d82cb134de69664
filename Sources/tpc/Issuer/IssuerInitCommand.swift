import Foundation
import TPCCommandLine

/// `tpc issuer init`: creates an issuer's keys, payload certificate, secrets
/// and the service configuration, with the sandbox's bootstrap code.
struct IssuerInitCommand: IssuerToolCommand {
    static let dir = Option<String>.required("dir", valueName: "dir", help: "Directory to write (created if missing).")
    static let issuerId = Option<String>("issuer-id", valueName: "id", help: "The issuer id.", default: "my-bank")
    static let name = Option<String>("name", valueName: "name", help: "The issuer's display name.", default: "My Bank")
    static let audience = Option<String>(
        "audience", valueName: "aud", help: "The service's audience (`aud` of codes).", default: "tpc")
    static let kid = Option<String>("kid", valueName: "kid", help: "Key id of the code key.", default: "code-key-1")
    static let sandbox = Flag("sandbox", help: "Mark the configuration as a sandbox service.")
    static let mdesConsumerKey = Option<String?>(
        "mdes-consumer-key", valueName: "key",
        help: "Your consumer key from Mastercard's developer portal: Mastercard tokens then go to MDES.")
    static let mdesSigningKey = Option<String?>(
        "mdes-signing-key", valueName: "file",
        help: "The private key of the certificate registered on Mastercard's developer portal: PEM, or PKCS #12.")
    static let mdesSigningKeyPasswordEnv = Option<String?>(
        "mdes-signing-key-password-env", valueName: "var",
        help: "The --mdes-signing-key is a PKCS #12 file whose password `tpc serve` reads from this variable.")
    static let force = Flag("force", help: "Replace an existing issuer in --dir.")
    static let json = Flag("json", help: "Print the summary as JSON.")

    static let configuration = CommandConfiguration(
        name: "init", abstract: "Create an issuer's keys, certificate, secrets and configuration.",
        discussion: """
            Writes into --dir: issuer-code-key.pem (P-256, the bank signs authorization codes with it; the \
            configuration holds its public JWK), payload-key.pem + payload-certificate.pem (RSA-2048: the bank \
            encrypts card payloads for the certificate, the service holds the key), notification, fingerprint \
            and activation-data secrets, backoffice-api-key (only its SHA-256 is in the configuration), \
            tav-key.pem + tav-public-key.pem (RSA-2048: the service signs Mastercard TAVs with the key; \
            register the public key with Mastercard), issuers.json (the service configuration: `tpc serve \
            --config issuers.json`) and sandbox.json (a summary the other issuer commands read with \
            --issuer-dir). With --mdes-consumer-key and --mdes-signing-key the configuration sends Mastercard \
            tokens to MDES (docs/networks.md); a PKCS #12 signing key needs --mdes-signing-key-password-env, the \
            environment variable `tpc serve` reads its password from (the password is never written). With \
            --sandbox, to the sandbox's own MDES endpoint, with credentials made here. Prints the TAV public key \
            and its SHA-256 (of the DER SubjectPublicKeyInfo) to register with Mastercard. Private files are \
            mode 0600. Refuses a directory that already holds issuers.json unless --force.
            """,
        options: [
            dir, issuerId, name, audience, kid, sandbox, mdesConsumerKey, mdesSigningKey, mdesSigningKeyPasswordEnv,
            force, json,
        ])

    let arguments: ParsedArguments

    func perform() async throws {
        let path = try arguments[Self.dir]
        let directory = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        let configuration = directory.appendingPathComponent(SandboxIssuerBootstrap.File.configuration)
        if FileManager.default.fileExists(atPath: configuration.path), !arguments[Self.force] {
            throw CommandLineError(
                .commandFailed, "\(configuration.path) exists", hint: "pass --force to replace the issuer")
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandLineError(
                .configuration, "cannot create \(directory.path)", hint: "check the path and permissions")
        }
        var bootstrap = SandboxIssuerBootstrap(directory: directory)
        bootstrap.issuer = try arguments[Self.issuerId]
        bootstrap.issuerName = try arguments[Self.name]
        bootstrap.audience = try arguments[Self.audience]
        bootstrap.keyID = try arguments[Self.kid]
        bootstrap.sandbox = arguments[Self.sandbox]
        let passwordVariable = try arguments[Self.mdesSigningKeyPasswordEnv]
        switch (try arguments[Self.mdesConsumerKey], try arguments[Self.mdesSigningKey]) {
        case (let consumerKey?, let signingKey?):
            bootstrap.mdesCredentials = (
                consumerKey, URL(fileURLWithPath: signingKey).standardizedFileURL, passwordVariable
            )
        case (nil, nil) where passwordVariable == nil:
            break
        case (nil, nil):
            throw CommandLineError(
                .invalidValue, "--mdes-signing-key-password-env needs --mdes-signing-key",
                hint: "give the PKCS #12 file and the consumer key too")
        default:
            throw CommandLineError(
                .invalidValue, "--mdes-consumer-key and --mdes-signing-key go together",
                hint: "give both, or neither")
        }
        let tavPublicKey: SandboxIssuerBootstrap.TAVPublicKey
        do {
            tavPublicKey = try bootstrap.create(now: Date())
        } catch {
            throw CommandLineError(.commandFailed, "cannot create the issuer: \(error)", hint: "check the directory")
        }
        let summary = try IssuerDirectory.read(
            directory.appendingPathComponent(SandboxIssuerBootstrap.File.summary).path, what: "summary")
        if arguments[Self.json] {
            StandardStreams.output(summary.trimmingCharacters(in: .whitespacesAndNewlines))
            return
        }
        StandardStreams.output(
            """
            issuer \(bootstrap.issuer) created in \(directory.path)
              bank side (keep private):    issuer-code-key.pem, backoffice-api-key
              bank side (public):          payload-certificate.pem
              service side (keep private): payload-key.pem, *.secret, tav-key.pem
              register with Mastercard:    tav-public-key.pem (verifies the TAVs of your Mastercard cards)
              service configuration:       issuers.json  →  tpc serve --config \(configuration.path)
            TAV public key to register with Mastercard (tav-public-key.pem),
            SHA-256 of its DER SubjectPublicKeyInfo: \(tavPublicKey.sha256)
            \(tavPublicKey.pem.trimmingCharacters(in: .whitespacesAndNewlines))
            next: tpc issuer mint-code --issuer-dir \(directory.path) --scope provision --card-ref CARD-REF
            """)
    }
}
