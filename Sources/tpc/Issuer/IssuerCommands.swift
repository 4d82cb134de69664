import TPCCommandLine

/// `tpc issuer`: the bank's tools — keys and configuration, payloads,
/// authorization codes.
enum IssuerCommands: CommandDeclaration {
    static let configuration = CommandConfiguration(
        name: "issuer", abstract: "The bank's tools: keys and configuration, payloads, authorization codes.",
        subcommands: [IssuerInitCommand.self, EncryptPayloadCommand.self, MintCodeCommand.self])
}
