import Foundation

/// `tpc sandbox device list`: the simulated devices of a sandbox directory.
/// `tpc-demo` runs it.
package struct DeviceListCommand: CommandDeclaration {
    package static let configuration = CommandConfiguration(
        name: "list", abstract: "List the simulated devices of a sandbox directory.")

    /// The sandbox directory.
    package let sandboxDirectory: URL
    /// Whether to print JSON (`--json`).
    package let printsJSON: Bool

    /// Reads the group's values.
    ///
    /// - Throws: ``CommandLineError``: a usage error.
    package init(_ arguments: ParsedArguments) throws(CommandLineError) {
        sandboxDirectory = try SandboxDeviceCommands.sandboxDirectory(in: arguments)
        printsJSON = arguments[SandboxDeviceCommands.json]
    }
}
