import Foundation
import TPCDemo

/// `scripts/check-postgres-compat.sh`, the operator's check of a
/// PostgreSQL-compatible database (docs/operations.md), run against a URL
/// through TPCDemo's `ChildProcess`: bounded, holding no thread.
package enum CompatibilityCheck {
    /// What the script printed and how it ended.
    package struct Report: Sendable {
        /// The exit status; `nil` when a signal ended it.
        package let status: Int32?
        /// Its standard output and standard error.
        package let output: String
        /// The lines of checks that failed.
        package var failedChecks: [String] {
            output.split(separator: "\n").map(String.init).filter { $0.contains(" FAIL ") }
        }
    }

    package static func run(url: String, timeout: Duration = .seconds(180)) async throws -> Report {
        let script = InteropPython.packageRoot.appendingPathComponent("scripts/check-postgres-compat.sh").path
        do {
            let result = try await ChildProcess.run([script, url], timeout: timeout)
            return Report(status: result.exit.status, output: result.outputText + result.errorText)
        } catch let error as DemoError {
            throw TestSupportError(.launch, "check-postgres-compat.sh: \(error.message)")
        }
    }
}
