import Foundation
import TPCCommandLine
import TPCDemo

/// `tpc demo`: walks every flow through the real SDK and emulation against a
/// sandbox it starts (or the one at `--url`), and exits 0 only when every step
/// verified.
///
/// `tpc demo …` execs this binary with its own arguments (`demo …`); the
/// options are ``DemoExecutable/demo``'s, which `tpc` parsed first.
struct DemoCommand {
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
