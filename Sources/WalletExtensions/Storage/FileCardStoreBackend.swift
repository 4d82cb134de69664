import Foundation
import ProvisioningPrimitives

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
    private let files: OwnerOnlyFiles

    /// Uses `directory`, creating it (mode 0700) when missing.
    ///
    /// - Throws: ``WalletExtensionsError/Code/storeFailure`` when it cannot be created.
    public init(directory: URL) throws(WalletExtensionsError) {
        self.directory = directory
        do {
            files = try OwnerOnlyFiles(directory: directory)
        } catch {
            throw WalletExtensionsError(.storeFailure, "the store directory cannot be created")
        }
    }

    public func read(_ key: String) throws(WalletExtensionsError) -> Data? {
        do {
            return try files.read(key)
        } catch {
            let what = error.step == .open ? "opened" : "read"
            throw WalletExtensionsError(.storeFailure, "the record \(key) cannot be \(what)")
        }
    }

    public func write(_ data: Data, for key: String) throws(WalletExtensionsError) {
        do {
            try files.write(data, to: key)
        } catch {
            let what = error.step == .create ? "created" : "written"
            throw WalletExtensionsError(.storeFailure, "the record \(key) cannot be \(what)")
        }
    }

    public func remove(_ key: String) throws(WalletExtensionsError) {
        do {
            try files.delete(key)
        } catch {
            throw WalletExtensionsError(.storeFailure, "the record \(key) cannot be removed")
        }
    }
}
