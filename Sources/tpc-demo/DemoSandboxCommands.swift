import TPCCommandLine

/// `tpc sandbox` as `tpc-demo` runs it: the simulated devices only (`tpc`
/// keeps `export-leaf-key`).
enum DemoSandboxCommands: CommandDeclaration {
    static let configuration = CommandConfiguration(
        name: "sandbox", abstract: DemoExecutable.sandboxAbstract, subcommands: [SandboxDeviceCommands.self])
}
