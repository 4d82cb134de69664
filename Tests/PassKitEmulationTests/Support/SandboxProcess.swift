import Foundation
import Synchronization

/// A `tpc serve --sandbox` process on a free port in a temporary directory,
/// shared by the tests of this target.
///
/// The server runs under a small shell guard that kills it when its standard
/// input closes, so it never outlives the test process, even when that
/// process is killed.
final class SandboxProcess: Sendable {
    struct LaunchError: Error, CustomStringConvertible {
        let description: String
    }

    /// The service URL with its base path, e.g. `http://127.0.0.1:40123/mg/tpc`.
    let baseURL: URL
    /// The sandbox directory (`sandbox.json`, issuer keys, database).
    let directory: URL
    private let guardInput: FileHandle

    private init(baseURL: URL, directory: URL, guardInput: FileHandle) {
        self.baseURL = baseURL
        self.directory = directory
        self.guardInput = guardInput
    }

    /// The one sandbox of this test run, started on first use.
    static let shared = Mutex<Task<SandboxProcess, any Error>?>(nil)

    static func running() async throws -> SandboxProcess {
        let task = shared.withLock { task in
            if let task { return task }
            let started = Task { try await SandboxProcess.start() }
            task = started
            return started
        }
        return try await task.value
    }

    /// The `tpc` executable next to the test bundle (`.build/<config>/tpc`).
    static func executable() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["TPC_EXECUTABLE"] {
            return URL(fileURLWithPath: path)
        }
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("tpc"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("tpc"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("tpc"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw LaunchError(description: "the tpc executable is not built (run `swift build` first)")
        }
        return found
    }

    static func start() async throws -> SandboxProcess {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("passkit-sandbox-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `cat` returns when the test process closes (or loses) the pipe; the
        // guard then stops the server.
        process.arguments = [
            "-c", "\"$0\" \"$@\" & pid=$!; cat >/dev/null; kill $pid; wait $pid",
            try executable().path, "serve", "--sandbox", "--sandbox-dir", directory.path, "--port", "0",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()

        let handle = output.fileHandleForReading
        let line: String? = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var buffer = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty {
                        continuation.resume(returning: nil)
                        return
                    }
                    buffer.append(chunk)
                    let text = String(decoding: buffer, as: UTF8.self)
                    if let ready = text.split(separator: "\n").first(where: { $0.contains("tpc: listening on ") }) {
                        continuation.resume(returning: String(ready))
                        return
                    }
                }
            }
        }
        guard let line, let url = parseReadyLine(line) else {
            throw LaunchError(description: "tpc serve --sandbox did not print its ready line")
        }
        return SandboxProcess(baseURL: url, directory: directory, guardInput: input.fileHandleForWriting)
    }

    /// `tpc: listening on http://HOST:PORT (base path /mg/tpc)` → the service URL.
    static func parseReadyLine(_ line: String) -> URL? {
        guard let start = line.range(of: "listening on ")?.upperBound,
            let open = line.range(of: " (base path ", range: start..<line.endIndex),
            let close = line.range(of: ")", range: open.upperBound..<line.endIndex)
        else { return nil }
        let root = line[start..<open.lowerBound]
        let basePath = line[open.upperBound..<close.lowerBound]
        return URL(string: String(root) + (basePath == "/" ? "" : String(basePath)))
    }
}
