import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on a file (`flock`), shared between the processes that
/// use one wallet directory, as an app and its extensions share Wallet.
///
/// The lock file is separate from the data it guards, because the data is
/// replaced atomically (a rename) and a lock on a renamed-away file guards
/// nothing.
struct FileLock: Sendable {
    let url: URL

    /// Runs `body` holding the lock, exclusive for writers and shared for
    /// readers.
    func withLock<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        let descriptor = url.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            return open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else {
            throw PassKitEmulationError(.storeFailure, "the lock file \(url.lastPathComponent) cannot be opened")
        }
        defer { close(descriptor) }
        var status: Int32
        repeat {
            status = flock(descriptor, exclusive ? LOCK_EX : LOCK_SH)
        } while status != 0 && errno == EINTR
        guard status == 0 else {
            throw PassKitEmulationError(.storeFailure, "the lock file \(url.lastPathComponent) cannot be locked")
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
