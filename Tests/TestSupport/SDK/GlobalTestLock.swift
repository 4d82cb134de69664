import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serializes tests that use process-wide state (the installed simulated
/// wallet, the `TPCSDK` configuration) across suites and test targets, which
/// Swift Testing otherwise runs in parallel in one process.
///
/// It is an advisory `flock` on a file in the temporary directory, waited
/// for without blocking a thread (the cooperative pool is small), so that
/// any test target can take part by locking the same file.
package enum GlobalTestLock {
    package static let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("pushprovisioning-global-wallet.lock").path

    /// Runs `body` while holding the lock.
    package static func run<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async throws -> T {
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TestSupportError(.system, "cannot open the test lock") }
        defer { close(fd) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        defer { flock(fd, LOCK_UN) }
        return try await body()
    }
}

extension GlobalTestLock {
    /// ``run(_:)`` for bodies that only touch the SDK's global state.
    package static func runIsolated(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
    ) async throws {
        try await run(isolation: isolation, body)
    }
}
