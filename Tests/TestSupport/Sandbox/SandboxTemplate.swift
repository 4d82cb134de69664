import Foundation
import Synchronization

/// The sandbox directory every ``SandboxServer`` of a test run starts from:
/// made once per run by a real `tpc serve --sandbox` on an empty directory
/// (the sandbox issuer's keys and certificate, the sandbox CA, the migrated
/// SQLite database with its default card art), then stopped gracefully, so its
/// database is checkpointed and closed.
///
/// Each server gets a copy, so nothing it writes reaches another; what they
/// share is what a first start generates and a restart keeps.
enum SandboxTemplate {
    private static let made = SharedStart { try await make() }

    /// Copies the template's sandbox directory to `destination` (which must not exist).
    static func copy(to destination: URL) async throws {
        let source = try await directory()
        try FileManager.default.copyItem(at: source, to: destination)
    }

    /// The template's sandbox directory, made on first use.
    static func directory() async throws -> URL {
        try await made.value()
    }

    private static func make() async throws -> URL {
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("tpc-sandbox-template-\(getpid())-\(UUID().uuidString.prefix(8))")
        let directory = work.appendingPathComponent("sandbox", isDirectory: true)
        let process = try TPCProcess(
            ["serve", "--sandbox", "--sandbox-dir", directory.path, "--port", "0"],
            logs: work.appendingPathComponent("logs"), name: "serve-template")
        do {
            _ = try await process.listening()
            _ = try await process.waitForLine(prefix: "tpc: sandbox issuer files in ")
        } catch {
            _ = try? await process.terminate(timeout: .seconds(10))
            throw error
        }
        let status = try await process.terminate()
        guard status == 0 else {
            throw TestSupportError(
                .launch,
                "the template sandbox did not stop gracefully (\(String(describing: status))): "
                    + process.errorTail())
        }
        removeAtExit(work)
        return directory
    }

    private static func removeAtExit(_ work: URL) {
        templates.withLock { $0.append(work.path) }
        atexit {
            for path in SandboxTemplate.templates.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    private static let templates = Mutex<[String]>([])
}
