import Foundation

/// `tpc demo`: walks every flow through the real SDK and emulation against a
/// sandbox it starts (or the one at `--url`), and exits 0 only when every step
/// verified.
///
/// Declared here so that `tpc` parses it and answers its help; `tpc-demo`,
/// which `tpc` execs with the same arguments, makes it a ``Command`` and runs
/// it.
package struct DemoCommand: CommandDeclaration {
    package static let url = Option<URL?>(
        "url", valueName: "url", help: "Use this running service (with its base path) instead of starting one.")
    package static let sandboxDir = Option<String?>(
        "sandbox-dir", valueName: "dir", help: "The sandbox directory of the service at --url.")
    package static let workDir = Option<String?>(
        "work-dir", valueName: "dir", help: "Keep the demo's files here instead of a temporary directory.")
    package static let keep = Flag(
        "keep", help: "Keep the temporary files (database, wallet) and print where they are.")
    package static let verbose = Flag("verbose", short: "v", help: "Show every HTTP exchange, secrets redacted.")

    package static let configuration = CommandConfiguration(
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
        options: [url, sandboxDir, workDir, keep, verbose])

    /// The running service to use (`--url`), or `nil` to start one.
    package let serviceURL: URL?
    /// That service's sandbox directory (`--sandbox-dir`, given with `--url`).
    package let sandboxDirectory: URL?
    /// Where to keep the demo's files (`--work-dir`), or `nil` for a temporary directory.
    package let workDirectory: URL?
    /// Whether to keep the temporary files (`--keep`).
    package let keepsFiles: Bool
    /// Whether to show every HTTP exchange (`--verbose`).
    package let isVerbose: Bool

    /// Reads the values; `--url` and `--sandbox-dir` go together.
    ///
    /// - Throws: ``CommandLineError``: a usage error.
    package init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let path = arguments.commandPath
        serviceURL = try arguments[Self.url]
        sandboxDirectory = try arguments[Self.sandboxDir].map { URL(fileURLWithPath: $0, isDirectory: true) }
        if serviceURL != nil, sandboxDirectory == nil {
            throw CommandLineError(
                .missingRequired, "--url needs --sandbox-dir", commandPath: path,
                suggestion: "pass the directory `tpc serve --sandbox` printed")
        }
        if serviceURL == nil, sandboxDirectory != nil {
            throw CommandLineError(.invalidValue, "--sandbox-dir goes with --url", commandPath: path)
        }
        workDirectory = try arguments[Self.workDir].map { URL(fileURLWithPath: $0, isDirectory: true) }
        keepsFiles = arguments[Self.keep]
        isVerbose = arguments[Self.verbose]
    }
}
