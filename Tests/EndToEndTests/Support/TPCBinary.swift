import Foundation

/// Finds the `tpc` executable the tests drive: the one built next to the
/// test bundle (`swift build --build-tests`, which `make test` runs, builds
/// it too), or `TPC_BINARY` when set.
enum TPCBinary {
    struct Missing: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "the `tpc` executable was not found (looked in: \(searched.joined(separator: ", "))); "
                + "build it first with `swift build --build-tests` (`make test` does) or set TPC_BINARY"
        }
    }

    static func locate() throws -> URL {
        var candidates: [URL] = []
        if let configured = ProcessInfo.processInfo.environment["TPC_BINARY"], !configured.isEmpty {
            candidates.append(URL(fileURLWithPath: configured))
        }
        // The test runner is .build/<triple>/debug/<Package>PackageTests.xctest
        // (an executable on Linux; on macOS a bundle whose executable sits in
        // Contents/MacOS): `tpc` is built next to it.
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").standardizedFileURL
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("tpc"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("tpc"))
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/tpc"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                return candidate
            }
        }
        throw Missing(searched: candidates.map(\.path))
    }
}
