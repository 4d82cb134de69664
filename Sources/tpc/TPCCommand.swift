import TPCCommandLine

/// `tpc`: the root of the command tree. Every command's declaration is
/// reached from here; parsing, help and dispatch come from them.
enum TPCCommand: CommandDeclaration {
    static let configuration = CommandConfiguration(
        name: DemoExecutable.toolName, abstract: DemoExecutable.toolAbstract,
        subcommands: [
            ServeCommand.self, SandboxCommands.self, DemoCommand.self, IssuerCommands.self, TokensCommands.self,
            DoctorCommand.self,
        ])
}
