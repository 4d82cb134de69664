import Foundation
import TPCDemo

/// Runs the independent Python implementation in Tests/Interop (Python's
/// `cryptography` package), from the venv `make deps` creates.
package enum InteropPython {
    /// The package's root directory (this file is Tests/TestSupport/Interop/InteropPython.swift).
    package static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `PP_PYTHON` when set, else `.venv/bin/python3` in the package root.
    package static var interpreter: URL {
        if let configured = ProcessInfo.processInfo.environment["PP_PYTHON"], !configured.isEmpty {
            return URL(fileURLWithPath: configured)
        }
        return packageRoot.appendingPathComponent(".venv/bin/python3")
    }

    /// The script could not run or exited with a failure.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// Runs `Tests/Interop/<script> arguments…` with `input` on stdin; returns stdout.
    ///
    /// Through TPCDemo's `ChildProcess`: bounded by `timeout`, holding no thread
    /// while it waits.
    package static func run(
        _ script: String, _ arguments: [String], input: [UInt8], timeout: Duration = .seconds(300)
    ) async throws -> [UInt8] {
        guard FileManager.default.isExecutableFile(atPath: interpreter.path) else {
            throw Failure(description: "no Python venv at \(interpreter.path): run `make deps`")
        }
        let result: ChildProcessOutput
        do {
            result = try await ChildProcess.run(
                [interpreter.path, packageRoot.appendingPathComponent("Tests/Interop/\(script)").path] + arguments,
                input: input, timeout: timeout)
        } catch let error as DemoError {
            throw Failure(description: "\(script): \(error.message)")
        }
        guard result.exit == .exited(0) else {
            throw Failure(description: "\(script) failed (\(result.exit)): \(result.errorText)")
        }
        return result.output
    }

    /// Runs a check script of Tests/Interop that takes one JSON object on stdin
    /// and answers one on stdout, exiting 0 when the check passed and 1 when
    /// it failed; returns whether it passed and the answer. Any other exit
    /// (a usage error, a crash) throws.
    package static func check(
        _ script: String, input: [String: Any], timeout: Duration = .seconds(120)
    ) async throws -> (passed: Bool, answer: [String: Any]) {
        guard FileManager.default.isExecutableFile(atPath: interpreter.path) else {
            throw Failure(description: "no Python venv at \(interpreter.path): run `make deps`")
        }
        let result: ChildProcessOutput
        do {
            result = try await ChildProcess.run(
                [interpreter.path, packageRoot.appendingPathComponent("Tests/Interop/\(script)").path],
                input: Array(try JSONSerialization.data(withJSONObject: input)), timeout: timeout)
        } catch let error as DemoError {
            throw Failure(description: "\(script): \(error.message)")
        }
        guard result.exit == .exited(0) || result.exit == .exited(1),
            let answer = try? JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any]
        else {
            throw Failure(description: "\(script) did not answer (\(result.exit)): \(result.errorText)")
        }
        return (result.exit == .exited(0), answer)
    }
}
