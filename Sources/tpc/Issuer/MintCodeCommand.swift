import Foundation
import IssuerTools
import TPCCommandLine

/// `tpc issuer mint-code`: an authorization code (JWT) as the bank's backend
/// gives its app.
struct MintCodeCommand: IssuerToolCommand {
    static let scope = Option<[String]>.repeating("scope", valueName: "scope", help: "A scope to grant.")
    static let cardRef = Option<String?>("card-ref", valueName: "ref", help: "Bind the code to this card reference.")
    static let panLastFour = Option<String?>(
        "pan-last-four", valueName: "digits", help: "Bind the code to these last four PAN digits.")
    static let tokenId = Option<String?>(
        "token-id", valueName: "id", help: "Bind the code to this token (lifecycle scopes).")
    static let lifetime = Option<Int>("lifetime", valueName: "seconds", help: "Seconds until exp.", default: 240)
    static let key = Option<String?>("key", valueName: "file", help: "The issuer's code key (PEM, P-256 or RSA).")
    static let kid = Option<String?>("kid", valueName: "kid", help: "The key id in the issuer's JWK set.")
    static let issuer = Option<String?>("issuer", valueName: "id", help: "The issuer id (iss).")
    static let audience = Option<String?>("audience", valueName: "aud", help: "The service's audience (aud).")
    static let json = Flag("json", help: "Print {\"authorizationCode\", \"expiresAt\", \"scope\"}.")

    static let configuration = CommandConfiguration(
        name: "mint-code", abstract: "Mint an authorization code (a JWT signed with the issuer's code key).",
        discussion: """
            Claims: iss (--issuer), aud (--audience), iat, exp (iat + --lifetime, at most 300 s by default on \
            the service), a fresh jti (single use), scope (space-separated --scope values: provision, \
            tokens:read, token:activate, token:suspend, token:resume, token:delete) and the bindings cardRef, \
            panLastFour and tokenId. Signed ES256 with a P-256 key (RS256 with an RSA key), header kid = --kid. \
            Defaults come from --issuer-dir. See docs/issuer-backend.md for the same in any language.
            """,
        options: [
            scope, cardRef, panLastFour, tokenId, lifetime, key, kid, issuer, audience, IssuerDirectory.option, json,
        ])

    private struct Output: Encodable {
        var authorizationCode: String
        var expiresAt: Date
        var scope: String
    }

    let arguments: ParsedArguments

    func perform() async throws {
        let directory = try IssuerDirectory.load(arguments)
        func required(_ option: Option<String?>, _ key: String) throws -> String {
            guard let value = try arguments[option] ?? directory?.summary[key] else {
                let name = option.spec.name
                throw CommandLineError(
                    .missingRequired, "--\(name) is required", hint: "pass --\(name) or --issuer-dir DIR")
            }
            return value
        }
        let scopes = try arguments[Self.scope]
        guard !scopes.isEmpty else {
            throw CommandLineError(.missingRequired, "--scope is required", hint: "for example --scope provision")
        }
        let lifetime = try arguments[Self.lifetime]
        guard lifetime > 0 else {
            throw CommandLineError(
                .invalidValue, "--lifetime must be a positive number of seconds", hint: "for example 240")
        }
        let panLastFour = try arguments[Self.panLastFour]
        if let digits = panLastFour,
            digits.count != 4 || !digits.allSatisfy(\.isASCII) || !digits.allSatisfy(\.isNumber)
        {
            throw CommandLineError(
                .invalidValue, "--pan-last-four takes exactly four digits", hint: "for example 0015")
        }
        guard let keyPath = try arguments[Self.key] ?? directory?.file("codeKeyFile") else {
            throw CommandLineError(.missingRequired, "--key is required", hint: "pass --key FILE or --issuer-dir DIR")
        }
        let minter = try AuthorizationCodeMinter(
            issuer: try required(Self.issuer, "issuerId"), audience: try required(Self.audience, "audience"),
            keyID: try required(Self.kid, "kid"), keyPEM: try IssuerDirectory.read(keyPath, what: "code key"))
        let now = Date()
        let grant = AuthorizationCodeMinter.Grant(
            scope: scopes, cardRef: try arguments[Self.cardRef], panLastFour: panLastFour,
            tokenId: try arguments[Self.tokenId], lifetime: TimeInterval(lifetime))
        let code = try minter.mint(grant, now: now)
        if arguments[Self.json] {
            try JSONOutput.print(
                Output(
                    authorizationCode: code, expiresAt: now.addingTimeInterval(TimeInterval(lifetime)),
                    scope: scopes.joined(separator: " ")))
        } else {
            StandardStreams.output(code)
        }
    }
}
