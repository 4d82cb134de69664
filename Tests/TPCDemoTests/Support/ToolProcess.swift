import Foundation
import TestSupport

/// Runs the `tpc` binary that `swift build --build-tests` made (or
/// `TPC_BINARY`), collecting its output and exit status.
struct ToolProcess {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "no tpc binary; run swift build --build-tests (or set TPC_BINARY)" }
    }

    struct Result {
        var status: Int32
        var output: String
        var error: String
        /// The child's process id.
        var pid: Int32
    }

    static func binary() throws -> URL {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["TPC_BINARY"] {
            candidates.append(URL(fileURLWithPath: path))
        }
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(directory.appendingPathComponent("tpc"))
            directory = directory.deletingLastPathComponent()
        }
        candidates.append(InteropPython.packageRoot.appendingPathComponent(".build/debug/tpc"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Missing()
        }
        return found
    }

    /// Runs `tpc arguments…` (or another `executable`) with `input` on standard input.
    static func run(
        _ arguments: [String], input: String = "", in directory: URL? = nil, executable: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = try executable ?? binary()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty child never blocks.
        let errorData = Locked(Data())
        let reader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { Thread.sleep(forTimeInterval: 0.01) }
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: errorData.value, as: UTF8.self), pid: process.processIdentifier)
    }
}

/// A value written once by another thread.
final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data
    private var written = false

    init(_ value: Data) { stored = value }

    func set(_ value: Data) {
        lock.lock()
        stored = value
        written = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return written
    }

    var value: Data {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
