import Foundation
import TPCCommandLine

/// Finds the `tpc` executable the tests drive: `TPC_BINARY` (or the older
/// `TPC_EXECUTABLE`) when set, else the one `swift build --build-tests` put next
/// to the test runner, looked for as `tpc-demo` and `tpc-bench` look for it
/// (`SiblingExecutable`).
package enum TPCBinary {
    /// The executable, or ``TestSupportError/Code/binaryMissing`` naming every
    /// place that was searched.
    package static func locate() throws -> URL {
        let candidates = candidates()
        if let found = SiblingExecutable.first(among: candidates) {
            return found
        }
        throw TestSupportError(
            .binaryMissing,
            "the `tpc` executable was not found (looked in: \(candidates.map(\.path).joined(separator: ", "))); "
                + "build it first with `swift build --build-tests` (`make test` does) or set TPC_BINARY")
    }

    private static func candidates() -> [URL] {
        var candidates: [URL] = []
        let environment = ProcessInfo.processInfo.environment
        for variable in ["TPC_BINARY", "TPC_EXECUTABLE"] {
            if let configured = environment[variable], !configured.isEmpty {
                candidates.append(URL(fileURLWithPath: configured))
            }
        }
        // The test runner is .build/<triple>/debug/<Package>PackageTests.xctest
        // (an executable on Linux; on macOS a bundle whose executable sits in
        // Contents/MacOS): `tpc` is built next to it.
        if let runner = SiblingExecutable.directory {
            candidates.append(runner.appendingPathComponent("tpc"))
        }
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(directory.deletingLastPathComponent().appendingPathComponent("tpc"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(InteropPython.packageRoot.appendingPathComponent(".build/debug/tpc"))
        return candidates
    }
}
