#if canImport(Security)
import Foundation
import ProvisioningPrimitives

/// A ``CardStoreBackend`` in the keychain, shared through a keychain access
/// group (the seed's `kSecAttrAccessGroup`): one generic-password item per
/// record, readable after first unlock on this device only.
///
/// ```swift
/// let store = SharedCardStore(backend: KeychainCardStoreBackend(accessGroup: "group.com.bank.app"))
/// ```
///
/// The keychain replaces an item's data atomically, which makes every write
/// atomic for readers in the other extension.
public struct KeychainCardStoreBackend: CardStoreBackend {
    /// The keychain access group shared by the app and its extensions.
    public let accessGroup: String
    /// The items' service name.
    public let service: String

    /// Uses the items of `service` in `accessGroup`.
    public init(accessGroup: String, service: String = "com.pushprovisioning.wallet-extensions") {
        self.accessGroup = accessGroup
        self.service = service
    }

    private var items: KeychainItems { KeychainItems(service: service, accessGroup: accessGroup) }

    public func read(_ key: String) throws(WalletExtensionsError) -> Data? {
        do {
            return try items.item(key) as? Data
        } catch {
            throw WalletExtensionsError(.storeFailure, "the keychain refused to read \(key) (status \(error.status))")
        }
    }

    public func write(_ data: Data, for key: String) throws(WalletExtensionsError) {
        do {
            try items.write(data, for: key)
        } catch {
            throw WalletExtensionsError(.storeFailure, "the keychain refused to write \(key) (status \(error.status))")
        }
    }

    public func remove(_ key: String) throws(WalletExtensionsError) {
        do {
            try items.delete(key)
        } catch {
            throw WalletExtensionsError(.storeFailure, "the keychain refused to remove \(key) (status \(error.status))")
        }
    }
}
#endif
