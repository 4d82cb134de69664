import TPCCommandLine

/// The root of `tpc-demo`'s commands: the ones `tpc` hands over, declared in
/// TPCCommandLine and parsed against the same declarations, so help and usage
/// errors read as `tpc`'s.
enum DemoTool: CommandDeclaration {
    static let configuration = CommandConfiguration(
        name: DemoExecutable.toolName, abstract: DemoExecutable.toolAbstract,
        subcommands: [DemoCommand.self, DemoSandboxCommands.self])
}
