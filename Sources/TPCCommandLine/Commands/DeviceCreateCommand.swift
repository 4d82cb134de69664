import Foundation

/// `tpc sandbox device create`: registers a simulated iPhone at a sandbox, or
/// a Watch paired with one. `tpc-demo` runs it.
package struct DeviceCreateCommand: CommandDeclaration {
    package static let name = Option<String>.required(
        "name", valueName: "name", help: "The device's name, as its passes report it.")
    package static let pairedWith = Option<String?>(
        "paired-with", valueName: "iphone",
        help: "Make a Watch paired with this iPhone (by name), replacing its Watch if it has one.")
    package static let url = Option<URL?>(
        "url", valueName: "url",
        help: "The sandbox service with its base path (what `tpc serve --sandbox` prints); for an iPhone "
            + "(a Watch joins its iPhone's).")

    package static let configuration = CommandConfiguration(
        name: "create", abstract: "Register a simulated iPhone, or a Watch paired with one, at a sandbox.",
        discussion: """
            Registers the device at the sandbox service at --url with a fresh P-256 key and keeps it in \
            <sandbox-dir>/devices/: an iPhone gets a wallet directory of its own; a Watch (--paired-with \
            IPHONE) joins that iPhone's. Prints the wallet directory to export as PP_SIMULATED_DEVICE_DIR, \
            where the SDK on Linux (PassKitEmulation) finds the devices and their passes, and the \
            TPCSDK.configure call and TPCSettings for the sandbox's issuer.
            """,
        options: [name, pairedWith, url])

    /// What to create.
    package enum Device: Sendable {
        /// An iPhone with a wallet of its own, registered at the sandbox service at `sandboxURL`.
        case iPhone(sandboxURL: URL)
        /// A Watch joining the wallet of the iPhone named `iPhoneName`; `sandboxURL`,
        /// when given, must be that iPhone's.
        case watch(pairedWith: String, sandboxURL: URL?)
    }

    /// The new device's name.
    package let deviceName: String
    /// An iPhone, or a Watch and its iPhone.
    package let device: Device
    /// The sandbox directory.
    package let sandboxDirectory: URL
    /// Whether to print JSON (`--json`).
    package let printsJSON: Bool
    /// The command path, for the usage errors only running can find.
    package let commandPath: [String]

    /// Reads the values; an iPhone needs `--url`.
    ///
    /// - Throws: ``CommandLineError``: a usage error.
    package init(_ arguments: ParsedArguments) throws(CommandLineError) {
        commandPath = arguments.commandPath
        deviceName = try arguments[Self.name]
        let url = try arguments[Self.url]
        if let iPhoneName = try arguments[Self.pairedWith] {
            device = .watch(pairedWith: iPhoneName, sandboxURL: url)
        } else if let url {
            device = .iPhone(sandboxURL: url)
        } else {
            throw CommandLineError(
                .missingRequired, "--url is required for an iPhone", commandPath: commandPath,
                suggestion: "the URL `tpc serve --sandbox` printed, with its base path")
        }
        sandboxDirectory = try SandboxDeviceCommands.sandboxDirectory(in: arguments)
        printsJSON = arguments[SandboxDeviceCommands.json]
    }
}
