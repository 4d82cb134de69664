import Foundation
import TPCDemo
import TestSupport

/// Runs the `tpc` binary that `swift build --build-tests` made (or
/// `TPC_BINARY`) to its end, collecting its output and exit status, through
/// TPCDemo's `ChildProcess` (bounded, holding no thread while it waits).
struct ToolProcess {
    struct Result {
        var status: Int32
        var output: String
        var error: String
        /// The child's process id.
        var pid: Int32
    }

    static func binary() throws -> URL {
        try TPCBinary.locate()
    }

    /// Runs `tpc arguments…` (or another `executable`) with `input` on standard input.
    ///
    /// - Throws: ``TestSupportError`` when it cannot start or runs longer than
    ///   `timeout` (the demo walks every flow: minutes on a loaded machine).
    static func run(
        _ arguments: [String], input: String = "", in directory: URL? = nil, executable: URL? = nil,
        timeout: Duration = .seconds(600)
    ) async throws -> Result {
        let program = try executable ?? binary()
        do {
            let result = try await ChildProcess.run(
                [program.path] + arguments, input: Array(input.utf8), directory: directory?.path, timeout: timeout)
            return Result(
                status: result.exit.shellStatus, output: result.outputText, error: result.errorText, pid: result.pid)
        } catch let error as DemoError {
            throw TestSupportError(.launch, error.message)
        }
    }
}
