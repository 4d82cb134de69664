import Foundation

/// `tpc sandbox device`: the simulated iPhones and Watches an SDK user's own
/// code drives on Linux, kept in the sandbox directory.
///
/// Declared here so that `tpc` parses them and answers their help; `tpc-demo`,
/// which links the emulation, runs them.
package enum SandboxDeviceCommands: CommandDeclaration {
    package static let sandboxDir = Option<String?>(
        "sandbox-dir", valueName: "dir",
        help: "The sandbox directory; devices live in its devices/ (default ./\(SandboxDirectory.defaultPath)).")
    package static let json = Flag("json", help: "Print JSON for scripts.")

    package static let configuration = CommandConfiguration(
        name: "device", abstract: "Simulated iPhones and Watches for the SDK on Linux.", options: [sandboxDir, json],
        subcommands: [DeviceCreateCommand.self, DeviceListCommand.self, DeviceRemoveCommand.self])

    /// The sandbox directory `arguments` name (`--sandbox-dir`, or the default).
    ///
    /// - Throws: never in practice (the option is text); typed for the lookup.
    package static func sandboxDirectory(in arguments: ParsedArguments) throws(CommandLineError) -> URL {
        SandboxDirectory.url(try arguments[sandboxDir])
    }
}
