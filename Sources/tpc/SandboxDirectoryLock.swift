import Foundation
import TPCCommandLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock (`flock`) on a file of the sandbox directory, held by the
/// one `tpc serve` that creates what every instance on that directory shares.
///
/// The kernel releases it when the holder's descriptor closes, however the
/// process ends (SIGKILL included), so a crashed bootstrap never leaves the
/// directory locked. The wait polls with `LOCK_NB` and sleeps between tries:
/// it holds no thread while another instance generates keys.
struct SandboxDirectoryLock {
    /// The lock file's name inside the sandbox directory.
    static let fileName = ".bootstrap.lock"

    let directory: URL
    /// How long to wait for another process's bootstrap before giving up.
    var timeout: Duration = .seconds(120)

    /// Runs `body` holding the lock.
    ///
    /// - Throws: ``CommandLineError`` (`unavailable`) when the lock file cannot be opened or another
    ///   process holds the lock past ``timeout``; whatever `body` throws.
    func withLock<T>(_ body: () throws -> T) async throws -> T {
        let path = directory.appendingPathComponent(Self.fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandLineError(.unavailable, "the lock file \(Self.fileName) cannot be opened")
        }
        defer { close(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw CommandLineError(.unavailable, "the lock file \(Self.fileName) cannot be locked")
            }
            guard clock.now < deadline else {
                throw CommandLineError(
                    .unavailable, "another process held \(Self.fileName) in the sandbox directory for \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
