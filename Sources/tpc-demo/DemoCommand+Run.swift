import TPCCommandLine
import TPCDemo

/// `tpc demo` runs here: `tpc` execs this binary, which links the SDK and the
/// emulation, with the arguments it parsed against ``DemoCommand``.
extension DemoCommand: Command {
    /// Walks every step; 0 only when every step verified.
    package func run() async throws -> ExitCode {
        let options = DemoOptions(
            serviceURL: serviceURL, sandboxDirectory: sandboxDirectory,
            // The demo starts the `tpc` built or installed next to this binary.
            executable: SiblingExecutable.named("tpc"), workDirectory: workDirectory, keepFiles: keepsFiles,
            verbose: isVerbose)
        return await Self.passes(options) ? .success : .failure
    }

    @MainActor
    private static func passes(_ options: DemoOptions) async -> Bool {
        await DemoRunner(options: options).run().passed
    }
}
