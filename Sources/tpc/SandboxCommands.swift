import TPCCommandLine

/// `tpc sandbox`: sandbox test tooling — the leaf key, and the simulated
/// devices that `tpc-demo` runs.
enum SandboxCommands: CommandDeclaration {
    static let configuration = CommandConfiguration(
        name: "sandbox", abstract: DemoExecutable.sandboxAbstract,
        subcommands: [ExportLeafKeyCommand.self, SandboxDeviceCommands.self])
}
