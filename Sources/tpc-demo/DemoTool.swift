import Foundation
import TPCCommandLine

/// The commands of `tpc-demo`: the ones `tpc` hands over (``DemoExecutable``),
/// parsed against the same specs, so help and usage errors read as `tpc`'s.
enum DemoTool {
    static let sandbox = CommandSpec(
        name: "sandbox", abstract: "Sandbox test tooling.", subcommands: [DemoExecutable.device])

    /// The root the arguments are parsed against: `tpc` with these commands only.
    static let root = CommandSpec(
        name: "tpc", abstract: "PushProvisioning: Apple Pay in-app provisioning service and sandbox.",
        subcommands: [DemoExecutable.demo, sandbox])

    /// Parses `arguments` (`demo …` or `sandbox device …`) and runs the
    /// command, or prints help or a usage error.
    @MainActor
    static func main(_ arguments: [String]) async -> ExitCode {
        do {
            switch try CommandLineParser(root: root).parse(arguments) {
            case .help(_, let text):
                FileHandle.standardOutput.write(Data((text + "\n").utf8))
                return .success
            case .command(let parsed) where parsed.subcommandPath.first == DemoExecutable.demo.name:
                return try await DemoCommand(parsed).run()
            case .command(let parsed):
                return await DeviceCommand(parsed).run()
            }
        } catch {
            FileHandle.standardError.write(Data("tpc: \(error.message)\n\(error.hint)\n".utf8))
            return error.exitCode
        }
    }
}
