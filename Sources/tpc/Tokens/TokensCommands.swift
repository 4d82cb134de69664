import Foundation
import IssuerTools
import ProvisioningCrypto
import ProvisioningHTTP
import TPCCommandLine

/// `tpc tokens list|suspend|resume|delete`: the back-office client. The group
/// declares the connection options its subcommands share.
enum TokensCommands: CommandDeclaration {
    static let url = Option<String?>(
        "url", valueName: "url", help: "The service URL with its base path (http://127.0.0.1:8080/mg/tpc).")
    static let issuer = Option<String?>("issuer", valueName: "id", help: "The issuer id.")
    static let apiKeyFile = Option<String?>(
        "api-key-file", valueName: "file", help: "File holding the back-office API key (or set TPC_API_KEY).")
    static let cacert = Option<String?>(
        "cacert", valueName: "file",
        help: "PEM certificates to trust for an https --url (a private CA, or the certificate of a self-signed "
            + "`tpc serve --tls-cert`) instead of the system's roots.")
    static let json = Flag("json", help: "Print JSON for scripts.")

    static let configuration = CommandConfiguration(
        name: "tokens", abstract: "Back office: list tokens and change their state.",
        discussion: """
            Talks to the service's back office with the issuer's API key (Authorization: Bearer). With \
            --issuer-dir the issuer id and key file come from the directory of `tpc issuer init` or \
            `tpc serve --sandbox`. Exit status: 0 done, 1 refused by the service (409 for an illegal move), \
            64 usage, 69 service unreachable or its certificate not trusted (see --cacert), 78 missing or wrong \
            API key.
            """,
        options: [url, issuer, apiKeyFile, cacert, IssuerDirectory.option, json],
        subcommands: [
            TokensListCommand.self, TokenSuspendCommand.self, TokenResumeCommand.self, TokenDeleteCommand.self,
        ])

    /// The back-office client the connection options describe.
    ///
    /// - Throws: ``CommandLineError`` naming the missing or wrong option.
    static func client(_ arguments: ParsedArguments) throws -> BackOfficeClient {
        let directory = try IssuerDirectory.load(arguments)
        guard let urlText = try arguments[Self.url] else {
            throw CommandLineError(
                .missingRequired, "--url is required", hint: "the URL `tpc serve` printed, with its base path")
        }
        guard let url = URL(string: urlText), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw CommandLineError(
                .invalidValue, "--url must be an absolute http(s) URL", hint: "http://127.0.0.1:8080/mg/tpc")
        }
        guard let issuer = try arguments[Self.issuer] ?? directory?.summary["issuerId"] else {
            throw CommandLineError(
                .missingRequired, "--issuer is required", hint: "pass --issuer ID or --issuer-dir DIR")
        }
        let key: String
        if let path = try arguments[Self.apiKeyFile] ?? directory?.file("backOfficeAPIKeyFile") {
            key = try IssuerDirectory.read(path, what: "API key").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !key.isEmpty else {
                throw CommandLineError(
                    .configuration, "the API key file \(path) is empty", hint: "use the file `tpc issuer init` wrote")
            }
        } else if let environment = arguments.environment["TPC_API_KEY"], !environment.isEmpty {
            key = environment
        } else {
            throw CommandLineError(
                .configuration, "no back-office API key", hint: "pass --api-key-file FILE or set TPC_API_KEY")
        }
        return BackOfficeClient(baseURL: url, issuerId: issuer, apiKey: key, trust: try trust(arguments))
    }

    /// The certificates of `--cacert`, each parsed so that a wrong file fails
    /// here rather than as an unreachable service; the system's roots without it.
    private static func trust(_ arguments: ParsedArguments) throws -> HTTPClient.Trust {
        guard let path = try arguments[Self.cacert] else { return .systemRoots }
        let pem = try IssuerDirectory.read(path, what: "CA certificate")
        guard (try? Certificate.parseChain(pem: pem))?.isEmpty == false else {
            throw CommandLineError(
                .configuration, "\(path) holds no PEM certificate",
                hint: "pass the certificate file given to --tls-cert")
        }
        return .anchors(pem: pem)
    }
}
