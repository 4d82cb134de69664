/// The commands `tpc` hands to the `tpc-demo` executable beside it, and their
/// specs.
///
/// `tpc-demo` links the client SDK, the PassKit emulation and
/// FoundationNetworking, which `tpc` must not; `tpc` execs it for these
/// commands (same arguments, same process). Their specs live here, in the
/// parser both executables link, so that `tpc` answers `--help` and usage
/// errors for them itself, with or without `tpc-demo` installed.
///
/// ```swift
/// let root = CommandSpec(name: "tpc", abstract: "…", subcommands: [DemoExecutable.demo])
/// if case .command(let parsed) = try CommandLineParser(root: root).parse(["demo", "--keep"]),
///     DemoExecutable.runs(parsed.subcommandPath)
/// {
///     // exec tpc-demo with the same arguments
/// }
/// ```
package enum DemoExecutable {
    /// The executable's file name, looked for next to `tpc`.
    package static let name = "tpc-demo"

    /// `tpc demo`.
    package static let demo = CommandSpec(
        name: "demo", abstract: "Run every flow end to end on the sandbox and verify it.",
        discussion: """
            Starts `tpc serve --sandbox` on SQLite in a temporary directory (or uses the running service at \
            --url, whose sandbox directory --sandbox-dir names), creates a simulated iPhone with a paired Apple \
            Watch, and walks every flow through the real SDK (TPCSDK) and the PassKit emulation: in-app \
            provisioning to the iPhone and the Watch, in-app activation from Wallet's deep link, suspend, \
            resume and delete, a declined card, the Wallet-extension path (WalletExtensions' ready-made \
            handler in a simulated Wallet app), the issuer wallet's digital cards (DigitalCards: enrolment, \
            card art, ID&V, a contactless payment, a replenishment), and the back office. Each step prints \
            what it does and what it verified; a summary table ends the run. Exit status 0 only when every step \
            verified (1 otherwise). Runs the `tpc-demo` executable installed next to `tpc`.
            """,
        options: [
            .option(
                "url", valueName: "url", help: "Use this running service (with its base path) instead of starting one."),
            .option("sandbox-dir", valueName: "dir", help: "The sandbox directory of the service at --url."),
            .option("work-dir", valueName: "dir", help: "Keep the demo's files here instead of a temporary directory."),
            .flag("keep", help: "Keep the temporary files (database, wallet) and print where they are."),
            .flag("verbose", short: "v", help: "Show every HTTP exchange, secrets redacted."),
        ])

    /// `tpc sandbox device create`.
    package static let deviceCreate = CommandSpec(
        name: "create", abstract: "Register a simulated iPhone, or a Watch paired with one, at a sandbox.",
        discussion: """
            Registers the device at the sandbox service at --url with a fresh P-256 key and keeps it in \
            <sandbox-dir>/devices/: an iPhone gets a wallet directory of its own; a Watch (--paired-with \
            IPHONE) joins that iPhone's. Prints the wallet directory to export as PP_SIMULATED_DEVICE_DIR, \
            where the SDK on Linux (PassKitEmulation) finds the devices and their passes, and the \
            TPCSDK.configure call and TPCSettings for the sandbox's issuer.
            """,
        options: [
            .option("name", valueName: "name", help: "The device's name, as its passes report it.", required: true),
            .option(
                "paired-with", valueName: "iphone",
                help: "Make a Watch paired with this iPhone (by name), replacing its Watch if it has one."),
            .option(
                "url", valueName: "url",
                help: "The sandbox service with its base path (what `tpc serve --sandbox` prints); for an iPhone "
                    + "(a Watch joins its iPhone's)."),
        ])

    /// `tpc sandbox device list`.
    package static let deviceList = CommandSpec(
        name: "list", abstract: "List the simulated devices of a sandbox directory.")

    /// `tpc sandbox device remove`.
    package static let deviceRemove = CommandSpec(
        name: "remove", abstract: "Remove a simulated device (an iPhone with its wallet, or unpair a Watch).",
        arguments: [.required("name", help: "The device's name.")])

    /// `tpc sandbox device`: the simulated devices an SDK user's own code drives.
    package static let device = CommandSpec(
        name: "device", abstract: "Simulated iPhones and Watches for the SDK on Linux.",
        options: [
            .option(
                "sandbox-dir", valueName: "dir",
                help: "The sandbox directory; devices live in its devices/ (default ./.tpc-sandbox)."),
            .flag("json", help: "Print JSON for scripts."),
        ],
        subcommands: [deviceCreate, deviceList, deviceRemove])

    /// Whether `tpc` runs the command at `subcommandPath` (as in
    /// ``ParsedArguments/subcommandPath``) through `tpc-demo`.
    package static func runs(_ subcommandPath: [String]) -> Bool {
        subcommandPath == [demo.name] || subcommandPath.starts(with: ["sandbox", device.name])
    }
}
