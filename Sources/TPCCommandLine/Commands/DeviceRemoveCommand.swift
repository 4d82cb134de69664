import Foundation

/// `tpc sandbox device remove`: removes a simulated iPhone with its wallet, or
/// unpairs a Watch. `tpc-demo` runs it.
package struct DeviceRemoveCommand: CommandDeclaration {
    package static let name = Argument<String>.required("name", help: "The device's name.")

    package static let configuration = CommandConfiguration(
        name: "remove", abstract: "Remove a simulated device (an iPhone with its wallet, or unpair a Watch).",
        arguments: [name])

    /// The device to remove.
    package let deviceName: String
    /// The sandbox directory.
    package let sandboxDirectory: URL
    /// Whether to print JSON (`--json`).
    package let printsJSON: Bool

    /// Reads the values.
    ///
    /// - Throws: ``CommandLineError``: a usage error.
    package init(_ arguments: ParsedArguments) throws(CommandLineError) {
        deviceName = try arguments[Self.name]
        sandboxDirectory = try SandboxDeviceCommands.sandboxDirectory(in: arguments)
        printsJSON = arguments[SandboxDeviceCommands.json]
    }
}
