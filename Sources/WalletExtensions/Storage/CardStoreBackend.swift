import Foundation

/// Where a ``SharedCardStore`` keeps its records: named blobs shared by the
/// issuer app and its extensions.
///
/// ``FileCardStoreBackend`` (a directory, e.g. the App Group container) and,
/// on Apple platforms, ``KeychainCardStoreBackend`` (a keychain access group)
/// implement it. Each ``write(_:for:)`` must replace a record atomically: a
/// reader in another process sees the old record or the new one, never part.
public protocol CardStoreBackend: Sendable {
    /// The record named `key`, or `nil` when there is none.
    func read(_ key: String) throws(WalletExtensionsError) -> Data?
    /// Replaces (or creates) the record named `key`.
    func write(_ data: Data, for key: String) throws(WalletExtensionsError)
    /// Deletes the record named `key`; no error when there is none.
    func remove(_ key: String) throws(WalletExtensionsError)
}
