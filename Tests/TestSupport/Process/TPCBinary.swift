import Foundation

/// Finds the `tpc` executable the tests drive: `TPC_BINARY` (or the older
/// `TPC_EXECUTABLE`) when set, else the one `swift build --build-tests` put next
/// to the test runner (or the benchmark executable).
package enum TPCBinary {
    /// The executable, or ``TestSupportError/Code/binaryMissing`` naming every
    /// place that was searched.
    package static func locate() throws -> URL {
        let candidates = candidates()
        for candidate in candidates where isExecutableFile(candidate) {
            return candidate
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
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("tpc"))
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(directory.deletingLastPathComponent().appendingPathComponent("tpc"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(InteropPython.packageRoot.appendingPathComponent(".build/debug/tpc"))
        return candidates
    }

    private static func isExecutableFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.isExecutableFile(atPath: url.path)
            && FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
