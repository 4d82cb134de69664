import ProvisioningAPI
import TPCCommandLine

/// `tpc tokens suspend|resume|delete <token-id>`: an operator's change of a
/// token's state, one command per ``TokenLifecycleAction`` that shares this
/// declaration and code.
protocol TokenChangeCommand: IssuerToolCommand {
    /// What the command asks the service for.
    static var action: TokenLifecycleAction { get }
}

extension TokenChangeCommand {
    static var reason: Option<String?> {
        Option("reason", valueName: "text", help: "Why, for the audit log (no card data).")
    }
    static var tokenId: Argument<String> {
        .required("token-id", help: "The token id (Apple's deviceAccountIdentifier).")
    }

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: action.rawValue.lowercased(), abstract: "\(action.rawValue.capitalized) a token as an operator.",
            options: [reason], arguments: [tokenId])
    }

    func perform() async throws {
        let client = try TokensCommands.client(arguments)
        let result = try await client.change(
            tokenId: try arguments[Self.tokenId], action: Self.action, reason: try arguments[Self.reason])
        if arguments[TokensCommands.json] {
            try JSONOutput.print(result)
        } else {
            StandardStreams.output("token \(result.tokenId) is now \(result.state.rawValue)")
        }
    }
}

/// `tpc tokens suspend <token-id>`.
struct TokenSuspendCommand: TokenChangeCommand {
    static let action = TokenLifecycleAction.suspend
    let arguments: ParsedArguments
}

/// `tpc tokens resume <token-id>`.
struct TokenResumeCommand: TokenChangeCommand {
    static let action = TokenLifecycleAction.resume
    let arguments: ParsedArguments
}

/// `tpc tokens delete <token-id>`.
struct TokenDeleteCommand: TokenChangeCommand {
    static let action = TokenLifecycleAction.delete
    let arguments: ParsedArguments
}
