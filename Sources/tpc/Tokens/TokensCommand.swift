import Foundation
import ProvisioningHTTP
import IssuerTools
import ProvisioningAPI
import ProvisioningCrypto
import TPCCommandLine

/// `tpc tokens list|suspend|resume|delete`: the back-office client.
struct TokensCommand {
    static let connectionOptions: [OptionSpec] = [
        .option("url", valueName: "url", help: "The service URL with its base path (http://127.0.0.1:8080/mg/tpc)."),
        .option("issuer", valueName: "id", help: "The issuer id."),
        .option(
            "api-key-file", valueName: "file",
            help: "File holding the back-office API key (or set TPC_API_KEY)."),
        .option(
            "cacert", valueName: "file",
            help: "PEM certificates to trust for an https --url (a private CA, or the certificate of a self-signed "
                + "`tpc serve --tls-cert`) instead of the system's roots."),
        IssuerDirectory.option,
        .flag("json", help: "Print JSON for scripts."),
    ]

    static let list = CommandSpec(
        name: "list", abstract: "List tokens, newest first.",
        options: [
            .option(
                "state", valueName: "state", help: "Only tokens in this state.",
                allowedValues: TokenStatus.allCases.map(\.rawValue)),
            .option("card-ref", valueName: "ref", help: "Only tokens of this card."),
            .option("limit", valueName: "n", help: "At most this many tokens.", defaultValue: "100"),
        ])

    static func change(_ action: TokenLifecycleAction) -> CommandSpec {
        CommandSpec(
            name: action.rawValue.lowercased(), abstract: "\(action.rawValue.capitalized) a token as an operator.",
            options: [.option("reason", valueName: "text", help: "Why, for the audit log (no card data).")],
            arguments: [.required("token-id", help: "The token id (Apple's deviceAccountIdentifier).")])
    }

    static let spec = CommandSpec(
        name: "tokens", abstract: "Back office: list tokens and change their state.",
        discussion: """
            Talks to the service's back office with the issuer's API key (Authorization: Bearer). With \
            --issuer-dir the issuer id and key file come from the directory of `tpc issuer init` or \
            `tpc serve --sandbox`. Exit status: 0 done, 1 refused by the service (409 for an illegal move), \
            64 usage, 69 service unreachable or its certificate not trusted (see --cacert), 78 missing or wrong \
            API key.
            """,
        options: connectionOptions,
        subcommands: [list, change(.suspend), change(.resume), change(.delete)])

    static func run(_ parsed: ParsedArguments) async -> ExitCode {
        let name = parsed.subcommandPath.dropFirst().first ?? "list"
        return await ToolFailure.run(hint: "see `tpc tokens \(name) --help`") {
            let client = try makeClient(parsed)
            if name == "list" {
                try await runList(parsed, client: client)
            } else if let action = TokenLifecycleAction(rawValue: name.uppercased()) {
                guard let tokenId = parsed.argument("token-id") else { return }
                let result = try await client.change(tokenId: tokenId, action: action, reason: parsed.value("reason"))
                if parsed.flag("json") {
                    try JSONOutput.print(result)
                } else {
                    StandardStreams.output("token \(result.tokenId) is now \(result.state.rawValue)")
                }
            }
        }
    }

    private static func makeClient(_ parsed: ParsedArguments) throws -> BackOfficeClient {
        let directory = try IssuerDirectory.load(parsed)
        guard let urlText = parsed.value("url") else {
            throw ToolFailure(.usage, "--url is required", hint: "the URL `tpc serve` printed, with its base path")
        }
        guard let url = URL(string: urlText), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw ToolFailure(.usage, "--url must be an absolute http(s) URL", hint: "http://127.0.0.1:8080/mg/tpc")
        }
        guard let issuer = parsed.value("issuer") ?? directory?.summary["issuerId"] else {
            throw ToolFailure(.usage, "--issuer is required", hint: "pass --issuer ID or --issuer-dir DIR")
        }
        let key: String
        if let path = parsed.value("api-key-file") ?? directory?.file("backOfficeAPIKeyFile") {
            key = try IssuerDirectory.read(path, what: "API key").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !key.isEmpty else {
                throw ToolFailure(
                    .config, "the API key file \(path) is empty", hint: "use the file `tpc issuer init` wrote")
            }
        } else if let environment = ProcessInfo.processInfo.environment["TPC_API_KEY"], !environment.isEmpty {
            key = environment
        } else {
            throw ToolFailure(.config, "no back-office API key", hint: "pass --api-key-file FILE or set TPC_API_KEY")
        }
        return BackOfficeClient(baseURL: url, issuerId: issuer, apiKey: key, trust: try trust(parsed))
    }

    /// The certificates of `--cacert`, each parsed so that a wrong file fails
    /// here rather than as an unreachable service; the system's roots without it.
    private static func trust(_ parsed: ParsedArguments) throws -> HTTPClient.Trust {
        guard let path = parsed.value("cacert") else { return .systemRoots }
        let pem = try IssuerDirectory.read(path, what: "CA certificate")
        guard (try? Certificate.parseChain(pem: pem))?.isEmpty == false else {
            throw ToolFailure(
                .config, "\(path) holds no PEM certificate", hint: "pass the certificate file given to --tls-cert")
        }
        return .anchors(pem: pem)
    }

    private static func runList(_ parsed: ParsedArguments, client: BackOfficeClient) async throws {
        guard let limit = try parsed.value("limit", as: Int.self), limit > 0 else {
            throw ToolFailure(.usage, "--limit must be a positive number", hint: "for example --limit 20")
        }
        let query = TokenSearchQuery(
            state: parsed.value("state").flatMap(TokenStatus.init(rawValue:)), cardRef: parsed.value("card-ref"))
        let tokens = try await client.tokens(query, maximum: limit)
        if parsed.flag("json") {
            try JSONOutput.print(["tokens": tokens])
            return
        }
        guard !tokens.isEmpty else {
            StandardStreams.output("no tokens")
            return
        }
        var rows = [["TOKEN", "STATE", "CARD", "PAN", "TOKEN#", "SCHEME", "DEVICE"]]
        for token in tokens {
            rows.append([
                token.tokenId, token.state.rawValue, token.cardRef ?? "-", "••••" + token.panSuffix,
                "••••" + token.tokenSuffix, token.scheme.rawValue,
                "\(token.device.name) (\(token.device.type.rawValue))",
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            StandardStreams.output(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
    }
}
