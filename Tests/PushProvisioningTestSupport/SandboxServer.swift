import Foundation

/// A real `tpc serve --sandbox` process on a free port, in a temporary
/// sandbox directory, for end-to-end tests.
///
/// The binary is the one `swift build --build-tests` put next to the test
/// bundle (or `TPC_BINARY`). The process is stopped with SIGTERM by ``stop()``.
public final class SandboxServer: @unchecked Sendable {
    /// The service URL with its base path (`http://127.0.0.1:PORT/mg/tpc`).
    public let baseURL: URL
    /// The sandbox directory holding `sandbox.json` and the issuer's files.
    public let directory: URL
    private let process: Process
    private let output: OutputCollector

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private init(baseURL: URL, directory: URL, process: Process, output: OutputCollector) {
        self.baseURL = baseURL
        self.directory = directory
        self.process = process
        self.output = output
    }

    /// Starts a sandbox and waits for its ready line.
    ///
    /// - Parameter environment: variables added to the child's environment
    ///   (for example `TPC_SANDBOX_ACTIVATION_SECONDS`).
    public static func start(environment: [String: String] = [:]) async throws -> SandboxServer {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tpc-sdk-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = try binary()
        process.arguments = [
            "serve", "--sandbox", "--sandbox-dir", directory.appendingPathComponent("sandbox").path, "--port", "0",
        ]
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        let output = OutputCollector(stdout.fileHandleForReading)
        try process.run()
        output.start()
        for _ in 0..<600 {
            if let url = output.listeningURL() {
                return SandboxServer(
                    baseURL: url, directory: directory.appendingPathComponent("sandbox"), process: process,
                    output: output)
            }
            if !process.isRunning { break }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        process.terminate()
        throw Failure(description: "tpc serve --sandbox did not print its listening line: \(output.text)")
    }

    /// Stops the process and waits for it.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory.deletingLastPathComponent())
    }

    private static func binary() throws -> URL {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["TPC_BINARY"] {
            candidates.append(URL(fileURLWithPath: path))
        }
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(directory.appendingPathComponent("tpc"))
            directory = directory.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/tpc"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Failure(description: "no tpc binary; run swift build --build-tests (or set TPC_BINARY)")
        }
        return found
    }
}

/// Reads a pipe on its own thread (so the child never blocks on a full pipe)
/// and keeps what it read.
private final class OutputCollector: @unchecked Sendable {
    private let handle: FileHandle
    private let lock = NSLock()
    private var buffer = ""

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func start() {
        let thread = Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                lock.lock()
                buffer += String(decoding: data, as: UTF8.self)
                lock.unlock()
            }
        }
        thread.start()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }

    /// `http://HOST:PORT/BASE` from `tpc: listening on http://HOST:PORT (base path /BASE)`.
    func listeningURL() -> URL? {
        for line in text.split(separator: "\n") where line.hasPrefix("tpc: listening on ") {
            let rest = line.dropFirst("tpc: listening on ".count)
            let parts = rest.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let open = parts[1].range(of: "(base path "),
                let close = parts[1].range(of: ")", range: open.upperBound..<parts[1].endIndex)
            else { continue }
            let base = String(parts[1][open.upperBound..<close.lowerBound])
            return URL(string: String(parts[0]) + (base == "/" ? "" : base))
        }
        return nil
    }
}
