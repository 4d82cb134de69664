import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``CardStoreBackend`` in a directory: one file per record, readable and
/// writable by the owner only (0600, directory 0700), each replaced
/// atomically (written to a temporary file in the same directory, then
/// renamed over the old one).
///
/// On iOS point it at the App Group container
/// (`FileManager.default.containerURL(forSecurityApplicationGroupIdentifier:)`)
/// when the keychain is not wanted; on Linux it is the store.
///
/// ```swift
/// let store = SharedCardStore(backend: try FileCardStoreBackend(directory: groupURL))
/// ```
public struct FileCardStoreBackend: CardStoreBackend {
    /// The directory holding the records.
    public let directory: URL

    /// Uses `directory`, creating it (mode 0700) when missing.
    ///
    /// - Throws: ``WalletExtensionsError/Code/storeFailure`` when it cannot be created.
    public init(directory: URL) throws(WalletExtensionsError) {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw WalletExtensionsError(.storeFailure, "the store directory cannot be created")
        }
    }

    private func url(_ key: String) -> URL {
        directory.appendingPathComponent(key, isDirectory: false)
    }

    public func read(_ key: String) throws(WalletExtensionsError) -> Data? {
        let path = url(key).path
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw WalletExtensionsError(.storeFailure, "the record \(key) cannot be opened")
        }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw WalletExtensionsError(.storeFailure, "the record \(key) cannot be read")
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    public func write(_ data: Data, for key: String) throws(WalletExtensionsError) {
        let target = url(key)
        let temporary = directory.appendingPathComponent(".\(key).\(UUID().uuidString).tmp")
        // Created 0600 from the start, so the record is never readable by others.
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw WalletExtensionsError(.storeFailure, "the record \(key) cannot be created") }
        var written = 0
        let failed: Bool = data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = systemWrite(fd, bytes.baseAddress.map { $0 + written }, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                written += count
            }
            return false
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard !failed, synced, rename(temporary.path, target.path) == 0 else {
            unlink(temporary.path)
            throw WalletExtensionsError(.storeFailure, "the record \(key) cannot be written")
        }
    }

    public func remove(_ key: String) throws(WalletExtensionsError) {
        guard unlink(url(key).path) == 0 || errno == ENOENT else {
            throw WalletExtensionsError(.storeFailure, "the record \(key) cannot be removed")
        }
    }
}

// `read` and `write` are shadowed by the backend's own methods inside it.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
