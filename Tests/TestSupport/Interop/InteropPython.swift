import Foundation

/// Runs the independent Python implementation in Tests/Interop (Python's
/// `cryptography` package), from the venv `make deps` creates.
public enum InteropPython {
    /// The package's root directory (this file is Tests/TestSupport/Interop/InteropPython.swift).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `PP_PYTHON` when set, else `.venv/bin/python3` in the package root.
    public static var interpreter: URL {
        if let configured = ProcessInfo.processInfo.environment["PP_PYTHON"], !configured.isEmpty {
            return URL(fileURLWithPath: configured)
        }
        return packageRoot.appendingPathComponent(".venv/bin/python3")
    }

    /// The script could not run or exited with a failure.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `Tests/Interop/<script> arguments…` with `input` on stdin; returns stdout.
    public static func run(_ script: String, _ arguments: [String], input: [UInt8]) throws -> [UInt8] {
        guard FileManager.default.isExecutableFile(atPath: interpreter.path) else {
            throw Failure(description: "no Python venv at \(interpreter.path): run `make deps`")
        }
        let process = Process()
        process.executableURL = interpreter
        process.arguments = [packageRoot.appendingPathComponent("Tests/Interop/\(script)").path] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(script) failed: \(String(decoding: errors, as: UTF8.self))")
        }
        return Array(output)
    }
}
