import Foundation
import TPCCommandLine
import TPCDemo

/// `tpc demo`: walks every flow through the real SDK and emulation against a
/// sandbox it starts (or the one at `--url`), and exits 0 only when every step
/// verified.
///
/// `tpc demo …` execs this binary with its own arguments (`demo …`), so the
/// help and usage errors read as `tpc demo`'s.
struct DemoCommand {
    /// The root the arguments are parsed against: `tpc` with `demo` only.
    static let root = CommandSpec(
        name: "tpc", abstract: "PushProvisioning: Apple Pay in-app provisioning service and sandbox.",
        subcommands: [spec])

    static let spec = CommandSpec(
        name: "demo", abstract: "Run every flow end to end on the sandbox and verify it.",
        discussion: """
            Starts `tpc serve --sandbox` on SQLite in a temporary directory (or uses the running service at \
            --url, whose sandbox directory --sandbox-dir names), creates a simulated iPhone with a paired Apple \
            Watch, and walks every flow through the real SDK (TPCSDK) and the PassKit emulation: in-app \
            provisioning to the iPhone and the Watch, in-app activation from Wallet's deep link, suspend, \
            resume and delete, a declined card, the Wallet-extension path (WalletExtensions' ready-made \
            handler in a simulated Wallet app), the issuer wallet's digital cards (DigitalCards: enrolment, \
            card art, ID&V, a contactless payment, a replenishment), and the back office. Each step prints \
            what it does and what it verified; a summary table ends the run. Exit status 0 only when every step verified (1 otherwise).
            """,
        options: [
            .option(
                "url", valueName: "url", help: "Use this running service (with its base path) instead of starting one."),
            .option("sandbox-dir", valueName: "dir", help: "The sandbox directory of the service at --url."),
            .option("work-dir", valueName: "dir", help: "Keep the demo's files here instead of a temporary directory."),
            .flag("keep", help: "Keep the temporary files (database, wallet) and print where they are."),
            .flag("verbose", short: "v", help: "Show every HTTP exchange, secrets redacted."),
        ])

    let options: DemoOptions

    init(_ parsed: ParsedArguments) throws(CommandLineError) {
        let path = parsed.commandPath
        let url = try parsed.value("url", as: URL.self)
        let sandboxDirectory = parsed.value("sandbox-dir").map { URL(fileURLWithPath: $0, isDirectory: true) }
        if url != nil, sandboxDirectory == nil {
            throw CommandLineError(
                .missingRequired, "--url needs --sandbox-dir", commandPath: path,
                suggestion: "pass the directory `tpc serve --sandbox` printed")
        }
        if url == nil, sandboxDirectory != nil {
            throw CommandLineError(.invalidValue, "--sandbox-dir goes with --url", commandPath: path)
        }
        options = DemoOptions(
            serviceURL: url, sandboxDirectory: sandboxDirectory, executable: Self.serverExecutable(),
            workDirectory: parsed.value("work-dir").map { URL(fileURLWithPath: $0, isDirectory: true) },
            keepFiles: parsed.flag("keep"), verbose: parsed.flag("verbose"))
    }

    @MainActor
    func run() async -> ExitCode {
        let report = await DemoRunner(options: options).run()
        return report.passed ? .success : .failure
    }

    /// Parses `arguments` (`demo …`) and runs the demo, or prints help or a
    /// usage error.
    @MainActor
    static func main(_ arguments: [String]) async -> ExitCode {
        do {
            switch try CommandLineParser(root: root).parse(arguments) {
            case .help(_, let text):
                FileHandle.standardOutput.write(Data((text + "\n").utf8))
                return .success
            case .command(let parsed):
                return try await DemoCommand(parsed).run()
            }
        } catch {
            FileHandle.standardError.write(Data("tpc: \(error.message)\n\(error.hint)\n".utf8))
            return error.exitCode
        }
    }

    /// The `tpc` built next to this binary, which the demo starts as
    /// `tpc serve --sandbox`; `nil` when there is none.
    static func serverExecutable() -> URL? {
        var directory = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        }
        #endif
        guard let server = directory?.appendingPathComponent("tpc"),
            FileManager.default.isExecutableFile(atPath: server.path)
        else { return nil }
        return server
    }
}
