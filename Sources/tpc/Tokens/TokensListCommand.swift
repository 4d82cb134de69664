import IssuerTools
import ProvisioningAPI
import TPCCommandLine

/// `tpc tokens list`: the issuer's tokens, newest first, as a table or JSON.
struct TokensListCommand: IssuerToolCommand {
    static let state = Option<TokenStatus?>("state", valueName: "state", help: "Only tokens in this state.")
    static let cardRef = Option<String?>("card-ref", valueName: "ref", help: "Only tokens of this card.")
    static let limit = Option<Int>("limit", valueName: "n", help: "At most this many tokens.", default: 100)

    static let configuration = CommandConfiguration(
        name: "list", abstract: "List tokens, newest first.", options: [state, cardRef, limit])

    let arguments: ParsedArguments

    func perform() async throws {
        let client = try TokensCommands.client(arguments)
        let limit = try arguments[Self.limit]
        guard limit > 0 else {
            throw CommandLineError(.invalidValue, "--limit must be a positive number", hint: "for example --limit 20")
        }
        let query = TokenSearchQuery(state: try arguments[Self.state], cardRef: try arguments[Self.cardRef])
        let tokens = try await client.tokens(query, maximum: limit)
        if arguments[TokensCommands.json] {
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
