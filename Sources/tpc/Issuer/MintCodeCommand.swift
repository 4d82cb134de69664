import Foundation
import IssuerTools
import TPCCommandLine

/// `tpc issuer mint-code`: an authorization code (JWT) as the bank's backend
/// gives its app.
struct MintCodeCommand {
    static let spec = CommandSpec(
        name: "mint-code", abstract: "Mint an authorization code (a JWT signed with the issuer's code key).",
        discussion: """
            Claims: iss (--issuer), aud (--audience), iat, exp (iat + --lifetime, at most 300 s by default on \
            the service), a fresh jti (single use), scope (space-separated --scope values: provision, \
            tokens:read, token:activate, token:suspend, token:resume, token:delete) and the bindings cardRef, \
            panLastFour and tokenId. Signed ES256 with a P-256 key (RS256 with an RSA key), header kid = --kid. \
            Defaults come from --issuer-dir. See docs/issuer-backend.md for the same in any language.
            """,
        options: [
            .option("scope", valueName: "scope", help: "A scope to grant.", repeatable: true),
            .option("card-ref", valueName: "ref", help: "Bind the code to this card reference."),
            .option("pan-last-four", valueName: "digits", help: "Bind the code to these last four PAN digits."),
            .option("token-id", valueName: "id", help: "Bind the code to this token (lifecycle scopes)."),
            .option("lifetime", valueName: "seconds", help: "Seconds until exp.", defaultValue: "240"),
            .option("key", valueName: "file", help: "The issuer's code key (PEM, P-256 or RSA)."),
            .option("kid", valueName: "kid", help: "The key id in the issuer's JWK set."),
            .option("issuer", valueName: "id", help: "The issuer id (iss)."),
            .option("audience", valueName: "aud", help: "The service's audience (aud)."),
            IssuerDirectory.option,
            .flag("json", help: "Print {\"authorizationCode\", \"expiresAt\", \"scope\"}."),
        ])

    private struct Output: Encodable {
        var authorizationCode: String
        var expiresAt: Date
        var scope: String
    }

    static func run(_ parsed: ParsedArguments) async -> ExitCode {
        await ToolFailure.run(hint: "see `tpc issuer mint-code --help`") {
            let directory = try IssuerDirectory.load(parsed)
            func required(_ option: String, _ key: String) throws -> String {
                guard let value = parsed.value(option) ?? directory?.summary[key] else {
                    throw ToolFailure(.usage, "--\(option) is required", hint: "pass --\(option) or --issuer-dir DIR")
                }
                return value
            }
            let scopes = parsed.values("scope")
            guard !scopes.isEmpty else {
                throw ToolFailure(.usage, "--scope is required", hint: "for example --scope provision")
            }
            guard let lifetime = try parsed.value("lifetime", as: Int.self), lifetime > 0 else {
                throw ToolFailure(.usage, "--lifetime must be a positive number of seconds", hint: "for example 240")
            }
            if let digits = parsed.value("pan-last-four"),
                digits.count != 4 || !digits.allSatisfy(\.isASCII)
                    || !digits.allSatisfy(\.isNumber)
            {
                throw ToolFailure(.usage, "--pan-last-four takes exactly four digits", hint: "for example 0015")
            }
            guard let keyPath = parsed.value("key") ?? directory?.file("codeKeyFile") else {
                throw ToolFailure(.usage, "--key is required", hint: "pass --key FILE or --issuer-dir DIR")
            }
            let minter = try AuthorizationCodeMinter(
                issuer: try required("issuer", "issuerId"), audience: try required("audience", "audience"),
                keyID: try required("kid", "kid"), keyPEM: try IssuerDirectory.read(keyPath, what: "code key"))
            let now = Date()
            let grant = AuthorizationCodeMinter.Grant(
                scope: scopes, cardRef: parsed.value("card-ref"), panLastFour: parsed.value("pan-last-four"),
                tokenId: parsed.value("token-id"), lifetime: TimeInterval(lifetime))
            let code = try minter.mint(grant, now: now)
            if parsed.flag("json") {
                try JSONOutput.print(
                    Output(
                        authorizationCode: code, expiresAt: now.addingTimeInterval(TimeInterval(lifetime)),
                        scope: scopes.joined(separator: " ")))
            } else {
                StandardStreams.output(code)
            }
        }
    }
}
